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
    @usableFromInline var partial: [UInt8] = []
    /// The last line's number (`lineNumber`), settable by the inlined `feed`.
    @usableFromInline var linesSeen = 0
    public var lineNumber: Int { linesSeen }

    public init() {}

    /// Calls `body` with each complete line in `chunk` and its 1-based number.
    /// Inlinable, so that a caller's `body` is inlined into the loop: called through its
    /// context, the call cost more than the loop's own work.
    @inlinable
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        guard let base = chunk.baseAddress else { return }
        var start = 0
        let count = chunk.count
        // memchr finds each line break with wide loads, far faster than a byte loop.
        while start < count, let found = memchr(base + start, 0x0A, count - start) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            linesSeen += 1
            if partial.isEmpty {
                try body(UnsafeBufferPointer(rebasing: chunk[start..<end]), linesSeen)
            } else {
                partial.append(contentsOf: chunk[start..<end])
                try partial.withUnsafeBufferPointer { try body($0, linesSeen) }
                partial.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        if start < count { partial.append(contentsOf: chunk[start..<count]) }
    }

    /// Calls `body` with the last line if the input did not end with a line break.
    public mutating func finish(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        guard !partial.isEmpty else { return }
        linesSeen += 1
        try partial.withUnsafeBufferPointer { try body($0, linesSeen) }
        partial.removeAll()
    }
}
