import Testing
@testable import StatectlSimulate

/// The machine's queue keeps requests as codes and custom targets beside them; each test
/// checks what comes out against what went in.
@Suite("Job queue")
struct JobQueueTests {
    private func job(_ id: Int, _ target: MachineState, animated: Bool = false, completion: Bool = false) -> TransitionJob {
        TransitionJob(id: id, target: target, animated: animated, hasCompletion: completion)
    }

    private func same(_ a: TransitionJob?, _ b: TransitionJob) -> Bool {
        guard let a else { return false }
        return a.id == b.id && a.target == b.target && a.animated == b.animated && a.hasCompletion == b.hasCompletion
    }

    @Test("requests come out first in, first out, with their targets, flags and ids, custom keys included")
    func firstInFirstOut() {
        var queue = JobQueue()
        let jobs = [job(1, .view("loading"), animated: true), job(2, .view("spinner"), completion: true),
                    job(3, .none), job(4, .view("error"), animated: true, completion: true), job(5, .view("empty view"))]
        for job in jobs { queue.append(job) }
        #expect(queue.count == 5)
        for expected in jobs { #expect(same(queue.removeFirst(), expected)) }
        #expect(queue.count == 0)
        #expect(queue.removeFirst() == nil)
    }

    @Test("a queue emptied and filled again reads only the new requests, its custom keys too")
    func reusedAfterEmptying() {
        var queue = JobQueue()
        queue.append(job(1, .view("a")))
        queue.append(job(2, .view("b")))
        _ = queue.removeFirst()
        queue.append(job(3, .view("c")))
        #expect(same(queue[0], job(2, .view("b"))))
        #expect(same(queue[1], job(3, .view("c"))))
        _ = queue.removeFirst()
        _ = queue.removeFirst()
        queue.append(job(7, .view("d"), animated: true))
        #expect(queue.count == 1)
        #expect(same(queue[0], job(7, .view("d"), animated: true)))
    }

    private func packedBytes(_ queue: JobQueue) -> [UInt8]? {
        guard let bits = queue.packedIdentityBits else { return nil }
        #expect(bits >> (5 * queue.count) == 0)
        return (0..<queue.count).map { UInt8(truncatingIfNeeded: bits >> (5 * $0)) & 31 }
    }

    @Test("identities write a library target with its flags, and nothing for a custom key")
    func identityBytes() {
        var queue = JobQueue()
        queue.append(job(1, .view("loading"), animated: true))
        queue.append(job(2, .none, completion: true))
        #expect(packedBytes(queue) == [MachineState.view("loading").libraryCode! | 8, UInt8(16)])  // none is 0
        queue.append(job(3, .view("mine")))
        #expect(packedBytes(queue) == nil)
    }

    @Test("a copy is independent of the queue it was copied from")
    func copiesAreValues() {
        var queue = JobQueue()
        queue.append(job(1, .view("loading")))
        var copy = queue
        copy.append(job(2, .view("x")))
        _ = queue.removeFirst()
        queue.append(job(2, .view("error")))
        #expect(same(copy[0], job(1, .view("loading"))))
        #expect(same(copy[1], job(2, .view("x"))))
        #expect(queue.count == 1 && same(queue[0], job(2, .view("error"))))
    }
}

/// A queue packs up to twelve requests for the library's states with ids that run on; the
/// same requests must come out whichever way it holds them.
@Suite("Job queue, packed and spilled")
struct JobQueuePackingTests {
    private let targets: [MachineState] = [.none, .view("content"), .view("loading"), .view("error"), .view("empty")]

    private func jobs(count: Int, firstID: Int = 1) -> [TransitionJob] {
        (0..<count).map { index in
            TransitionJob(id: firstID + index, target: targets[index % targets.count],
                          animated: index % 2 == 1, hasCompletion: index % 3 == 2)
        }
    }

    private func drained(_ queue: inout JobQueue) -> [String] {
        var out: [String] = []
        while let job = queue.removeFirst() { out.append("\(job.id) \(job.target.logName) \(job.animated) \(job.hasCompletion)") }
        return out
    }

    private func described(_ jobs: [TransitionJob]) -> [String] {
        jobs.map { "\($0.id) \($0.target.logName) \($0.animated) \($0.hasCompletion)" }
    }

    @Test("up to twelve, past twelve, and interleaved with taking: first in, first out", arguments: [1, 11, 12, 13, 30])
    func anyLength(count: Int) {
        var queue = JobQueue()
        let all = jobs(count: count, firstID: 40)
        for job in all { queue.append(job) }
        #expect(queue.count == count)
        let bits = queue.packedIdentityBits
        #expect((bits != nil) == (count <= 12))
        if let bits {
            #expect(bits >> (5 * count) == 0)
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: bits >> (5 * $0)) & 31 }
            #expect(bytes == all.map { $0.target.libraryCode! | ($0.animated ? 8 : 0) | ($0.hasCompletion ? 16 : 0) })
        }
        #expect(drained(&queue) == described(all))

        // Taking as requests arrive keeps the queue short and the ids running on.
        var rolling = JobQueue()
        var out: [String] = []
        for (index, job) in all.enumerated() {
            rolling.append(job)
            if index % 3 == 2, let taken = rolling.removeFirst() { out += described([taken]) }
        }
        out += drained(&rolling)
        #expect(out == described(all))
    }

    @Test("ids that do not run on are kept as they are")
    func idsWithGaps() {
        var queue = JobQueue()
        let gapped = [TransitionJob(id: 3, target: .view("loading"), animated: false, hasCompletion: false),
                      TransitionJob(id: 9, target: .view("error"), animated: true, hasCompletion: false),
                      TransitionJob(id: 10, target: .none, animated: false, hasCompletion: true)]
        for job in gapped { queue.append(job) }
        #expect(drained(&queue) == described(gapped))
        // Emptied, it takes new requests (staying spilled, its storage reused).
        let next = jobs(count: 3, firstID: 100)
        for job in next { queue.append(job) }
        #expect(drained(&queue) == described(next))
    }
}
