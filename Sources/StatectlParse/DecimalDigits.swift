/// Whole numbers written in decimal without `String`, two digits at a time, for every module
/// that writes them into its own bytes: the simulator's call texts (`CallText`) and the
/// renderer's log columns (`OutputCursor`). One copy of the digit count and the pair table.
///
/// Public and inlinable: both call these for every number they write, where a call across
/// modules would cost more than the work.
public enum DecimalDigits {
    /// How many decimal digits `magnitude` has (1 for 0). Most numbers written are small
    /// (times, line numbers, counts, sizes): compared with the first powers of ten in turn.
    @inlinable @inline(__always)
    public static func count(_ magnitude: UInt64) -> Int {
        if magnitude < 10 { return 1 }
        if magnitude < 100 { return 2 }
        if magnitude < 1_000 { return 3 }
        if magnitude < 10_000 { return 4 }
        var digits = 5
        var limit: UInt64 = 100_000
        while digits < 20, magnitude >= limit {
            digits &+= 1
            limit &*= 10
        }
        return digits
    }

    /// Stores `magnitude`'s digits so that they end just before `end`, from the right, two at
    /// a time (a division by the constant 100 is a multiplication); returns how many there
    /// are. Unsafe: the caller makes room for `count(magnitude)` bytes before `end`.
    @inlinable @inline(__always)
    @discardableResult
    public static func store(_ magnitude: UInt64, endingAt end: UnsafeMutableRawPointer) -> Int {
        var magnitude = magnitude
        var start = end
        while magnitude >= 100 {
            let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 100)
            start -= 2
            start.storeBytes(of: pair(remainder), as: UInt16.self)
            magnitude = quotient
        }
        if magnitude >= 10 {
            start -= 2
            start.storeBytes(of: pair(magnitude), as: UInt16.self)
        } else {
            start -= 1
            start.storeBytes(of: UInt8(truncatingIfNeeded: magnitude) &+ 0x30, as: UInt8.self)
        }
        return end - start
    }

    /// The two ASCII digits of `value` (below 100), in the order they are written, as the
    /// little-endian bytes of one store.
    @inlinable @inline(__always)
    static func pair(_ value: UInt64) -> UInt16 {
        // A literal, not a `static let`: its bytes are a constant, with no once-only
        // initialisation to pass through at every use.
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        // Unsafe: `value` is below 100, so the two bytes read lie in the literal's 200.
        return UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: value) &* 2,
                                                              as: UInt16.self)
    }
}
