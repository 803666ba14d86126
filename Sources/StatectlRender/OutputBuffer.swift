import StatectlParse

/// Collects output bytes and hands them on in large blocks, so that writing a long log
/// costs few system calls. Where the bytes go (a file, a string in a test) is the caller's.
///
/// Renderers write straight into it, piece by piece, rather than building a string a line:
/// on a long log that is most of the difference between fast and slow. A piece longer than
/// a block (a record's 100 MB string) is handed on from where it lies, never copied into
/// a block grown to hold it.
public final class OutputBuffer {
    /// The bytes live behind a pointer, so writes are plain memory copies: no generic
    /// array appends.
    ///
    /// Pointers where the block's bytes end, where it ends and where a line hands it on, not
    /// a count and a capacity: a log line's cursor (`OutputCursor`) is then taken, checked and
    /// committed with no sum to make from the base, as every record does.
    private struct Storage {
        var base: UnsafeMutablePointer<UInt8>
        /// Where the next byte goes: `count` bytes past `base`.
        var next: UnsafeMutablePointer<UInt8>
        /// `capacity` bytes past `base`.
        var end: UnsafeMutablePointer<UInt8>
        /// `threshold` bytes past `base`: a line that ends there or later hands the block on.
        var flushPoint: UnsafeMutablePointer<UInt8>

        var count: Int { next - base }
        var capacity: Int { end - base }

        init(base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, threshold: Int) {
            self.base = base
            next = base + count
            end = base + capacity
            flushPoint = base + threshold
        }
    }

    // Written from one thread: no dynamic exclusivity checks. In the object itself, not
    // behind a pointer of its own: a log line's cursor was taken and committed through one
    // load more (the object's, then the storage's) at every record.
    @exclusivity(unchecked) private var storage: Storage
    private let threshold: Int
    /// Pieces at least this long that do not fit in the block skip it (`writeThrough`).
    private let direct: Int
    private let drain: (UnsafeRawBufferPointer) -> Void

    public init(threshold: Int = 1 << 16, drain: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.threshold = threshold
        direct = max(threshold, 1 << 16)
        self.drain = drain
        let capacity = max(threshold, 1024) + 4096
        storage = Storage(base: .allocate(capacity: capacity), count: 0, capacity: capacity, threshold: threshold)
    }

    deinit {
        storage.base.deallocate()
    }

    /// Bytes written since the last flush; with `pad(from:to:)`, for aligned columns. A
    /// flush ends it, and so does a piece long enough to be written through: neither may
    /// fall between taking a position and using it.
    public var position: Int { storage.count }

    /// Where the next bytes go, for a writer that stores them itself (`OutputCursor`) and
    /// hands back where it stopped (`commit`). Valid until the next write through the buffer.
    var cursor: OutputCursor {
        @inline(__always) get {
            OutputCursor(at: storage.next, end: storage.end - OutputCursor.slack)
        }
    }

    /// A cursor with room for at least `room` bytes, growing the block if need be.
    @inline(__always)
    func cursor(room: Int) -> OutputCursor {
        reserve(room &+ OutputCursor.slack)
        return cursor
    }

    /// What `cursor` wrote, counted as written.
    @inline(__always)
    func commit(_ cursor: OutputCursor) {
        storage.next = cursor.at
    }

    /// Commits `cursor` and returns one with room for `room` bytes: the rare path of a
    /// cursor's check, out of line so that the check costs a compare.
    @inline(never)
    func cursor(after cursor: OutputCursor, room: Int) -> OutputCursor {
        commit(cursor)
        return self.cursor(room: room)
    }

    /// Where `cursor` is, as a `position`.
    @inline(__always)
    func position(of cursor: OutputCursor) -> Int { cursor.at - storage.base }

    /// What was written from `start` (a `position`) to `cursor`; valid until the next write.
    func written(since start: Int, to cursor: OutputCursor) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage.base + start, count: cursor.at - (storage.base + start))
    }

    /// Room for `extra` more bytes, growing the block when a line is longer than expected.
    @inline(__always)
    func reserve(_ extra: Int) {
        // A wrapping sum: the count is within the block, and `extra` a piece's length or a
        // fixed room; the overflow check cost two instructions on every record.
        if storage.end - storage.next < extra { grow(extra) }
    }

    private func grow(_ extra: Int) {
        let count = storage.count
        let capacity = max(storage.capacity * 2, count + extra)
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        base.update(from: storage.base, count: count)
        storage.base.deallocate()
        storage = Storage(base: base, count: count, capacity: capacity, threshold: threshold)
    }

    @inline(__always)
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if storage.end - storage.next < bytes.count {
            // Only a piece that does not fit can be one to write through: no cost for the others.
            if bytes.count >= direct { return writeThrough(UnsafeRawBufferPointer(bytes)) }
            grow(bytes.count)
        }
        let destination = storage.next
        // Most pieces of a log line are a few bytes: a few loads and stores beat a call to
        // memcpy, and a loop a byte at a time.
        UnsafeMutableRawPointer(destination).copyBytes(from: source, byteCount: bytes.count)
        storage.next += bytes.count
    }

    /// Hands on what has gathered, then `bytes` from where they lie: a piece longer than a
    /// block gains nothing from being copied into one, and copying it would hold it twice.
    private func writeThrough(_ bytes: UnsafeRawBufferPointer) {
        flush()
        drain(bytes)
    }

    @inline(__always)
    public func write(_ bytes: UnsafeRawBufferPointer) {
        write(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Writes UTF-8 `text`; only if it holds a control character is it rewritten with
    /// `escape`, so a log record stays on one line.
    @inline(__always)
    public func write(_ text: UnsafeRawBufferPointer, escapingControlsWith escape: (String) -> String) {
        commit(write(text, escapingControlsWith: escape, at: cursor))
    }

    /// `write(_:escapingControlsWith:)` at `cursor`: copied and checked there when it fits
    /// (`OutputCursor.put(checking:)`), else written through the buffer. Returns the cursor
    /// to go on from.
    // Inlined: most texts are a few bytes, and the call's saving and restoring of registers
    // cost about a fifth of writing one.
    @inline(__always)
    func write(_ text: UnsafeRawBufferPointer, escapingControlsWith escape: (String) -> String, at cursor: OutputCursor) -> OutputCursor {
        guard !text.isEmpty else { return cursor }
        var cursor = cursor
        if text.count &+ 8 > cursor.room { return writeLong(text, escapingControlsWith: escape, after: cursor) }
        if cursor.put(checking: text) { return cursor }
        return writeEscaped(text, escapingControlsWith: escape, after: cursor)
    }

    // The rare paths of `write(_:escapingControlsWith:at:)` in functions of their own: inline,
    // their calls and strings made the common path save and restore every register it could
    // use, about 15 instructions a text.

    /// A text longer than the room left: written through when longer than a block (checked
    /// where it lies, never copied into the block), else copied into a block grown for it.
    @inline(never)
    private func writeLong(_ text: UnsafeRawBufferPointer, escapingControlsWith escape: (String) -> String, after cursor: OutputCursor) -> OutputCursor {
        commit(cursor)
        if text.count >= direct {
            if Self.hasControl(in: text) {
                write(escape(String(decoding: text, as: UTF8.self)))
            } else {
                writeThrough(text)
            }
            return self.cursor
        }
        return write(text, escapingControlsWith: escape, at: self.cursor(room: text.count &+ 8))
    }

    @inline(never)
    func writeEscaped(_ text: UnsafeRawBufferPointer, escapingControlsWith escape: (String) -> String, after cursor: OutputCursor) -> OutputCursor {
        commit(cursor)
        write(escape(String(decoding: text, as: UTF8.self)))
        return self.cursor
    }

    /// Whether any byte of `text` is below 0x20 or is 0x7F.
    static func hasControl(in text: UnsafeRawBufferPointer) -> Bool { SWAR.hasByte(in: text, markedBy: SWAR.controlBytes) }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    @inline(__always)
    public func write(_ text: StaticString) {
        text.withUTF8Buffer { write($0) }
    }

    // Inlined, like the other small writes: a call cost more than the byte (every log line
    // ends with one).
    @inline(__always)
    public func write(_ byte: UInt8) {
        reserve(1)
        storage.next.pointee = byte
        storage.next += 1
    }

    /// A decimal integer, without going through String (`OutputCursor.put(number:rightAlignedIn:)`).
    /// Named apart from `write(_: UInt8)` so an integer literal can never pick the wrong one.
    // Inlined: called for most records, and the call's saving of registers cost a sixth of
    // writing a number (a literal width of 0 drops the padding, too).
    @inline(__always)
    public func write(number: Int64, rightAlignedIn width: Int = 0) {
        var cursor = self.cursor(room: OutputCursor.numberRoom &+ max(width, 0))
        cursor.put(number: number, rightAlignedIn: width)
        commit(cursor)
    }

    public func write(number: Int, rightAlignedIn width: Int = 0) { write(number: Int64(number), rightAlignedIn: width) }

    /// Spaces until `width` bytes have been written since `start`.
    public func pad(from start: Int, to width: Int) {
        let missing = width - (storage.count - start)
        guard missing > 0 else { return }
        reserve(missing)
        storage.next.initialize(repeating: 0x20, count: missing)
        storage.next += missing
    }

    /// Ends a unit of output (a log line): hands the bytes on once enough have gathered.
    /// Only here, so that a line being aligned is never cut by a flush.
    @inline(__always)
    public func endLine() {
        write(UInt8(0x0A))
        if storage.next >= storage.flushPoint { flush() }
    }

    /// `endLine` after what `cursor` wrote; its room holds the line break (made sure of by
    /// the writer, as for its other pieces: checked here, it cost a compare on every line).
    @inline(__always)
    func endLine(_ cursor: OutputCursor) {
        var cursor = cursor
        cursor.put(UInt8(0x0A))
        commit(cursor)
        if storage.next >= storage.flushPoint { flush() }
    }

    /// How many times the buffer was flushed: a position taken before a flush means nothing after it.
    // A buffer is written from one thread: no dynamic exclusivity checks, which the loops
    // writing a list's numbers began on every list (the flush they may reach counts here).
    @exclusivity(unchecked) public private(set) var flushes = 0

    public func flush() {
        flushes &+= 1
        guard storage.count > 0 else { return }
        drain(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
        storage.next = storage.base
    }
}

/// An `OutputBuffer` into a string, for tests and for comparing logs in memory.
public final class StringOutput {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public lazy var buffer = OutputBuffer { [unowned self] in self.bytes.append(contentsOf: $0) }
    public var text: String {
        buffer.flush()
        return String(decoding: bytes, as: UTF8.self)
    }
}
