import Testing
@testable import StatectlParse

@Suite("Suggestion.ranked")
struct SuggestionRankingTests {
    @Test("candidates come nearest first, ties alphabetical, duplicates once")
    func order() {
        #expect(Suggestion.ranked(to: "strat", in: ["end", "start", "setup", "start"]) == ["start", "setup", "end"])
        #expect(Suggestion.ranked(to: "WAIT", in: ["expect", "wait"]) == ["wait", "expect"])
    }

    @Test("a word far longer than any keyword is not measured: the list is alphabetical")
    func longWord() {
        let word = String(repeating: "x", count: Suggestion.longestRanked + 1)
        #expect(Suggestion.ranked(to: word, in: ["wait", "end", "xxxx"]) == ["end", "wait", "xxxx"])
    }
}
