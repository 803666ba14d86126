import StatectlParse

/// Where a writer stores the next bytes of a buffer's block, and how far it may go: a log
/// line's pieces are stored through it with a compare each against `end`, the two pointers
/// held in registers, and the count stored once (`OutputBuffer.commit`). Through the buffer,
/// each piece loaded the count and the capacity, checked their sum for overflow and stored
/// the count again (its stores may alias the count). The `put` methods do not check: the
/// caller makes sure of the room first (`OutputBuffer.cursor(after:room:)`).
struct OutputCursor {
    var at: UnsafeMutablePointer<UInt8>
    /// `slack` bytes before the end of the block: a piece that fits may store whole words
    /// past itself (the next piece overwrites them).
    let end: UnsafeMutablePointer<UInt8>

    static var slack: Int { 32 }
    /// The room a number takes: a sign and 19 digits, or 20 digits.
    static var numberRoom: Int { 21 }

    /// How many bytes may be put.
    @inline(__always)
    var room: Int { end - at }

    @inline(__always)
    mutating func put(_ bytes: UnsafeRawPointer, count: Int) {
        assert(count <= room, "no room made for a piece")
        // Most pieces of a log line are a few bytes: a few loads and stores beat a call to
        // memcpy, and a loop a byte at a time.
        UnsafeMutableRawPointer(at).copyBytes(from: bytes, byteCount: count)
        at += count
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0.baseAddress!, count: $0.count) }
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        assert(room >= 1, "no room made for a piece")
        at.pointee = byte
        at += 1
    }

    /// A piece of at most 32 bytes, copied as four words whatever its length: no branch on
    /// the length (a log line's columns and kind column, every record). `source` must be
    /// readable for 32 bytes (a slot of a table, a kept column); what is stored past the
    /// piece lies in the slack, and what is put next overwrites it.
    @inline(__always)
    mutating func put(wordsFrom source: UnsafeRawPointer, count: Int) {
        assert(count <= min(room, 32), "no room made for a piece")
        let destination = UnsafeMutableRawPointer(at)
        let first = source.loadUnaligned(as: SIMD2<UInt64>.self)
        let second = source.loadUnaligned(fromByteOffset: 16, as: SIMD2<UInt64>.self)
        destination.storeBytes(of: first, as: SIMD2<UInt64>.self)
        destination.storeBytes(of: second, toByteOffset: 16, as: SIMD2<UInt64>.self)
        at += count
    }

    /// A kept piece (a log line's columns, a frame) from a buffer readable for at least 32
    /// bytes: as four words when it is at most 32 bytes long, as most are, else copied.
    @inline(__always)
    mutating func put(kept source: UnsafePointer<UInt8>, count: Int) {
        if count <= 32 {
            put(wordsFrom: source, count: count)
        } else {
            put(source, count: count)
        }
    }

    /// UTF-8 `text` (room for its length and 8 more), copied and checked for control
    /// characters in one pass: true when it has none, else false with nothing put (the
    /// caller escapes it).
    ///
    /// A word at a time, the last word overlapping the one before it: no call to memcpy, and
    /// no second pass over the copy. A text shorter than a word is checked on its copy, where
    /// there is always a word of room past it.
    ///
    /// `forJSON`, a constant where this is inlined: quotes and backslashes count as well (a
    /// text put between the quotes of a JSON string literal).
    @inline(__always)
    mutating func put(checking text: UnsafeRawBufferPointer, forJSON: Bool = false) -> Bool {
        put(text, marking: forJSON ? .escapes : .controls)
    }

    /// UTF-8 `text` known to hold no control character (a `Tag.plainString`), with room for
    /// its length and 8 more: copied as `put(checking:)` copies, with nothing to check.
    @inline(__always)
    mutating func put(plain text: UnsafeRawBufferPointer) {
        _ = put(text, marking: .nothing)
    }

    /// What `put(_:marking:)` checks a text for: a constant where it is inlined.
    enum Marking { case controls, escapes, nothing }

    @inline(__always)
    private mutating func put(_ text: UnsafeRawBufferPointer, marking: Marking) -> Bool {
        @inline(__always) func marks(_ words: SIMD2<UInt64>) -> SIMD2<UInt64> {
            switch marking {
            case .controls: SWAR.controlBytes(words)
            case .escapes: SWAR.escapeBytes(words)
            case .nothing: SIMD2()
            }
        }
        @inline(__always) func marks(_ word: UInt64) -> UInt64 {
            switch marking {
            case .controls: SWAR.controlBytes(word)
            case .escapes: SWAR.escapeBytes(word)
            case .nothing: 0
            }
        }
        assert(text.count + 8 <= room, "no room made for a text")
        let source = text.baseAddress!
        let length = text.count
        let destination = UnsafeMutableRawPointer(at)
        var controls: UInt64 = 0
        if length >= 16 {
            // Sixteen bytes a step, the last step overlapping the one before: written with
            // words, the loop was vectorized by the compiler, whose set-up (overlap checks,
            // trip counts) cost more than the few words of a log's texts.
            var offset = 0
            var controlWords = SIMD2<UInt64>()
            while offset &+ 16 <= length {
                let words = source.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
                destination.storeBytes(of: words, toByteOffset: offset, as: SIMD2<UInt64>.self)
                controlWords |= marks(words)
                offset &+= 16
            }
            if offset < length {
                let words = source.loadUnaligned(fromByteOffset: length &- 16, as: SIMD2<UInt64>.self)
                destination.storeBytes(of: words, toByteOffset: length &- 16, as: SIMD2<UInt64>.self)
                controlWords |= marks(words)
            }
            controls = controlWords[0] | controlWords[1]
        } else if length >= 8 {
            // Two words, overlapping unless the text is sixteen bytes.
            let first = source.loadUnaligned(as: UInt64.self)
            let last = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            destination.storeBytes(of: first, as: UInt64.self)
            destination.storeBytes(of: last, toByteOffset: length &- 8, as: UInt64.self)
            controls = marks(first) | marks(last)
        } else if marking == .nothing {
            destination.copyBytes(from: source, byteCount: length)
        } else {
            destination.copyBytes(from: source, byteCount: length)
            // Past the end: make the bytes harmless ('a'), little-endian order.
            let kept: UInt64 = (1 &<< UInt64(truncatingIfNeeded: 8 &* length)) &- 1
            let word = destination.loadUnaligned(as: UInt64.self)
            controls = marks((word & kept) | (0x6161_6161_6161_6161 & ~kept))
        }
        guard controls == 0 else { return false }
        at += length
        return true
    }

    /// A plain text shorter than a word (`put(plain:)`), given as the word that ends where it
    /// ends (`EncodedText.lastWord`), with room for a word: one load, a shift and one store.
    /// An empty text stores the word whole (a shift by 64 is one by 0) and puts nothing.
    @inline(__always)
    mutating func put(plainShort count: Int, endingWord word: UInt64) {
        assert(count < 8 && count <= room, "no room made for a piece")
        UnsafeMutableRawPointer(at).storeBytes(of: word &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count), as: UInt64.self)
        at += count
    }

    /// `put(checking:)` of a text shorter than a word (room for its count), given as the word
    /// that ends where it ends (`EncodedText.lastWord`): one load, a shift and one store, where
    /// a copy of a few bytes branched on their count.
    @inline(__always)
    mutating func put(checkingShort count: Int, endingWord word: UInt64) -> Bool {
        assert(count < 8 && count <= room, "no room made for a piece")
        let below = UInt64(truncatingIfNeeded: 64 &- 8 &* count)
        let text = word &>> below
        UnsafeMutableRawPointer(at).storeBytes(of: text, as: UInt64.self)
        // Checked in the word as loaded, the marks of the bytes before the text shifted out:
        // no padding to make. A borrow from those bytes can only mark a text byte that is no
        // control character (the caller then checks the text exactly), never hide one.
        guard SWAR.controlBytes(word) &>> below == 0 else { return false }
        at += count
        return true
    }

    /// `put(number:rightAlignedIn:)` with no count of the digits first (a time column's
    /// number, of six or seven digits, cost some 25 instructions in that count): spaces
    /// stored, the digits written from the right to end 24 bytes on, and the column (the
    /// digits, or `width` bytes if more) moved back to the cursor as three words. `width` is
    /// at most 24, and the room at least 48: the move reads 24 bytes from the column's start.
    @inline(__always)
    mutating func put(numberFromRight number: Int64, rightAlignedIn width: Int) {
        assert(room >= 48 && width <= 24, "no room made for a number")
        let column = UnsafeMutableRawPointer(at)
        for offset in stride(from: 0, to: 24, by: 8) { column.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self) }
        var start = 24 &- DecimalDigits.store(number.magnitude, endingAt: UnsafeMutableRawPointer(at + 24))
        if number < 0 {
            start &-= 1
            column.storeBytes(of: UInt8(ascii: "-"), toByteOffset: start, as: UInt8.self)
        }
        let length = max(24 &- start, width)
        // Loaded whole before any store: the two ranges overlap.
        let first = column.loadUnaligned(fromByteOffset: 24 &- length, as: SIMD2<UInt64>.self)
        let last = column.loadUnaligned(fromByteOffset: 40 &- length, as: UInt64.self)
        column.storeBytes(of: first, as: SIMD2<UInt64>.self)
        column.storeBytes(of: last, toByteOffset: 16, as: UInt64.self)
        at += length
    }

    /// A decimal integer (room for `numberRoom` and `width`). With `width`, spaces first, so
    /// that the number ends `width` bytes on (a column): one pass, where writing it and then
    /// moving it right took a second.
    @inline(__always)
    mutating func put(number: Int64, rightAlignedIn width: Int = 0) {
        assert(room >= OutputCursor.numberRoom + max(width, 0), "no room made for a number")
        let magnitude = number.magnitude
        let digits = DecimalDigits.count(magnitude)
        let length = digits &+ (number < 0 ? 1 : 0)
        if length < width {
            // A few bytes: words of spaces (up to 7 bytes past them, in the slack or where
            // the digits come), not a call to memset.
            var padded = 0
            while padded < width &- length {
                UnsafeMutableRawPointer(at + padded).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
                padded &+= 8
            }
            at += width &- length
        }
        if number < 0 {
            at.pointee = UInt8(ascii: "-")
            at += 1
        }
        at += digits
        DecimalDigits.store(magnitude, endingAt: UnsafeMutableRawPointer(at))
    }
}
