/// Collects output bytes and hands them on in large blocks, so that writing a long log
/// costs few system calls. Where the bytes go (a file, a string in a test) is the caller's.
public final class OutputBuffer {
    private var bytes: [UInt8] = []
    private let threshold: Int
    private let drain: ([UInt8]) -> Void

    public init(threshold: Int = 1 << 16, drain: @escaping ([UInt8]) -> Void) {
        self.threshold = threshold
        self.drain = drain
        bytes.reserveCapacity(threshold + 1024)
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        if bytes.count >= threshold { flush() }
    }

    public func write(_ byte: UInt8) {
        bytes.append(byte)
    }

    public func flush() {
        guard !bytes.isEmpty else { return }
        drain(bytes)
        bytes.removeAll(keepingCapacity: true)
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
