#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts a stream of bytes, fed in chunks of any size, into lines (without their `\n`).
///
/// Pure bookkeeping: the caller owns the I/O. Only a line that straddles two chunks is
/// copied, so memory stays at one chunk plus the longest line.
public struct LineSplitter {
    private var partial: [UInt8] = []
    public private(set) var lineNumber = 0

    public init() {}

    /// Calls `body` with each complete line in `chunk` and its 1-based number.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        guard let base = chunk.baseAddress else { return }
        var start = 0
        let count = chunk.count
        // memchr finds each line break with wide loads, far faster than a byte loop.
        while start < count, let found = memchr(base + start, 0x0A, count - start) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            lineNumber += 1
            if partial.isEmpty {
                try body(UnsafeBufferPointer(rebasing: chunk[start..<end]), lineNumber)
            } else {
                partial.append(contentsOf: chunk[start..<end])
                try partial.withUnsafeBufferPointer { try body($0, lineNumber) }
                partial.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        if start < count { partial.append(contentsOf: chunk[start..<count]) }
    }

    /// Calls `body` with the last line if the input did not end with a line break.
    public mutating func finish(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        guard !partial.isEmpty else { return }
        lineNumber += 1
        try partial.withUnsafeBufferPointer { try body($0, lineNumber) }
        partial.removeAll()
    }
}
