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
}
