/// What of a view state machine does not pack into words: the arrays of its lists, queue
/// and store that spilled (`ViewList`, `JobQueue`, `ViewStore`), in one reference.
///
/// Explore copies a machine for every event, and nearly every machine it meets packs
/// whole. Held apart, each list's spilled array was a reference of its own, retained and
/// released with every copy even when nil; held here, a machine that packs holds no
/// reference at all, and one that spilled holds one, shared by its copies until one of
/// them changes it (copy on write, `ViewStateMachine.uniqueSpill`).
final class MachineSpill {
    var container: [PlaceholderView]?
    var forgottenInFlight: [PlaceholderView]?
    var forgottenOnScreen: [PlaceholderView]?
    var queue: [TransitionJob]?
    var store: [String: StoredView]?

    init() {}

    init(copying other: MachineSpill) {
        container = other.container
        forgottenInFlight = other.forgottenInFlight
        forgottenOnScreen = other.forgottenOnScreen
        queue = other.queue
        store = other.store
    }

    var isEmpty: Bool {
        container == nil && forgottenInFlight == nil && forgottenOnScreen == nil && queue == nil && store == nil
    }
}

extension ViewStateMachine {
    /// The spill, made unique to this machine (and made, if it had none), to be changed.
    mutating func uniqueSpill() -> MachineSpill {
        if spill == nil {
            spill = MachineSpill()
        } else if !isKnownUniquelyReferenced(&spill!) {
            spill = MachineSpill(copying: spill!)
        }
        return spill!
    }

    /// Drops the spill once nothing is in it, so that the machine packs whole again.
    mutating func dropSpillIfEmpty() {
        if let spill, spill.isEmpty { self.spill = nil }
    }
}
