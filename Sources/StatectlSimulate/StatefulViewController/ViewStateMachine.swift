/// Edge insets of a placeholder view that conforms to StatefulPlaceholderView.
public struct Insets: Hashable, Sendable {
    public var top: Int64, left: Int64, bottom: Int64, right: Int64
    public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A configured placeholder view. `serial` tells instances apart: replacing the view for
/// a key makes a new one, and the old one may linger on screen. Its insets stay in the
/// store (`StoredView`): they are read only when the view is added, from the store, and
/// the views on screen are copied with the machine on every step of explore.
struct PlaceholderView: Hashable {
    var key: String
    var serial: Int
}

/// A configured view as the store keeps it: its key is the store's key. Insets are within
/// ±`maximumPoints`, so 32 bits hold them; a million views take half the memory they would
/// as `PlaceholderView`s.
struct StoredView: Hashable {
    var serial: Int
    var top: Int32, left: Int32, bottom: Int32, right: Int32

    init(serial: Int, insets: Insets) {
        self.serial = serial
        top = Int32(clamping: insets.top)
        left = Int32(clamping: insets.left)
        bottom = Int32(clamping: insets.bottom)
        right = Int32(clamping: insets.right)
    }

    /// A view with no insets: the packed store's, made for every job that shows one.
    init(serial: Int) {
        self.serial = serial
        top = 0; left = 0; bottom = 0; right = 0
    }

    func view(key: String) -> PlaceholderView { PlaceholderView(key: key, serial: serial) }
}

/// A transition request waiting in, or taken from, the machine's serial queue.
struct TransitionJob {
    var id: Int
    var target: MachineState
    var animated: Bool
    /// Whether the caller passed a completion handler.
    var hasCompletion: Bool
}

/// aschuch's ViewStateMachine, UI-free, as one of its releases behaves.
///
/// Rules (`ViewStateMachine.swift`, `transitionToState(_:animated:completion:)`):
/// - `lastState` is set at request time; the job runs later on a serial queue.
/// - A job whose target equals `currentState` when it starts is dropped, and its
///   completion is never called.
/// - Otherwise `currentState` becomes the target at once; the target's view, if configured,
///   is added (fading in when animated) and, on completion, the other views of the store
///   are removed (`.none` removes them all). Which store, and where views go, depends on
///   the release (`Release`).
/// - One job at a time: the next starts when the one in flight completes (300 ms when animated).
struct ViewStateMachine {
    /// What differs between the releases statectl simulates; docs/models/StatefulViewController.md
    /// cites the source lines. A one-byte enum: explore copies machines on every step.
    enum Release: UInt8, Sendable {
        case master, v3_0_1

        /// The default first.
        static let all: [Release] = [.master, .v3_0_1]

        /// As a script names it after `@`.
        var name: String {
            switch self {
            case .master: return "master"
            case .v3_0_1: return "3.0.1"
            }
        }

        /// master puts placeholders in a container view that it adds to the backing view to
        /// show one and removes after hiding them all; 3.0.1 adds them to the backing view.
        var hasContainer: Bool { self == .master }

        /// master's job copies the view store when it starts and its completion removes the
        /// copy's views; 3.0.1's completion reads the store as it is then.
        var snapshotsStore: Bool { self == .master }
    }

    static let animationDuration: Int64 = 300

    var currentState = MachineState.none
    var lastState = MachineState.none
    /// Configured views by key: the library's `viewStore`.
    private(set) var viewStore = ViewStore() { didSet { storeComponent = nil } }
    /// Placeholder views on screen: in the container on master, in the backing view on
    /// 3.0.1 (which has no container). Kept sorted by key, then serial: the order in which
    /// statectl removes them (the library walks a dictionary), with no sort per job.
    private(set) var container = ViewList()
    private(set) var queue = JobQueue()
    /// The job in flight and when it ends (`inFlight`), meaningful while `hasInFlight`.
    private var inFlightJob = TransitionJob(id: 0, target: .none, animated: false, hasCompletion: false)
    private var inFlightEndsAt: Int64 = 0
    /// master: views on screen that were removed from the store, or replaced in it, while
    /// the job in flight runs. Its completion works on the store as it was when the job
    /// started, so it still removes them. (Views added meanwhile are not on screen.) Empty
    /// on 3.0.1 and when nothing is in flight.
    private(set) var forgottenInFlight = ViewList()
    /// Views on screen that the store no longer holds (removed or replaced): no job
    /// removes them, except as above. Kept so that a completion need not look each view
    /// on screen up in the store.
    private(set) var forgottenOnScreen = ViewList()
    private var nextJobID = 1
    private var nextSerial = 1
    var completions: Int64 = 0
    var dropped: Int64 = 0
    var bounds = (width: Int64(375), height: Int64(667)) { didSet { storeComponent = nil } }
    /// Explore: the stored identity component this machine's store and bounds were read back
    /// from, while they are unchanged and no forgotten view shifts the store's ranks
    /// (StatefulViewControllerIdentity.swift). Its successors then need not sort the store
    /// again to encode it.
    var storeComponent: IdentityComponents.Reference?
    // The one-byte fields last, together: explore moves machines several times a step, and
    // each byte-sized field between wider ones took a word.
    let release: Release
    private(set) var containerShown = false
    /// Whether a job is in flight: a flag of its own beside the job, not an optional job,
    /// whose test for nil (a spare pattern of a flag inside the job, masked out of a word)
    /// took five instructions, and a step of explore asks several times.
    private(set) var hasInFlight = false

    /// The job in flight and when it ends.
    private(set) var inFlight: (job: TransitionJob, endsAt: Int64)? {
        get { hasInFlight ? (inFlightJob, inFlightEndsAt) : nil }
        set {
            if let newValue {
                inFlightJob = newValue.job
                inFlightEndsAt = newValue.endsAt
                hasInFlight = true
            } else {
                hasInFlight = false
            }
        }
    }

    var pending: Int { queue.count }

    /// No part spilled: every stored property is then plain data (the lists, queue and store
    /// each hold a reference only once spilled; the rest are numbers and flags).
    var holdsReferences: Bool {
        viewStore.referenceBits | container.referenceBits | queue.referenceBits
            | forgottenInFlight.referenceBits | forgottenOnScreen.referenceBits != 0
    }

    /// `viewStore[key] = view`: a new view for the key, replacing any other.
    mutating func setView(_ key: String, insets: Insets) {
        let old = viewStore.updateValue(StoredView(serial: nextSerial, insets: insets), forKey: key)
        nextSerial += 1
        if let old { forget(old.view(key: key)) }
    }

    /// `viewStore[key] = nil`. As in the original, a view on screen stays there.
    mutating func removeView(_ key: String) {
        if let old = viewStore.removeValue(forKey: key) { forget(old.view(key: key)) }
    }

    /// Notes a view the store has just lost, if it is on screen.
    private mutating func forget(_ view: PlaceholderView) {
        guard container.contains(view) else { return }
        forgottenOnScreen.append(view)
        if release.snapshotsStore, hasInFlight { forgottenInFlight.append(view) }
    }

    /// `transitionToState`: records the request and queues it.
    @inline(__always)
    mutating func request(_ target: MachineState, animated: Bool, hasCompletion: Bool, effects: inout Effects) {
        lastState = target
        let job = TransitionJob(id: nextJobID, target: target, animated: animated, hasCompletion: hasCompletion)
        nextJobID += 1
        queue.append(job)
        effects.record(.queued) { $0.add(.job, job.id); $0.add(.target, logNameOf: target); $0.add(.animated, animated) }
    }

    /// Starts queued jobs until one is in flight or the queue is empty. Inlined to find,
    /// as it nearly always does, that there is none to start: every turn's end asks.
    @inline(__always)
    mutating func startQueued(effects: inout Effects) {
        guard !hasInFlight, queue.count > 0 else { return }
        startQueuedJobs(effects: &effects)
    }

    @inline(never)
    private mutating func startQueuedJobs(effects: inout Effects) {
        while !hasInFlight, let job = queue.removeFirst() {
            begin(job, effects: &effects)
        }
    }

    /// Inlined in its one caller, `startQueuedJobs`: the call saved and restored registers for
    /// every job begun.
    @inline(__always)
    private mutating func begin(_ job: TransitionJob, effects: inout Effects) {
        guard job.target != currentState else {
            dropped += 1
            effects.record(.dropped) { $0.add(.job, job.id); $0.add(.target, logNameOf: job.target) }
            return
        }
        let endsAt = effects.now + (job.animated ? ViewStateMachine.animationDuration : 0)
        effects.record(.began) { fields in
            fields.add(.job, job.id)
            fields.add(.from, logNameOf: currentState)
            fields.add(.to, logNameOf: job.target)
            fields.add(.animated, job.animated)
            fields.add(.until, endsAt)
        }
        currentState = job.target
        // The key's text made only for a custom key and for records: explore's sink takes
        // none of these, and making it retained and released it.
        if job.target != .none {
            if release.hasContainer, !containerShown {
                containerShown = true
                effects.record(.containerAdded)
            }
            if let code = job.target.libraryCode {
                if let stored = viewStore.view(for: job.target) {
                    container.insertInOrderIfAbsent(libraryKey: Int(code) - 1, serial: stored.serial)
                    recordViewAdded(stored, animated: job.animated, effects: &effects) { $0.add(.view, libraryKey: Int(code) - 1) }
                } else {
                    effects.record(.noView) { $0.add(.view, viewKeyOf: job.target) }
                }
            } else if viewStore.hasSpilled, let key = job.target.keyOrNil, let stored = viewStore.view(forCustomKey: key) {
                // A custom key's text read once, for the store, the list and the record: each
                // read it (a look-up under a lock) for itself.
                container.insertInOrderIfAbsent(customView: stored.view(key: key))
                recordViewAdded(stored, animated: job.animated, effects: &effects) { $0.add(.view, key) }
            } else {
                effects.record(.noView) { $0.add(.view, viewKeyOf: job.target) }
            }
        }
        inFlight = (job, endsAt)
        if !job.animated { complete(effects: &effects) }
    }

    /// The `viewAdded` record of `stored`, its key added by `addKey`.
    @inline(__always)
    private mutating func recordViewAdded(_ stored: StoredView, animated: Bool, effects: inout Effects,
                                          addKey: (FieldEncoder) -> Void) {
        effects.record(.viewAdded) { fields in
            // Made here, inside the record: explore's sink takes no `viewAdded`. Four
            // numbers, not an array: an array was allocated for every view added.
            let left = Int64(stored.left), top = Int64(stored.top)
            let frame = SIMD4(left, top, bounds.width - left - Int64(stored.right), bounds.height - top - Int64(stored.bottom))
            addKey(fields)
            fields.add(.frame, frame)
            fields.add(.animated, animated)
        }
    }

    /// Finishes the job in flight: removes the views it hides (and on master, when hiding
    /// all, the container), then calls its completion.
    mutating func complete(effects: inout Effects) {
        guard let (job, _) = inFlight else { return }
        inFlight = nil
        // Nothing forgotten (as good as always): every view on screen is the store's, and
        // all but the target's go. (Lists that spilled take the general way below, which
        // does the same for empty ones.)
        if forgottenOnScreen.isEmptyAndPacked, forgottenInFlight.isEmptyAndPacked,
           container.removePacked(keeping: job.target.libraryCode.flatMap { $0 == 0 ? nil : Int($0) - 1 },
                                  removed: { code in effects.record(.viewRemoved) { $0.add(.view, libraryKey: code) } }) {
            finish(job, effects: &effects)
            return
        }
        let targetKey = job.target.keyOrNil
        // The views of the store other than the target's (on master, of the store as the
        // job found it: views on screen change only in jobs, so what it held then and is
        // on screen is what it holds now, plus what was forgotten meanwhile). The
        // container's order is key order.
        var index = 0
        while index < container.count {
            let view = container[index]
            let inStore = !forgottenOnScreen.contains(view) || forgottenInFlight.contains(view)
            guard inStore, view.key != targetKey else { index += 1; continue }
            container.remove(at: index)
            if let forgotten = forgottenOnScreen.firstIndex(of: view) { forgottenOnScreen.remove(at: forgotten) }
            effects.record(.viewRemoved) { $0.add(.view, view.key) }
        }
        forgottenInFlight.removeAll()
        finish(job, effects: &effects)
    }

    /// The end of `complete`, once the views are removed.
    private mutating func finish(_ job: TransitionJob, effects: inout Effects) {
        if job.target == .none, containerShown {
            containerShown = false
            effects.record(.containerRemoved)
        }
        if job.hasCompletion { completions += 1 }
        effects.record(.completed) { fields in
            fields.add(.job, job.id)
            fields.add(.target, logNameOf: job.target)
            fields.add(.completion, job.hasCompletion)
            fields.add(.completions, completions)
        }
    }

    /// Names of the placeholder views the user can see, sorted: on master, only while the
    /// container is in the backing view (views left in it come back with it).
    var visible: [String] {
        if release.hasContainer, !containerShown { return [] }
        return container.map(\.key)
    }

    /// Whether `visible` is `names`, told without making the list: true when it is, in
    /// order; false when it is not, by its length; nil when only their order could tell
    /// (`visible` sorted differs from `names`, but a list compared sorted is compared
    /// sorted, which only reading it tells for sure).
    func isVisible(_ names: [String]) -> Bool? {
        if release.hasContainer, !containerShown { return names.isEmpty }
        guard container.count == names.count else { return false }
        for index in names.indices where container[index].key != names[index] { return nil }
        return true
    }
}

// The initialisers in an extension, so that the type keeps its memberwise initialiser:
// explore reads a machine back for every configuration it expands, and built by an
// initialiser of its own that assigns each property, the machine was copied whole through
// the runtime's value witness and the copy destroyed.
extension ViewStateMachine {
    init(release: Release, keys: [String]) {
        self.init(release: release)
        for key in keys { setView(key, insets: .zero) }
    }

    /// A machine read back from its identity (StatefulViewControllerIdentity.swift), with its
    /// jobs as the identity numbers them again (from 1, the one in flight first); counters at
    /// zero. The arrays are kept as given: explore makes one per configuration it expands.
    init(release: Release, currentState: MachineState, lastState: MachineState, viewStore: ViewStore,
         container: ViewList, containerShown: Bool, forgottenInFlight: ViewList,
         forgottenOnScreen: ViewList, nextSerial: Int, queue: JobQueue,
         inFlight: (job: TransitionJob, endsAt: Int64)?, bounds: (width: Int64, height: Int64),
         storeComponent: IdentityComponents.Reference?) {
        self.init(currentState: currentState, lastState: lastState, viewStore: viewStore, container: container,
                  queue: queue, forgottenInFlight: forgottenInFlight,
                  forgottenOnScreen: forgottenOnScreen, nextJobID: queue.count + (inFlight == nil ? 1 : 2),
                  nextSerial: nextSerial, bounds: bounds, storeComponent: storeComponent, release: release,
                  containerShown: containerShown)
        self.inFlight = inFlight
    }
}
