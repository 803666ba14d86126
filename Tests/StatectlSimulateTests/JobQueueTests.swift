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

    @Test("identities write a library target with its flags, and nothing for a custom key")
    func identityBytes() {
        var queue = JobQueue()
        queue.append(job(1, .view("loading"), animated: true))
        queue.append(job(2, .none, completion: true))
        queue.append(job(3, .view("mine")))
        #expect(queue.identityByte(0) == MachineState.view("loading").libraryCode! | 8)
        #expect(queue.identityByte(1) == UInt8(16))  // none is 0
        #expect(queue.identityByte(2) == nil)
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
