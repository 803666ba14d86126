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
    func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64) {
        encoder.add(release.name)
        encoder.add(currentState)
        encoder.add(lastState)
        encoder.add(containerShown)
        // View serials only tell instances apart and order them (a new one is always
        // later): renumbered by rank among the live ones, two configurations that differ
        // only in how many views were made before are one.
        var serials = viewStore.values.map(\.serial)
        for view in container { serials.append(view.serial) }
        for view in forgottenInFlight { serials.append(view.serial) }
        for view in forgottenOnScreen { serials.append(view.serial) }
        serials.sort()
        serials = serials.enumerated().filter { $0.offset == 0 || serials[$0.offset - 1] != $0.element }.map(\.element)
        func rank(_ serial: Int) -> Int {
            var low = 0, high = serials.count
            while low < high {
                let middle = (low + high) / 2
                if serials[middle] < serial { low = middle + 1 } else { high = middle }
            }
            return low
        }
        encoder.add(viewStore.count)
        for key in viewStore.keys.sorted() {
            let view = viewStore[key]!
            encoder.add(key)
            encoder.add(rank(view.serial))
            encoder.add(Int64(view.top))
            encoder.add(Int64(view.left))
            encoder.add(Int64(view.bottom))
            encoder.add(Int64(view.right))
        }
        // Views on screen: a set (kept sorted by key, then serial), each key and instance.
        for views in [container, forgottenInFlight, forgottenOnScreen] {
            encoder.add(views.count)
            for view in views.sorted(by: { ($0.key, $0.serial) < ($1.key, $1.serial) }) {
                encoder.add(view.key)
                encoder.add(rank(view.serial))
            }
        }
        encoder.add(pending)
        for job in queue[queueHead...] { encoder.add(job) }
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
        case .view(let key): add(true); add(key)
        }
    }

    mutating func add(_ job: TransitionJob) {
        add(job.target)
        add(job.animated)
        add(job.hasCompletion)
    }
}
