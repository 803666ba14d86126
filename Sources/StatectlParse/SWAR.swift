/// Byte tests on eight bytes at once (SIMD within a register), for every module that scans
/// text a word at a time: cutting lines into statements, lexing strings and finding known
/// words here, escaping call texts and comparing cached lines in the simulator, checking log
/// and JSON texts in the renderer. One copy of
/// the bit tricks, so that the three cannot disagree on which bytes a text must escape.
///
/// Each `…Bytes` function returns a word that is nonzero exactly when a byte of the word it
/// is given is one it looks for, with the high bit of that byte set. Bits may also be set
/// above the lowest match (a borrow runs on), never below it: the lowest set bit marks the
/// first match. Results of several words can be or-ed and tested once.
///
/// Public and inlinable: the renderer and the simulator call these on every text they
/// write, where a call across modules would cost more than the test.
public enum SWAR {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` (little-endian) that equals `byte`.
    @inlinable @inline(__always)
    public static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (ones &* UInt64(byte))
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highs
    }

    /// The bytes that matter in `word` when cutting a line into statements: outside a
    /// string `;`, `"` and `#`; inside one `"` and `\`. `"` (0x22) and `#` (0x23) differ only
    /// in their lowest bit, so one test with that bit set finds both.
    @inlinable @inline(__always)
    public static func bytesThatMatter(_ word: UInt64, inString: Bool) -> UInt64 {
        inString
            ? bytes(equalTo: 0x22, in: word) | bytes(equalTo: 0x5C, in: word)
            : bytes(equalTo: 0x3B, in: word) | bytes(equalTo: 0x23, in: word | ones)
    }

    /// The control characters of `word`: bytes below 0x20, and 0x7F.
    @inlinable @inline(__always)
    public static func controlBytes(_ word: UInt64) -> UInt64 {
        // A byte below 0x20 borrows when 0x20 is taken from it (its high bit was clear);
        // a byte equal to 0x7F is zero after xor with 0x7F, and borrows when 1 is taken.
        let below = (word &- ones &* 0x20) & ~word & highs
        return below | bytes(equalTo: 0x7F, in: word)
    }

    /// `controlBytes(_:)` of two words at once.
    @inlinable @inline(__always)
    public static func controlBytes(_ words: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2(repeating: Self.ones), highs = SIMD2(repeating: Self.highs)
        let below = (words &- ones &* 0x20) & ~words & highs
        let deletes = words ^ (ones &* 0x7F)
        return below | ((deletes &- ones) & ~deletes & highs)
    }

    /// The bytes a quoted text escapes, as a JSON string and a Swift string literal both do:
    /// the control characters, `"` and `\`.
    @inlinable @inline(__always)
    public static func escapeBytes(_ word: UInt64) -> UInt64 {
        controlBytes(word) | bytes(equalTo: 0x22, in: word) | bytes(equalTo: 0x5C, in: word)
    }

    /// `escapeBytes(_:)` of two words at once.
    @inlinable @inline(__always)
    public static func escapeBytes(_ words: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2(repeating: Self.ones), highs = SIMD2(repeating: Self.highs)
        // A byte equal to the quote or the backslash is zero after xor, and borrows.
        let quotes = words ^ (ones &* 0x22), backslashes = words ^ (ones &* 0x5C)
        return controlBytes(words) | (((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs)
    }

    /// Whether the `count` bytes at `first` and `second` are the same, compared eight at a
    /// time, the last eight loaded overlapping the ones before: lines, statements and words
    /// are short, and a call to memcmp cost more than the compare (about 40 instructions a
    /// look-up in the line cache).
    @inlinable @inline(__always)
    public static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        // Unsafe: every load lies within the `count` bytes of each.
        guard count >= 8 else {
            var offset = 0
            while offset < count {
                if first.load(fromByteOffset: offset, as: UInt8.self) != second.load(fromByteOffset: offset, as: UInt8.self) { return false }
                offset &+= 1
            }
            return true
        }
        var offset = 0
        while offset &+ 8 < count {
            if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset &+= 8
        }
        return first.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == second.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// Whether `marks` (one of the functions above) marks a byte of `text`: a word at a time,
    /// then the bytes past the last whole word as one more word ending where the text ends;
    /// a text shorter than a word in a word padded with harmless bytes ('a'). Never a load
    /// past the text.
    @inlinable @inline(__always)
    public static func hasByte(in text: UnsafeRawBufferPointer, markedBy marks: (UInt64) -> UInt64) -> Bool {
        guard let base = text.baseAddress else { return false }
        var offset = 0
        // Unsafe: every load is of eight bytes inside `text` (the loops' bounds, and the last
        // word only when the text has eight), or of the local padded word. Two words a step,
        // their marks or-ed and tested once: texts are mostly without a mark, and the loop's
        // own bound, step and branch were half of a word's instructions.
        while offset &+ 16 <= text.count {
            if marks(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                | marks(base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)) != 0 { return true }
            offset &+= 16
        }
        if offset &+ 8 <= text.count {
            if marks(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) != 0 { return true }
            offset &+= 8
        }
        guard offset < text.count else { return false }
        if text.count >= 8 { return marks(base.loadUnaligned(fromByteOffset: text.count &- 8, as: UInt64.self)) != 0 }
        var word: UInt64 = 0x6161_6161_6161_6161
        withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: text) }
        return marks(word) != 0
    }
}
