/// Where each statement of a line is written: the line cut at every `;` outside a string,
/// up to a comment (`#` outside a string), each piece without its surrounding spaces and
/// tabs, empty pieces left out. These are the byte ranges the parser gives statements'
/// spans on a line that parses, so a statement can be found (and cached) by its bytes
/// before the line is lexed.
///
/// Brackets are not tracked: the lexer does not track them either, so a `;` inside
/// brackets ends the piece there too, and a piece that does not parse on its own means a
/// line that does not parse.
///
///     statementRanges(in: "start; wait 300ms  # soon", into: &ranges)  // [0..<5, 7..<17]
///
/// `line` is a line's text without its line break or trailing carriage return.
public func statementRanges(in line: UnsafeBufferPointer<UInt8>, into ranges: inout [Range<Int>]) {
    // Emptied from the end, keeping its room: `removeAll(keepingCapacity:)` took about 80
    // instructions, several times what the few ranges of a line take this way.
    while !ranges.isEmpty { ranges.removeLast() }
    guard let base = line.baseAddress else { return }
    // Unsafe: eight bytes are loaded at a time, unaligned; every load lies inside `line`.
    let raw = UnsafeRawPointer(base)
    let count = line.count
    var start = 0
    var position = 0
    // Locals, and no nested function touching them: captured, they lived in memory, and
    // the loop read `inString` from there at every word.
    var inString = false

    while true {
        // The next byte that matters.
        var found = count
        while position + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let hits = SWAR.bytesThatMatter(word, inString: inString)
            if hits != 0 {
                found = position + hits.trailingZeroBitCount / 8
                break
            }
            position += 8
        }
        if found == count, position < count, count >= 8 {
            // The last bytes, fewer than eight: the line's last eight loaded, those before
            // `position` shifted out.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) >> (8 * (8 - (count - position)))
            let hits = SWAR.bytesThatMatter(word, inString: inString)
            if hits != 0 { found = position + hits.trailingZeroBitCount / 8 }
            position = count
        }
        if found == count {
            while position < count {
                let byte = line[position]
                if byte == 0x22 || (inString ? byte == 0x5C : byte == 0x3B || byte == 0x23) { found = position; break }
                position += 1
            }
        }
        guard found < count else { addTrimmed(start..<count, of: line, to: &ranges); return }
        switch line[found] {
        case UInt8(ascii: "\""):
            inString.toggle()
            position = found + 1
        case UInt8(ascii: "\\"):
            // The escaped byte, a quote say, is the string's.
            position = min(found + 2, count)
        case UInt8(ascii: ";"):
            addTrimmed(start..<found, of: line, to: &ranges)
            start = found + 1
            position = start
        default:  // '#': the rest of the line is a comment.
            addTrimmed(start..<found, of: line, to: &ranges)
            return
        }
    }
}

/// `piece` of `line` without its leading and trailing spaces and tabs, appended to
/// `ranges` unless nothing is left.
@inline(__always)
private func addTrimmed(_ piece: Range<Int>, of line: UnsafeBufferPointer<UInt8>, to ranges: inout [Range<Int>]) {
    var lower = piece.lowerBound, upper = piece.upperBound
    while lower < upper, line[lower] == 0x20 || line[lower] == 0x09 { lower += 1 }
    while upper > lower, line[upper - 1] == 0x20 || line[upper - 1] == 0x09 { upper -= 1 }
    if lower < upper { ranges.append(lower..<upper) }
}

/// Byte tests on eight bytes at once (SIMD within a register).
enum SWAR {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// A word with the high bit of each byte of `word` (little-endian) that equals `byte`
    /// set. Bits may also be set above the lowest match (a borrow runs on), never below it:
    /// the lowest set bit always marks the first match.
    @inline(__always)
    static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (ones &* UInt64(byte))
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highs
    }

    /// The bytes that matter in `word` when cutting a line into statements, marked as
    /// `bytes(equalTo:in:)` marks them: outside a string `;`, `"` and `#`; inside one `"` and
    /// `\`. `"` (0x22) and `#` (0x23) differ only in their lowest bit, so one test with
    /// that bit set finds both.
    @inline(__always)
    static func bytesThatMatter(_ word: UInt64, inString: Bool) -> UInt64 {
        inString
            ? bytes(equalTo: 0x22, in: word) | bytes(equalTo: 0x5C, in: word)
            : bytes(equalTo: 0x3B, in: word) | bytes(equalTo: 0x23, in: word | ones)
    }
}
