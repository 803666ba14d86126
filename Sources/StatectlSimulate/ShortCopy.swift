// `copyBytes(from:byteCount:)` is in StatectlParse, the lowest module: the lexer copies names with it.

extension UnsafeMutableRawPointer {
    /// A block of `capacity` bytes holding this block's first `count`, this one freed: how
    /// the identity encoder and a call's text grow their raw blocks.
    func movedToLarger(count: Int, capacity: Int) -> UnsafeMutableRawPointer {
        let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        larger.copyMemory(from: self, byteCount: count)
        deallocate()
        return larger
    }
}
