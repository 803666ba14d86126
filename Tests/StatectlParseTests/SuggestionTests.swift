import Testing
@testable import StatectlParse

@Suite("Suggestion")
struct SuggestionTests {
    @Test("finds the nearest known word within a third of its length", arguments: [
        ("loadng", "loading"), ("rnu", "run"), ("LOADING", "loading"), ("emtpy", "empty"), ("xyzzy", nil),
    ] as [(String, String?)])
    func nearest(_ word: String, _ expected: String?) {
        #expect(Suggestion.nearest(to: word, in: ["loading", "error", "empty", "run", "content"]) == expected)
    }

    @Test("ties go to the candidate that sorts first, whatever the order given")
    func ties() {
        #expect(Suggestion.nearest(to: "cat", in: ["cot", "bat"]) == "bat")
        #expect(Suggestion.nearest(to: "cat", in: ["bat", "cot"]) == "bat")
    }

    @Test("optimal string alignment: a swap of neighbours is one edit")
    func distance() {
        #expect(Suggestion.editDistance("run", "rnu") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }

    @Test("a word longer than the compared length gets no suggestion, even from an equal candidate")
    func longWord() {
        let long = String(repeating: "a", count: Suggestion.maximumComparedLength + 1)
        #expect(Suggestion.nearest(to: long, in: [long, "a"]) == nil)
        let megabyte = String(repeating: "b", count: 1 << 20)
        #expect(Suggestion.nearest(to: megabyte, in: ["b", "bb"]) == nil)
    }

    @Test("a megabyte-long candidate is skipped by its length, without comparing")
    func longCandidate() {
        let megabyte = String(repeating: "l", count: 1 << 20)
        #expect(Suggestion.nearest(to: "loadng", in: [megabyte, "loading"]) == "loading")
    }

    @Test("at most maximumComparisons candidates are compared")
    func comparisonCap() {
        let filler = (0..<Suggestion.maximumComparisons).map { "zz\($0 % 10)zz" }
        #expect(Suggestion.nearest(to: "loadng", in: filler + ["loading"]) == nil)
        #expect(Suggestion.nearest(to: "loadng", in: ["loading"] + filler) == "loading")
    }
}
