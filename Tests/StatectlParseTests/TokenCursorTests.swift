import Testing
@testable import StatectlParse

@Suite("Token cursor")
struct TokenCursorTests {
    @Test("a keyword compared by loads of its halves is the keyword compared byte by byte")
    func isWordAgreesWithBytes() {
        let keywords: [StaticString] = ["or", "and", "not", "wait", "when", "model", "expect", "settled", "a", "abcdefgh"]
        // Letters the keywords are made of, so that near misses of every length are common.
        let letters = Array("orandtwaihemlxpcsbfg".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...9, using: &generator)
            var word = (0..<length).map { _ in letters.randomElement(using: &generator)! }
            if Bool.random(using: &generator) {
                // A keyword itself, or one byte off it.
                let keyword = keywords.randomElement(using: &generator)!
                word = keyword.withUTF8Buffer { Array($0) }
                if Bool.random(using: &generator) { word[Int.random(in: 0..<word.count, using: &generator)] ^= 0x01 }
            }
            // The word last on its line, so that a read past it would leave the line.
            let line = Array("x ".utf8) + word
            line.withUnsafeBufferPointer { source in
                let cursor = TokenCursor(tokens: TokenBuffer(), source: source, line: 1)
                let token = Token(kind: .identifier, bytes: 2..<line.count)
                for keyword in keywords {
                    let expected = keyword.withUTF8Buffer { Array($0) } == word
                    #expect(cursor.isWord(token, keyword) == expected, "\(word) against \(keyword)")
                }
                // Not an identifier: never a keyword.
                #expect(!cursor.isWord(Token(kind: .string, bytes: 2..<line.count), "or"))
            }
        }
    }
}
