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
        case declareChild(String, Child)
        case setAppearanceState(String)
        case willAppear(animated: Bool, movingToParent: Bool?)
        /// nil: the flag the preceding `viewWillAppear` had, as UIKit passes the same to both.
        case didAppear(animated: Bool?)
        case willDisappear(animated: Bool)
        /// nil: the flag the preceding `viewWillDisappear` had.
        case didDisappear(animated: Bool?)
        /// An override of a state callback that calls `setNeedsStateTransition` (once).
        case react(Reaction)
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
        PropertySpec("pendingAnimated", .flag, "the animated flag of the pending request (false when none)"),
        PropertySpec("appearing", .flag, "whether an appearance transition is in progress"),
        PropertySpec("hasDeterminedState", .flag, "hasDeterminedState: whether a state transition has begun"),
    ]

    /// How a child behaves in a state transition. Conforming children
    /// (`StateViewControllerTransitioning`) answer duration and delay per direction.
    public struct Child: Sendable {
        var transitioning = false
        var appearDuration = StateViewControllerModel.defaultDuration
        var disappearDuration = StateViewControllerModel.defaultDuration
        var appearDelay: Int64 = 0
        var disappearDelay: Int64 = 0
        /// `children(for:)` makes a new instance on every call (`[Spinner()]`), so a
        /// transition never finds the old instance among the next children.
        var fresh = false

        func duration(isAppearing: Bool) -> Int64 { isAppearing ? appearDuration : disappearDuration }
        func delay(isAppearing: Bool) -> Int64 { isAppearing ? appearDelay : disappearDelay }
    }

    /// `override func didTransition(from:animated:)` (or `willTransition(to:animated:)`)
    /// that calls `setNeedsStateTransition(to:animated:)` when it receives `state` (any state
    /// when nil). It fires once, at the next matching callback: one line, one call.
    public struct Reaction: Sendable {
        var callback: String
        var state: String?
        var target: String
        var animated: Bool
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
    /// The flags of the last `viewWillAppear` / `viewWillDisappear`, for the did-calls
    /// written without one.
    var willAppearAnimated = false
    var willDisappearAnimated = false
    var reactions: [Reaction] = []
    /// Instances made so far of each fresh child.
    var instances: [String: Int] = [:]

    public init() {}

    /// Declaration order (then instance order), the stand-in for the original's Set iteration order.
    func ordered(_ set: Set<String>) -> [String] {
        set.sorted { a, b in
            let (baseA, baseB) = (Self.base(of: a), Self.base(of: b))
            if baseA != baseB {
                return (childOrder.firstIndex(of: baseA) ?? Int.max) < (childOrder.firstIndex(of: baseB) ?? Int.max)
            }
            return Self.instance(of: a) < Self.instance(of: b)
        }
    }

    /// `Spinner#2` → `Spinner`: the child as declared, for its settings and for `expect children`.
    static func base(of child: String) -> String {
        child.firstIndex(of: "#").map { String(child[..<$0]) } ?? child
    }

    static func instance(of child: String) -> Int {
        child.firstIndex(of: "#").flatMap { Int(child[child.index(after: $0)...]) } ?? 0
    }

    func settings(of child: String) -> Child { childSettings[Self.base(of: child)] ?? Child() }

    /// What `children(for: state)` returns now: fresh children as a new instance each call.
    mutating func children(for state: String) -> [String] {
        (stateChildren[state] ?? []).map { child in
            guard childSettings[child]?.fresh == true else { return child }
            instances[child, default: 0] += 1
            return "\(child)#\(instances[child]!)"
        }
    }

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
        case .declareChild(let child, let settings):
            mention(child)
            childSettings[child] = settings
        case .setAppearanceState(let state):
            appearanceState = state
        case .willAppear(let animated, let movingToParent):
            willAppearAnimated = animated
            try viewWillAppear(animated: animated, movingToParent: movingToParent ?? !hasAppeared, effects: &effects)
        case .didAppear(let animated):
            viewDidAppear(animated: animated ?? willAppearAnimated, effects: &effects)
        case .willDisappear(let animated):
            willDisappearAnimated = animated
            viewWillDisappear(animated: animated, effects: &effects)
        case .didDisappear(let animated):
            viewDidDisappear(animated: animated ?? willDisappearAnimated, effects: &effects)
        case .appear:
            willAppearAnimated = false
            try viewWillAppear(animated: false, movingToParent: !hasAppeared, effects: &effects)
            viewDidAppear(animated: false, effects: &effects)
        case .disappear:
            willDisappearAnimated = false
            viewWillDisappear(animated: false, effects: &effects)
            viewDidDisappear(animated: false, effects: &effects)
        case .react(let reaction):
            reactions.append(reaction)
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
        if settings(of: animation.child).transitioning {
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
        // Lengths compared first (`Word`): every `expect` reads a property, and `==` on the
        // names it is not took the library's slow path for each case before its own.
        switch Word(property) {
        case "state":
            if let stateInternal { return .name(stateInternal) }
            return .name(try loadAppearanceState())
        case "transitioning": return .flag(transitioningFrom != nil)
        case "children": return .names(contained.map(Self.base(of:)))
        case "pending": return .name(pendingState?.state ?? Self.noPendingState)
        case "pendingAnimated": return .flag(pendingState?.animated ?? false)
        case "appearing": return .flag(isInAppearanceTransition)
        case "hasDeterminedState": return .flag(stateInternal != nil)
        default: preconditionFailure("unknown property \(property)")
        }
    }

    /// How scripts and logs write "no pending state"; no state may be declared with this name.
    static let noPendingState = "none"

    /// `state` is `currentState` as `expect` reads it (the appearance state before the first
    /// transition); nil only where reading it would be the library's fatalError.
    public func finalFields() -> [Field] {
        [Field(.state, (stateInternal ?? appearanceState).map { .string($0) } ?? .null),
         Field(.hasDeterminedState, .bool(stateInternal != nil)),
         Field(.transitioning, .bool(transitioningFrom != nil)),
         Field(.children, .strings(contained)),
         Field(.pending, .string(pendingState?.state ?? Self.noPendingState)),
         Field(.pendingAnimated, .bool(pendingState?.animated ?? false))]
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

    /// Walks the decision tree from `entry` (through the table of its walks) and records
    /// the walk.
    func decide(_ entry: String, effects: inout Effects, answer: (String) -> Bool) -> String {
        let decision = Self.decisionTable.decision(from: entry, answer: answer)
        effects.record(.decision, encoded: decision.fields, fieldsKey: decision.number)
        return decision.outcome
    }
}
