/// The view state machine's serial queue of transition requests, first in first out.
///
/// Up to twelve requests for the library's states are packed into one word, as the
/// identity writes them (`forEachPackedIdentityByte`), with their ids counted on from the first: the
/// machine numbers requests as it queues them, so the ids of those waiting run on. Explore
/// copies a configuration's machine for every event and nearly always meets such a queue:
/// copying it copies a few words, where an array was retained, and copied and freed when the
/// event queued a request. Any other queue (a custom target, more requests, ids that do not
/// run on) spills into an array of jobs, and stays spilled.
struct JobQueue {
    /// Request i in bits 5i..5i+4: its target's `MachineState.libraryCode`, 8 when
    /// animated, 16 when it has a completion; the count in bits 60–63. (Three words in all:
    /// explore moves the machine several times a step.)
    private var packed: UInt64 = 0
    /// While packed, the id of the request that starts next; while spilled, the index in
    /// `spilled` of the request that starts next (those before it have started).
    private var first = 0
    /// The queue, while it does not pack.
    private var spilled: [TransitionJob]?

    private static let capacity = 12
    /// The most requests that pack.
    static var packedCapacity: Int { capacity }
    private static let countShift: UInt64 = 60

    private var packedCount: Int { Int(truncatingIfNeeded: packed >> Self.countShift) }

    init() {}

    /// The queue of `count` requests whose identity bits (`packedIdentityBits`) are
    /// `bits`, five each, first lowest, with ids from `firstID`: what appending each in turn
    /// makes. `count` at most `packedCapacity`, each request a library state's.
    init(identityBits bits: UInt64, count: Int, firstID: Int) {
        precondition(count <= Self.capacity, "JobQueue: too many requests to pack")
        packed = bits | UInt64(count) << Self.countShift
        first = count == 0 ? 0 : firstID
    }

    /// The spilled storage's reference as a number, 0 when none (an optional collection is
    /// one reference, nil as null): `ViewStateMachine.holdsReferences` ors these instead of
    /// testing each apart. Safe: `unsafeBitCast` traps if the sizes differ, and a reference
    /// is never 0, so at worst (nil not 0) a model is taken for one holding references.
    var referenceBits: UInt { unsafeBitCast(spilled, to: UInt.self) }

    /// Requests waiting for their turn.
    var count: Int {
        if let spilled { return spilled.count - first }
        return packedCount
    }

    /// Inlined where it packs (as good as always in explore): called, it cost as much again
    /// for the slow paths' registers as for the packing.
    @inline(__always)
    mutating func append(_ job: TransitionJob) {
        let count = packedCount
        if spilled == nil, count < Self.capacity, count == 0 || job.id == first + count, let code = job.target.libraryCode {
            if count == 0 { first = job.id }
            let byte = UInt64(code) | (job.animated ? 8 : 0) | (job.hasCompletion ? 16 : 0)
            packed = (packed | byte << (5 * count)) + (1 << Self.countShift)
            return
        }
        appendSpilling(job)
    }

    /// `append` when the queue is spilled or the job does not pack.
    @inline(never)
    private mutating func appendSpilling(_ job: TransitionJob) {
        if spilled != nil {
            // Once spilled, spilled for good, its storage reused: a run that requests custom
            // states spills on the first, and packing again would allocate for the next.
            // Started requests are dropped once the queue is empty and 16 have gathered:
            // emptying the list for every request (a call to the general `replaceSubrange`)
            // cost about 80 instructions a request.
            if count == 0, first >= 16 {
                spilled!.removeAll(keepingCapacity: true)
                first = 0
            }
            spilled!.append(job)
            return
        }
        var jobs = (0..<packedCount).map { self[$0] }
        jobs.append(job)
        self = JobQueue()
        spilled = jobs
    }

    /// Takes the request whose turn it is.
    mutating func removeFirst() -> TransitionJob? {
        if let spilled {
            guard first < spilled.count else { return nil }
            first += 1
            return spilled[first - 1]
        }
        guard packedCount > 0 else { return nil }
        let job = self[0]
        let count = UInt64(packedCount - 1)
        packed = count << Self.countShift | (packed & ((1 << Self.countShift) - 1)) >> 5
        first += 1
        return job
    }

    /// The `index`th request waiting (0 starts next).
    subscript(index: Int) -> TransitionJob {
        if let spilled { return spilled[first + index] }
        precondition(index >= 0 && index < packedCount, "JobQueue index out of range")
        let byte = UInt8(truncatingIfNeeded: packed >> (5 * index)) & 31
        return TransitionJob(id: first + index, target: .withLibraryCode(byte & 7),
                             animated: byte & 8 != 0, hasCompletion: byte & 16 != 0)
    }

    /// What identities write for the waiting requests, 5 bits each, first in the low bits
    /// (its target's `MachineState.libraryCode`, 8 when animated, 16 when it has a
    /// completion), the bits above them 0; nil when the queue is spilled. The word the
    /// queue keeps: explore writes it whole, where a byte a request cost a few instructions
    /// each on every step.
    @inline(__always)
    var packedIdentityBits: UInt64? {
        guard spilled == nil else { return nil }
        return packed & ((1 << Self.countShift) - 1)
    }
}
