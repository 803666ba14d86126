import Testing
@testable import StatectlParse

@Suite("Lexer byte map")
struct LexerMapTests {
    @Test("the identifier map is 256 bytes and says what the rule says of every byte")
    func identifierMapAgreesWithRule() {
        #expect(Lexer.identifierBytes.utf8CodeUnitCount == 256)
        for value in 0...255 {
            let byte = UInt8(value)
            let isLetter = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
            let isDigit = byte >= 0x30 && byte <= 0x39
            #expect(Lexer.isIdentifierStart(byte) == isLetter, "byte \(value)")
            #expect(Lexer.isIdentifierPart(byte) == (isLetter || isDigit), "byte \(value)")
        }
    }

    @Test("the map's codes for the tokens of one byte are their kinds, and only theirs")
    func singleByteTokenCodes() {
        let kinds: [UInt8: Token.Kind] = [
            UInt8(ascii: "("): .leftParen, UInt8(ascii: ")"): .rightParen, UInt8(ascii: "["): .leftBracket,
            UInt8(ascii: "]"): .rightBracket, UInt8(ascii: ","): .comma, UInt8(ascii: ":"): .colon, UInt8(ascii: ";"): .semicolon,
        ]
        for value in 0...255 {
            let code = Lexer.identifierBytes.utf8Start[value]
            if let kind = kinds[UInt8(value)] {
                #expect(code < UInt8(ascii: ".") && Token.Kind(rawValue: code - 0x20) == kind, "byte \(value)")
                // The lexer takes the code less 0x20 as the kind's bits, which must be its raw value.
                #expect(unsafeBitCast(kind.rawValue, to: Token.Kind.self) == kind)
            } else {
                #expect(code >= UInt8(ascii: "."), "byte \(value)")
            }
        }
        let line = Array("f(a: [1, 2]; b)".utf8)
        let tokens = TokenBuffer()
        let count = line.withUnsafeBufferPointer { bytes in
            var lexer = Lexer(bytes: bytes, line: 1)
            return (try? lexer.tokenize(into: tokens)) ?? 0
        }
        let expected: [Token.Kind] = [.identifier, .leftParen, .identifier, .colon, .leftBracket, .integer, .comma, .integer,
                                      .rightBracket, .semicolon, .identifier, .rightParen, .end]
        #expect((0..<count).map { tokens[$0].kind } == expected)
    }
}
