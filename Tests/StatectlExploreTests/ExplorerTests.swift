import Testing
import StatectlParse
import StatectlSimulate
@testable import StatectlExplore

private func explore(_ spec: String, maxConfigurations: Int? = nil) -> ExploreResult {
    switch Explorer.explore(spec: Array(spec.utf8), limits: ExploreLimits(maxConfigurations: maxConfigurations)) {
    case .success(let result): return result
    case .failure(let problems): Issue.record("spec rejected: \(problems.map(\.message))"); fatalError()
    }
}

private func specText(_ prefix: [String], events: [String]?, depth: Int?, queue: Int? = nil, properties: [String] = []) -> String {
    var lines = prefix
    if let events { lines.append("events " + events.joined(separator: ", ")) }
    if let depth { lines.append("depth \(depth)") }
    if let queue { lines.append("queue \(queue)") }
    return (lines + properties).joined(separator: "\n") + "\n"
}

/// Runs a script in memory: its problems and how it ended.
private func run(_ script: String) -> (problems: [Diagnostic], outcome: Script.Outcome, records: [Record]) {
    let collector = RecordCollector()
    let runner = Script(mode: .run(collector))
    var problems: [Diagnostic] = []
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() { problems += runner.feed(line: Array(line.utf8), number: index + 1) }
    return (problems, runner.finish(), collector.records)
}

private let svcEvents = ["start", "start(animated: true)", "end", "end(error: \"e\")", "setup",
                         "hasContent = true", "hasContent = false", "wait 100ms", "wait 300ms"]
private let svcPrefix = ["model StatefulViewController", "hasContent = false"]
private let stateViewPrefix = ["model StateViewController", "state loading: Spinner", "state ready: List", "appearanceState = loading"]
private let tablePrefix = ["model JMStatefulTableViewController"]

@Suite("explore")
struct ExplorerTests {
    @Test("StatefulViewController: as many observable states as every sequence run from scratch reaches",
          arguments: [(3, nil), (4, nil), (4, 1), (4, 0)] as [(Int, Int?)])
    func statefulViewControllerCounts(depth: Int, queue: Int?) {
        let result = explore(specText(svcPrefix, events: svcEvents, depth: depth, queue: queue))
        let brute = BruteForce<StatefulViewControllerModel>(prefix: svcPrefix, events: svcEvents).run(depth: depth, queue: queue)
        #expect(result.observableStates.count == brute.observableStates.count)
        #expect(result.configurations >= result.observableStates.count)
        #expect(!result.complete || queue != nil)
    }

    @Test("StatefulViewController@3.0.1 (no container, no store snapshot) agrees with brute force too")
    func olderRelease() {
        let prefix = ["model StatefulViewController@3.0.1", "hasContent = false"]
        let events = svcEvents + ["addView(loading, top: 10)", "removeView(error)"]
        let result = explore(specText(prefix, events: events, depth: 3))
        #expect(result.model == "StatefulViewController@3.0.1")
        let brute = BruteForce<StatefulViewControllerModel>(prefix: prefix, events: events, version: "3.0.1").run(depth: 3, queue: nil)
        #expect(result.observableStates.count == brute.observableStates.count)
        let master = explore(specText(svcPrefix, events: events, depth: 3))
        let masterBrute = BruteForce<StatefulViewControllerModel>(prefix: svcPrefix, events: events).run(depth: 3, queue: nil)
        #expect(master.observableStates.count == masterBrute.observableStates.count)
    }

    @Test("StateViewController and JMStatefulTableViewController with their default alphabets agree with brute force")
    func otherModelsCounts() {
        let stateView = explore(specText(stateViewPrefix, events: nil, depth: 3))
        #expect(stateView.eventsWereDefault)
        #expect(stateView.events.contains("transition(to: ready, animated: true)"))
        let stateViewBrute = BruteForce<StateViewControllerModel>(prefix: stateViewPrefix, events: stateView.events).run(depth: 3, queue: nil)
        #expect(stateView.observableStates.count == stateViewBrute.observableStates.count)

        let table = explore(specText(tablePrefix, events: nil, depth: 4))
        #expect(table.events.contains("succeed(initial)"))
        let tableBrute = BruteForce<JMStatefulTableViewControllerModel>(prefix: tablePrefix, events: table.events).run(depth: 4, queue: nil)
        #expect(table.observableStates.count == tableBrute.observableStates.count)
        // The delegate answers only requests it was given: no runtime error by default.
        #expect(table.properties.last!.holds)
    }

    @Test("a violated property's counterexample is as short as the shortest sequence brute force finds")
    func shortestCounterexamples() {
        let properties = ["never visible == [error, loading]", "always state == lastState when settled",
                          "never state == error and hasContent == true", "always not (pending == 2)"]
        let result = explore(specText(svcPrefix, events: svcEvents, depth: 4, properties: properties))
        let brute = BruteForce<StatefulViewControllerModel>(prefix: svcPrefix, events: svcEvents).run(depth: 4, queue: nil, properties: [
            { (try? $0.observe("visible")) == .names(["error", "loading"]) },
            { $0.isSettled && (try? $0.observe("state")) != (try? $0.observe("lastState")) },
            { (try? $0.observe("state")) == .name("error") && (try? $0.observe("hasContent")) == .flag(true) },
            { (try? $0.observe("pending")) == .count(2) },
        ])
        for (index, property) in result.properties.dropLast().enumerated() {
            #expect(property.holds == (brute.shortestViolation[index] == nil), "\(property.text)")
            #expect(property.counterexample?.count == brute.shortestViolation[index], "\(property.text)")
        }
        #expect(!result.properties[0].holds)
    }

    @Test("a counterexample script runs clean to its last line and fails exactly there")
    func counterexampleReplay() {
        let result = explore(specText(svcPrefix, events: svcEvents, depth: 4,
                                      properties: ["never visible == [error, loading]", "never pending == 1 and transitioning == true"]))
        let violated = result.properties.filter { !$0.holds }
        #expect(violated.count == 2)
        for property in violated {
            let body = result.script(for: property.counterexample!)
            let lineCount = body.split(separator: "\n").count
            #expect(run(body).problems.isEmpty)
            let replay = run(body + property.failingExpect! + "\n")
            #expect(replay.problems.map(\.id) == ["expectation-failed"])
            #expect(replay.problems.first?.span.line == lineCount + 1)
        }
    }

    @Test("a runtime error is a violation, with a shortest script that crashes")
    func runtimeErrors() {
        let result = explore(specText(["model StatefulViewController"], events: ["transition(to: spinner)", "setup", "start"], depth: 3))
        let crash = result.properties.last!
        #expect(!crash.holds)
        #expect(crash.counterexample == [0, 1])
        #expect(crash.message?.contains("custom key 'spinner'") == true)
        let replay = run(result.script(for: crash.counterexample!))
        #expect(replay.outcome.runtimeError)
    }

    @Test("the emitted suite reaches exactly the branches explore reports reachable", arguments: [0, 1, 2])
    func suiteCoverage(model: Int) {
        let spec = [specText(svcPrefix, events: svcEvents, depth: 3),
                    specText(stateViewPrefix, events: nil, depth: 3),
                    specText(tablePrefix, events: nil, depth: 3)][model]
        let result = explore(spec)
        var coverage = BranchCoverage(tree: result.branches.tree)
        var states = Set<String>()
        for sequence in result.suite {
            let replay = run(result.script(for: sequence))
            #expect(replay.problems.isEmpty)
            #expect(!replay.outcome.runtimeError)
            for record in replay.records { coverage.add(record) }
            states.insert("\(replay.records.last!.fields)")
        }
        #expect(coverage.untaken == result.branches.untaken)
        #expect(coverage.taken == result.branches.taken)
        // No script of the suite is a prefix of another, except where finishing the clock takes a branch.
        guard model != 1 else { return }
        for a in result.suite { for b in result.suite where a != b && b.starts(with: a) { Issue.record("\(a) is a prefix of \(b)") } }
    }

    @Test("without the suite asked for, the report is the same and the suite empty")
    func suiteOnlyWhenAsked() throws {
        let spec = Array(specText(svcPrefix, events: svcEvents, depth: 4).utf8)
        guard case .success(let with) = Explorer.explore(spec: spec),
              case .success(let without) = Explorer.explore(spec: spec, suite: false) else {
            Issue.record("spec rejected"); return
        }
        #expect(!with.suite.isEmpty)
        #expect(without.suite.isEmpty)
        #expect(without.configurations == with.configurations && without.steps == with.steps)
        #expect(without.observableStates.count == with.observableStates.count)
        #expect(without.branches.taken == with.branches.taken)
        #expect(without.transitions.count == with.transitions.count)
    }

    @Test("expanding configurations in batches changes nothing in the report, a search stopped mid-batch included",
          arguments: [
              (specText(svcPrefix, events: svcEvents, depth: 5, properties: ["never visible == [error, loading]"]), nil),
              (specText(svcPrefix, events: svcEvents, depth: 6), 1_237),
              // A counter in a property: the level's simulators are kept, not read back.
              (specText(svcPrefix, events: ["start", "end(animated: false)", "wait 300ms"], depth: 7, properties: ["always completions != 4"]), nil),
              (specText(stateViewPrefix, events: nil, depth: 4), 301),
              (specText(tablePrefix, events: nil, depth: 5), nil),
          ] as [(String, Int?)])
    func batchesChangeNothing(spec: String, maxConfigurations: Int?) {
        func report(batch: Int) -> String {
            var limits = ExploreLimits(maxConfigurations: maxConfigurations)
            limits.configurationsPerBatch = batch
            guard case .success(let result) = Explorer.explore(spec: Array(spec.utf8), limits: limits) else { return "rejected" }
            let properties = result.properties.map { "\($0.holds) \($0.counterexample ?? []) \($0.message ?? "")" }
            let states = result.observableStates.map { "\($0.values.map(\.value)) at \($0.depth)" }
            let transitions = result.transitions.map { "\($0.from)->\($0.to) \($0.events.map { "\($0.event)x\($0.count)" })" }
            return "\(result.configurations) \(result.steps) \(result.levels) \(result.complete) \(result.stoppedBy ?? "-")\n"
                + "branches \(result.branches.counts)\n\(properties)\n\(states)\n\(transitions)\n\(result.suite)"
        }
        let oneAtATime = report(batch: 1)
        #expect(oneAtATime != "rejected")
        for batch in [2, 7, 16, 64] { #expect(report(batch: batch) == oneAtATime, "batches of \(batch)") }
    }

    @Test("queue alone explores the whole finite space and says so")
    func queueExhausts() {
        let events = ["start(animated: true)", "end", "wait 300ms"]
        let result = explore(specText(svcPrefix, events: events, depth: nil, queue: 0))
        #expect(result.complete)
        #expect(!result.stoppedAtLimit)
        // Nothing new one level deeper than the search went.
        let deeper = BruteForce<StatefulViewControllerModel>(prefix: svcPrefix, events: events).run(depth: result.levels + 1, queue: 0)
        #expect(result.observableStates.count == deeper.observableStates.count)
    }

    @Test("--max-configurations stops at that many configurations with a partial result")
    func limit() {
        let result = explore(specText(svcPrefix, events: svcEvents, depth: 8), maxConfigurations: 50)
        #expect(result.stoppedAtLimit)
        #expect(!result.complete)
        #expect(result.configurations == 50)
    }

    @Test("a counter a property reads joins the identity; otherwise configurations differing only in counters are one")
    func countersInIdentity() {
        let events = ["start", "end(animated: false)"]
        let plain = explore(specText(svcPrefix, events: events, depth: 6))
        let counting = explore(specText(svcPrefix, events: events, depth: 6, properties: ["always completions != 9"]))
        #expect(counting.configurations > plain.configurations)
        #expect(counting.observableStates.count == plain.observableStates.count)
    }

    @Test("bad specs are rejected with diagnostics at their lines", arguments: [
        ("model StatefulViewController\nevents start\n", "unbounded-exploration"),
        ("model StatefulViewController\ndepth 3\nnever state == lodaing\n", "unknown-state"),
        ("model StatefulViewController\ndepth 3\ndepth 4\n", "duplicate-bound"),
        ("model StatefulViewController\nevents start, expect state == loading\ndepth 3\n", "not-an-event"),
        ("model StatefulViewController\ndepth ten\n", "expected-bound"),
        ("model StatefulViewController\ndepth 99999999999\n", "bound-out-of-range"),
        ("model StatefulViewController\ndepth 2\nalways state == loading when idle\n", "expected-settled"),
        ("model StatefulViewControler\ndepth 2\n", "unknown-model"),
        ("model StatefulViewController\ndepth 2\nnever " + String(repeating: "(", count: 40) + "state == loading" + String(repeating: ")", count: 40) + "\n",
         "nesting-too-deep"),
        // An event is recorded in 16 bits: one more than that is refused, not a trap.
        ("model StatefulViewController\nhasContent = false\nevents start, "
            + (1...65_536).map { "wait \($0)ms" }.joined(separator: ", ") + "\ndepth 2\n", "too-many-events"),
    ])
    func badSpecs(spec: String, id: String) {
        guard case .failure(let problems) = Explorer.explore(spec: Array(spec.utf8)) else {
            Issue.record("accepted: \(spec)")
            return
        }
        #expect(problems.map(\.id).contains(id), "\(problems.map(\.id))")
    }
}
