/// The view state machine's serial queue of transition requests, first in first out.
///
/// Each request is kept as plain data (its target as a small code), so that copying the
/// queue copies bytes: explore copies a configuration's machine for every event, and the
/// first request an event queued copied the whole queue, retaining and later releasing
/// every job's target. A custom target's key is kept beside the entries, for as long as
/// a request for it is queued.
struct JobQueue {
    private struct Entry {
        var id: Int
        /// 0 none, 1–4 the library's keys (`MachineState.libraryCode`), 5 + n the
        /// custom key `customTargets[n]`.
        var target: UInt32
        var animated: Bool
        var hasCompletion: Bool
    }

    private var entries: [Entry] = []
    /// The next entry to start; those before it have started.
    private var head = 0
    private var customTargets: [MachineState] = []

    init() {}

    mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    /// Requests waiting for their turn.
    var count: Int { entries.count - head }

    mutating func append(_ job: TransitionJob) {
        if head > 0, head == entries.count {
            // Emptied here rather than when the last request started: a run then reuses the
            // storage, and explore, whose copy shares it with the configuration, copies it
            // on this append either way.
            entries.removeAll(keepingCapacity: true)
            customTargets.removeAll(keepingCapacity: true)
            head = 0
        }
        let target: UInt32
        if let code = job.target.libraryCode {
            target = UInt32(code)
        } else {
            target = 5 + UInt32(customTargets.count)
            customTargets.append(job.target)
        }
        entries.append(Entry(id: job.id, target: target, animated: job.animated, hasCompletion: job.hasCompletion))
    }

    /// Takes the request whose turn it is.
    mutating func removeFirst() -> TransitionJob? {
        guard head < entries.count else { return nil }
        let job = self[0]
        head += 1
        return job
    }

    /// The `index`th request waiting (0 starts next).
    subscript(index: Int) -> TransitionJob {
        let entry = entries[head + index]
        return TransitionJob(id: entry.id, target: state(entry.target), animated: entry.animated, hasCompletion: entry.hasCompletion)
    }

    /// What identities write for the `index`th request waiting: its target's
    /// `MachineState.libraryCode` with 8 when animated and 16 when it has a completion;
    /// nil when the target is a custom key.
    func identityByte(_ index: Int) -> UInt8? {
        let entry = entries[head + index]
        guard entry.target < 5 else { return nil }
        return UInt8(entry.target) | (entry.animated ? 8 : 0) | (entry.hasCompletion ? 16 : 0)
    }

    private func state(_ code: UInt32) -> MachineState {
        switch code {
        case 0: return .none
        case 1...4: return .library(Int(code) - 1)
        default: return customTargets[Int(code) - 5]
        }
    }
}
