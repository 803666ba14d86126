/// The part of a source line a diagnostic shows: the whole line when it is short, else
/// a window of it around the diagnostic, as compilers do, so that an error in a
/// megabyte-long line prints (and keeps) a hundred-odd bytes, not the line.
///
///     let excerpt = SourceExcerpt(line: Array(long.utf8), span: 500_000..<500_005)
///     excerpt.text.count  // at most maximumWidth bytes
public struct SourceExcerpt: Sendable {
    /// Bytes at most shown of one line; longer lines show a window this wide.
    public static let maximumWidth = 120
    /// How much of the window goes before the diagnostic's start.
    static let leadingContext = 40

    /// The shown bytes, without the line's trailing carriage return.
    public var text: [UInt8]
    /// Where `text` starts in the line, in bytes.
    public var offset: Int
    /// The diagnostic's 1-based column in the whole line, in characters.
    public var column: Int
    /// Whether the line goes on before or after `text`.
    public var cutBefore: Bool
    public var cutAfter: Bool

    /// `start` says where counting columns may begin: the byte offset and column of an
    /// earlier diagnostic on the same line, so that many diagnostics on one long line
    /// do not each count from its start.
    public init(line raw: UnsafeBufferPointer<UInt8>, span: Range<Int>, start: (offset: Int, column: Int)? = nil) {
        let line = raw.last == 0x0D ? UnsafeBufferPointer(rebasing: raw.dropLast()) : raw
        column = Self.column(ofByte: span.lowerBound, in: line, from: start)
        guard line.count > Self.maximumWidth else {
            text = Array(line)
            offset = 0
            cutBefore = false
            cutAfter = false
            return
        }
        // Whole characters only: never start or end inside a UTF-8 sequence. A sequence
        // has at most three continuation bytes; invalid UTF-8 (which the line may hold,
        // the diagnostic being about it) can have any number, so look no further.
        var lower = max(0, min(span.lowerBound, line.count) - Self.leadingContext)
        for _ in 0..<3 where lower > 0 && line[lower] & 0xC0 == 0x80 { lower -= 1 }
        var upper = min(line.count, lower + Self.maximumWidth)
        for _ in 0..<3 where upper < line.count && upper > lower && line[upper] & 0xC0 == 0x80 { upper -= 1 }
        text = Array(line[lower..<upper])
        offset = lower
        cutBefore = lower > 0
        cutAfter = upper < line.count
    }

    public init(line: [UInt8], span: Range<Int>) {
        self = line.withUnsafeBufferPointer { SourceExcerpt(line: $0, span: span) }
    }

    /// The 1-based column of a byte offset, counting characters (Unicode scalars), not bytes.
    static func column(ofByte target: Int, in line: UnsafeBufferPointer<UInt8>, from start: (offset: Int, column: Int)?) -> Int {
        var column = 1
        var index = 0
        if let start, start.offset <= target, start.offset <= line.count {
            (index, column) = start
        }
        while index < min(target, line.count) {
            if line[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column + max(0, target - max(index, line.count))
    }
}
