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
}

extension ExplorableModel {
    public func canPerform(_ command: Command) -> Bool { true }
}

/// Packs a configuration into bytes: what explore hashes and stores for each one.
///
/// Small numbers take one byte (LEB128, zig-zag for signs); a string is its length then its
/// UTF-8. Two configurations are the same exactly when their bytes are.
public struct IdentityEncoder {
    public private(set) var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(64) }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public mutating func add(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func add(_ value: Int64) {
        var zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while zigzag >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    public mutating func add(_ value: Int) { add(Int64(value)) }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func add(_ text: String?) {
        add(text != nil)
        if let text { add(text) }
    }

    /// An observed value, for properties that join the identity because the spec reads them.
    public mutating func add(_ value: ObservedValue) {
        switch value {
        case .name(let name): bytes.append(0); add(name)
        case .names(let names): bytes.append(1); add(names.count); for name in names { add(name) }
        case .count(let count): bytes.append(2); add(count)
        case .flag(let flag): bytes.append(3); add(flag)
        }
    }
}
