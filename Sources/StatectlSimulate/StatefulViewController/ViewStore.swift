/// The machine's configured views by key: the library's `viewStore`.
///
/// Views of the library's four keys with no insets and serials below 2¹⁶ are packed into
/// one word, a key's serial in its slot (0: not in the store). A store holding any other
/// view spills into a dictionary, which then holds every view. Every store explore meets
/// with the default events packs (the model starts with empty, error and loading, no
/// insets), and copying a word is all a machine's copy then costs for its store, where the
/// dictionary was retained and released on every event.
struct ViewStore {
    /// Slot i (bits 16i..16i+15) for library key i (`libraryKeyIndex`).
    private var packed: UInt64 = 0
    private var spilled: [String: StoredView]?

    private static let largestPackedSerial = (1 << 16) - 1

    init() {}

    var count: Int { spilled?.count ?? (0..<4).reduce(0) { $0 + (slot($1) != 0 ? 1 : 0) } }

    private func slot(_ index: Int) -> Int { Int(truncatingIfNeeded: packed >> (16 * index)) & 0xFFFF }

    private func packedView(_ index: Int) -> StoredView? {
        let serial = slot(index)
        return serial == 0 ? nil : StoredView(serial: serial, insets: .zero)
    }

    subscript(key: String) -> StoredView? {
        if let spilled { return spilled[key] }
        guard let index = libraryKeyIndex(key) else { return nil }
        return packedView(index)
    }

    /// The view for a state's key, nil for `.none`: a library key's without making or
    /// hashing its text.
    func view(for state: MachineState) -> StoredView? {
        if spilled == nil, let code = state.libraryCode {
            return code == 0 ? nil : packedView(Int(code) - 1)
        }
        return state.keyOrNil.flatMap { self[$0] }
    }

    @discardableResult
    mutating func updateValue(_ view: StoredView, forKey key: String) -> StoredView? {
        if spilled == nil, let index = libraryKeyIndex(key), view.serial > 0, view.serial <= Self.largestPackedSerial,
           view.top == 0, view.left == 0, view.bottom == 0, view.right == 0 {
            let old = packedView(index)
            packed = packed & ~(0xFFFF << (16 * index)) | UInt64(view.serial) << (16 * index)
            return old
        }
        spill()
        return spilled!.updateValue(view, forKey: key)
    }

    @discardableResult
    mutating func removeValue(forKey key: String) -> StoredView? {
        if spilled != nil { return spilled!.removeValue(forKey: key) }
        guard let index = libraryKeyIndex(key) else { return nil }
        let old = packedView(index)
        packed &= ~(0xFFFF << (16 * index))
        return old
    }

    /// The views with their keys, in no particular order.
    var elements: [(key: String, value: StoredView)] {
        if let spilled { return spilled.map { ($0.key, $0.value) } }
        return (0..<4).compactMap { index in packedView(index).map { (libraryKey(index), $0) } }
    }

    private mutating func spill() {
        guard spilled == nil else { return }
        var views: [String: StoredView] = [:]
        for (key, view) in elements { views[key] = view }
        packed = 0
        spilled = views
    }
}
