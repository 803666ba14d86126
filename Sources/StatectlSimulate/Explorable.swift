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
    /// The model an identity stands for, as `encodeIdentity` wrote it with `now` 0: counters
    /// at zero, ids and serials renumbered, so that it encodes to the same bytes and has
    /// the same future. Nil when the model cannot; explore then keeps whole simulators of a
    /// level instead of reading them back from its store.
    static func decodeIdentity(_ decoder: inout IdentityDecoder) -> Self?
    /// Appends what `expect` can read of the model in its version, counters left out, as
    /// bytes that are equal exactly when those readings are; or writes nothing and returns
    /// false, and explore reads each property by name (slower: explore does this for every
    /// configuration it finds).
    func encodeObservable(into encoder: inout IdentityEncoder) -> Bool
}

extension ExplorableModel {
    public func canPerform(_ command: Command) -> Bool { true }
    public static func decodeIdentity(_ decoder: inout IdentityDecoder) -> Self? { nil }
    public func encodeObservable(into encoder: inout IdentityEncoder) -> Bool { false }
}
