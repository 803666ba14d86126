/// The machine's configured views by key: the library's `viewStore`.
///
/// Views of the library's four keys with no insets and serials below 2¹⁶ are packed into
/// one word, a key's serial in its slot (0: not packed); every other view is kept in a
/// dictionary, made when the first one comes. Every store explore meets with the default
/// events packs whole (the model starts with empty, error and loading, no insets), and
/// copying a word is all a machine's copy then costs for its store, where the dictionary was
/// retained and released on every event. In a run whose custom views spill into the
/// dictionary, a job showing one of the library's states still finds its view in the word,
/// without hashing the key.
struct ViewStore {
    /// Slot i (bits 16i..16i+15) for library key i (`libraryKeyIndex`).
    private var packed: UInt64 = 0
    /// The views that do not pack; a key is in the word or here, never both.
    private var spilled: [String: StoredView]?

    private static let largestPackedSerial = (1 << 16) - 1

    init() {}

    /// The spilled storage's reference as a number, 0 when none (an optional collection is
    /// one reference, nil as null): `ViewStateMachine.holdsReferences` ors these instead of
    /// testing each apart. Safe: `unsafeBitCast` traps if the sizes differ, and a reference
    /// is never 0, so at worst (nil not 0) a model is taken for one holding references.
    var referenceBits: UInt { unsafeBitCast(spilled, to: UInt.self) }

    var count: Int { (spilled?.count ?? 0) + (0..<4).reduce(0) { $0 + (slot($1) != 0 ? 1 : 0) } }

    private func slot(_ index: Int) -> Int { Int(truncatingIfNeeded: packed >> (16 * index)) & 0xFFFF }

    private func packedView(_ index: Int) -> StoredView? {
        let serial = slot(index)
        return serial == 0 ? nil : StoredView(serial: serial)
    }

    private mutating func setSlot(_ index: Int, serial: Int) {
        packed = packed & ~(0xFFFF << (16 * index)) | UInt64(serial) << (16 * index)
    }

    /// The largest serial of the store's views when they are all packed (0 for none), as
    /// reading the store back finds it; nil when some spilled.
    @inline(__always)
    var packedLargestSerial: Int? {
        guard spilled == nil else { return nil }
        return max(max(slot(0), slot(1)), max(slot(2), slot(3)))
    }

    /// The serial of library key `index`'s view if it is packed in the word (no insets),
    /// else 0: explore reading back a store's views, without the dictionary touched.
    @inline(__always)
    func packedSerial(libraryKey index: Int) -> Int { slot(index) }

    subscript(key: String) -> StoredView? {
        if let index = libraryKeyIndex(key), let view = packedView(index) { return view }
        return spilled?[key]
    }

    /// The view for a state's key, nil for `.none`: a library key's without making or
    /// hashing its text, unless it had to spill.
    @inline(__always)
    func view(for state: MachineState) -> StoredView? {
        if let code = state.libraryCode {
            if code == 0 { return nil }
            if let view = packedView(Int(code) - 1) { return view }
        }
        guard spilled != nil, let key = state.keyOrNil else { return nil }
        return spilled![key]
    }

    /// Whether any view spilled into the dictionary: a custom key's view can only be there.
    var hasSpilled: Bool { spilled != nil }

    /// The view for a custom key (one that is not the library's), which only the dictionary holds.
    func view(forCustomKey key: String) -> StoredView? { spilled?[key] }

    @discardableResult
    mutating func updateValue(_ view: StoredView, forKey key: String) -> StoredView? {
        guard let index = libraryKeyIndex(key) else {
            if spilled == nil { spilled = [:] }
            return spilled!.updateValue(view, forKey: key)
        }
        let old = packedView(index) ?? spilled?.removeValue(forKey: key)
        if view.serial > 0, view.serial <= Self.largestPackedSerial, view.top == 0, view.left == 0, view.bottom == 0, view.right == 0 {
            setSlot(index, serial: view.serial)
        } else {
            setSlot(index, serial: 0)
            if spilled == nil { spilled = [:] }
            spilled![key] = view
        }
        return old
    }

    @discardableResult
    mutating func removeValue(forKey key: String) -> StoredView? {
        if let index = libraryKeyIndex(key), let old = packedView(index) {
            setSlot(index, serial: 0)
            return old
        }
        return spilled?.removeValue(forKey: key)
    }

    /// The views with their keys, in no particular order.
    var elements: [(key: String, value: StoredView)] {
        var elements = (0..<4).compactMap { index in packedView(index).map { (key: libraryKey(index), value: $0) } }
        if let spilled { elements += spilled.map { (key: $0.key, value: $0.value) } }
        return elements
    }
}
