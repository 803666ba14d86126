/// Collects output bytes and hands them on in large blocks, so that writing a long log
/// costs few system calls. Where the bytes go (a file, a string in a test) is the caller's.
///
/// Renderers write straight into it, piece by piece, rather than building a string a line:
/// on a long log that is most of the difference between fast and slow.
public final class OutputBuffer {
    /// The bytes live behind a pointer the class never reassigns, so writes skip the
    /// dynamic exclusivity checks a stored array property would cost on every byte.
    private struct Storage {
        var bytes: [UInt8]
    }

    private let storage: UnsafeMutablePointer<Storage>
    private let threshold: Int
    private let drain: ([UInt8]) -> Void

    public init(threshold: Int = 1 << 16, drain: @escaping ([UInt8]) -> Void) {
        self.threshold = threshold
        self.drain = drain
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(bytes: []))
        storage.pointee.bytes.reserveCapacity(threshold + 4096)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Bytes written since the last flush; with `pad(from:to:)`, for aligned columns.
    public var position: Int { storage.pointee.bytes.count }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { storage.pointee.bytes.append(contentsOf: $0) }
    }

    public func write(_ text: StaticString) {
        text.withUTF8Buffer { storage.pointee.bytes.append(contentsOf: $0) }
    }

    public func write(_ byte: UInt8) {
        storage.pointee.bytes.append(byte)
    }

    /// A decimal integer, without going through String.
    /// Named apart from `write(_: UInt8)` so an integer literal can never pick the wrong one.
    public func write(number: Int64) {
        if number < 0 {
            storage.pointee.bytes.append(UInt8(ascii: "-"))
            // The magnitude of Int64.min does not fit in Int64.
            write(magnitude: number.magnitude)
        } else {
            write(magnitude: UInt64(number))
        }
    }

    public func write(number: Int) { write(number: Int64(number)) }

    private func write(magnitude: UInt64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var value = magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(truncatingIfNeeded: value % 10) + 0x30
                value /= 10
                count += 1
            } while value > 0
            storage.pointee.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// Spaces until `width` bytes have been written since `start`.
    public func pad(from start: Int, to width: Int) {
        let written = storage.pointee.bytes.count - start
        if written < width { storage.pointee.bytes.append(contentsOf: repeatElement(0x20, count: width - written)) }
    }

    /// Moves what was written since `start` right, so it ends `width` bytes after `start`.
    public func alignRight(from start: Int, width: Int) {
        let written = storage.pointee.bytes.count - start
        guard written < width else { return }
        storage.pointee.bytes.insert(contentsOf: repeatElement(0x20, count: width - written), at: start)
    }

    /// Ends a unit of output (a log line): hands the bytes on once enough have gathered.
    /// Only here, so that a line being aligned is never cut by a flush.
    public func endLine() {
        storage.pointee.bytes.append(0x0A)
        if storage.pointee.bytes.count >= threshold { flush() }
    }

    public func flush() {
        guard !storage.pointee.bytes.isEmpty else { return }
        drain(storage.pointee.bytes)
        storage.pointee.bytes.removeAll(keepingCapacity: true)
    }
}

/// An `OutputBuffer` into a string, for tests and for comparing logs in memory.
public final class StringOutput {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public lazy var buffer = OutputBuffer { [unowned self] in self.bytes += $0 }
    public var text: String {
        buffer.flush()
        return String(decoding: bytes, as: UTF8.self)
    }
}
