/// davidask's StateViewController: a container view controller that shows the children
/// declared for its current state, forwards their appearance callbacks, animates each
/// child, and defers requests that arrive mid-transition. UI-free, on the virtual clock.
///
/// Rules (`StateViewController.swift`; the issue that specified this model is authoritative):
/// - No equality check: a request for the current state still runs willTransition and
///   didTransition.
/// - While transitioning, a request becomes the pending state (the last one wins); it
///   starts right after didTransition.
/// - The transition remembers the *target* as the state it comes from, so
///   `didTransition(from:)` receives the new state; `currentState` is the target from the
///   moment the transition begins.
/// - Begin: willTransition(to:), then per leaving child willMove(toParent: nil) and
///   childWillDisappear, then per arriving child childWillAppear. Arriving children
///   animate before leaving ones, each for its duration after its delay (0.35 s and 0 by
///   default); conforming children get stateTransitionWillBegin / DidEnd.
/// - A non-animated request finishes its children at once but does not end the state
///   transition: didTransition waits for the next request or an appearance callback.
/// - During an appearance transition child callbacks are held back and forwarded
///   afterwards to children not in a state transition; the state transition cannot end
///   until the appearance transition has.
/// - Where the original iterates a Set, children go in declaration order.
public struct StateViewControllerModel: SimulationModel {
    public enum Command: Sendable {
        case declareState(String, children: [String])
        case declareChild(String, transitioning: Bool, duration: Int64, delay: Int64)
        case setAppearanceState(String)
        case willAppear(animated: Bool, movingToParent: Bool?)
        case didAppear(animated: Bool)
        case willDisappear(animated: Bool)
        case didDisappear(animated: Bool)
        case appear
        case disappear
        case transition(to: String, animated: Bool)
    }

    public static let name = "StateViewController"
    public static let builtinStates: [String] = []
    static let children = "child"
    static let defaultDuration: Int64 = 350

    public static let properties: [PropertySpec] = [
        PropertySpec("state", .state, "currentState (calls loadAppearanceState() before the first transition)"),
        PropertySpec("transitioning", .flag, "isTransitioningBetweenStates"),
        PropertySpec("children", .orderedNames(namespace: children), "child view controllers now contained, in order"),
        PropertySpec("pending", .optionalState, "the pending state, or none"),
        PropertySpec("appearing", .flag, "whether an appearance transition is in progress"),
    ]

    struct Child {
        var transitioning = false
        var duration = StateViewControllerModel.defaultDuration
        var delay: Int64 = 0
    }

    /// A child's animation, due to complete at `time`; `sequence` keeps equal times in order.
    struct Animation {
        var time: Int64
        var sequence: Int
        var child: String
        var isAppearing: Bool
        var animated: Bool
    }

    // Declarations.
    var childOrder: [String] = []
    var childSettings: [String: Child] = [:]
    var stateChildren: [String: [String]] = [:]
    var appearanceState: String?
    // The container.
    var stateInternal: String?
    var transitioningFrom: String?
    var isInAppearanceTransition = false
    var isApplyingAppearanceState = false
    var pendingState: (state: String, animated: Bool)?
    var beingAdded: Set<String> = []
    var beingRemoved: Set<String> = []
    /// The container's child view controllers, in the order they were added.
    var contained: [String] = []
    var hasAppeared = false
    var animations: [Animation] = []
    var nextSequence = 0

    public init() {}

    /// Declaration order, the stand-in for the original's Set iteration order.
    func ordered(_ set: Set<String>) -> [String] { childOrder.filter(set.contains) }

    mutating func mention(_ child: String) {
        if childSettings[child] == nil {
            childSettings[child] = Child()
            childOrder.append(child)
        }
    }

    public mutating func perform(_ command: Command, effects: inout Effects) throws(RuntimeError) {
        switch command {
        case .declareState(let state, let children):
            children.forEach { mention($0) }
            stateChildren[state] = children
        case .declareChild(let child, let transitioning, let duration, let delay):
            mention(child)
            childSettings[child] = Child(transitioning: transitioning, duration: duration, delay: delay)
        case .setAppearanceState(let state):
            appearanceState = state
        case .willAppear(let animated, let movingToParent):
            try viewWillAppear(animated: animated, movingToParent: movingToParent ?? !hasAppeared, effects: &effects)
        case .didAppear(let animated):
            viewDidAppear(animated: animated, effects: &effects)
        case .willDisappear(let animated):
            viewWillDisappear(animated: animated, effects: &effects)
        case .didDisappear(let animated):
            viewDidDisappear(animated: animated, effects: &effects)
        case .appear:
            try viewWillAppear(animated: false, movingToParent: !hasAppeared, effects: &effects)
            viewDidAppear(animated: false, effects: &effects)
        case .disappear:
            viewWillDisappear(animated: false, effects: &effects)
            viewDidDisappear(animated: false, effects: &effects)
        case .transition(let state, let animated):
            setNeedsStateTransition(to: state, animated: animated, effects: &effects)
        }
    }

    /// `loadAppearanceState()`: the original's default implementation is a fatalError.
    func loadAppearanceState() throws(RuntimeError) -> String {
        guard let appearanceState else {
            throw RuntimeError("loadAppearanceState() is not overridden: the library calls fatalError here",
                               notes: ["declare it with 'appearanceState = STATE' before the view appears or currentState is read"])
        }
        return appearanceState
    }

    public func endTurn(effects: inout Effects) {}

    public var nextDeadline: Int64? { animations.min { ($0.time, $0.sequence) < ($1.time, $1.sequence) }?.time }

    public mutating func reachDeadline(effects: inout Effects) {
        guard let index = animations.indices.min(by: {
            (animations[$0].time, animations[$0].sequence) < (animations[$1].time, animations[$1].sequence)
        }) else { return }
        let animation = animations.remove(at: index)
        if childSettings[animation.child]?.transitioning == true {
            callback("stateTransitionDidEnd", child: animation.child, isAppearing: animation.isAppearing, effects: &effects)
        }
        if animation.isAppearing {
            didAddChild(animation.child, animated: animation.animated, effects: &effects)
        } else {
            removeChild(animation.child, animated: animation.animated, effects: &effects)
        }
        endStateTransitionIfNeeded(animated: animation.animated, effects: &effects)
    }

    public func observe(_ property: String) throws(RuntimeError) -> ObservedValue {
        switch property {
        case "state":
            if let stateInternal { return .name(stateInternal) }
            return .name(try loadAppearanceState())
        case "transitioning": return .flag(transitioningFrom != nil)
        case "children": return .names(contained)
        case "pending": return .name(pendingState?.state ?? "none")
        case "appearing": return .flag(isInAppearanceTransition)
        default: preconditionFailure("unknown property \(property)")
        }
    }

    public func finalFields() -> [Field] {
        [Field(.state, stateInternal.map { .string($0) } ?? .null),
         Field(.transitioning, .bool(transitioningFrom != nil)),
         Field(.children, .strings(contained)),
         Field(.pending, pendingState.map { .string($0.state) } ?? .null)]
    }

    // MARK: - Records

    func callback(_ name: String, state: String, animated: Bool, effects: inout Effects) {
        effects.record(.callback, [Field(.name, .string(name)), Field(.state, .string(state)), Field(.animated, .bool(animated))])
    }

    func callback(_ name: String, child: String, animated: Bool, effects: inout Effects) {
        effects.record(.callback, [Field(.name, .string(name)), Field(.child, .string(child)), Field(.animated, .bool(animated))])
    }

    func callback(_ name: String, child: String, isAppearing: Bool, effects: inout Effects) {
        effects.record(.callback, [Field(.name, .string(name)), Field(.child, .string(child)),
                                   Field(.isAppearing, .bool(isAppearing))])
    }

    func containment(_ call: String, child: String, effects: inout Effects) {
        effects.record(.containment, [Field(.call, .string(call)), Field(.child, .string(child))])
    }

    /// Walks the decision tree from `entry` and records the walk.
    func decide(_ entry: String, effects: inout Effects, answer: (String) -> Bool) -> String {
        let tree = Self.decisionTree
        let walk = tree.walk(from: tree.index(ofNode: entry)!, answer: answer, perform: { _ in })
        effects.record(.decision, tree.recordFields(entry: entry, walk: walk))
        return walk.outcome
    }
}
