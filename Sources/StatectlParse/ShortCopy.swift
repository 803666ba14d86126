extension UnsafeMutableRawPointer {
    /// Copies `byteCount` bytes from `source`, as `copyMemory` does; up to 32 bytes as loads
    /// and stores of words that overlap as much as they must. Record fields and log pieces
    /// are mostly a few bytes (a log line's columns 17 and 18; a name the lexer makes a
    /// string of), and a call to memcpy cost more than copying them; where the count is a
    /// constant (a literal's length) the branches fold away.
    @inlinable @inline(__always)
    public func copyBytes(from source: UnsafeRawPointer, byteCount: Int) {
        if byteCount > 32 {
            copyMemory(from: source, byteCount: byteCount)
        } else if byteCount > 16 {
            let head = (source.loadUnaligned(as: UInt64.self), source.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let tail = (source.loadUnaligned(fromByteOffset: byteCount &- 16, as: UInt64.self),
                        source.loadUnaligned(fromByteOffset: byteCount &- 8, as: UInt64.self))
            storeBytes(of: head.0, as: UInt64.self)
            storeBytes(of: head.1, toByteOffset: 8, as: UInt64.self)
            storeBytes(of: tail.0, toByteOffset: byteCount &- 16, as: UInt64.self)
            storeBytes(of: tail.1, toByteOffset: byteCount &- 8, as: UInt64.self)
        } else if byteCount >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: byteCount &- 8, as: UInt64.self)
            storeBytes(of: head, as: UInt64.self)
            storeBytes(of: tail, toByteOffset: byteCount &- 8, as: UInt64.self)
        } else if byteCount >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: byteCount &- 4, as: UInt32.self)
            storeBytes(of: head, as: UInt32.self)
            storeBytes(of: tail, toByteOffset: byteCount &- 4, as: UInt32.self)
        } else if byteCount >= 2 {
            let head = source.loadUnaligned(as: UInt16.self)
            let tail = source.loadUnaligned(fromByteOffset: byteCount &- 2, as: UInt16.self)
            storeBytes(of: head, as: UInt16.self)
            storeBytes(of: tail, toByteOffset: byteCount &- 2, as: UInt16.self)
        } else if byteCount == 1 {
            storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        }
    }
}

