import StatectlParse
import StatectlSimulate

extension Search {
    /// The report: counts, properties, coverage, and the suite `--emit-tests` writes, a
    /// shortest path to each reachable branch, observable state and observable transition,
    /// without the paths that are prefixes of others.
    func result(complete: Bool, stoppedBy: String?, prefixProblems: [Diagnostic]) -> ExploreResult {
        var coverage = BranchCoverage(tree: M.decisionTree)
        var sequences: [[Int]: Bool] = [:]  // sequence → must end there
        func want(_ sequence: [Int], mustEnd: Bool = false) { sequences[sequence] = (sequences[sequence] ?? false) || mustEnd }
        for walk in walkOrder {
            var before = coverage
            before.add(sink.walks[walk])
            guard before.taken > coverage.taken else { coverage = before; continue }
            coverage = before
            let (config, event) = walkWitness[walk]!
            guard buildsSuite else { continue }
            if let event { want(path(to: config) + [event]) } else { want(path(to: config), mustEnd: true) }
        }
        if buildsSuite {
            var firstOfState: [Int: Int] = [:]
            for config in 0..<store.count {
                let state = Int(store.tag(of: config))
                if firstOfState[state] == nil { firstOfState[state] = config }
            }
            for state in firstOfState.keys.sorted() { want(path(to: firstOfState[state]!)) }
        }
        // By (from, to), in the order first taken; each pair's events appended in place (through
        // the dictionary's optional value, each append copied the pair's list).
        var merged: [ExploreResult.Transition] = []
        var pairPlace: [Int: Int] = [:]
        for number in transitions.keys.indices {
            let key = transitions.keys[number]
            let (count, config) = (transitions.count(of: key), transitions.witnesses[number])
            let (from, event, to) = TransitionCounts.parts(of: key)
            if buildsSuite { want(path(to: Int(config)) + [event]) }
            let pair = from << 24 | to
            let place: Int
            if let known = pairPlace[pair] {
                place = known
            } else {
                place = merged.count
                pairPlace[pair] = place
                merged.append(ExploreResult.Transition(from: from, to: to, events: []))
            }
            merged[place].events.append((event, count))
        }
        var prefixes = Set<[Int]>()
        for sequence in sequences.keys where !sequence.isEmpty {
            for length in 0..<sequence.count { prefixes.insert(Array(sequence[..<length])) }
        }
        let suite = sequences.filter { $0.value || !prefixes.contains($0.key) }.map(\.key)
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
        return ExploreResult(
            model: spec.version.map { "\(M.name)@\($0)" } ?? M.name, prefix: spec.prefix.map(\.text), events: spec.events.map(\.text),
            eventsWereDefault: spec.eventsWereDefault, depth: spec.depth, queue: spec.queue,
            complete: complete, stoppedAtLimit: stoppedBy != nil, stoppedBy: stoppedBy, configurations: store.count,
            observableStates: observableStates, transitions: merged,
            steps: steps, levels: levels, branches: coverage, storeBytes: bytesKept(),
            properties: results + [runtimeError], prefixProblems: prefixProblems, suite: suite)
    }
}
