import Testing
import StatectlParse
@testable import StatectlSimulate

/// Rules found by the round-2 audit against `JMStatefulTableViewController.m` (5d15b40) and
/// SVPullToRefresh 0.4.1 that the other suites did not pin down.
@Suite("JMStatefulTableViewController, audit")
struct JMStatefulTableViewControllerAuditTests {
    @Test("once rows exist, an appearance skips the first page: Empty stays, and a pull is ignored")
    func emptyStaysOnReappearance() {
        let run = simulate("""
        model JMStatefulTableViewController
        appear
        succeed(initial)
        rows = 5
        appear
        expect state == empty
        expect scrollEnabled == false
        pullToRefresh
        expect pending == []
        """)
        #expect(run.problems.isEmpty)
        #expect(run.records(.ignored).map { $0[.name] } == [.string("pullToRefresh")])
    }

    @Test("a drag that finds no more pages leaves the view loading, hidden, until Idle stops it")
    func noMorePagesFromDrag() {
        let run = simulate("""
        model JMStatefulTableViewController
        rows = 20
        morePages = false
        appear
        scrollToBottom
        expect state == idle
        expect infiniteScrolling == false
        expect infiniteScrollingLoading == true
        statefulState = idle
        expect infiniteScrollingLoading == false
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("triggerInfiniteScrolling while the view loads runs the handler again; the state guard stops it")
    func triggerWhileLoading() {
        let run = simulate("model JMStatefulTableViewController\nrows = 20\nappear\nscrollToBottom\ntriggerInfiniteScrolling\nexpect pending == [nextPage]")
        #expect(run.problems.isEmpty)
        let decisions = run.records(.decision).filter { $0[.entry] == .string("_loadNextPage") }
        #expect(decisions.count == 2)
    }
}
