import Testing
@testable import StatectlRender

@Suite("Output buffer")
struct OutputBufferTests {
    /// A buffer whose blocks are kept as they are handed on, with where each one lay.
    private final class Blocks {
        var texts: [[UInt8]] = []
        var addresses: [UnsafeRawPointer?] = []
        lazy var buffer = OutputBuffer(threshold: 1024) { [unowned self] block in
            texts.append(Array(block))
            addresses.append(block.baseAddress.map(UnsafeRawPointer.init))
        }
    }

    @Test("a piece longer than a block is handed on from where it lies, after what came before it")
    func longPieceWrittenThrough() {
        let blocks = Blocks()
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 70_000)
        blocks.buffer.write("head " as StaticString)
        piece.withUnsafeBufferPointer { blocks.buffer.write($0) }
        blocks.buffer.write(" tail" as StaticString)
        blocks.buffer.endLine()
        blocks.buffer.flush()
        #expect(blocks.texts == [Array("head ".utf8), piece, Array(" tail\n".utf8)])
        // Not a copy: the block handed on is the caller's own bytes.
        #expect(blocks.addresses[1] == piece.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) })
    }

    @Test("a long text is escaped only when it holds a control character, wherever it is", arguments: [0, 1, 65_535, 65_536, 65_539, 65_543])
    func longTextControls(_ position: Int) {
        for length in [65_536, 65_537, 65_543, 65_544] where position < length {
            for byte: UInt8 in [0x00, 0x1F, 0x7F, 0x20, 0xC3] {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                text[position] = byte
                let output = StringOutput()
                var escaped = false
                text.withUnsafeBytes { output.buffer.write($0, escapingControlsWith: { _ in escaped = true; return "<escaped>" }) }
                let expected = byte < 0x20 || byte == 0x7F
                #expect(escaped == expected, "byte \(byte) at \(position) of \(length)")
                #expect(output.text == (expected ? "<escaped>" : String(decoding: text, as: UTF8.self)))
            }
        }
    }

    @Test("a short text is copied and checked a word at a time, a control character found at any place", arguments: Array(1...40))
    func shortTextControls(_ length: Int) {
        for position in 0..<length {
            for byte: UInt8 in [0x00, 0x0A, 0x1F, 0x7F, 0x20, 0x7E, 0xC3] {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                text[position] = byte
                let output = StringOutput()
                output.buffer.write("<" as StaticString)
                var escaped = false
                text.withUnsafeBytes { output.buffer.write($0, escapingControlsWith: { _ in escaped = true; return "E" }) }
                output.buffer.write(">" as StaticString)
                let expected = byte < 0x20 || byte == 0x7F
                #expect(escaped == expected, "byte \(byte) at \(position) of \(length)")
                #expect(output.flushedBytes == Array("<".utf8) + (expected ? Array("E".utf8) : text) + Array(">".utf8))
            }
        }
    }

    @Test("short pieces of every length are copied whole", arguments: Array(0...34))
    func shortPieces(_ length: Int) {
        let piece = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
        let output = StringOutput()
        output.buffer.write("[" as StaticString)
        piece.withUnsafeBufferPointer { output.buffer.write($0) }
        output.buffer.write("]" as StaticString)
        #expect(output.flushedBytes == Array("[".utf8) + piece + Array("]".utf8))
    }

    @Test("numbers right-aligned in a column, or overflowing it", arguments: [
        (Int64(0), 6, "     0"), (7, 6, "     7"), (300, 6, "   300"), (-45, 5, "  -45"), (123_456, 6, "123456"),
        (1_234_567, 6, "1234567"), (Int64.min, 6, "-9223372036854775808"), (Int64.max, 25, "      9223372036854775807"),
        (99, 0, "99"), (-1, 1, "-1"), (10_000, 17, "            10000"),
    ])
    func rightAligned(_ number: Int64, _ width: Int, _ expected: String) {
        let output = StringOutput()
        output.buffer.write(number: number, rightAlignedIn: width)
        output.buffer.write("|" as StaticString)
        #expect(output.text == expected + "|")
    }

    @Test("a JSON string is escaped whatever place the byte to escape holds", arguments: Array(1...20))
    func quotedAtEveryPlace(_ length: Int) {
        for position in 0..<length {
            for byte: UInt8 in [0x00, 0x0A, 0x1F, 0x22, 0x5C, 0x7F, 0x20, 0x21, 0x5B, 0xC3] {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                text[position] = byte
                let escapes = byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
                #expect(text.withUnsafeBytes { JSONLinesRenderer.needsEscape($0) } == escapes, "byte \(byte) at \(position) of \(length)")
            }
        }
    }

    @Test("numbers around every power of ten, and a spread of others, as String writes them")
    func numbersAsString() {
        var numbers: [Int64] = [0, Int64.min, Int64.max]
        var power: Int64 = 1
        for _ in 0..<18 {
            numbers += [power - 1, power, power + 1, -power, 99_999_999 / power * power]
            power *= 10
        }
        numbers += stride(from: Int64(0), to: 100_000_000, by: 9_973)
        let output = StringOutput()
        for number in numbers {
            output.buffer.write(number: number)
            output.buffer.write(UInt8(ascii: " "))
        }
        #expect(output.text == numbers.map { "\($0) " }.joined())
    }
}

extension StringOutput {
    /// The bytes written so far, flushed first.
    fileprivate var flushedBytes: [UInt8] {
        buffer.flush()
        return bytes
    }
}
