/// What explore tells StatefulViewController configurations apart by (docs/explore.md).
///
/// In: the release (master or 3.0.1), hasContent, currentState, lastState, whether the
/// container is shown, the views on screen, the queue of (target, animated, has
/// completion) in order, the job in flight with its remaining time, the configured views
/// (addView/removeView change them), the views removed or replaced while on screen (on
/// master, those the job in flight's store snapshot still holds), and the bounds. Out:
/// completions, dropped, unobtrusiveErrors (counters), job ids, absolute times; view
/// serials only by rank.
extension StatefulViewControllerModel: ExplorableModel {
    public static func defaultEvents(known: KnownNames) -> [String] {
        ["start", "start(animated: true)", "end", "end(error: \"e\")", "setup",
         "hasContent = true", "hasContent = false", "wait 100ms", "wait 300ms"]
    }

    public static let counters = ["completions", "dropped", "unobtrusiveErrors"]
    /// Finishing only runs queued jobs; the tree is walked by calls, in turns.
    public static let decidesWhileFinishing = false

    public var pendingWork: Int { machine.pending }
    public var isSettled: Bool { machine.pending == 0 && !machine.hasInFlight }
    /// Nearly every configuration explore meets: nothing spilled. (A test walks the
    /// model's stored properties to keep this true as they change.)
    public var isPlainData: Bool { !machine.holdsReferences }

    public func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64) {
        var machine = machine
        machine.encodeIdentity(into: &encoder, now: now, hasContent: hasContent)
    }

    @inline(__always)
    public mutating func encodeIdentityInPlace(into encoder: inout IdentityEncoder, now: Int64) {
        machine.encodeIdentity(into: &encoder, now: now, hasContent: hasContent)
    }

    /// The machine's `stateName` as `addViewKey` writes it, without making the name.
    private static func addStateName(_ state: MachineState, to encoder: inout IdentityEncoder) {
        switch state.libraryCode {
        case 0: encoder.add(0)  // content
        case let code?: encoder.add(Int(code) - 1)
        case nil: encoder.addViewKey(state.keyOrNil!)
        }
    }

    /// state, lastState, visible, hasContent, pending, transitioning, containerShown (on
    /// 3.0.1 always false, so it splits nothing): `observe`'s readings, states by name.
    @inline(__always)
    public mutating func encodeObservable(into encoder: inout IdentityEncoder) -> Bool {
        if encodeCommonObservable(into: &encoder) { return true }
        encodeAnyObservable(into: &encoder)
        return true
    }

    /// What `encodeCommonObservable` reads, in one word: the views on screen's keys and
    /// count (none when not visible), the two states' codes, the flags and the pending
    /// count; 0 where it would not write the common form or the count takes more than 12 bits.
    @inline(__always)
    public mutating func observableWord() -> UInt64 {
        let visible = !machine.release.hasContainer || machine.containerShown
        guard let current = machine.currentState.libraryCode, let last = machine.lastState.libraryCode,
              let keys = visible ? machine.container.packedKeys : 0, machine.pending < 4096 else { return 0 }
        // Between the keys' bits (`ViewList.packedKeys`): codes at most 4 in bits 2–7, flags
        // in 8–10, the count in 16–27.
        let states = UInt64(current) << 2 | UInt64(last) << 5
        let flags = (hasContent ? 1 << 8 : 0) | (machine.hasInFlight ? 1 << 9 : 0) | (machine.containerShown ? 1 << 10 : 0) as UInt64
        return keys | states | flags | UInt64(machine.pending) << 16 | 1 << 63
    }

    /// `encodeObservable` in any case; apart, as `encodeAnyIdentity`.
    @inline(never)
    private func encodeAnyObservable(into encoder: inout IdentityEncoder) {
        Self.addStateName(machine.currentState, to: &encoder)
        Self.addStateName(machine.lastState, to: &encoder)
        machine.encodeVisible(into: &encoder)
        encoder.add(hasContent)
        encoder.add(machine.pending)
        encoder.add(machine.hasInFlight)
        encoder.add(machine.containerShown)
    }

    /// What `encodeObservable` writes, the same bytes, when every key is the library's: through
    /// a cursor, as `encodeCommonIdentity`. Explore does this for every configuration it finds.
    @inline(__always)
    private mutating func encodeCommonObservable(into encoder: inout IdentityEncoder) -> Bool {
        let visible = !machine.release.hasContainer || machine.containerShown
        // Two names; a count and a byte a visible view (packed: at most 4); a flag, a count,
        // two flags.
        let maximum = 2 + 1 + ViewList.packedCapacity + 1 + IdentityCursor.longest + 2
        // A state by name: none reads as content, key 0.
        guard let current = machine.currentState.libraryCode, let last = machine.lastState.libraryCode else { return false }
        var cursor = encoder.cursor(maximum: maximum)
        cursor.put(byte: current == 0 ? 0 : (current - 1) << 1)
        cursor.put(byte: last == 0 ? 0 : (last - 1) << 1)
        if visible {
            // One byte, as in `encodeCommonIdentity`: a list that spilled is refused.
            cursor.put(byte: UInt8(truncatingIfNeeded: machine.container.count) &<< 1)
            guard machine.container.forEachPackedKey({ cursor.put(byte: $0 << 1) }) else { return false }
        } else {
            cursor.put(byte: 0)
        }
        cursor.put(byte: hasContent ? 1 : 0)
        cursor.put(machine.pending)
        cursor.put(byte: machine.hasInFlight ? 1 : 0)
        cursor.put(byte: machine.containerShown ? 1 : 0)
        encoder.commit(cursor)
        return true
    }

    public static func decodeIdentity(_ decoder: inout IdentityDecoder) -> Self? {
        ViewStateMachine.decodeIdentity(&decoder)
    }

    public static func decodeIdentity(_ decoder: inout IdentityDecoder, into model: inout Self) -> Bool {
        ViewStateMachine.decodeIdentity(&decoder, into: &model)
    }
}

extension ViewStateMachine {
    // Explore encodes every configuration it reaches, so the common case (no forgotten view,
    // a store read back unchanged) writes no ranks and sorts nothing; both ways write the
    // same bytes for the same configuration.
    //
    // The flags share the current state's byte; the other state takes a byte (a custom key
    // adds its text), the forgotten views nothing unless a flag says so, the waiting requests 5
    // bits each when all are for the library's states: the identity is most of what explore
    // stores per configuration, and it writes one for every step (at `depth 10`, up to nine
    // requests).
    //
    // Mutating only to be read in place (`ExplorableModel.encodeIdentityInPlace`).
    @inline(__always)
    mutating func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64, hasContent: Bool) {
        // The release as a bit: the two differ in whether the store is snapshotted.
        let flags = (hasContent ? 1 : 0) | (release.snapshotsStore ? 2 : 0) | (containerShown ? 4 : 0) | (hasInFlight ? 8 : 0)
        if encodeCommonIdentity(into: &encoder, now: now, flags: UInt8(flags)) { return }
        encodeAnyIdentity(into: &encoder, now: now, flags: UInt8(flags))
    }

    /// `encodeIdentity` in any case. Not inlined: inlined, the common case began by
    /// copying the whole machine for it.
    @inline(never)
    private func encodeAnyIdentity(into encoder: inout IdentityEncoder, now: Int64, flags: UInt8) {
        // 16: views forgotten, whose lists follow the views on screen.
        let forgets = !forgottenOnScreen.isEmpty || !forgottenInFlight.isEmpty
        encoder.add(currentState, flags: (flags | (forgets ? 16 : 0)) << 3)
        encoder.add(lastState, flags: 0)
        if !forgets, let storeComponent, encoder.addComponent(storeComponent) {
            // A view leaves the store only by being forgotten: every view on screen is the
            // store's for its key.
            encoder.add(container.count)
            for view in container { encoder.addView(key: view.key, rankPlusOne: 0) }
        } else {
            encodeStoreAndViews(into: &encoder, forgets: forgets)
        }
        encoder.addQueue(queue)
        if let (job, endsAt) = inFlight {
            encoder.add(job)
            encoder.add(endsAt - now)
        }
    }

    /// What `encodeIdentity` writes, the same bytes, in the common case: the store read back
    /// unchanged, no view forgotten, every key the library's. Written through a cursor with
    /// room made once (a byte a state or job, a few for counts and the remaining time);
    /// false, and nothing written, in any other case.
    @inline(__always)
    private mutating func encodeCommonIdentity(into encoder: inout IdentityEncoder, now: Int64, flags: UInt8) -> Bool {
        guard forgottenOnScreen.isEmptyAndPacked, forgottenInFlight.isEmptyAndPacked, let storeComponent,
              encoder.holds(storeComponent) else { return false }
        // Flags with a state, a state, two counts; two numbers; two bytes a view, packed
        // (at most 4); the queue's word, 8 bytes stored of which up to 8 kept (12 requests of 5
        // bits), room for 12 made; the job in flight.
        let maximum = 7 + IdentityCursor.longest * 2 + 2 * ViewList.packedCapacity + JobQueue.packedCapacity + 1
        guard let current = currentState.libraryCode, let last = lastState.libraryCode else { return false }
        var cursor = encoder.cursor(maximum: maximum)
        cursor.put(byte: flags << 3 | current)
        cursor.put(byte: last)
        cursor.put(storeComponent.number)
        // A list that spilled is refused, and nothing written is kept. A packed list's count,
        // at most 4, is one byte, zig-zag as `add` writes it; then a key, twice over, a view
        // (the store's, `addView`), zig-zag, as `add` writes it. Both from the list's word,
        // read once: read after a byte was written, it was read again (the cursor's stores
        // might reach the machine, for all the compiler knows), with the test for spilled.
        guard let keys = container.packedKeys else { return false }
        cursor.put(byte: UInt8(truncatingIfNeeded: ViewList.count(ofPacked: keys)) &<< 1)
        ViewList.forEachKey(inPacked: keys) { cursor.put(byte: $0 &<< 2) }
        // The count, even as `add` writes it, then the requests' bits whole (`addQueue`).
        guard let requests = queue.packedIdentityBits else { return false }
        let waiting = queue.count
        cursor.put(byte: UInt8(truncatingIfNeeded: waiting) &<< 1)
        cursor.put(word: requests, byteCount: (5 &* waiting &+ 7) >> 3)
        if let (job, endsAt) = inFlight {
            guard let target = job.target.libraryCode else { return false }
            cursor.put(byte: target | (job.animated ? 8 : 0) | (job.hasCompletion ? 16 : 0))
            cursor.put(endsAt - now)
        }
        encoder.commit(cursor)
        return true
    }

    /// The store (a component) and the views on screen and forgotten, with view serials
    /// renumbered by rank among the live ones (they only tell instances apart and order
    /// them), so that two configurations that differ only in how many views were made
    /// before are one. A view on screen that is the store's for its key is written without a
    /// rank (`IdentityEncoder.addView`).
    private func encodeStoreAndViews(into encoder: inout IdentityEncoder, forgets: Bool) {
        var serials: [Int] = []
        serials.reserveCapacity(viewStore.count + container.count + forgottenInFlight.count + forgottenOnScreen.count)
        for (_, view) in viewStore.elements { serials.append(view.serial) }
        for view in container { serials.append(view.serial) }
        for view in forgottenInFlight { serials.append(view.serial) }
        for view in forgottenOnScreen { serials.append(view.serial) }
        serials.sort()
        var distinct = 0
        for index in 0..<serials.count where distinct == 0 || serials[distinct - 1] != serials[index] {
            serials[distinct] = serials[index]
            distinct += 1
        }
        func rank(_ serial: Int) -> Int {
            var low = 0, high = distinct
            while low < high {
                let middle = (low + high) / 2
                if serials[middle] < serial { low = middle + 1 } else { high = middle }
            }
            return low
        }
        encodeStore(into: &encoder, rank: rank)
        // A set each (in order of key, then serial).
        func encodeViews(_ views: ViewList) {
            encoder.add(views.count)
            func precedes(_ a: PlaceholderView, _ b: PlaceholderView) -> Bool { (a.key, a.serial) < (b.key, b.serial) }
            var sorted = true
            for index in views.indices.dropFirst() where precedes(views[index], views[index - 1]) { sorted = false; break }
            for view in sorted ? Array(views) : views.sorted(by: precedes) {
                encoder.addView(key: view.key, rankPlusOne: viewStore[view.key]?.serial == view.serial ? 0 : rank(view.serial) + 1)
            }
        }
        encodeViews(container)
        guard forgets else { return }
        encodeViews(forgottenInFlight)
        encodeViews(forgottenOnScreen)
    }
}

extension ViewStateMachine {
    /// `visible`, without making the list.
    func encodeVisible(into encoder: inout IdentityEncoder) {
        guard !release.hasContainer || containerShown else { encoder.add(0); return }
        encoder.add(container.count)
        for view in container { encoder.addViewKey(view.key) }
    }

    /// The store and the bounds, as one component.
    private func encodeStore(into encoder: inout IdentityEncoder, rank: (Int) -> Int) {
        encoder.addComponent { encoder in
            encoder.add(viewStore.count)
            for (key, view) in viewStore.elements.sorted(by: { $0.key < $1.key }) {
                encoder.addViewKey(key)
                encoder.add(rank(view.serial))
                encoder.add(Int64(view.top))
                encoder.add(Int64(view.left))
                encoder.add(Int64(view.bottom))
                encoder.add(Int64(view.right))
            }
            encoder.add(bounds.width)
            encoder.add(bounds.height)
        }
    }
}

extension ViewStateMachine {
    /// What `encodeIdentity` wrote, with `now` 0: a view of rank r gets serial r + 1, and a
    /// view on screen written without a rank is the store's. (Views carry no insets: those of a view
    /// the store no longer holds are read by nothing, and the identity leaves them out.)
    ///
    /// Explore reads a configuration back for every one it expands: no array is made that
    /// the machine does not keep, and what depends only on the store is worked out once
    /// per store (`StoreReading`).
    ///
    /// The model is made here, around the machine, so that the machine is never copied.
    static func decodeIdentity(_ decoder: inout IdentityDecoder) -> StatefulViewControllerModel? {
        var model = StatefulViewControllerModel()
        return decodeIdentity(&decoder, into: &model) ? model : nil
    }

    /// `decodeIdentity`, written over `model` (`ExplorableModel.decodeIdentity(_:into:)`).
    @inline(__always)
    static func decodeIdentity(_ decoder: inout IdentityDecoder, into model: inout StatefulViewControllerModel) -> Bool {
        if decodeCommonIdentity(&decoder, into: &model) { return true }
        guard let any = decodeAnyIdentity(&decoder) else { return false }
        model = any
        return true
    }

    /// `decodeIdentity` for what `encodeCommonIdentity` writes (the store shared, no view
    /// forgotten, every key and state the library's), the same model built straight into
    /// the packed lists and queue, written over `model`; false, the decoder and `model` left as
    /// they were, for anything else. Explore reads back every configuration it expands, and
    /// the general reading spent as much on one as the search does on a step.
    @inline(__always)
    static func decodeCommonIdentity(_ decoder: inout IdentityDecoder, into model: inout StatefulViewControllerModel) -> Bool {
        let start = decoder.position
        if readCommonIdentity(&decoder, into: &model) { return true }
        decoder.rewind(to: start)
        return false
    }

    /// `decodeCommonIdentity`, leaving the decoder anywhere when it returns false.
    @inline(__always)
    private static func readCommonIdentity(_ reader: inout IdentityDecoder, into model: inout StatefulViewControllerModel) -> Bool {
        let first = reader.byte()
        let flags = first >> 3, current = first & 7
        let last = reader.byte()
        // Nothing forgotten (16), both states the library's.
        guard flags & 16 == 0, current <= libraryKeyCount, last <= libraryKeyCount else { return false }
        // The store of the model written over when it is this one's (its reference says the
        // store and bounds are unchanged since it was read back), else the table's.
        let store: StoreReading
        if reader.skipComponent(ifItIs: model.machine.storeComponent),
           let largestSerial = model.machine.viewStore.packedLargestSerial {
            store = StoreReading(viewStore: model.machine.viewStore, bounds: model.machine.bounds,
                                 largestSerial: largestSerial)
        } else {
            store = reader.sharedComponent { decoder in StoreReading(&decoder) }
        }
        guard let component = reader.lastComponent else { return false }
        // Every view on screen is the store's for its key (no rank). Counts and keys as the
        // common form writes them, a byte each: zig-zag, so even, and below 0x80.
        // Packed slot by slot (a serial that does not pack is left to the general reading).
        let views = reader.byte()
        guard views & 0x81 == 0, Int(views >> 1) <= ViewList.packedCapacity else { return false }
        var slots: UInt64 = 0
        for index in 0..<Int(views >> 1) {
            let key = reader.byte()
            let code = Int(key >> 2)
            guard key & 3 == 0, code < libraryKeyCount else { return false }
            let serial = store.viewStore.packedSerial(libraryKey: code)
            guard serial != 0, let slot = ViewList.packedSlot(libraryKey: code, serial: serial, at: index) else { return false }
            slots |= slot
        }
        let container = ViewList(packedSlots: slots, count: Int(views >> 1))
        let hasInFlight = flags & 8 != 0
        let jobs = reader.byte()
        let waiting = Int(jobs >> 1)
        guard jobs & 0x81 == 0, waiting <= JobQueue.packedCapacity else { return false }
        let requests = reader.word(byteCount: (5 &* waiting &+ 7) >> 3)
        // Nothing past the last request, and every target a library state's (code 0...4: not
        // 5, 6 or 7, whose bit 2 comes with bit 0 or 1), all requests at once.
        let lowBits: UInt64 = 0x0084_2108_4210_8421  // bit 0 of each of 12 requests
        guard requests >> (5 &* waiting) == 0, requests >> 2 & (requests >> 1 | requests) & lowBits == 0 else { return false }
        let queue = JobQueue(identityBits: requests, count: waiting, firstID: hasInFlight ? 2 : 1)
        var inFlight: (job: TransitionJob, endsAt: Int64)?
        if hasInFlight {
            let byte = reader.byte()
            guard byte & 7 <= libraryKeyCount, byte < 32 else { return false }
            let job = TransitionJob(id: 1, target: .withLibraryCode(byte & 7), animated: byte & 8 != 0, hasCompletion: byte & 16 != 0)
            inFlight = (job, reader.int64())
        }
        guard !reader.failed, reader.isAtEnd else { return false }
        let decoded = StatefulViewControllerModel(
            hasContent: flags & 1 != 0,
            machine: ViewStateMachine(release: flags & 2 != 0 ? .master : .v3_0_1, currentState: .withLibraryCode(current),
                                      lastState: .withLibraryCode(last), viewStore: store.viewStore, container: container,
                                      containerShown: flags & 4 != 0, forgottenInFlight: ViewList(), forgottenOnScreen: ViewList(),
                                      nextSerial: store.largestSerial + 1, queue: queue, inFlight: inFlight, bounds: store.bounds,
                                      storeComponent: component))
        if model.isPlainData {
            // Safe: the model written over holds no reference (`isPlainData`), so not destroying
            // it leaks nothing; destroyed through its value witness, it cost as much as a
            // tenth of reading it back.
            withUnsafeMutablePointer(to: &model) { $0.initialize(to: decoded) }
        } else {
            model = decoded
        }
        return true
    }

    /// `decodeIdentity` for any identity.
    static func decodeAnyIdentity(_ decoder: inout IdentityDecoder) -> StatefulViewControllerModel? {
        let (currentState, high) = decoder.machineState()
        let flags = high >> 3
        let release = flags & 2 != 0 ? Release.master : Release.v3_0_1
        let containerShown = flags & 4 != 0
        let lastState = decoder.machineState().state
        // Read once per component and shared: the successors of configurations with the same
        // store then share its dictionary.
        let store = decoder.sharedComponent { decoder in StoreReading(&decoder) }
        var nextSerial = store.largestSerial + 1
        let container = decoder.views(store: store, nextSerial: &nextSerial)
        let forgets = flags & 16 != 0
        let forgottenInFlight = forgets ? decoder.views(store: store, nextSerial: &nextSerial) : ViewList()
        let forgottenOnScreen = forgets ? decoder.views(store: store, nextSerial: &nextSerial) : ViewList()
        // Job ids numbered again from 1, the one in flight first (it is written last).
        let hasInFlight = flags & 8 != 0
        let queue = decoder.queue(firstID: hasInFlight ? 2 : 1)
        let inFlight = hasInFlight ? (job: decoder.job(id: 1), endsAt: decoder.int64()) : nil
        guard !decoder.failed, decoder.isAtEnd else { return nil }
        let keepsComponent = forgottenOnScreen.isEmpty
        let model = StatefulViewControllerModel(
            hasContent: flags & 1 != 0,
            machine: ViewStateMachine(release: release, currentState: currentState, lastState: lastState, viewStore: store.viewStore,
                                      container: container, containerShown: containerShown, forgottenInFlight: forgottenInFlight,
                                      forgottenOnScreen: forgottenOnScreen, nextSerial: nextSerial, queue: queue,
                                      inFlight: inFlight, bounds: store.bounds,
                                      storeComponent: keepsComponent ? decoder.lastComponent : nil))
        return consume model
    }
}

/// A store component as read back, with what views on screen are looked up in.
private struct StoreReading {
    var viewStore = ViewStore()
    var bounds = (width: Int64(0), height: Int64(0))
    var largestSerial = 0

    init(viewStore: ViewStore, bounds: (width: Int64, height: Int64), largestSerial: Int) {
        self.viewStore = viewStore
        self.bounds = bounds
        self.largestSerial = largestSerial
    }

    init(_ decoder: inout IdentityDecoder) {
        for _ in 0..<decoder.count() {
            let key = decoder.viewKey().key
            let serial = decoder.int() + 1
            let insets = Insets(top: decoder.int64(), left: decoder.int64(), bottom: decoder.int64(), right: decoder.int64())
            let stored = StoredView(serial: serial, insets: insets)
            viewStore.updateValue(stored, forKey: key)
            largestSerial = max(largestSerial, serial)
        }
        bounds = (width: decoder.int64(), height: decoder.int64())
    }

    /// The serial of the store's view for a key, as `viewKey` read it: a library key's
    /// found by its number, without its text hashed.
    func serial(code: Int, key: String) -> Int? {
        code < libraryKeyCount ? viewStore.view(for: .withLibraryCode(UInt8(code) + 1))?.serial : viewStore[key]?.serial
    }
}

extension IdentityDecoder {
    /// A state and the flags written in its byte's high bits.
    mutating func machineState() -> (state: MachineState, flags: UInt8) {
        let byte = byte()
        let state: MachineState
        switch byte & 7 {
        case let code where code <= 4: state = .withLibraryCode(code)
        case 5: state = .view(string())
        default: fail(); state = .none
        }
        return (state, byte & ~7)
    }

    /// A view's key and its number (`libraryKeyCount` for a custom one).
    mutating func viewKey() -> (code: Int, key: String) {
        let code = int()
        return code >= 0 && code < libraryKeyCount ? (code, libraryKey(code)) : (libraryKeyCount, string())
    }

    /// A count, then that many views (`ViewStateMachine.encodeStoreAndViews`).
    fileprivate mutating func views(store: StoreReading, nextSerial: inout Int) -> ViewList {
        let count = count()
        var views = ViewList()
        for _ in 0..<count {
            let written = int()
            guard written >= 0 else { fail(); break }
            let code = min(written >> 1, libraryKeyCount)
            let key = code < libraryKeyCount ? libraryKey(code) : string()
            let rankPlusOne = written & 1 != 0 ? int() : 0
            let serial: Int
            if rankPlusOne == 0 {
                guard let stored = store.serial(code: code, key: key) else {
                    fail()
                    views.append(PlaceholderView(key: key, serial: 0))
                    continue
                }
                serial = stored
            } else {
                serial = rankPlusOne
                nextSerial = max(nextSerial, rankPlusOne + 1)
            }
            if code < libraryKeyCount {
                views.append(libraryKey: code, serial: serial)
            } else {
                views.append(PlaceholderView(key: key, serial: serial))
            }
        }
        return views
    }

    /// What `IdentityEncoder.addQueue` wrote, ids from `firstID`.
    mutating func queue(firstID: Int) -> JobQueue {
        var queue = JobQueue()
        let written = int()
        let count = written < 0 ? 0 &- written : written
        // Each request takes a byte at least, or 5 bits.
        guard count >= 0, written < 0 ? count <= bytesLeft : count <= bytesLeft * 8 / 5 else { fail(); return queue }
        if written < 0 {
            for index in 0..<count { queue.append(job(id: firstID + index)) }
            return queue
        }
        // A byte read whenever fewer than 5 bits are left.
        var bits: UInt64 = 0
        var held = 0
        for index in 0..<count {
            if held < 5 {
                bits |= UInt64(byte()) << held
                held += 8
            }
            let code = UInt8(truncatingIfNeeded: bits) & 31
            bits >>= 5
            held -= 5
            if code & 7 > UInt8(libraryKeyCount) { fail() }
            queue.append(TransitionJob(id: firstID + index, target: .withLibraryCode(code & 7), animated: code & 8 != 0,
                                       hasCompletion: code & 16 != 0))
        }
        if bits != 0 { fail() }
        return queue
    }

    mutating func job(id: Int) -> TransitionJob {
        let (target, flags) = machineState()
        return TransitionJob(id: id, target: target, animated: flags & 8 != 0, hasCompletion: flags & 16 != 0)
    }
}

extension IdentityEncoder {
    /// A state in the low three bits of a byte (0 none, 1–4 the library's keys, 5 a custom
    /// key, whose text follows), `flags` in the others.
    @inline(__always)
    mutating func add(_ state: MachineState, flags: UInt8) {
        if let code = state.libraryCode {
            add(byte: flags | code)
        } else {
            add(byte: flags | 5)
            add(state.keyOrNil!)
        }
    }

    /// A view on screen or forgotten: its key's number (`libraryKeyCount` for a custom key)
    /// twice over, plus 1 when its rank follows (`rankPlusOne`, 0 for the store's view, is
    /// then not written), then a custom key's text, then the rank: a library view of the
    /// store's, the common case, is one byte.
    mutating func addView(key: String, rankPlusOne: Int) {
        let code = libraryKeyIndex(key)
        add((code ?? libraryKeyCount) * 2 + (rankPlusOne == 0 ? 0 : 1))
        if code == nil { add(key) }
        if rankPlusOne != 0 { add(rankPlusOne) }
    }

    /// A view's key: the library's four as one byte each, any other as a byte then its text.
    @inline(__always)
    mutating func addViewKey(_ key: String) {
        if let index = libraryKeyIndex(key) {
            add(index)
        } else {
            add(libraryKeyCount)
            add(key)
        }
    }

    /// The requests waiting: when every one is for a library state (as good as always), the
    /// count, then 5 bits a request (`TransitionJob` code, 8 animated, 16 completion), first
    /// lowest, in as many bytes as they fill; else minus the count, then each request as a
    /// state (`add(_:flags:)`). `encodeCommonIdentity` writes the first form from the queue's
    /// word, the same bytes.
    mutating func addQueue(_ queue: JobQueue) {
        let count = queue.count
        var allLibrary = true
        for index in 0..<count where queue[index].target.libraryCode == nil { allLibrary = false; break }
        guard allLibrary else {
            add(-count)
            for index in 0..<count { add(queue[index]) }
            return
        }
        add(count)
        var bits: UInt64 = 0
        var held = 0
        for index in 0..<count {
            let job = queue[index]
            bits |= UInt64(job.target.libraryCode! | (job.animated ? 8 : 0) | (job.hasCompletion ? 16 : 0)) << held
            held += 5
            if held >= 8 {
                add(byte: UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                held -= 8
            }
        }
        if held > 0 { add(byte: UInt8(truncatingIfNeeded: bits)) }
    }

    @inline(__always)
    mutating func add(_ job: TransitionJob) {
        add(job.target, flags: (job.animated ? 8 : 0) | (job.hasCompletion ? 16 : 0))
    }
}
