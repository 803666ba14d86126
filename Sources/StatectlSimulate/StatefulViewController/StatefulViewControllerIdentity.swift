/// What explore tells StatefulViewController configurations apart by (docs/explore.md).
///
/// In: hasContent, currentState, lastState, whether the container is shown, the views in
/// the container, the queue of (target, animated, has completion) in order, the job in
/// flight with its remaining time, the configured views (addView/removeView change them)
/// and the bounds. Out: completions, dropped, unobtrusiveErrors (counters), job ids and
/// view serials (names only), absolute times.
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
        encoder.add(currentState)
        encoder.add(lastState)
        encoder.add(containerShown)
        // A set: the container's order is never read. Per configured view (the store is
        // sorted by key), whether it is in the container; then any replaced view that
        // lingers there (it is never removed), by key. No allocation on the common path.
        for view in store { encoder.add(container.contains(view)) }
        var lingering = 0
        for view in container where view != self.view(for: view.key) { lingering += 1 }
        encoder.add(lingering)
        if lingering > 0 {
            for key in container.filter({ $0 != self.view(for: $0.key) }).map(\.key).sorted() { encoder.add(key) }
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
        encoder.add(store.count)
        for view in store {
            encoder.add(view.key)
            encoder.add(view.insets.top)
            encoder.add(view.insets.left)
            encoder.add(view.insets.bottom)
            encoder.add(view.insets.right)
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
