/// A column of plain values, one per configuration, appended in order and read by number:
/// explore's parent links, events and observable states.
///
/// Raw chunks of 4,096 values that never move, not an array: an array that doubles holds up
/// to twice what it needs (at `depth 10`'s 9.5 million configurations, 16.8 million places a
/// column) and both copies while it moves, and every append checked its uniqueness.
/// Noncopyable: it frees its chunks.
struct ChunkedColumn<Element: BitwiseCopyable>: ~Copyable {
    private static var chunkBits: Int { 12 }
    private static var chunkSize: Int { 1 << chunkBits }
    private var chunks: [UnsafeMutablePointer<Element>] = []
    /// Where the next value goes: the last chunk's next place; and the last chunk's end (the
    /// same before the first chunk). An append compares the two, and the count is made from
    /// them when asked: counting and masking on every append cost a few instructions more.
    private var next = UnsafeMutablePointer<Element>(bitPattern: MemoryLayout<Element>.alignment)!
    private var chunkEnd = UnsafeMutablePointer<Element>(bitPattern: MemoryLayout<Element>.alignment)!

    var count: Int { chunks.count << Self.chunkBits - (chunkEnd - next) }

    init() {}

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// Bytes held by the chunks.
    var bytesUsed: Int { chunks.count * Self.chunkSize * MemoryLayout<Element>.stride }

    @inline(__always)
    mutating func append(_ value: Element) {
        // A full last chunk, or none yet: a new one.
        if next == chunkEnd { addChunk() }
        next.initialize(to: value)
        next += 1
    }

    private mutating func addChunk() {
        let chunk = UnsafeMutablePointer<Element>.allocate(capacity: Self.chunkSize)
        chunks.append(chunk)
        next = chunk
        chunkEnd = chunk + Self.chunkSize
    }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "no value \(index)")
        return chunks[index >> Self.chunkBits][index & (Self.chunkSize - 1)]
    }
}
