/// What the view state machine shows: no placeholder, or the placeholder view with a key.
public enum MachineState: Hashable, Sendable {
    case none
    case view(String)

    /// As StatefulViewController reads it: `.none` is content.
    public var stateName: String {
        switch self {
        case .none: return "content"
        case .view(let key): return key
        }
    }
}

/// Edge insets of a placeholder view that conforms to StatefulPlaceholderView.
public struct Insets: Hashable, Sendable {
    public var top: Int64, left: Int64, bottom: Int64, right: Int64
    public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A configured placeholder view. `serial` tells instances apart: replacing the view for
/// a key makes a new one, and the old one may linger in the container.
struct PlaceholderView: Hashable {
    var key: String
    var serial: Int
    var insets: Insets
}

/// A transition request waiting in, or taken from, the machine's serial queue.
struct TransitionJob {
    var id: Int
    var target: MachineState
    var animated: Bool
    /// setupInitialViewState passes no completion handler; every other call does.
    var hasCompletion: Bool
}

/// aschuch's ViewStateMachine (with ContainerViewStateMachine's container), UI-free.
///
/// Rules (`ViewStateMachine.swift`, `transitionToState(_:animated:completion:)`):
/// - `lastState` is set at request time; the job runs later on a serial queue.
/// - A job whose target equals `currentState` when it starts is dropped, and its
///   completion is never called.
/// - Otherwise `currentState` becomes the target at once; the target's view, if configured,
///   is added (fading in when animated) and, on completion, every other configured view is
///   removed. `.none` fades all configured views out, removes them, then the container.
/// - One job at a time: the next starts when the one in flight completes (300 ms when animated).
struct ViewStateMachine {
    static let animationDuration: Int64 = 300

    var currentState = MachineState.none
    var lastState = MachineState.none
    /// Configured views, kept sorted by key so that iteration order is stable.
    private(set) var store: [PlaceholderView] = []
    /// Views in the container, in the order they were added.
    private(set) var container: [PlaceholderView] = []
    private(set) var containerShown = false
    private var queue: [TransitionJob] = []
    private var queueHead = 0
    private(set) var inFlight: (job: TransitionJob, endsAt: Int64)?
    private var nextJobID = 1
    private var nextSerial = 1
    var completions: Int64 = 0
    var dropped: Int64 = 0
    var bounds = (width: Int64(375), height: Int64(667))

    init(keys: [String]) {
        for key in keys { setView(key, insets: .zero) }
    }

    var pending: Int { queue.count - queueHead }

    func view(for key: String) -> PlaceholderView? { store.first { $0.key == key } }

    mutating func setView(_ key: String, insets: Insets) {
        let view = PlaceholderView(key: key, serial: nextSerial, insets: insets)
        nextSerial += 1
        if let index = store.firstIndex(where: { $0.key == key }) {
            store[index] = view
        } else {
            store.append(view)
            store.sort { $0.key < $1.key }
        }
    }

    /// Forgets the view for `key`. As in the original, a view already in the container stays there.
    mutating func removeView(_ key: String) {
        store.removeAll { $0.key == key }
    }

    /// `transitionToState`: records the request and queues it.
    mutating func request(_ target: MachineState, animated: Bool, hasCompletion: Bool, effects: inout Effects) {
        lastState = target
        let job = TransitionJob(id: nextJobID, target: target, animated: animated, hasCompletion: hasCompletion)
        nextJobID += 1
        queue.append(job)
        effects.record(.queued) { $0.add(.job, job.id); $0.add(.target, target.stateName); $0.add(.animated, animated) }
    }

    /// Starts queued jobs until one is in flight or the queue is empty.
    mutating func startQueued(effects: inout Effects) {
        while inFlight == nil, queueHead < queue.count {
            let job = queue[queueHead]
            queueHead += 1
            if queueHead == queue.count { queue.removeAll(keepingCapacity: true); queueHead = 0 }
            begin(job, effects: &effects)
        }
    }

    private mutating func begin(_ job: TransitionJob, effects: inout Effects) {
        guard job.target != currentState else {
            dropped += 1
            effects.record(.dropped) { $0.add(.job, job.id); $0.add(.target, job.target.stateName) }
            return
        }
        let endsAt = effects.now + (job.animated ? ViewStateMachine.animationDuration : 0)
        effects.record(.began) { fields in
            fields.add(.job, job.id)
            fields.add(.from, currentState.stateName)
            fields.add(.to, job.target.stateName)
            fields.add(.animated, job.animated)
            fields.add(.until, endsAt)
        }
        currentState = job.target
        if case .view(let key) = job.target {
            if !containerShown {
                containerShown = true
                effects.record(.containerAdded)
            }
            if let view = view(for: key) {
                container.removeAll { $0 == view }
                container.append(view)
                let frame = [view.insets.left, view.insets.top,
                             bounds.width - view.insets.left - view.insets.right,
                             bounds.height - view.insets.top - view.insets.bottom]
                effects.record(.viewAdded) { $0.add(.view, key); $0.add(.frame, frame); $0.add(.animated, job.animated) }
            } else {
                effects.record(.noView) { $0.add(.view, key) }
            }
        }
        inFlight = (job, endsAt)
        if !job.animated { complete(effects: &effects) }
    }

    /// Finishes the job in flight: removes the views it hides and calls its completion.
    mutating func complete(effects: inout Effects) {
        guard let (job, _) = inFlight else { return }
        inFlight = nil
        for view in store where view.key != job.target.keyOrNil && container.contains(view) {
            container.removeAll { $0 == view }
            effects.record(.viewRemoved) { $0.add(.view, view.key) }
        }
        if job.hasCompletion { completions += 1 }
        effects.record(.completed) { fields in
            fields.add(.job, job.id)
            fields.add(.target, job.target.stateName)
            fields.add(.completion, job.hasCompletion)
            fields.add(.completions, completions)
        }
        if job.target == .none, containerShown {
            containerShown = false
            effects.record(.containerRemoved)
        }
    }

    /// Names of the views in the container, sorted.
    var visible: [String] { container.map(\.key).sorted() }
}

extension MachineState {
    /// The key a `.view` state shows; `.none` shows none, so every view is hidden.
    var keyOrNil: String? {
        if case .view(let key) = self { return key }
        return nil
    }
}
