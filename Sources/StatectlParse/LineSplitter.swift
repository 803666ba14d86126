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
        var start = 0
        var index = 0
        let count = chunk.count
        while index < count {
            if chunk[index] == 0x0A {
                lineNumber += 1
                if partial.isEmpty {
                    try body(UnsafeBufferPointer(rebasing: chunk[start..<index]), lineNumber)
                } else {
                    partial.append(contentsOf: chunk[start..<index])
                    try partial.withUnsafeBufferPointer { try body($0, lineNumber) }
                    partial.removeAll(keepingCapacity: true)
                }
                start = index + 1
            }
            index += 1
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
