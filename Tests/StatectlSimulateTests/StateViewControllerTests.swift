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

private extension FieldValue {
    /// A string field's text, or "" for any other value.
    var text: String {
        if case .string(let value) = self { return value }
        return ""
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

    @Test("didAppear and didDisappear without a flag take the flag of the will-call before them")
    func didTakesWillFlag() {
        let run = simulateContainer("""
        willAppear(animated: true)
        didAppear
        wait 350ms
        willDisappear(animated: true)
        didDisappear
        """)
        #expect(run.problems.isEmpty)
        let flags = run.records(.callback).filter { ["childDidAppear", "childDidDisappear"].contains($0[.name]?.text) }
            .map { "\($0[.name]!.text)=\($0[.animated]!)" }
        #expect(flags == ["childDidAppear=bool(true)", "childDidDisappear=bool(true)"])
    }

    @Test("before the first transition the final record shows the state expect reads, not nil")
    func finalAgreesWithExpect() {
        let run = simulateContainer("expect state == loading\nexpect hasDeterminedState == false\nexpect pending == none")
        #expect(run.problems.isEmpty)
        #expect(run.final[.state] == .string("loading"))
        #expect(run.final[.hasDeterminedState] == .bool(false))
        #expect(run.final[.pending] == .string("none"), "spelled as scripts write it")
        let undeclared = simulate("model StateViewController\nstate loading: A")
        #expect(undeclared.final[.state] == .null, "reading it would be the library's fatalError")
    }

    @Test("'none' cannot name a state, so 'pending == none' means one thing")
    func noneIsReserved() {
        let run = simulate("model StateViewController\nstate none: A")
        #expect(run.checkErrors.map(\.message) == ["'none' cannot name a state"])
    }

    @Test("the pending request keeps its animated flag, and runs with it")
    func pendingAnimated() {
        let run = simulateContainer("""
        appear
        transition(to: first, animated: true); transition(to: second, animated: false)
        expect pendingAnimated == false
        expect pending == second
        wait 350ms
        expect transitioning == true
        """)
        #expect(run.problems.isEmpty)
        #expect(run.records(.callback).last { $0[.name] == .string("willTransition") }?[.animated] == .bool(false))
    }

    @Test("a conforming child's duration and delay differ by direction")
    func separateDurations() {
        let run = simulate("""
        model StateViewController
        state loading: A
        state ready: B
        child B(appearDuration: 0.2, appearDelay: 0.1, disappearDuration: 50ms)
        appearanceState = loading
        appear
        transition(to: ready, animated: true)
        wait 1s
        transition(to: loading, animated: true)
        """)
        #expect(run.problems.isEmpty)
        let ends = run.records(.callback).filter { $0[.name] == .string("stateTransitionDidEnd") }.map(\.time)
        #expect(ends == [300, 1050])
    }

    @Test("a fresh child instance per children(for:) call: the same state swaps old for new")
    func freshChildren() {
        let run = simulate("""
        model StateViewController
        state loading: A
        child A(fresh: true)
        appearanceState = loading
        appear
        transition(to: loading, animated: true)
        expect children == [A, A]
        wait 350ms
        expect children == [A]
        """)
        #expect(run.problems.isEmpty)
        #expect(Array(callbacks(run).dropFirst(6)) == ["willTransition(loading)", "childWillDisappear(A#1)", "childWillAppear(A#2)",
                                                       "childDidAppear(A#2)", "childDidDisappear(A#1)", "didTransition(loading)"])
        #expect(run.final[.children] == .strings(["A#2"]))
    }

    @Test("a request from didTransition begins at once, and the override fires once")
    func requestFromDidTransition() {
        let run = simulateContainer("""
        on didTransition(state: first, to: second, animated: true)
        appear
        transition(to: first, animated: false); transition(to: third, animated: false)
        expect state == second
        wait 350ms
        transition(to: first, animated: false); transition(to: third, animated: false)
        expect state == third
        """)
        #expect(run.problems.isEmpty)
        let reactions = run.records(.statement).filter { $0[.call]?.text.hasPrefix("didTransition override") == true }
        #expect(reactions.count == 1)
    }

    @Test("a request from willTransition begins inside the transition being started; the outer state wins")
    func requestFromWillTransition() {
        let run = simulateContainer("""
        appear
        on willTransition(to: second, animated: false)
        transition(to: first, animated: false)
        expect state == first
        expect children == [B]
        """)
        #expect(run.problems.isEmpty)
        #expect(Array(callbacks(run).dropFirst(6).prefix(2)) == ["willTransition(first)", "willTransition(second)"])
    }

    @Test("an animation's completion is never cancelled: after an early finish it ends a later transition")
    func staleCompletion() {
        let run = simulateContainer("""
        appear
        transition(to: first, animated: true)
        disappear
        transition(to: second, animated: false)
        expect transitioning == true
        wait 350ms
        expect transitioning == false
        """)
        #expect(run.problems.isEmpty)
        let last = run.records(.callback).last
        #expect(last?[.name] == .string("didTransition") && last?[.animated] == .bool(true) && last?.time == 350)
    }

    @Test("a non-animated transition that changes no child ends at once")
    func nonAnimatedNoChildChange() {
        let run = simulate("model StateViewController\nstate a: A\nstate b: A\nappearanceState = a\nappear\ntransition(to: b, animated: false)\nexpect transitioning == false")
        #expect(run.problems.isEmpty)
    }

    @Test("an animated first appearance sends childWillAppear once")
    func animatedFirstAppearance() {
        let run = simulateContainer("willAppear(animated: true, movingToParent: true)\ndidAppear\nwait 350ms")
        #expect(run.problems.isEmpty)
        #expect(callbacks(run) == ["willTransition(loading)", "childWillAppear(A)", "childDidAppear(A)", "didTransition(loading)"])
    }

    @Test("viewWillDisappear drops the pending request; one made after it is kept")
    func requestAfterWillDisappear() {
        let run = simulateContainer("""
        appear
        transition(to: first, animated: true)
        willDisappear(animated: true)
        transition(to: second, animated: true)
        expect pending == second
        didDisappear
        expect state == second
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("vocabulary errors: undeclared states and children, unknown statements", arguments: [
        ("transition(to: ready)", "unknown state 'ready'"),
        ("expect children == [Z]", "unknown child 'Z'"),
        ("appearanceState = nowhere", "unknown state 'nowhere'"),
        ("child B: A", "'child' takes no ':' list"),
        ("state x", "a state declaration lists its children after ':'"),
        ("strat", "unknown statement 'strat'"),
        ("child B(duration: 0.0001)", "'duration' must be from 0 to 86400 seconds, in whole milliseconds"),
        ("on viewDidLoad(to: loading)", "unknown callback 'viewDidLoad'"),
        ("on didTransition(state: loading)", "'on' needs 'to'"),
    ])
    func vocabularyErrors(_ line: String, _ message: String) {
        let run = simulate("model StateViewController\nstate loading: A\n" + line)
        #expect(run.checkErrors.map(\.message).contains(message))
    }
}
