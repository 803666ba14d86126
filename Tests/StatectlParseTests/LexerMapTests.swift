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
}
