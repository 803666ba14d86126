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
/// `line` is a line's text without its line break or trailing carriage return. Returns
/// whether every byte of the line is ASCII (below 0x80), comment included: such a line is
/// UTF-8, and the caller need not validate it (`LineParser.isUTF8`) in a pass of its own.
/// The scan loads every byte anyway, and or-ing the words it loads costs an instruction a word.
@discardableResult
public func statementRanges(in line: UnsafeBufferPointer<UInt8>, into ranges: inout StatementRangeList) -> Bool {
    ranges.removeAll()
    guard let base = line.baseAddress else { return true }
    // Unsafe: eight bytes are loaded at a time, unaligned; every load lies inside `line`.
    let raw = UnsafeRawPointer(base)
    let count = line.count
    var start = 0
    var position = 0
    // Locals, and no nested function touching them: captured, they lived in memory, and
    // the loop read `inString` from there at every word.
    var inString = false
    // Every byte loaded, or-ed: the scans below cover each byte from 0 to where they stop.
    var loaded: UInt64 = 0

    while true {
        // The next byte that matters, by a loop made for each side of a quote: one loop
        // testing `inString` at every word, its positions checked for overflow, took about
        // a quarter more (343 instructions a call on a distinct-line script, 273 now).
        let found = inString ? firstByteThatMatters(raw, from: position, count: count, inString: true, loaded: &loaded)
                             : firstByteThatMatters(raw, from: position, count: count, inString: false, loaded: &loaded)
        guard found < count else {
            addTrimmed(start..<count, of: line, to: &ranges)
            return loaded & SWAR.highs == 0
        }
        switch line[found] {
        case UInt8(ascii: "\""):
            inString.toggle()
            position = found + 1
        case UInt8(ascii: "\\"):
            // The escaped byte, a quote say, is the string's (skipped, so or-ed here).
            if found + 1 < count { loaded |= UInt64(line[found + 1]) }
            position = min(found + 2, count)
        case UInt8(ascii: ";"):
            addTrimmed(start..<found, of: line, to: &ranges)
            start = found + 1
            position = start
        default:  // '#': the rest of the line is a comment.
            addTrimmed(start..<found, of: line, to: &ranges)
            return loaded & SWAR.highs == 0 && isASCII(raw, from: found, count: count)
        }
    }
}

/// Where the first byte at or after `position` that matters (`SWAR.bytesThatMatter`) is in
/// the `count` bytes at `raw`, or `count`; the bytes from `position` to there (and maybe
/// some after) or-ed into `loaded`. Inlined where `inString` is a constant.
@inline(__always)
private func firstByteThatMatters(_ raw: UnsafeRawPointer, from position: Int, count: Int, inString: Bool,
                                  loaded: inout UInt64) -> Int {
    var position = position
    // Wrapping arithmetic: positions stay within a buffer's count, far from overflowing.
    // Sixteen bytes a step, their two words tested at once: the loop's own work (the bound,
    // the step) was a third of a word's instructions.
    while position &+ 16 <= count {
        let first = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position &+ 8, as: UInt64.self))
        loaded |= first | second
        let firstHits = SWAR.bytesThatMatter(first, inString: inString)
        let secondHits = SWAR.bytesThatMatter(second, inString: inString)
        if firstHits | secondHits != 0 {
            return firstHits != 0 ? position &+ firstHits.trailingZeroBitCount &>> 3
                                  : position &+ 8 &+ secondHits.trailingZeroBitCount &>> 3
        }
        position &+= 16
    }
    if position &+ 8 <= count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        loaded |= word
        let hits = SWAR.bytesThatMatter(word, inString: inString)
        if hits != 0 { return position &+ hits.trailingZeroBitCount &>> 3 }
        position &+= 8
    }
    guard position < count else { return count }
    if count >= 8 {
        // The last bytes, fewer than eight: the line's last eight loaded, those before
        // `position` shifted out.
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> (8 &* (8 &- (count &- position)))
        loaded |= word
        let hits = SWAR.bytesThatMatter(word, inString: inString)
        return hits != 0 ? position &+ hits.trailingZeroBitCount &>> 3 : count
    }
    while position < count {
        let byte = raw.load(fromByteOffset: position, as: UInt8.self)
        loaded |= UInt64(byte)
        if byte == 0x22 || (inString ? byte == 0x5C : byte == 0x3B || byte == 0x23) { return position }
        position &+= 1
    }
    return count
}

/// Whether the bytes from `position` to `count` at `raw` are all ASCII: a comment's, which
/// the statement scan stops short of.
private func isASCII(_ raw: UnsafeRawPointer, from position: Int, count: Int) -> Bool {
    var position = position
    while position < count {
        if raw.load(fromByteOffset: position, as: UInt8.self) >= 0x80 { return false }
        position += 1
    }
    return true
}

/// `piece` of `line` without its leading and trailing spaces and tabs, appended to
/// `ranges` unless nothing is left.
@inline(__always)
private func addTrimmed(_ piece: Range<Int>, of line: UnsafeBufferPointer<UInt8>, to ranges: inout StatementRangeList) {
    var lower = piece.lowerBound, upper = piece.upperBound
    // One compare turns away a byte above the space, as most ends are; then space or tab.
    while lower < upper, line[lower] <= 0x20, line[lower] == 0x20 || line[lower] == 0x09 { lower += 1 }
    while upper > lower, line[upper - 1] <= 0x20, line[upper - 1] == 0x20 || line[upper - 1] == 0x09 { upper -= 1 }
    if lower < upper { ranges.append(lower..<upper) }
}

/// The ranges `statementRanges` finds on a line, the first four held in place: a line of
/// a few statements, most lines, fills no array. An array's emptying and refilling, a
/// uniqueness check for each range removed and added, cost about 40 instructions a line.
public struct StatementRangeList: RandomAccessCollection {
    // The first four ranges in fields of their own: a vector's element chosen by a
    // variable index cost more to write than the array did.
    @usableFromInline var first = 0..<0
    @usableFromInline var second = 0..<0
    @usableFromInline var third = 0..<0
    @usableFromInline var fourth = 0..<0
    /// The ranges after the fourth.
    @usableFromInline var spilled: [Range<Int>] = []
    public private(set) var count = 0

    public init() {}

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    // Inlinable: read in the simulator's module for each statement of a line, where a call
    // cost more than the array's subscript did.
    @inlinable @inline(__always)
    public subscript(position: Int) -> Range<Int> {
        precondition(position >= 0 && position < count, "index out of range")
        switch position {
        case 0: return first
        case 1: return second
        case 2: return third
        case 3: return fourth
        default: return spilled[position - 4]
        }
    }

    @inline(__always)
    mutating func append(_ range: Range<Int>) {
        switch count {
        case 0: first = range
        case 1: second = range
        case 2: third = range
        case 3: fourth = range
        default: spill(range)
        }
        count += 1
    }

    /// A range after the fourth, into the array. A call of its own, as emptying the array is:
    /// inlined, the array's growing was set up in `statementRanges` for every line.
    @inline(never)
    mutating func spill(_ range: Range<Int>) {
        spilled.append(range)
    }

    /// Empties the list; the spilled ranges' room is kept, unless a freak line of many
    /// thousand statements made it large.
    @inline(__always)
    mutating func removeAll() {
        if count > 4 { emptySpilled() }
        count = 0
    }

    @inline(never)
    mutating func emptySpilled() {
        spilled.removeAll(keepingCapacity: spilled.capacity <= 256)
    }
}
