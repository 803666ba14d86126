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
        encoder.add(hasContent)
        machine.encodeIdentity(into: &encoder, now: now)
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
        let hasContent = decoder.bool()
        guard let machine = ViewStateMachine.decodeIdentity(&decoder), decoder.isAtEnd else { return nil }
        return StatefulViewControllerModel(hasContent: hasContent, machine: machine)
    }
}

extension ViewStateMachine {
    // Explore encodes every configuration it reaches, so the common case (no forgotten view,
    // a store read back unchanged) writes no ranks and sorts nothing; both ways write the
    // same bytes for the same configuration.
    func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64) {
        // The release as one byte: the two differ in whether the store is snapshotted.
        encoder.add(release.snapshotsStore)
        encoder.add(currentState)
        encoder.add(lastState)
        encoder.add(containerShown)
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
            encoder.add(true)
            encoder.add(job)
            encoder.add(endsAt - now)
        } else {
            encoder.add(false)
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
    static func decodeIdentity(_ decoder: inout IdentityDecoder) -> ViewStateMachine? {
        let release = decoder.bool() ? Release.master : Release.v3_0_1
        let currentState = decoder.machineState()
        let lastState = decoder.machineState()
        let containerShown = decoder.bool()
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
        let inFlight = decoder.bool() ? (job: decoder.job(), endsAt: decoder.int64()) : nil
        guard !decoder.failed else { return nil }
        var machine = ViewStateMachine(release: release, currentState: currentState, lastState: lastState, viewStore: viewStore,
                                container: container, containerShown: containerShown, forgottenInFlight: forgottenInFlight,
                                forgottenOnScreen: forgottenOnScreen, nextSerial: nextSerial, queue: queue,
                                inFlight: inFlight, bounds: bounds)
        if forgottenOnScreen.isEmpty { machine.storeComponent = decoder.lastComponent }
        return machine
    }
}

extension IdentityDecoder {
    mutating func machineState() -> MachineState { bool() ? .view(viewKey()) : .none }

    mutating func viewKey() -> String {
        switch int() {
        case 0: return "content"
        case 1: return "loading"
        case 2: return "error"
        case 3: return "empty"
        default: return string()
        }
    }

    mutating func job() -> TransitionJob {
        TransitionJob(id: 0, target: machineState(), animated: bool(), hasCompletion: bool())
    }
}

extension IdentityEncoder {
    mutating func add(_ state: MachineState) {
        switch state {
        case .none: add(false)
        case .view(let key): add(true); addViewKey(key)
        }
    }

    /// A view's key: the library's four as one byte each, any other as a byte then its text.
    /// The length first: it rules out most of the four without comparing strings.
    mutating func addViewKey(_ key: String) {
        switch key.utf8.count {
        case 7 where key == "content": add(0)
        case 7 where key == "loading": add(1)
        case 5 where key == "error": add(2)
        case 5 where key == "empty": add(3)
        default: add(4); add(key)
        }
    }

    mutating func add(_ job: TransitionJob) {
        add(job.target)
        add(job.animated)
        add(job.hasCompletion)
    }
}
