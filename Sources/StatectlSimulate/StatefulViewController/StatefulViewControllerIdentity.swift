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
}

extension ViewStateMachine {
    // Explore encodes every configuration it reaches, so this avoids an allocation or a
    // sort where it can (the lists are short and usually sorted already); the bytes are
    // the same as the plain way would write them.
    func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64) {
        // The release as one byte: the two differ in whether the store is snapshotted.
        encoder.add(release.snapshotsStore)
        encoder.add(currentState)
        encoder.add(lastState)
        encoder.add(containerShown)
        // View serials only tell instances apart and order them (a new one is always
        // later): renumbered by rank among the live ones, two configurations that differ
        // only in how many views were made before are one.
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
        encoder.add(viewStore.count)
        for (key, view) in viewStore.sorted(by: { $0.key < $1.key }) {
            encoder.addViewKey(key)
            encoder.add(rank(view.serial))
            encoder.add(Int64(view.top))
            encoder.add(Int64(view.left))
            encoder.add(Int64(view.bottom))
            encoder.add(Int64(view.right))
        }
        // Views on screen: a set (in order of key, then serial), each key and instance.
        func encodeViews(_ views: [PlaceholderView]) {
            encoder.add(views.count)
            func precedes(_ a: PlaceholderView, _ b: PlaceholderView) -> Bool { (a.key, a.serial) < (b.key, b.serial) }
            var sorted = true
            for index in views.indices.dropFirst() where precedes(views[index], views[index - 1]) { sorted = false; break }
            for view in sorted ? views : views.sorted(by: precedes) {
                encoder.addViewKey(view.key)
                encoder.add(rank(view.serial))
            }
        }
        encodeViews(container)
        encodeViews(forgottenInFlight)
        encodeViews(forgottenOnScreen)
        encoder.add(pending)
        for index in queueHead..<queue.count { encoder.add(queue[index]) }
        if let (job, endsAt) = inFlight {
            encoder.add(true)
            encoder.add(job)
            encoder.add(endsAt - now)
        } else {
            encoder.add(false)
        }
        encoder.add(bounds.width)
        encoder.add(bounds.height)
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
    mutating func addViewKey(_ key: String) {
        switch key {
        case "content": add(0)
        case "loading": add(1)
        case "error": add(2)
        case "empty": add(3)
        default: add(4); add(key)
        }
    }

    mutating func add(_ job: TransitionJob) {
        add(job.target)
        add(job.animated)
        add(job.hasCompletion)
    }
}
