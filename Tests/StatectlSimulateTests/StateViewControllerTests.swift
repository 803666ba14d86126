import Testing
import StatectlParse
@testable import StatectlSimulate

/// The library callbacks of a run, written compactly: `willTransition(loading)`,
/// `childWillAppear(A)`, `B.stateTransitionDidEnd(true)`.
private func callbacks(_ run: Simulated) -> [String] {
    run.records(.callback).map { record in
        func text(_ key: FieldKey) -> String {
            switch record[key] {
            case .string(let value)?: return value
            case .bool(let value)?: return String(value)
            default: return "?"
            }
        }
        if record[.isAppearing] != nil { return "\(text(.child)).\(text(.name))(\(text(.isAppearing)))" }
        if record[.state] != nil { return "\(text(.name))(\(text(.state)))" }
        return "\(text(.name))(\(text(.child)))"
    }
}

private let declarations = """
model StateViewController
state loading: A
state first: B
state second: C
state third: D
appearanceState = loading
"""

private func simulateContainer(_ body: String) -> Simulated {
    simulate(declarations + "\n" + body)
}

@Suite("StateViewController")
struct StateViewControllerTests {
    @Test("first appearance moving to a parent: childWillAppear and childDidAppear twice")
    func firstAppearanceMoving() {
        let run = simulateContainer("appear\nexpect state == loading\nexpect children == [A]\nexpect transitioning == false")
        #expect(run.problems.isEmpty)
        #expect(callbacks(run) == ["willTransition(loading)", "childWillAppear(A)", "childDidAppear(A)",
                                   "childWillAppear(A)", "childDidAppear(A)", "didTransition(loading)"])
    }

    @Test("first appearance not moving to a parent: each child callback once, finished in viewDidAppear")
    func firstAppearanceNotMoving() {
        let run = simulateContainer("willAppear(animated: false, movingToParent: false)\nexpect transitioning == true\ndidAppear")
        #expect(run.problems.isEmpty)
        #expect(callbacks(run) == ["willTransition(loading)", "childWillAppear(A)", "childDidAppear(A)", "didTransition(loading)"])
    }

    @Test("a request for the current state still runs willTransition and didTransition")
    func sameState() {
        let run = simulateContainer("appear\ntransition(to: loading, animated: true)\nexpect transitioning == false")
        #expect(run.problems.isEmpty)
        #expect(Array(callbacks(run).suffix(2)) == ["willTransition(loading)", "didTransition(loading)"])
    }

    @Test("three requests during one animated transition: only the first and the last are entered")
    func lastRequestWins() {
        let run = simulateContainer("""
        appear
        transition(to: first, animated: true); transition(to: second, animated: true); transition(to: third, animated: true)
        expect pending == third
        wait 350ms
        expect state == third
        wait 350ms
        expect children == [D]
        """)
        #expect(run.problems.isEmpty)
        #expect(Array(callbacks(run).dropFirst(6)) == [
            "willTransition(first)", "childWillDisappear(A)", "childWillAppear(B)",
            "childDidAppear(B)", "childDidDisappear(A)", "didTransition(first)",
            "willTransition(third)", "childWillDisappear(B)", "childWillAppear(D)",
            "childDidAppear(D)", "childDidDisappear(B)", "didTransition(third)",
        ])
        #expect(!callbacks(run).contains("willTransition(second)"))
    }

    @Test("didTransition(from:) receives the new state, and currentState is the target from the start")
    func fromIsTarget() {
        let run = simulateContainer("appear\ntransition(to: first, animated: true); expect state == first\nwait 350ms")
        #expect(run.problems.isEmpty)
        #expect(callbacks(run).last == "didTransition(first)")
    }

    @Test("a non-animated request finishes its children but ends only when the next request arrives")
    func nonAnimated() {
        let run = simulateContainer("""
        appear
        transition(to: first, animated: false)
        expect transitioning == true
        expect children == [B]
        transition(to: second, animated: false)
        """)
        #expect(run.problems.isEmpty)
        #expect(Array(callbacks(run).dropFirst(6)) == [
            "willTransition(first)", "childWillDisappear(A)", "childWillAppear(B)", "childDidAppear(B)", "childDidDisappear(A)",
            "didTransition(first)",
            "willTransition(second)", "childWillDisappear(B)", "childWillAppear(C)", "childDidAppear(C)", "childDidDisappear(B)",
        ])
    }

    @Test("a request during an appearance transition waits for viewDidAppear")
    func requestDuringAppearance() {
        let run = simulateContainer("""
        willAppear(animated: false, movingToParent: true)
        transition(to: first, animated: true)
        expect pending == first
        didAppear
        wait 350ms
        expect state == first
        """)
        #expect(run.problems.isEmpty)
        #expect(callbacks(run) == [
            "willTransition(loading)", "childWillAppear(A)", "childDidAppear(A)", "childWillAppear(A)",
            "childDidAppear(A)", "didTransition(loading)",
            "willTransition(first)", "childWillDisappear(A)", "childWillAppear(B)",
            "childDidAppear(B)", "childDidDisappear(A)", "didTransition(first)",
        ])
    }

    @Test("child callbacks are held during an appearance transition and forwarded after it")
    func heldDuringAppearance() {
        let run = simulateContainer("""
        willAppear(animated: true, movingToParent: true)
        wait 400ms
        expect transitioning == true
        didAppear(animated: true)
        expect transitioning == false
        """)
        #expect(run.problems.isEmpty)
        #expect(callbacks(run) == ["willTransition(loading)", "childWillAppear(A)", "childDidAppear(A)", "didTransition(loading)"])
        let appeared = run.records(.callback).first { $0[.name] == .string("childDidAppear") }
        #expect(appeared?.line == 10, "childDidAppear comes with viewDidAppear, not when the animation ended")
    }

    @Test("disappearing clears the pending request")
    func disappearingWithPending() {
        let run = simulateContainer("""
        appear
        transition(to: first, animated: true); transition(to: second, animated: true)
        disappear
        expect pending == none
        wait 1s
        expect state == first
        expect transitioning == false
        """)
        #expect(run.problems.isEmpty)
        #expect(Array(callbacks(run).dropFirst(6)) == [
            "willTransition(first)", "childWillDisappear(A)", "childWillAppear(B)",
            "childDidAppear(B)", "childWillDisappear(B)", "childDidDisappear(A)", "childDidDisappear(B)", "didTransition(first)",
        ])
    }

    @Test("conforming children get stateTransitionWillBegin/DidEnd and their own timing; arriving ones animate first")
    func transitioningChildren() {
        let run = simulate("""
        model StateViewController
        state loading: A
        state ready: B
        child B(duration: 0.2, delay: 100ms)
        child A(duration: 0.5)
        appearanceState = loading
        appear
        transition(to: ready, animated: true)
        wait 1s
        """)
        #expect(run.problems.isEmpty)
        let names = callbacks(run)
        #expect(names.contains("B.stateTransitionWillBegin(true)"))
        let willBegins = names.filter { $0.hasSuffix("stateTransitionWillBegin(true)") || $0.hasSuffix("stateTransitionWillBegin(false)") }
        #expect(willBegins == ["B.stateTransitionWillBegin(true)", "A.stateTransitionWillBegin(false)"])
        let ends = run.records(.callback).filter { $0[.name] == .string("stateTransitionDidEnd") }.map(\.time)
        #expect(ends == [300, 500])
        #expect(run.records(.callback).last?.time == 500, "didTransition after the slowest child")
    }

    @Test("a child shared by both states stays contained and hears nothing")
    func sharedChild() {
        let run = simulate("""
        model StateViewController
        state a: Header, A
        state b: Header, B
        appearanceState = a
        appear
        transition(to: b, animated: true)
        wait 350ms
        expect children == [Header, B]
        """)
        #expect(run.problems.isEmpty)
        #expect(!callbacks(run).dropFirst(8).contains { $0.contains("Header") })
    }

    @Test("currentState before any transition with no appearance state is the library's fatalError")
    func missingAppearanceState() {
        let run = simulate("model StateViewController\nstate loading: A\nexpect state == loading\nappear")
        #expect(run.outcome?.runtimeError == true)
        #expect(run.problems.first?.span.line == 3)
        #expect(run.problems.first?.message == "loadAppearanceState() is not overridden: the library calls fatalError here")
    }

    @Test("vocabulary errors: undeclared states and children, unknown statements", arguments: [
        ("transition(to: ready)", "unknown state 'ready'"),
        ("expect children == [Z]", "unknown child 'Z'"),
        ("appearanceState = nowhere", "unknown state 'nowhere'"),
        ("child B: A", "'child' takes no ':' list"),
        ("state x", "a state declaration lists its children after ':'"),
        ("strat", "unknown statement 'strat'"),
        ("child B(duration: 0.0001)", "'duration' must be a whole number of milliseconds, at most 86400 seconds"),
    ])
    func vocabularyErrors(_ line: String, _ message: String) {
        let run = simulate("model StateViewController\nstate loading: A\n" + line)
        #expect(run.checkErrors.map(\.message).contains(message))
    }
}
