/// The numbers of short byte strings (up to 16 bytes) met lately, direct-mapped: the
/// observable states' set (`PackedSet`) answers what this does not hold. Every new
/// configuration looks up its observable state, one of a few hundred, and the set's hash,
/// call and compare cost several times a look-up here: two words and the length, one
/// multiply, one slot. A slot holds the last string that mapped to it.
///
/// Raw memory (`DirectMappedSlots`): it is read on every new configuration.
struct ShortKeyCache: ~Copyable {
    struct Slot {
        /// The string's first eight bytes and last eight, overlapping when it is shorter
        /// than 16 (for a string of 1 to 7 bytes, `tailWord`'s word and 0): with the
        /// length, they are the string.
        var first: UInt64
        var last: UInt64
        /// The length + 1; 0 for an empty slot.
        var lengthPlusOne: Int32
        var number: Int32
    }

    private static let slotBits = DirectMappedSlots<Slot>.bits
    private let slots = DirectMappedSlots(empty: Slot(first: 0, last: 0, lengthPlusOne: 0, number: 0))

    /// The number cached for `bytes`, if it is.
    @inline(__always)
    func number(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard let (first, last) = Self.words(bytes) else { return nil }
        let slot = slots[Self.slot(first, last, bytes.count)]
        guard slot.lengthPlusOne == Int32(truncatingIfNeeded: bytes.count &+ 1), slot.first == first, slot.last == last else { return nil }
        return Int(slot.number)
    }

    /// Caches `number` for `bytes`, when they are short enough and the number small enough.
    func keep(_ number: Int, for bytes: UnsafeRawBufferPointer) {
        guard let (first, last) = Self.words(bytes), number <= Int(Int32.max) else { return }
        slots[Self.slot(first, last, bytes.count)] = Slot(first: first, last: last, lengthPlusOne: Int32(bytes.count + 1), number: Int32(number))
    }

    @inline(__always)
    private static func words(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64)? {
        let count = bytes.count
        guard count > 0, count <= 16, let base = bytes.baseAddress else { return nil }
        if count >= 8 {
            return (base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
        return (tailWord(base, count), 0)
    }

    @inline(__always)
    private static func slot(_ first: UInt64, _ last: UInt64, _ count: Int) -> Int {
        let mixed = (first ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15 ^ last &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed >> (64 - slotBits))
    }
}

/// The numbers of observable states by the model's `observableWord`, direct-mapped, in front
/// of `ShortKeyCache`: a hit skips encoding the state (about a hundred instructions for
/// StatefulViewController) as well as the look-up of its bytes. A slot holds the last word
/// that mapped to it, whole, so a hit is exact; words are nonzero, so 0 is an empty slot.
///
/// Raw memory (`DirectMappedSlots`): it is read on every new configuration.
struct ObservableWordCache: ~Copyable {
    struct Slot {
        var word: UInt64
        var number: Int
        /// Bit 1 (settled) or 0 (not): the search has checked the properties on the state
        /// with that settledness (`markChecked`).
        var checked: UInt8
    }

    private static let slotBits = DirectMappedSlots<Slot>.bits
    private let slots = DirectMappedSlots(empty: Slot(word: 0, number: 0, checked: 0))

    /// The number cached for `word` (nonzero), if it is, and whether it was marked checked
    /// for `settled`.
    @inline(__always)
    func number(of word: UInt64, settled: Bool) -> (number: Int, checked: Bool)? {
        let slot = slots[Self.slot(word)]
        guard slot.word == word else { return nil }
        return (slot.number, slot.checked & (settled ? 2 : 1) != 0)
    }

    func keep(_ number: Int, for word: UInt64) {
        slots[Self.slot(word)] = Slot(word: word, number: number, checked: 0)
    }

    /// Notes that the state cached for `word`, if it still is, was checked when `settled`.
    @inline(__always)
    func markChecked(_ word: UInt64, settled: Bool) {
        let index = Self.slot(word)
        var slot = slots[index]
        guard slot.word == word else { return }
        slot.checked |= settled ? 2 : 1
        slots[index] = slot
    }

    @inline(__always)
    private static func slot(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
    }
}

/// The 1,024 slots of a direct-mapped cache in raw memory, each read and written whole,
/// freed with the table (noncopyable): an array's uniqueness and bounds checks cost about
/// what the look-up does.
struct DirectMappedSlots<Slot>: ~Copyable {
    static var bits: Int { 10 }
    private let base: UnsafeMutablePointer<Slot>

    init(empty: Slot) {
        base = .allocate(capacity: 1 << Self.bits)
        base.initialize(repeating: empty, count: 1 << Self.bits)
    }

    deinit { base.deallocate() }

    /// `index` is below 1 << `bits`: a hash's top bits.
    subscript(index: Int) -> Slot {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }
}
