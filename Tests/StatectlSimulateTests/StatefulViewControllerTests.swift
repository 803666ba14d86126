import Testing
import StatectlParse
@testable import StatectlSimulate

@Suite("StatefulViewController decisions")
struct DecisionTests {
    /// transitionViewStates: with content → none (content); else loading > error > empty.
    @Test("transitionViewStates picks the target from hasContent, loading and error", arguments: [
        (true, true, true, "content", 1), (true, true, false, "content", 0),
        (true, false, true, "content", 1), (true, false, false, "content", 0),
        (false, true, true, "loading", 0), (false, true, false, "loading", 0),
        (false, false, true, "error", 0), (false, false, false, "empty", 0),
    ])
    func truthTable(hasContent: Bool, loading: Bool, error: Bool, target: String, unobtrusive: Int) {
        let errorArgument = error ? ", error: \"boom\"" : ""
        let run = simulate("""
        hasContent = \(hasContent)
        transitionViewStates(loading: \(loading)\(errorArgument), animated: false)
        """)
        #expect(run.problems.isEmpty)
        #expect(run.records(.queued).first?[.target] == .string(target))
        #expect(run.records(.unobtrusiveError).count == unobtrusive)
        #expect(run.final[.state] == .string(target))
    }

    @Test("hasContent is read when the method is called, not when the queued job runs")
    func hasContentAtCallTime() {
        let run = simulate("hasContent = false; start; hasContent = true\nexpect state == loading")
        #expect(run.problems.isEmpty)
        #expect(run.records(.queued).map { $0[.target] } == [.string("loading")])
    }

    @Test("hasContent defaults to true, so startLoading targets content and is dropped")
    func defaultHasContent() {
        let run = simulate("start\nexpect dropped == 1\nexpect completions == 0")
        #expect(run.problems.isEmpty)
        #expect(run.records(.dropped).count == 1)
        #expect(run.records(.completed).isEmpty)
    }

    @Test("an error with content calls handleErrorWhenContentAvailable at once, before the job starts")
    func unobtrusiveErrorIsImmediate() {
        let run = simulate("end(error: \"offline\"); expect unobtrusiveErrors == 1; expect state == content")
        #expect(run.problems.isEmpty)
        let kinds = run.records.map(\.kind)
        let unobtrusive = kinds.firstIndex(of: .unobtrusiveError)!
        #expect(unobtrusive < kinds.firstIndex(of: .queued)!)
        #expect(run.records(.unobtrusiveError).first?[.error] == .string("offline"))
    }

    @Test("the decision record names the path through the tree")
    func decisionPath() {
        let run = simulate("hasContent = false\nend(error)")
        let decision = run.records(.decision).first!
        #expect(decision[.path] == .strings(["hasContent? NO", "loading? NO", "error? YES"]))
        #expect(decision[.outcome] == .string("error"))
    }
}

@Suite("setupInitialViewState")
struct SetupTests {
    @Test("derives loading from lastState")
    func fromLoading() {
        let run = simulate("hasContent = false\nstart\nsetup")
        #expect(run.problems.isEmpty)
        let setup = run.records(.decision).last!
        #expect(setup[.entry] == .string("setupInitialViewState"))
        #expect(setup[.outcome] == .string("loading"))
    }

    @Test("passes the caller's completion handler on (since 1.2), so completions count it")
    func passesCompletion() {
        let run = simulate("hasContent = false\nsetup\nexpect state == empty\nexpect completions == 1")
        #expect(run.problems.isEmpty)
        #expect(run.records(.completed).map { $0[.completion] } == [.bool(true)])
    }

    @Test("called without a completion handler, as setupInitialViewState(nil), completions do not count it")
    func withoutCompletion() {
        let run = simulate("hasContent = false\nsetup(completion: false)\nexpect state == empty\nexpect completions == 0")
        #expect(run.problems.isEmpty)
        #expect(run.records(.statement).last?[.call] == .string("setupInitialViewState(nil)"))
        #expect(run.records(.completed).map { $0[.completion] } == [.bool(false)])
    }

    @Test("fabricates an error from lastState error, which reaches handleErrorWhenContentAvailable with content")
    func fabricatedError() {
        let run = simulate("""
        hasContent = false
        end(error)
        hasContent = true
        setup
        expect unobtrusiveErrors == 1
        """)
        #expect(run.problems.isEmpty)
        let error = run.records(.unobtrusiveError).first?[.error]
        #expect(error == .string(StatefulViewControllerModel.fabricatedError))
    }

    @Test("a custom key in lastState is a runtime error at the line, and the simulation stops")
    func customKeyCrash() {
        let run = simulate("addView(custom)\ntransition(to: custom)\nsetup\nstart")
        #expect(run.outcome?.runtimeError == true)
        #expect(run.problems.map(\.id) == ["runtime-error"])
        #expect(run.problems.first?.span.line == 3)
        #expect(run.problems.first?.message.contains("custom key 'custom'") == true)
        #expect(run.records(.statement).count == 3, "line 4 never runs")
        #expect(run.final.kind == .final)
    }

    @Test("expect may read a custom key: only the library's own reads crash")
    func expectReadsCustom() {
        let run = simulate("addView(custom)\ntransition(to: custom, animated: false)\nexpect state == custom")
        #expect(run.problems.isEmpty)
    }
}

@Suite("ViewStateMachine")
struct MachineTests {
    @Test("lastState changes at request time, currentState only when the job starts")
    func requestedVersusShown() {
        let run = simulate("""
        hasContent = false
        start; expect lastState == loading; expect state == content
        expect state == loading
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("a job whose target is already current is dropped and its completion never called")
    func dropped() {
        let run = simulate("""
        hasContent = false
        start(animated: true); start(animated: true)
        wait 600ms
        expect dropped == 1
        expect completions == 1
        """)
        #expect(run.problems.isEmpty)
        #expect(run.records(.dropped).first?[.job] == .int(2))
    }

    @Test("animated transitions take 300 ms; a wait that ends exactly then completes them")
    func timing() {
        let run = simulate("""
        hasContent = false
        end(animated: true)
        wait 299ms
        expect transitioning == true
        wait 1ms
        expect transitioning == false
        expect completions == 1
        """)
        #expect(run.problems.isEmpty)
        #expect(run.records(.completed).first?.time == 300)
    }

    @Test("queued jobs run one after another, each starting when the previous completes")
    func serialQueue() {
        let run = simulate("""
        hasContent = false
        end(error: "a"); start(animated: true); end
        wait 1s
        """)
        let began = run.records(.began).map(\.time)
        #expect(began == [0, 300, 600])
        #expect(run.records(.completed).map(\.time) == [300, 600, 900])
        #expect(run.final[.state] == .string("empty"))
    }

    @Test("the target's view is added at once; the others are removed on completion")
    func viewsSwap() {
        let run = simulate("""
        hasContent = false
        start
        end(error: "x")
        expect visible == [error, loading]
        wait 300ms
        expect visible == [error]
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("a transition to none removes every view, then the container, then calls the completion")
    func toNone() {
        let run = simulate("""
        hasContent = false
        start
        transition(to: none)
        wait 300ms
        expect visible == []
        """)
        #expect(run.problems.isEmpty)
        let kinds = run.records.map(\.kind)
        #expect(kinds.suffix(5) == [.viewRemoved, .containerRemoved, .completed, .expect, .final])
    }

    @Test("a removed view stays in the container: the machine no longer knows it")
    func removedViewLingers() {
        let run = simulate("""
        hasContent = false
        start
        removeView(loading)
        end
        wait 300ms
        expect visible == [empty, loading]
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("a state without a view still becomes current")
    func missingView() {
        let run = simulate("removeView(empty)\nhasContent = false\nend(animated: false)\nexpect state == empty\nexpect visible == []")
        #expect(run.problems.isEmpty)
        #expect(run.records(.noView).count == 1)
    }

    @Test("placeholder insets and bounds give the frame")
    func insets() {
        let run = simulate("bounds(width: 320, height: 480)\naddView(loading, top: 20, left: 10, bottom: 30, right: 10)\nhasContent = false\nstart")
        #expect(run.records(.viewAdded).first?[.frame] == .ints([10, 20, 300, 430]))
    }

    @Test("queued jobs start only after the turn; wait ends the turn it is in")
    func turns() {
        let run = simulate("""
        hasContent = false
        start; expect state == content; wait 0ms; expect state == loading
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("at the end of the script the clock runs until nothing is queued or in flight")
    func drain() {
        let run = simulate("hasContent = false\nstart(animated: true); end(animated: true)")
        #expect(run.final.time == 600)
        #expect(run.final.line == nil)
        #expect(run.final[.state] == .string("empty"))
    }

    @Test("a failed expectation is reported with expected and actual values and the run goes on")
    func failedExpectation() {
        let run = simulate("expect state == loading\nexpect state == content")
        #expect(run.outcome?.failedExpectations == 1)
        #expect(run.problems.first?.message == "expectation failed: state is content, expected loading")
        #expect(run.records(.expect).count == 2)
    }
}

@Suite("Decision tree as data")
struct TreeTests {
    /// The tree the graph draws and the logic the simulator runs are one value; this walks
    /// every input combination through the tree and through a plain reading of the rules.
    @Test("the tree agrees with the documented rules for every input", arguments: [true, false], [true, false])
    func agreesWithRules(hasContent: Bool, loading: Bool) {
        for error in [true, false] {
            let tree = StatefulViewControllerModel.decisionTree
            var performed = false
            let walk = tree.walk(from: tree.index(ofNode: "transitionViewStates")!, answer: { key in
                switch key {
                case "hasContent": return hasContent
                case "loading": return loading
                default: return error
                }
            }, perform: { _ in performed = true })
            let expected = hasContent ? "content" : loading ? "loading" : error ? "error" : "empty"
            #expect(walk.outcome == expected)
            #expect(performed == (hasContent && error))
            let run = simulate("hasContent = \(hasContent)\ntransitionViewStates(loading: \(loading)\(error ? ", error" : ""))")
            #expect(run.records(.decision).first?[.outcome] == .string(walk.outcome))
            let edges = walk.edges.map { tree.edges[$0].id }
            #expect(run.records(.decision).first?[.edges] == .strings(edges))
        }
    }
}

@Suite("StatefulViewController properties compared in place")
struct PropertyComparisonTests {
    /// `compare` tells equal only where `observe` reads the very list, and not equal only where
    /// it reads another; an expectation of any other property is left to `observe`.
    @Test("visible compared where the machine keeps it agrees with visible read", arguments: ["master", "3.0.1"])
    func visibleAgrees(version: String) throws {
        typealias Model = StatefulViewControllerModel
        var model = Model(version: version)
        var effects = Effects(sink: DiscardedRecords())
        let lists: [[String]] = [[], ["error"], ["loading"], ["custom"], ["error", "loading"], ["loading", "error"],
                                 ["custom", "loading"], ["custom", "custom"], ["content", "empty", "error", "loading"]]
        var told = (equal: 0, unequal: 0)
        func agree() throws {
            let read = try model.observe("visible")
            for list in lists {
                guard let equal = model.compare(propertyAt: 2, with: .names(list)) else { continue }
                #expect(equal == (read == .names(list)), "\(read) against \(list)")
                if equal { told.equal += 1 } else { told.unequal += 1 }
            }
            #expect(model.compare(propertyAt: 0, with: .name("content")) == nil)
            #expect(model.compare(propertyAt: 2, with: .count(0)) == nil)
            for (index, spec) in Model.properties.enumerated() {
                #expect(Model.propertyIndex(spec.name) == index)
                #expect(try model.observe(propertyAt: index) == model.observe(spec.name))
            }
        }
        try agree()
        let commands: [Model.Command] = [
            .setHasContent(false), .addView("custom", .zero), .startLoading(animated: true, completion: false),
            .endLoading(animated: true, error: "e", completion: false), .transition(to: .view("custom"), animated: true, completion: false),
            .transitionViewStates(loading: true, error: nil, animated: false, completion: false), .setHasContent(true),
            .endLoading(animated: false, error: nil, completion: false),
        ]
        for command in commands {
            try model.perform(command, effects: &effects)
            try agree()
            model.endTurn(effects: &effects)
            try agree()
            while let deadline = model.nextDeadline {
                effects.now = max(effects.now, deadline)
                model.reachDeadline(effects: &effects)
                try agree()
            }
        }
        #expect(told.equal > 10 && told.unequal > 10)
    }
}
