/// aschuch's StatefulViewController protocol (default implementation) on top of its
/// ViewStateMachine, as a value on the virtual clock.
///
/// Rules (`StatefulViewControllerImplementation.swift`):
/// - `hasContent()` defaults to true; it is read when a method is called, not when the
///   queued transition runs.
/// - `startLoading(animated: false)`, `endLoading(animated: true, error: nil)` and
///   `setupInitialViewState()` all go through `transitionViewStates`, i.e. `decisionTree`.
/// - `setupInitialViewState()` derives loading and error from `lastState`, fabricating an
///   error when it was `error`, and passes the caller's completion handler on (since 1.2).
/// - Reading `lastState` as a StatefulViewControllerState force-unwraps; with a custom key
///   that is a crash, reported here as a runtime error. A view keyed `content` reads as
///   content, like `.none`.
/// - Two releases, `master` (the default) and `3.0.1`, differ in the view state machine
///   (`ViewStateMachine.Release`).
public struct StatefulViewControllerModel: SimulationModel {
    public enum Command: Sendable {
        case setHasContent(Bool)
        case setupInitialViewState(completion: Bool)
        case startLoading(animated: Bool, completion: Bool)
        case endLoading(animated: Bool, error: String?, completion: Bool)
        case transitionViewStates(loading: Bool, error: String?, animated: Bool, completion: Bool)
        case transition(to: MachineState, animated: Bool, completion: Bool)
        // Indirect: its key and insets were most of the enum's size, and every command a
        // step runs is copied and read whole before the switch on its case.
        indirect case addView(String, Insets)
        case removeView(String)
        case setBounds(width: Int64, height: Int64)
    }

    public static let name = "StatefulViewController"
    public static let versions = ViewStateMachine.Release.all.map(\.name)
    /// The raw values of StatefulViewControllerState; other keys are custom.
    static let libraryStates = ["content", "loading", "error", "empty"]
    public static let builtinStates = libraryStates
    /// The error setupInitialViewState() makes up when lastState is error.
    static let fabricatedError = "NSError(domain: \"com.aschuch.StatefulViewController.ErrorDomain\", code: -1)"

    public static let properties: [PropertySpec] = [
        PropertySpec("state", .state, "currentState: what the machine shows (content when no placeholder)"),
        PropertySpec("lastState", .state, "lastState: the state last requested"),
        PropertySpec("visible", .states, "the placeholder views on screen, sorted by name"),
        PropertySpec("completions", .count, "completion handlers called so far"),
        PropertySpec("dropped", .count, "transitions dropped because the target was already current"),
        PropertySpec("unobtrusiveErrors", .count, "handleErrorWhenContentAvailable calls so far"),
        PropertySpec("hasContent", .flag, "what hasContent() returns now"),
        PropertySpec("pending", .count, "transitions queued and not yet started"),
        PropertySpec("transitioning", .flag, "whether a transition is in flight"),
        PropertySpec("containerShown", .flag, "whether the container view is in the backing view", versions: ["master"]),
    ]

    var machine: ViewStateMachine
    var unobtrusiveErrors: Int64 = 0
    var hasContent = true

    /// master, the default.
    public init() { self.init(release: .master) }

    public init(version: String) {
        guard let release = ViewStateMachine.Release.all.first(where: { $0.name == version }) else {
            preconditionFailure("unknown StatefulViewController version \(version): the catalog checks versions")
        }
        self.init(release: release)
    }

    init(release: ViewStateMachine.Release) {
        machine = ViewStateMachine(release: release, keys: ["empty", "error", "loading"])
    }

    /// A model read back from its identity (StatefulViewControllerIdentity.swift).
    init(hasContent: Bool, machine: ViewStateMachine) {
        self.hasContent = hasContent
        self.machine = machine
    }

    public mutating func perform(_ command: Command, effects: inout Effects) throws(RuntimeError) {
        switch command {
        case .setHasContent(let value):
            hasContent = value
        case .setupInitialViewState(let completion):
            // Read as a StatefulViewControllerState by its code (2 loading, 3 error): making its
            // name and comparing it as text took a tenth of the call.
            guard let last = machine.lastState.libraryCode else {
                throw Self.unreadableState(machine.lastState, reader: "setupInitialViewState()")
            }
            // The made-up error only where it is passed: a text chosen by `?:` was released
            // after every call.
            if last == 3 {
                decide(row: Row.setup, loading: false, error: Self.fabricatedError, animated: false, hasCompletion: completion,
                       effects: &effects)
            } else {
                decideWithoutError(row: Row.setup, loading: last == 2, animated: false, hasCompletion: completion, effects: &effects)
            }
        case .startLoading(let animated, let completion):
            decideWithoutError(row: Row.start, loading: true, animated: animated, hasCompletion: completion, effects: &effects)
        case .endLoading(let animated, let error, let completion):
            if let error {
                decide(row: Row.end, loading: false, error: error, animated: animated, hasCompletion: completion, effects: &effects)
            } else {
                decideWithoutError(row: Row.end, loading: false, animated: animated, hasCompletion: completion, effects: &effects)
            }
        case .transitionViewStates(let loading, let error, let animated, let completion):
            decide(row: Row.transitionViewStates, loading: loading, error: error, animated: animated,
                   hasCompletion: completion, effects: &effects)
        case .transition(let target, let animated, let completion):
            machine.request(target, animated: animated, hasCompletion: completion, effects: &effects)
        case .addView(let key, let insets):
            machine.setView(key, insets: insets)
        case .removeView(let key):
            machine.removeView(key)
        case .setBounds(let width, let height):
            machine.bounds = (width, height)
        }
    }

    /// `transitionViewStates`: looks up the walk through the decision tree for these inputs,
    /// records it, hands any error to handleErrorWhenContentAvailable, and requests the outcome.
    private mutating func decide(row: Int, loading: Bool, error: String?, animated: Bool,
                                 hasCompletion: Bool, effects: inout Effects) {
        let decision = recordDecision(row: row, loading: loading, hasError: error != nil, effects: &effects)
        if decision.outcome.unobtrusive, let error {
            unobtrusiveErrors += 1
            effects.record(.unobtrusiveError) { $0.add(.error, error); $0.add(.count, unobtrusiveErrors) }
        }
        machine.request(decision.outcome.target, animated: animated, hasCompletion: hasCompletion, effects: &effects)
    }

    /// `decide` with no error, inlined where a call passes none (startLoading, endLoading
    /// without an error, and setupInitialViewState unless lastState is error: most
    /// decisions): the one `decide`, holding the error's record, is too large for the
    /// compiler to inline, and its call cost every decision about 30 instructions.
    @inline(__always)
    private mutating func decideWithoutError(row: Int, loading: Bool, animated: Bool, hasCompletion: Bool,
                                             effects: inout Effects) {
        let decision = recordDecision(row: row, loading: loading, hasError: false, effects: &effects)
        machine.request(decision.outcome.target, animated: animated, hasCompletion: hasCompletion, effects: &effects)
    }

    /// The walk for these inputs, recorded.
    @inline(__always)
    private func recordDecision(row: Int, loading: Bool, hasError: Bool,
                                effects: inout Effects) -> DecisionTable<Decided>.Decision {
        let decision = Self.decisionTable.decision(row: row, answers: (hasContent ? 4 : 0) | (loading ? 2 : 0) | (hasError ? 1 : 0))
        effects.record(.decision, encoded: decision.fields, fieldsKey: decision.number)
        return decision
    }

    /// Why a machine state holding a custom key cannot be read as StatefulViewControllerState:
    /// the original crashes there.
    private static func unreadableState(_ state: MachineState, reader: String) -> RuntimeError {
        let name = state.stateName
        let key = SwiftLiteral.isIdentifier(name) ? "'\(name)'" : SwiftLiteral.string(name)
        return RuntimeError("\(reader) reads lastState, which holds the custom key \(key): the library crashes here",
                            notes: ["StatefulViewControllerState(rawValue: \(SwiftLiteral.string(name))) is nil and the library force-unwraps it",
                                    "only content, loading, error and empty can be read as a StatefulViewControllerState"])
    }

    public mutating func endTurn(effects: inout Effects) {
        machine.startQueued(effects: &effects)
    }

    public var nextDeadline: Int64? { machine.inFlight?.endsAt }

    public mutating func reachDeadline(effects: inout Effects) {
        machine.complete(effects: &effects)
        machine.startQueued(effects: &effects)
    }

    public func observe(_ property: String) throws(RuntimeError) -> ObservedValue {
        try observe(propertyAt: Self.propertyIndex(property))
    }

    /// The properties by their places in `properties` (a test checks the two agree): an
    /// `expect` is compiled to a place, and read by it.
    private enum Property: Int {
        case state, lastState, visible, completions, dropped, unobtrusiveErrors, hasContent, pending, transitioning,
             containerShown
    }

    /// Where the property named `property` is in `properties`.
    @inline(__always)
    static func propertyIndex(_ property: String) -> Int {
        // Lengths compared first (`Word`): `==` on the names it is not took the library's
        // slow path for each case before its own.
        let found: Property
        switch Word(property) {
        case "state": found = .state
        case "lastState": found = .lastState
        case "visible": found = .visible
        case "completions": found = .completions
        case "dropped": found = .dropped
        case "unobtrusiveErrors": found = .unobtrusiveErrors
        case "hasContent": found = .hasContent
        case "pending": found = .pending
        case "transitioning": found = .transitioning
        case "containerShown": found = .containerShown
        default: preconditionFailure("unknown property \(property)")
        }
        return found.rawValue
    }

    /// By its place in `properties` (`propertyIndex`).
    @inline(__always)
    public func observe(propertyAt index: Int) throws(RuntimeError) -> ObservedValue {
        guard let property = Property(rawValue: index) else { preconditionFailure("no property \(index)") }
        switch property {
        case .state: return .name(machine.currentState.stateName)
        case .lastState: return .name(machine.lastState.stateName)
        case .visible: return .names(machine.visible)
        case .completions: return .count(machine.completions)
        case .dropped: return .count(machine.dropped)
        case .unobtrusiveErrors: return .count(unobtrusiveErrors)
        case .hasContent: return .flag(hasContent)
        case .pending: return .count(Int64(machine.pending))
        case .transitioning: return .flag(machine.hasInFlight)
        case .containerShown: return .flag(machine.containerShown)
        }
    }

    /// `visible`'s list compared where the machine keeps it; any other property read.
    /// Inlined: every `expect` asks, and most are told nil at the first test.
    @inline(__always)
    public func compare(propertyAt index: Int, with value: ObservedValue) -> Bool? {
        guard index == Property.visible.rawValue, case .names(let names) = value else { return nil }
        return machine.isVisible(names)
    }

    public func finalFields() -> [Field] {
        [Field(.state, .string(machine.currentState.stateName)),
         Field(.lastState, .string(machine.lastState.stateName)),
         Field(.visible, .strings(machine.visible)),
         Field(.completions, .int(machine.completions)),
         Field(.dropped, .int(machine.dropped)),
         Field(.unobtrusiveErrors, .int(unobtrusiveErrors))]
    }
}
