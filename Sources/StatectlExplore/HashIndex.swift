/// Small numbers by 64-bit key (observable transitions, packed): open addressing, the key
/// mixed once. Explore looks one up on every step, where `Dictionary` hashed each key
/// through `Hasher` at several times the cost.
///
/// Each slot is the key and its number side by side, so that a probe reads one cache line.
struct HashIndex {
    private struct Slot {
        var key: UInt64
        /// The number + 1; 0 for an empty slot.
        var numberPlusOne: Int
    }

    private var slots: [Slot]
    private var mask: Int
    private(set) var count = 0

    init() {
        slots = Array(repeating: Slot(key: 0, numberPlusOne: 0), count: 16)
        mask = 15
    }

    /// The number stored for `key`; else stores `next` and returns it, inserted.
    mutating func number(for key: UInt64, orInsert next: Int) -> (number: Int, inserted: Bool) {
        var slot = Self.slot(of: key, mask: mask)
        // Found on nearly every step: read without making the array unique.
        let found: Int? = slots.withUnsafeBufferPointer { slots in
            while slots[slot].numberPlusOne != 0 {
                if slots[slot].key == key { return slots[slot].numberPlusOne &- 1 }
                slot = (slot &+ 1) & mask
            }
            return nil
        }
        if let found { return (found, false) }
        slots[slot] = Slot(key: key, numberPlusOne: next + 1)
        count += 1
        if count * 2 > slots.count { grow() }
        return (next, true)
    }

    private static func slot(of key: UInt64, mask: Int) -> Int {
        // Fibonacci hashing: the multiply spreads packed small numbers over the high bits.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        let size = slots.count * 2
        var larger = [Slot](repeating: Slot(key: 0, numberPlusOne: 0), count: size)
        let newMask = size - 1
        for entry in slots where entry.numberPlusOne != 0 {
            var target = Self.slot(of: entry.key, mask: newMask)
            while larger[target].numberPlusOne != 0 { target = (target + 1) & newMask }
            larger[target] = entry
        }
        slots = larger
        mask = newMask
    }
}
