import Testing
@testable import StatectlExplore

/// The counts, their order and witnesses are checked against a dictionary and a list kept
/// alongside, over random steps: first targets (the dense table), other targets (the hash
/// index), and pairs past the dense table's end.
@Suite("Transition counts")
struct TransitionCountsTests {
    @Test("counts, first-taken order and witnesses are a dictionary's, for any mix of targets and pairs",
          arguments: [(9, 40, 3), (3, 5, 12), (60_000, 8, 4)] as [(Int, Int, Int)])
    func agreesWithDictionary(events: Int, states: Int, targetsPerPair: Int) {
        var counts = TransitionCounts(events: events)
        var expected: [UInt64: Int] = [:]
        var order: [UInt64] = []
        var witnesses: [Int32] = []
        var state: UInt64 = 11
        for step in 0..<50_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // With 60,000 events (a key holds 16 bits of event), most pairs lie past the dense table.
            let from = Int((state >> 20) % UInt64(states))
            let event = Int((state >> 40) % UInt64(events))
            let to = (from * 7 + event + Int((state >> 50) % UInt64(targetsPerPair))) % (states + 3)
            counts.count(from: Int32(from), event: event, to: Int32(to), origin: step)
            let key = TransitionCounts.key(from: from, event: event, to: to)
            if expected[key] == nil {
                order.append(key)
                witnesses.append(Int32(step))
            }
            expected[key, default: 0] += 1
        }
        #expect(counts.keys == order)
        #expect(counts.witnesses == witnesses)
        for (key, count) in expected { #expect(counts.count(of: key) == count) }
        #expect(counts.count(of: TransitionCounts.key(from: states + 5, event: 0, to: 0)) == 0)
    }

    @Test("a key's parts are the ones it was made from")
    func keyParts() {
        let key = TransitionCounts.key(from: 692, event: 8, to: 16_000_000)
        #expect(TransitionCounts.parts(of: key) == (692, 8, 16_000_000))
    }
}
