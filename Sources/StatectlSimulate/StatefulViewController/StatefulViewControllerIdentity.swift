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
    public var isSettled: Bool { machine.pending == 0 && machine.inFlight == nil }

    public func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64) {
        machine.encodeIdentity(into: &encoder, now: now, hasContent: hasContent)
    }

    /// state, lastState, visible, hasContent, pending, transitioning, containerShown (on
    /// 3.0.1 always false, so it splits nothing): `observe`'s readings, states by name.
    public func encodeObservable(into encoder: inout IdentityEncoder) -> Bool {
        encoder.addViewKey(machine.currentState.stateName)
        encoder.addViewKey(machine.lastState.stateName)
        machine.encodeVisible(into: &encoder)
        encoder.add(hasContent)
        encoder.add(machine.pending)
        encoder.add(machine.inFlight != nil)
        encoder.add(machine.containerShown)
        return true
    }

    public static func decodeIdentity(_ decoder: inout IdentityDecoder) -> Self? {
        guard let (machine, hasContent) = ViewStateMachine.decodeIdentity(&decoder), decoder.isAtEnd else { return nil }
        return StatefulViewControllerModel(hasContent: hasContent, machine: machine)
    }
}

extension ViewStateMachine {
    // Explore encodes every configuration it reaches, so the common case (no forgotten view,
    // a store read back unchanged) writes no ranks and sorts nothing; both ways write the
    // same bytes for the same configuration.
    //
    // Flags, states and jobs take a byte each (a custom key adds its text): the identity is
    // most of what explore stores per configuration, and it writes one for every step.
    func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64, hasContent: Bool) {
        // The release as a bit: the two differ in whether the store is snapshotted.
        let flags = (hasContent ? 1 : 0) | (release.snapshotsStore ? 2 : 0) | (containerShown ? 4 : 0) | (inFlight != nil ? 8 : 0)
        encoder.add(byte: UInt8(flags))
        encoder.add(currentState, flags: 0)
        encoder.add(lastState, flags: 0)
        if forgottenOnScreen.isEmpty, forgottenInFlight.isEmpty, let storeComponent, encoder.addComponent(storeComponent) {
            // A view leaves the store only by being forgotten: every view on screen is the
            // store's for its key.
            encoder.add(container.count)
            for view in container {
                encoder.addViewKey(view.key)
                encoder.add(0)
            }
            encoder.add(0)
            encoder.add(0)
        } else {
            encodeStoreAndViews(into: &encoder)
        }
        encoder.add(pending)
        for index in queueHead..<queue.count { encoder.add(queue[index]) }
        if let (job, endsAt) = inFlight {
            encoder.add(job)
            encoder.add(endsAt - now)
        }
    }

    /// The store (a component) and the views on screen and forgotten, with view serials
    /// renumbered by rank among the live ones (they only tell instances apart and order
    /// them), so that two configurations that differ only in how many views were made
    /// before are one. A view on screen that is the store's for its key is written as 0.
    private func encodeStoreAndViews(into encoder: inout IdentityEncoder) {
        var serials: [Int] = []
        serials.reserveCapacity(viewStore.count + container.count + forgottenInFlight.count + forgottenOnScreen.count)
        for view in viewStore.values { serials.append(view.serial) }
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
        func encodeViews(_ views: [PlaceholderView]) {
            encoder.add(views.count)
            func precedes(_ a: PlaceholderView, _ b: PlaceholderView) -> Bool { (a.key, a.serial) < (b.key, b.serial) }
            var sorted = true
            for index in views.indices.dropFirst() where precedes(views[index], views[index - 1]) { sorted = false; break }
            for view in sorted ? views : views.sorted(by: precedes) {
                encoder.addViewKey(view.key)
                encoder.add(viewStore[view.key]?.serial == view.serial ? 0 : rank(view.serial) + 1)
            }
        }
        encodeViews(container)
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
            for (key, view) in viewStore.sorted(by: { $0.key < $1.key }) {
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
    /// What `encodeIdentity` wrote, with `now` 0: a view of rank r gets serial r + 1, a view
    /// on screen written as 0 is the store's, and a view the store no longer holds (whose
    /// insets the identity leaves out, as no job reads them) has zero insets.
    static func decodeIdentity(_ decoder: inout IdentityDecoder) -> (ViewStateMachine, hasContent: Bool)? {
        let flags = decoder.byte()
        let release = flags & 2 != 0 ? Release.master : Release.v3_0_1
        let containerShown = flags & 4 != 0
        let currentState = decoder.machineState().state
        let lastState = decoder.machineState().state
        // Read once per component and shared: the successors of configurations with the same
        // store then share its dictionary.
        let (viewStore, bounds) = decoder.sharedComponent { decoder in
            var viewStore: [String: StoredView] = [:]
            for _ in 0..<max(0, decoder.int()) {
                let key = decoder.viewKey()
                let serial = decoder.int() + 1
                let insets = Insets(top: decoder.int64(), left: decoder.int64(), bottom: decoder.int64(), right: decoder.int64())
                viewStore[key] = StoredView(serial: serial, insets: insets)
            }
            return (viewStore, (width: decoder.int64(), height: decoder.int64()))
        }
        var nextSerial = (viewStore.values.map(\.serial).max() ?? 0) + 1
        func views() -> [PlaceholderView] {
            (0..<max(0, decoder.int())).map { _ in
                let key = decoder.viewKey()
                let rankPlusOne = decoder.int()
                if rankPlusOne == 0 {
                    guard let stored = viewStore[key] else { decoder.fail(); return PlaceholderView(key: key, serial: 0, insets: .zero) }
                    return stored.view(key: key)
                }
                nextSerial = max(nextSerial, rankPlusOne + 1)
                return PlaceholderView(key: key, serial: rankPlusOne, insets: .zero)
            }
        }
        let container = views()
        let forgottenInFlight = views()
        let forgottenOnScreen = views()
        let queue = (0..<max(0, decoder.int())).map { _ in decoder.job() }
        let inFlight = flags & 8 != 0 ? (job: decoder.job(), endsAt: decoder.int64()) : nil
        guard !decoder.failed else { return nil }
        var machine = ViewStateMachine(release: release, currentState: currentState, lastState: lastState, viewStore: viewStore,
                                container: container, containerShown: containerShown, forgottenInFlight: forgottenInFlight,
                                forgottenOnScreen: forgottenOnScreen, nextSerial: nextSerial, queue: queue,
                                inFlight: inFlight, bounds: bounds)
        if forgottenOnScreen.isEmpty { machine.storeComponent = decoder.lastComponent }
        return (machine, flags & 1 != 0)
    }
}

extension IdentityDecoder {
    /// A state and the flags written in its byte's high bits.
    mutating func machineState() -> (state: MachineState, flags: UInt8) {
        let byte = byte()
        let state: MachineState
        switch byte & 7 {
        case 0: state = .none
        case 5: state = .view(string())
        case let code where code <= 4: state = .view(libraryKeys[Int(code) - 1])
        default: fail(); state = .none
        }
        return (state, byte & ~7)
    }

    mutating func viewKey() -> String {
        let code = int()
        return code >= 0 && code < libraryKeys.count ? libraryKeys[code] : string()
    }

    mutating func job() -> TransitionJob {
        let (target, flags) = machineState()
        return TransitionJob(id: 0, target: target, animated: flags & 8 != 0, hasCompletion: flags & 16 != 0)
    }
}

extension IdentityEncoder {
    /// A state in the low three bits of a byte (0 none, 1–4 the library's keys, 5 a custom
    /// key, whose text follows), `flags` in the others.
    mutating func add(_ state: MachineState, flags: UInt8) {
        switch state {
        case .none: add(byte: flags)
        case .view(let key):
            if let index = libraryKeyIndex(key) {
                add(byte: flags | UInt8(index + 1))
            } else {
                add(byte: flags | 5)
                add(key)
            }
        }
    }

    /// A view's key: the library's four as one byte each, any other as a byte then its text.
    mutating func addViewKey(_ key: String) {
        if let index = libraryKeyIndex(key) {
            add(index)
        } else {
            add(libraryKeys.count)
            add(key)
        }
    }

    mutating func add(_ job: TransitionJob) {
        add(job.target, flags: (job.animated ? 8 : 0) | (job.hasCompletion ? 16 : 0))
    }
}

/// The library's keys, as identities number them.
private let libraryKeys = ["content", "loading", "error", "empty"]

/// The length first: it rules out most of the four without comparing strings.
private func libraryKeyIndex(_ key: String) -> Int? {
    switch key.utf8.count {
    case 7 where key == "content": return 0
    case 7 where key == "loading": return 1
    case 5 where key == "error": return 2
    case 5 where key == "empty": return 3
    default: return nil
    }
}
