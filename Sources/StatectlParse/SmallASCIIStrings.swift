/// Makes a `String` of up to 15 ASCII bytes as the standard library lays one out, its two
/// words written directly: on 64-bit little-endian platforms such a string holds its bytes
/// in its own two words, in order, the top byte of the second a tag, 0xE0 (immortal,
/// small, ASCII) plus the count.
///
/// Names, labels and numbers are short ASCII words, several a statement: through
/// `String(unsafeUninitializedCapacity:initializingUTF8With:)`, with its closure and the
/// checks around it, each cost about 90 instructions; here about 20.
///
/// The layout is the library's (ABI-stable on Apple's platforms, the same on Linux), not a
/// promise of its API: it is checked once, against a string the library made, and where
/// it does not hold every string is left to the library.
struct SmallASCIIStrings {
    /// Whether the library lays strings out as assumed, read once when made (a global read
    /// at every string cost a call to `swift_once`).
    private let layoutHolds = Self.layoutIsTheOneAssumed

    /// The `String` of `bytes`; nil for more than 15 bytes or a byte of 0x80 and above,
    /// which the caller makes the usual way.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let count = bytes.count
        guard count <= 15, layoutHolds, let base = bytes.baseAddress else { return nil }
        var words = Self.words(UnsafeRawPointer(base), count: count)
        guard (words.0 | words.1) & SWAR.highs == 0 else { return nil }
        words.1 |= Self.tag(count: count)
        return Self.string(of: &words)
    }

    /// The `count` bytes at `source` (at most 15) in two little-endian words, in order, the
    /// rest zero, as in the library's own small strings. Built in registers from two loads
    /// that may overlap (an overlapping byte is or-ed with itself), the second shifted into
    /// place: copied into the words' memory and read back, each took about four
    /// instructions more.
    @inline(__always)
    private static func words(_ source: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
        // Unsafe: every load lies inside the `count` bytes at `source`.
        if count > 8 {
            let tail = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            return (UInt64(littleEndian: source.loadUnaligned(as: UInt64.self)),
                    UInt64(littleEndian: tail) &>> UInt64((16 &- count) &* 8))
        }
        if count >= 4 {
            let head = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return (head | tail &<< UInt64((count &- 4) &* 8), 0)
        }
        if count >= 2 {
            let head = UInt64(UInt16(littleEndian: source.loadUnaligned(as: UInt16.self)))
            let tail = UInt64(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            return (head | tail &<< UInt64((count &- 2) &* 8), 0)
        }
        return (count == 1 ? UInt64(source.load(as: UInt8.self)) : 0, 0)
    }

    @inline(__always)
    private static func tag(count: Int) -> UInt64 { (0xE0 | UInt64(count)) << 56 }

    /// Unsafe: takes two words as a `String` (the same size and alignment, the memory
    /// rebound for the move); only ever words laid out as above, which hold no reference.
    /// Moved out, not bit-cast: a cast value was retained (a call) as it was copied out.
    /// `words` is left uninitialized.
    @inline(__always)
    private static func string(of words: inout (UInt64, UInt64)) -> String {
        withUnsafeMutablePointer(to: &words) { $0.withMemoryRebound(to: String.self, capacity: 1) { $0.move() } }
    }

    /// Whether a string the library makes from bytes (not a literal, which the compiler
    /// lays out) has the words `string(_:)` makes, and one made so reads as it should.
    private static let layoutIsTheOneAssumed: Bool = {
        guard MemoryLayout<String>.size == 16, UInt64(littleEndian: 1) == 1 else { return false }
        let made = String(decoding: [0x61, 0x62, 0x63], as: UTF8.self)
        let words = unsafeBitCast(made, to: (UInt64, UInt64).self)
        var ours: (UInt64, UInt64) = (0x63_62_61, tag(count: 3))
        return words == ours && string(of: &ours) == "abc"
    }()
}
