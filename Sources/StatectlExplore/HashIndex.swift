/// Small numbers by 64-bit key (observable transitions, packed): open addressing, the key
/// mixed once. Explore looks one up on every step, where `Dictionary` hashed each key
/// through `Hasher` at several times the cost.
struct HashIndex {
    private var keys: [UInt64]
    /// The number, or -1 for an empty slot.
    private var numbers: [Int]
    private var mask: Int
    private(set) var count = 0

    init() {
        keys = Array(repeating: 0, count: 16)
        numbers = Array(repeating: -1, count: 16)
        mask = 15
    }

    /// The number stored for `key`; else stores `next` and returns it, inserted.
    mutating func number(for key: UInt64, orInsert next: Int) -> (number: Int, inserted: Bool) {
        var slot = Self.slot(of: key, mask: mask)
        while numbers[slot] >= 0 {
            if keys[slot] == key { return (numbers[slot], false) }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        numbers[slot] = next
        count += 1
        if count * 2 > numbers.count { grow() }
        return (next, true)
    }

    private static func slot(of key: UInt64, mask: Int) -> Int {
        // Fibonacci hashing: the multiply spreads packed small numbers over the high bits.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        let size = numbers.count * 2
        var largerKeys = [UInt64](repeating: 0, count: size)
        var largerNumbers = [Int](repeating: -1, count: size)
        let newMask = size - 1
        for slot in numbers.indices where numbers[slot] >= 0 {
            var target = Self.slot(of: keys[slot], mask: newMask)
            while largerNumbers[target] >= 0 { target = (target + 1) & newMask }
            largerKeys[target] = keys[slot]
            largerNumbers[target] = numbers[slot]
        }
        keys = largerKeys
        numbers = largerNumbers
        mask = newMask
    }
}
