import Testing
@testable import StatectlParse

/// `Lexer.string(_:in:)` makes short ASCII texts as the library's small-string words: every
/// piece of a line must come out as the `String` the library makes of the same bytes.
@Suite("Strings made from a line's bytes")
struct LexerStringTests {
    /// Lines of 0 to 24 bytes, ASCII and not, so that every piece of up to 15 bytes is read
    /// from each of the three kinds of load (a text starting the line's first eight bytes,
    /// ending in them, or of eight bytes or more), and some are refused as not ASCII.
    static let lines: [[UInt8]] = (0...24).flatMap { length -> [[UInt8]] in
        let ascii = (0..<length).map { UInt8(0x61 + $0 % 26) }
        var accented = ascii
        if length >= 3 { accented.replaceSubrange(length / 2..<length / 2 + 2, with: Array("é".utf8)) }
        return [ascii, accented]
    }

    @Test("every piece of a line is the text the library decodes from the same bytes", arguments: lines)
    func everyPiece(line: [UInt8]) {
        line.withUnsafeBufferPointer { buffer in
            for lower in 0...line.count {
                for upper in lower...line.count {
                    let made = Lexer.string(lower..<upper, in: buffer)
                    let expected = String(decoding: line[lower..<upper], as: UTF8.self)
                    #expect(made == expected)
                    #expect(made.hashValue == expected.hashValue)
                    #expect(Array(made.utf8) == Array(expected.utf8))
                    #expect(made.count == expected.count)
                    // Still a string the library can grow and compare as any other.
                    #expect(made + "!" == expected + "!")
                }
            }
        }
    }
}
