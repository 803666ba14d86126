import Testing
import StatectlParse

/// The word-at-a-time byte tests against the plain byte-by-byte rule they stand for: every
/// byte value at every position of a word, among bytes that match nothing and among
/// bytes that borrow (0x00 and 0x80 around the tested byte).
@Suite("Byte tests a word at a time")
struct SWARTests {
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }
    static func isEscaped(_ byte: UInt8) -> Bool { isControl(byte) || byte == 0x22 || byte == 0x5C }

    /// Eight bytes as a little-endian word.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// Eight bytes, `byte` at `position`, the rest `filler`, as a little-endian word.
    static func word(_ byte: UInt8, at position: Int, filler: UInt8) -> UInt64 {
        var bytes = [UInt8](repeating: filler, count: 8)
        bytes[position] = byte
        return word(bytes)
    }

    @Test("controlBytes and escapeBytes mark exactly the bytes they name, at the first one")
    func marks() {
        for filler: UInt8 in [0x61, 0x80, 0xFF] {
            for position in 0..<8 {
                for value in 0...255 {
                    let byte = UInt8(value)
                    let word = Self.word(byte, at: position, filler: filler)
                    let control = SWAR.controlBytes(word), escape = SWAR.escapeBytes(word)
                    #expect((control != 0) == Self.isControl(byte), "byte \(byte) at \(position) among \(filler)")
                    #expect((escape != 0) == Self.isEscaped(byte), "byte \(byte) at \(position) among \(filler)")
                    if escape != 0 { #expect(escape.trailingZeroBitCount / 8 == position) }
                    // The two-word forms agree with the one-word forms, lane by lane.
                    let pair = SIMD2(word, Self.word(0x61, at: 0, filler: 0x61))
                    #expect(SWAR.controlBytes(pair)[0] == control && SWAR.controlBytes(pair)[1] == 0)
                    #expect(SWAR.escapeBytes(pair)[0] == escape && SWAR.escapeBytes(pair)[1] == 0)
                }
            }
        }
    }

    @Test("bytes(equalTo:in:) finds the first of several equal bytes")
    func firstMatch() {
        for first in 0..<8 {
            for second in first..<8 {
                var bytes = [UInt8](repeating: 0x3A, count: 8)
                bytes[first] = 0x3B
                bytes[second] = 0x3B
                #expect(SWAR.bytes(equalTo: 0x3B, in: Self.word(bytes)).trailingZeroBitCount / 8 == first)
            }
        }
        #expect(SWAR.bytes(equalTo: 0x3B, in: Self.word(0x3A, at: 0, filler: 0x3C)) == 0)
    }

    @Test("hasByte(in:markedBy:) looks at every byte of texts of 0 to 24 bytes, and no further")
    func texts() {
        for length in 0...24 {
            for position in 0..<max(length, 1) {
                for byte: UInt8 in [0x00, 0x09, 0x1F, 0x22, 0x5C, 0x7F, 0x20, 0x41, 0x80, 0xC3] {
                    // The text sits inside a larger buffer whose other bytes all need escaping:
                    // a load past either end would see them.
                    var buffer = [UInt8](repeating: 0x22, count: length + 16)
                    for index in 8..<8 + length { buffer[index] = 0x61 }
                    if length > 0 { buffer[8 + position] = byte }
                    let expected = length > 0 && Self.isEscaped(byte)
                    let found = buffer.withUnsafeBytes { all in
                        SWAR.hasByte(in: UnsafeRawBufferPointer(rebasing: all[8..<8 + length]), markedBy: SWAR.escapeBytes)
                    }
                    #expect(found == expected, "byte \(byte) at \(position) of \(length)")
                }
            }
        }
    }

    @Test("equal(_:_:count:) tells texts of 0 to 24 bytes apart by any one byte, and no byte past them")
    func equality() {
        for length in 0...24 {
            let text = (0..<length).map { UInt8(0x61 + $0 % 26) }
            // Different bytes after the texts: a load past either end would see them.
            let first = text + [0x01, 0x02], second = text + [0x03, 0x04]
            first.withUnsafeBytes { a in
                second.withUnsafeBytes { b in
                    #expect(SWAR.equal(a.baseAddress!, b.baseAddress!, count: length), "length \(length)")
                }
            }
            for position in 0..<length {
                var changed = second
                changed[position] ^= 0x20
                first.withUnsafeBytes { a in
                    changed.withUnsafeBytes { b in
                        #expect(!SWAR.equal(a.baseAddress!, b.baseAddress!, count: length), "byte \(position) of \(length)")
                    }
                }
            }
        }
    }
}
