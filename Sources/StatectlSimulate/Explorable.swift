/// A model that `statectl explore` can walk breadth-first: besides simulating, it can say
/// what of its state its future depends on (its identity), how much work it has pending,
/// and which events to try when a spec names none.
///
/// Exploration runs the model through `Simulator.runLine` like any script; these members
/// only tell configurations apart and bound the search. Each model's conformance lives in
/// its `…Identity.swift`, beside the model, so whoever adds a stored property sees where
/// it must join the identity.
public protocol ExplorableModel: SimulationModel {
    /// Script lines to explore when the spec has no `events`, given the names the spec's
    /// prefix declared (StateViewController's states, for instance).
    static func defaultEvents(known: KnownNames) -> [String]
    /// Properties that count what happened (completions, dropped, …). They are not part of
    /// a configuration or of an observable state unless a property of the spec reads them.
    static var counters: [String] { get }
    /// Whether running the clock on at the end of a script (`Simulator.finish`) can walk
    /// the decision tree; when false, explore need not finish every configuration to count
    /// the branches a test of it would take.
    static var decidesWhileFinishing: Bool { get }
    /// Requests waiting for their turn (the one in flight not counted), for `queue N`.
    var pendingWork: Int { get }
    /// Nothing queued or in flight: what `when settled` waits for.
    var isSettled: Bool { get }
    /// Whether the library could be asked this now; explore does not take an event with a
    /// command that could not happen (JMStatefulTableViewController's delegate can only call
    /// the block of a request it was given).
    func canPerform(_ command: Command) -> Bool
    /// Appends everything the model's future depends on, counters, ids and serials left
    /// out; times as remaining time from `now`.
    func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64)
    /// `encodeIdentity`, the same bytes, reading the model where it is: explore encodes every
    /// step's successor, and the non-mutating call copied the whole model first. Mutating
    /// only for that; the default calls `encodeIdentity`.
    mutating func encodeIdentityInPlace(into encoder: inout IdentityEncoder, now: Int64)
    /// The model an identity stands for, as `encodeIdentity` wrote it with `now` 0: counters
    /// at zero, ids and serials renumbered, so that it encodes to the same bytes and has
    /// the same future. Nil when the model cannot; explore then keeps whole simulators of a
    /// level instead of reading them back from its store.
    static func decodeIdentity(_ decoder: inout IdentityDecoder) -> Self?
    /// `decodeIdentity`, written over `model`; false, `model` as it was, when it cannot.
    /// Explore reads every configuration it expands back into one variable: an optional
    /// returned was copied in and out of it.
    static func decodeIdentity(_ decoder: inout IdentityDecoder, into model: inout Self) -> Bool
    /// Appends what `expect` can read of the model in its version, counters left out, as
    /// bytes that are equal exactly when those readings are; or writes nothing and returns
    /// false, and explore reads each property by name (slower: explore does this for every
    /// configuration it finds). Mutating only to be read in place: called on the simulator's
    /// model, a non-mutating method copied the whole model first.
    mutating func encodeObservable(into encoder: inout IdentityEncoder) -> Bool
    /// A nonzero word that is equal for two models whenever `encodeObservable` would write
    /// the same bytes for them (it may tell apart more), or 0 when the model has none: explore
    /// looks a new configuration's observable state up by it first, and encodes it only
    /// when the word is new. Mutating only to be read in place, as `encodeObservable`.
    mutating func observableWord() -> UInt64
    /// True when the model's bytes are the whole of it, holding no reference to retain or
    /// release (a `String` or an array counts as one): explore then copies it for each
    /// step as bytes. False, the default, is always safe.
    var isPlainData: Bool { get }
}

extension ExplorableModel {
    public func canPerform(_ command: Command) -> Bool { true }
    public static func decodeIdentity(_ decoder: inout IdentityDecoder) -> Self? { nil }
    public static func decodeIdentity(_ decoder: inout IdentityDecoder, into model: inout Self) -> Bool {
        guard let decoded = decodeIdentity(&decoder) else { return false }
        model = decoded
        return true
    }
    public mutating func encodeIdentityInPlace(into encoder: inout IdentityEncoder, now: Int64) {
        encodeIdentity(into: &encoder, now: now)
    }
    public func encodeObservable(into encoder: inout IdentityEncoder) -> Bool { false }
    public func observableWord() -> UInt64 { 0 }
    public var isPlainData: Bool { false }
}

extension Simulator {
    /// `resume`, apart from `exploreStep`: inlined, its copy through the value witnesses
    /// took stack space and registers that every step then saved and restored.
    @inline(never)
    mutating func resumeCopying(_ model: M, at now: Int64) {
        resume(model, at: now)
    }
}

/// What became of one step of explore (`Simulator.exploreStep`).
public enum ExploreStepOutcome {
    /// The successor's identity was appended to the encoder.
    case encoded
    /// The step left more requests waiting than the bound allows: it is not taken.
    case overQueueBound
    /// The model hit a runtime error; the message, when the run reported one.
    case stopped(String?)
}

extension Simulator where M: ExplorableModel {
    /// Writes the model's observable state to `encoder`, emptied first, when the model can
    /// (`ExplorableModel.encodeObservable`); whether it did, and whether the model is
    /// settled. Explore asks both of every new configuration, and reading `model` from its
    /// module copied the whole model for each call. Mutating only to be read in place.
    @_specialize(exported: true, where M == StatefulViewControllerModel)
    @_specialize(exported: true, where M == StateViewControllerModel)
    @_specialize(exported: true, where M == JMStatefulTableViewControllerModel)
    public mutating func encodeObservable(into encoder: inout IdentityEncoder) -> (encoded: Bool, settled: Bool) {
        encoder.removeAll()
        return (model.encodeObservable(into: &encoder), model.isSettled)
    }

    /// The model's `observableWord` and whether it is settled, as `encodeObservable`.
    @_specialize(exported: true, where M == StatefulViewControllerModel)
    @_specialize(exported: true, where M == StateViewControllerModel)
    @_specialize(exported: true, where M == JMStatefulTableViewControllerModel)
    public mutating func observableWord() -> (word: UInt64, settled: Bool) {
        (model.observableWord(), model.isSettled)
    }

    /// One step of explore: resumed from `model` at `now`, this simulator runs `line` as
    /// script line `number`; then, unless it stopped or left more than `queueBound`
    /// requests waiting, appends its model's identity to `encoder`. One call compiled for
    /// each model, in this module: explore reading `model` from its own module copied the
    /// whole model out of the simulator for each of those reads. `model` is in-out only to
    /// be read in place.
    @_specialize(exported: true, where M == StatefulViewControllerModel)
    @_specialize(exported: true, where M == StateViewControllerModel)
    @_specialize(exported: true, where M == JMStatefulTableViewControllerModel)
    public mutating func exploreStep(from model: inout M, at now: Int64, line: CompiledLine<M.Command>, number: Int,
                                     queueBound: Int?, encoder: inout IdentityEncoder) -> ExploreStepOutcome {
        // A copy of a model with references retains each and releases the ones it replaces,
        // the most a step spent outside the model's own work.
        if model.isPlainData && self.model.isPlainData {
            resume(plainData: &model, at: now)
        } else {
            resumeCopying(model, at: now)
        }
        runLineReportingNothing(line, line: number)
        if stopped { return .stopped(stopMessage) }
        if let queueBound, self.model.pendingWork > queueBound { return .overQueueBound }
        let now = self.now
        self.model.encodeIdentityInPlace(into: &encoder, now: now)
        return .encoded
    }
}
