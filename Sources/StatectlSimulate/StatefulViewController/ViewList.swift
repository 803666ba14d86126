/// A list of placeholder views, as the view state machine keeps those on screen and those
/// forgotten while on screen.
///
/// Up to four views of the library's keys, with serials below 2¹², are packed into one
/// word; any other list spills into an array. Explore copies the machine for every event
/// and nearly every list it meets packs: copying one copies a word, where an array was
/// retained and released, and copied and freed when the step changed it.
struct ViewList: RandomAccessCollection {
    /// Slot i in bits 14i..14i+13: the key's library number (`libraryKeyIndex`) in the low
    /// two bits, the serial above them; the count in bits 56–58. One word, not two: explore
    /// moves the machine, three lists included, several times a step.
    private var packed: UInt64 = 0
    /// The list, while it does not pack; then `packed` is unused.
    private var spilled: [PlaceholderView]?

    private static let capacity = 4
    /// The most views the list holds packed.
    static var packedCapacity: Int { capacity }
    private static let largestSerial = (1 << 12) - 1
    private static let slotBits = 14
    private static let slotMask: UInt64 = (1 << 14) - 1
    private static let countShift: UInt64 = 56

    private var packedCount: Int { Int(truncatingIfNeeded: packed >> Self.countShift) }
    /// The packed slots without the count.
    private var slots: UInt64 { packed & ((1 << Self.countShift) - 1) }

    init() {}

    /// The spilled storage's reference as a number, 0 when none (an optional collection is
    /// one reference, nil as null): `ViewStateMachine.holdsReferences` ors these instead of
    /// testing each apart. Safe: `unsafeBitCast` traps if the sizes differ, and a reference
    /// is never 0, so at worst (nil not 0) a model is taken for one holding references.
    var referenceBits: UInt { unsafeBitCast(spilled, to: UInt.self) }

    /// Empty and not spilled, in one test: a packed list's word is 0 exactly when it is empty
    /// (slots past the count are 0). A spilled list, empty or not, is false: explore's
    /// identities then take their general way, which writes the same bytes.
    var isEmptyAndPacked: Bool { UInt(truncatingIfNeeded: packed) | referenceBits == 0 }

    var startIndex: Int { 0 }
    var endIndex: Int { spilled?.count ?? packedCount }

    subscript(index: Int) -> PlaceholderView {
        if let spilled { return spilled[index] }
        precondition(index >= 0 && index < packedCount, "ViewList index out of range")
        let slot = Int(truncatingIfNeeded: packedSlot(index))
        return PlaceholderView(key: libraryKey(slot & 3), serial: slot >> 2)
    }

    /// The view's slot, or nil when it does not pack.
    private static func slot(_ view: PlaceholderView) -> UInt64? {
        guard view.serial >= 0, view.serial <= largestSerial, let code = libraryKeyIndex(view.key) else { return nil }
        return UInt64(view.serial << 2 | code)
    }

    /// Slot `index` (below the count, at most 4): masking shifts, as the amount is below 64,
    /// where the smart shift tested for wide and negative amounts in every loop over slots.
    private func packedSlot(_ index: Int) -> UInt64 { (packed &>> (Self.slotBits &* index)) & Self.slotMask }

    /// Calls `body` with each view's library key number (`libraryKeyIndex`), in order, and
    /// returns true; returns false, calling nothing, when the list is spilled. Identities
    /// write these numbers for every step, without making the keys.
    @inline(__always)
    func forEachPackedKey(_ body: (UInt8) -> Void) -> Bool {
        guard let keys = packedKeys else { return false }
        Self.forEachKey(inPacked: keys, body)
        return true
    }

    /// How many views a `packedKeys` word holds.
    @inline(__always)
    static func count(ofPacked keys: UInt64) -> Int { Int(truncatingIfNeeded: keys &>> countShift) }

    /// `forEachPackedKey` over a `packedKeys` word already read: a caller writing between
    /// the calls would have the list's word read again (its stores might reach the list,
    /// for all the compiler knows), with the test for spilled.
    @inline(__always)
    static func forEachKey(inPacked keys: UInt64, _ body: (UInt8) -> Void) {
        for index in 0..<count(ofPacked: keys) {
            body(UInt8(truncatingIfNeeded: keys &>> (UInt64(slotBits) &* UInt64(index))) & 3)
        }
    }

    /// The packed word without the serials: the views' library key numbers in bits 14i and
    /// 14i+1, the count in bits 56–58; nil when the list is spilled. Slots past the count are
    /// 0 as every change leaves them (were one not, two equal lists would only differ here).
    /// As `forEachPackedKey`, without the loop: explore reads it for every configuration it
    /// finds.
    @inline(__always)
    var packedKeys: UInt64? {
        guard spilled == nil else { return nil }
        return packed & 0x0700_0C00_3000_C003  // bits 0–1, 14–15, 28–29, 42–43; 56–58
    }

    func contains(_ view: PlaceholderView) -> Bool { firstIndex(of: view) != nil }

    func firstIndex(of view: PlaceholderView) -> Int? {
        if let spilled { return spilled.firstIndex(of: view) }
        // Empty (the forgotten views, as good as always) before the view's key is looked
        // at: a custom key's is compared as text.
        guard packed != 0, let slot = Self.slot(view) else { return nil }
        for index in 0..<packedCount where packedSlot(index) == slot { return index }
        return nil
    }

    mutating func append(_ view: PlaceholderView) {
        insert(view, at: endIndex)
    }

    /// Appends the view of library key `code` (`libraryKeyIndex`) with `serial`, without
    /// making or reading its key when it packs: identities are read back this way.
    mutating func append(libraryKey code: Int, serial: Int) {
        guard spilled == nil, packedCount < Self.capacity,
              let slot = Self.packedSlot(libraryKey: code, serial: serial, at: packedCount) else {
            append(PlaceholderView(key: libraryKey(code), serial: serial))
            return
        }
        packed = (packed | slot) + (1 << Self.countShift)
    }

    /// The view of library key `code` (`libraryKeyIndex`) with `serial` as slot `index`
    /// (below `packedCapacity`) of a packed list, to or into the other slots; nil if the
    /// serial does not pack.
    @inline(__always)
    static func packedSlot(libraryKey code: Int, serial: Int, at index: Int) -> UInt64? {
        guard serial >= 0, serial <= largestSerial else { return nil }
        return UInt64(serial << 2 | code) << (slotBits &* index)
    }

    /// The packed list of the first `count` slots (`packedSlot(libraryKey:serial:at:)`),
    /// or'ed together: identities are read back this way, without `append`'s tests for a
    /// spilled or full list on every view.
    init(packedSlots slots: UInt64, count: Int) {
        precondition(count >= 0 && count <= Self.capacity, "ViewList packs at most four views")
        packed = slots | UInt64(count) << Self.countShift
    }

    mutating func insert(_ view: PlaceholderView, at index: Int) {
        if spilled != nil {
            precondition(index >= 0 && index <= spilled!.count, "ViewList index out of range")
            // Appended, then swapped back into place (a view goes at or near the end, its
            // list a few long): `Array.insert` went through the general `replaceSubrange`,
            // about 130 instructions a view.
            spilled!.append(view)
            var at = spilled!.count - 1
            while at > index {
                spilled!.swapAt(at, at - 1)
                at -= 1
            }
            return
        }
        precondition(index >= 0 && index <= packedCount, "ViewList index out of range")
        guard packedCount < Self.capacity, let slot = Self.slot(view) else {
            spill(inserting: view, at: index)
            return
        }
        insertPacked(slot, at: index)
    }

    /// The packed list as an array with `view` at `index`, spilled. Made view by view, with
    /// room for a few more: `Array(self)` and `Array.insert` went through the generic copy
    /// and `replaceSubrange`, about 900 instructions, at every custom view a run shows.
    @inline(never)
    private mutating func spill(inserting view: PlaceholderView, at index: Int) {
        var views: [PlaceholderView] = []
        views.reserveCapacity(2 * Self.capacity)
        for position in 0..<packedCount {
            if position == index { views.append(view) }
            views.append(self[position])
        }
        if index == packedCount { views.append(view) }
        self = ViewList(spilled: views)
    }

    /// Puts `slot` at `index` of the packed list, which has room for it.
    @inline(__always)
    private mutating func insertPacked(_ slot: UInt64, at index: Int) {
        let at = Self.slotBits * index, below = slots & ((1 << at) - 1)
        let above = (slots & ~((1 << at) - 1)) << Self.slotBits
        packed = UInt64(packedCount + 1) << Self.countShift | above | slot << at | below
    }

    /// Inserts the view before the first that follows it in order of key, then serial: the
    /// order the machine keeps its views on screen in. Packed keys compare by number, each
    /// library key's place in text order (content, empty, error, loading).
    mutating func insertInOrder(_ view: PlaceholderView) {
        if spilled == nil, let slot = Self.slot(view) {
            let rank = Self.orderRank(slot)
            var index = 0
            while index < packedCount, Self.orderRank(packedSlot(index)) <= rank { index += 1 }
            insert(view, at: index)
        } else {
            insert(view, at: firstIndex { ($0.key, $0.serial) > (view.key, view.serial) } ?? endIndex)
        }
    }

    /// `insertInOrder`, unless the list holds the view already; a packed list looks at the
    /// view's key once (a job beginning asked three times).
    mutating func insertInOrderIfAbsent(_ view: PlaceholderView) {
        guard spilled == nil, packedCount < Self.capacity, let slot = Self.slot(view) else {
            if spilled != nil {
                // One walk for both: `contains`, then `insertInOrder`'s search, walked the list
                // twice, comparing keys as tuples (each a call to compare the strings).
                guard let index = Self.orderIndex(ifAbsent: view, in: spilled!) else { return }
                insert(view, at: index)
            } else if !contains(view) {
                insertInOrder(view)
            }
            return
        }
        insertPackedInOrderIfAbsent(slot)
    }

    /// `insertInOrderIfAbsent` of a view whose key is not the library's (a job showing a
    /// custom state's view): it never packs, so a packed list spills at once, the view put
    /// before the first library view whose key follows its own. Through the general way, the
    /// key was looked up among the library's four at every step (`slot`), and the list walked
    /// three times, about 500 instructions a custom view shown.
    @inline(never)
    mutating func insertInOrderIfAbsent(customView view: PlaceholderView) {
        guard spilled == nil else {
            guard let index = Self.orderIndex(ifAbsent: view, in: spilled!) else { return }
            insert(view, at: index)
            return
        }
        // Keys differ (the view's is not the library's), so the serial never decides.
        var index = 0
        while index < packedCount, libraryKey(Int(packedSlot(index) & 3)) < view.key { index += 1 }
        spill(inserting: view, at: index)
    }

    /// Where `insertInOrder` puts the view in a spilled list (before the first view that
    /// follows it in order of key, then serial), or nil when the list holds it.
    private static func orderIndex(ifAbsent view: PlaceholderView, in views: [PlaceholderView]) -> Int? {
        var at = views.count
        for index in views.indices.reversed() {
            let other = views[index]
            if other.key == view.key {
                if other.serial == view.serial { return nil }
                if other.serial > view.serial { at = index }
            } else if other.key > view.key {
                at = index
            }
        }
        return at
    }

    /// `insertInOrderIfAbsent` of the view with library key `code` (`libraryKeyIndex`) and
    /// `serial`, without its key made: a job beginning retained and released the key's text.
    mutating func insertInOrderIfAbsent(libraryKey code: Int, serial: Int) {
        guard spilled == nil, packedCount < Self.capacity, serial >= 0, serial <= Self.largestSerial else {
            insertInOrderIfAbsent(PlaceholderView(key: libraryKey(code), serial: serial))
            return
        }
        insertPackedInOrderIfAbsent(UInt64(serial << 2 | code))
    }

    @inline(__always)
    private mutating func insertPackedInOrderIfAbsent(_ slot: UInt64) {
        let rank = Self.orderRank(slot)
        var at = packedCount
        for index in (0..<packedCount).reversed() {
            let other = packedSlot(index)
            if other == slot { return }
            if Self.orderRank(other) > rank { at = index }
        }
        insertPacked(slot, at: at)
    }

    /// Removes every view whose key is not library key `kept` (`libraryKeyIndex`; nil
    /// keeps none), calling `removed` with each removed view's key number in order; false,
    /// changing nothing, when the list is spilled. A job's completion clears the views
    /// on screen this way when none was forgotten, without making their keys.
    @inline(__always)
    mutating func removePacked(keeping kept: Int?, removed: (Int) -> Void) -> Bool {
        guard spilled == nil else { return false }
        var keptSlots: UInt64 = 0, keptCount = 0
        for index in 0..<packedCount {
            let slot = packedSlot(index)
            if let kept, Int(slot & 3) == kept {
                keptSlots |= slot &<< (Self.slotBits &* keptCount)
                keptCount += 1
            } else {
                removed(Int(slot & 3))
            }
        }
        packed = UInt64(keptCount) << Self.countShift | keptSlots
        return true
    }

    /// A packed view's place in order of key text, then serial.
    private static func orderRank(_ slot: UInt64) -> UInt64 {
        // Library number (content 0, loading 1, error 2, empty 3) to place in text order.
        let textOrder: UInt64 = 0b01_10_11_00
        return (textOrder >> (2 * (slot & 3)) & 3) << Self.slotBits | slot >> 2
    }

    @discardableResult
    mutating func remove(at index: Int) -> PlaceholderView {
        if spilled != nil {
            // The last view (often the only one) taken off the end: `Array.remove(at:)`
            // moved the elements after it with a call to memmove even when there were none.
            let view = index == spilled!.count - 1 ? spilled!.removeLast() : spilled!.remove(at: index)
            // Emptied, the list packs again (`packed` is 0 while spilled): a run that shows a
            // custom view now and then spilled at the first and for good, and every later job
            // took the array's way, its keys retained and compared as text.
            if spilled!.isEmpty { spilled = nil }
            return view
        }
        let view = self[index]
        let at = Self.slotBits * index, below = slots & ((1 << at) - 1)
        let above = (slots >> (at + Self.slotBits)) << at
        packed = UInt64(packedCount - 1) << Self.countShift | above | below
        return view
    }

    /// Empties the list, packed again.
    mutating func removeAll() {
        self = ViewList()
    }

    private init(spilled: [PlaceholderView]) { self.spilled = spilled }
}
