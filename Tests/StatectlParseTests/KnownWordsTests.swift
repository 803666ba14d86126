import Testing
@testable import StatectlParse

@Suite("Long words made once")
struct KnownWordsTests {
    static let vocabulary = ["transitionViewStates", "setupInitialViewState", "unobtrusiveErrors", "start", "hasContent",
                             "updateInfiniteScrollingHandlerAndFooterView", "transitionToState"]

    private func word(_ table: KnownWords, _ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { table.word($0) }
    }

    @Test("a long word of the vocabulary is found; a short one, a near miss or a stranger is not")
    func lookUp() {
        let table = KnownWords(Self.vocabulary)
        for long in Self.vocabulary where long.utf8.count > 15 { #expect(word(table, long) == long) }
        #expect(word(table, "start") == nil)
        #expect(word(table, "hasContent") == nil)
        #expect(word(table, "transitionViewStateX") == nil)  // same length and last byte class
        #expect(word(table, "transitionViewState") == nil)
        #expect(word(table, "xtransitionViewStates") == nil)
        #expect(word(table, "unobtrusiveErrorz") == nil)
        #expect(word(KnownWords.none, "transitionViewStates") == nil)
    }

    @Test("words that share a slot are all found")
    func collisions() {
        // Same length and last byte: the same slot, probed on.
        let words = (0..<20).map { "w\(String(repeating: "a", count: 14))\(Character(UnicodeScalar(UInt8(65 + $0))))z" }
        let table = KnownWords(words)
        for known in words { #expect(word(table, known) == known) }
        #expect(word(table, "w\(String(repeating: "a", count: 14))zz") == nil)
    }

    @Test("a line parses to the same statements and diagnostics with the words as without them")
    func sameParse() {
        var plain = LineParser()
        var known = LineParser(knownWords: KnownWords(Self.vocabulary))
        for long in Self.vocabulary {
            for line in ["\(long)", "\(long)()", "\(long)(\(long): 1, b: \(long))", "\(long) = true", "expect \(long) == \(long)",
                         "expect \(long)X == 1", "\(long)(", "\(long); \(long)(animated: false)"] {
                let bytes = Array(line.utf8)
                let left = bytes.withUnsafeBufferPointer { plain.parse(line: $0, number: 3) }
                let right = bytes.withUnsafeBufferPointer { known.parse(line: $0, number: 3) }
                #expect(left.statements == right.statements, "\(line)")
                #expect(left.diagnostics == right.diagnostics, "\(line)")
            }
        }
    }
}
