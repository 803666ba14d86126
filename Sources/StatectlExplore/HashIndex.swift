/// How many times each 64-bit key (observable transitions, packed) was counted: open
/// addressing, the key mixed once. Explore counts one on every step its dense table does not
/// take (`TransitionCounts`), where `Dictionary` hashed each key through `Hasher` at several
/// times the cost. The order keys were first counted in is the caller's to keep.
///
/// Each slot is the key and its count side by side, so that a probe reads one cache line
/// and counting writes it. Raw memory, freed with the index (noncopyable): an array checked
/// its uniqueness on every count.
struct HashIndex: ~Copyable {
    private struct Slot {
        var key: UInt64
        /// 0 for an empty slot.
        var count: Int
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private(set) var count = 0

    init() {
        mask = 15
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: Slot(key: 0, count: 0), count: mask + 1)
    }

    deinit { slots.deallocate() }

    /// Counts `key` once more; whether it was counted for the first time.
    mutating func count(_ key: UInt64) -> Bool {
        var slot = Self.slot(of: key, mask: mask)
        while slots[slot].count != 0 {
            if slots[slot].key == key {
                slots[slot].count &+= 1
                return false
            }
            slot = (slot &+ 1) & mask
        }
        slots[slot] = Slot(key: key, count: 1)
        count += 1
        if count * 2 > mask + 1 { grow() }
        return true
    }

    /// How many times `key` was counted.
    func count(of key: UInt64) -> Int {
        var slot = Self.slot(of: key, mask: mask)
        while slots[slot].count != 0 {
            if slots[slot].key == key { return slots[slot].count }
            slot = (slot &+ 1) & mask
        }
        return 0
    }

    private static func slot(of key: UInt64, mask: Int) -> Int {
        // Fibonacci hashing: the multiply spreads packed small numbers over the high bits.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        let size = (mask + 1) * 2
        let larger = UnsafeMutablePointer<Slot>.allocate(capacity: size)
        larger.initialize(repeating: Slot(key: 0, count: 0), count: size)
        let newMask = size - 1
        for old in 0...mask where slots[old].count != 0 {
            var target = Self.slot(of: slots[old].key, mask: newMask)
            while larger[target].count != 0 { target = (target + 1) & newMask }
            larger[target] = slots[old]
        }
        slots.deallocate()
        slots = larger
        mask = newMask
    }
}
