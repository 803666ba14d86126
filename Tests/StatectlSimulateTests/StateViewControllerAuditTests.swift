import Testing
import StatectlParse
@testable import StatectlSimulate

/// Rules found by the round-2 audit against `StateViewController.swift` (98f183d) that the
/// other suites did not pin down.
@Suite("StateViewController, audit")
struct StateViewControllerAuditTests {
    private static let twoStates = """
    model StateViewController
    state loading: Spinner
    state ready: List
    child List(duration: 0.2, delay: 0)
    appearanceState = loading
    appear
    disappear
    appearanceState = ready
    """

    @Test("appearing again with another state: leaving children go in viewWillAppear, arriving ones wait for viewDidAppear, nothing animates")
    func reappearanceWithAnotherState() {
        let run = simulate(Self.twoStates + "\nwillAppear(animated: true)\nexpect children == [List]\nwait 1s\nexpect transitioning == true\ndidAppear\nexpect transitioning == false")
        #expect(run.problems.isEmpty)
        let names = run.records(.callback).compactMap { record -> String? in
            guard case .string(let name)? = record[.name] else { return nil }
            return name
        }
        // beginStateTransition without performStateTransition (StateViewController.swift:157).
        #expect(!names.contains("stateTransitionWillBegin"))
        let removal = run.records(.containment).first { $0[.call] == .string("removeFromParent()") }
        #expect(removal?.line == 9)
        let ended = run.records(.callback).last
        #expect(ended?[.name] == .string("didTransition") && ended?.line == 13 && ended?.time == 1000)
    }

    @Test("a didTransition request that ends at once starts the pending one inside it; both perform the same children")
    func reactionEndingAtOnceRunsPendingInside() {
        let run = simulate("""
        model StateViewController
        state loading: Spinner
        state ready: List
        child Spinner(duration: 0.35, delay: 0)
        appearanceState = loading
        appear
        transition(to: ready, animated: true)
        transition(to: loading, animated: true)
        on didTransition(state: ready, to: ready, animated: true)
        wait 1s
        expect state == loading
        """)
        #expect(run.problems.isEmpty)
        // The pending transition's performStateTransition runs, then the outer request's
        // runs over the same set (StateViewController.swift:588–593, 633–636, 322).
        let begins = run.records(.callback).filter {
            $0[.name] == .string("stateTransitionWillBegin") && $0[.isAppearing] == .bool(true) && $0.time == 350
        }
        #expect(begins.count == 2)
    }
}
