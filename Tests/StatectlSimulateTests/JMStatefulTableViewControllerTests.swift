import Testing
import StatectlParse
@testable import StatectlSimulate

private func simulateTable(_ body: String) -> Simulated {
    simulate("model JMStatefulTableViewController\n" + body)
}

/// The states a run passed through, from its willTransitionToState callbacks.
private func states(_ run: Simulated) -> [String] {
    run.records(.callback).compactMap { record in
        guard record[.name] == .string("willTransitionToState"), case .string(let state)? = record[.state] else { return nil }
        return state
    }
}

@Suite("JMStatefulTableViewController")
struct JMStatefulTableViewControllerTests {
    @Test("an empty first load ends Empty, and the next appearance tries again")
    func emptyThenRetry() {
        let run = simulateTable("""
        rows = 0
        appear
        succeed(initial)
        expect state == empty
        expect background == empty
        expect scrollEnabled == false
        appear
        expect state == initialLoading
        expect pending == [initial]
        """)
        #expect(run.problems.isEmpty)
        #expect(states(run) == ["initialLoading", "empty", "initialLoading"])
    }

    @Test("the first page is skipped while InitialLoading or when rows exist")
    func firstPageGuard() {
        let run = simulateTable("appear\nappear\nexpect pending == [initial]\nrows = 3\nsucceed(initial)\nappear\nexpect pending == []")
        #expect(run.problems.isEmpty)
        #expect(states(run) == ["initialLoading", "idle"])
    }

    @Test("a next-page failure quietly returns to Idle")
    func nextPageFailure() {
        let run = simulateTable("rows = 5\nappear\nscrollToBottom\nexpect state == loadingNextPage\nfail(nextPage, error: \"offline\")\nexpect state == idle")
        #expect(run.problems.isEmpty)
        #expect(states(run) == ["loadingNextPage", "idle"])
    }

    @Test("shouldBeginLoadingNextPage NO turns infinite scrolling off and changes nothing else")
    func noMorePages() {
        let run = simulateTable("""
        rows = 5
        appear
        expect infiniteScrolling == true
        morePages = false
        scrollToBottom
        expect infiniteScrolling == false
        expect state == idle
        expect pending == []
        """)
        #expect(run.problems.isEmpty)
        #expect(states(run).isEmpty)
    }

    @Test("a next-page success asks again: NO turns infinite scrolling off; the state follows rows")
    func nextPageSuccessAsksAgain() {
        let run = simulateTable("""
        rows = 5
        appear
        scrollToBottom
        morePages = false
        rows = 0
        succeed(nextPage)
        expect infiniteScrolling == false
        expect state == empty
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("loadNewer loads the first page without rows, and refreshes with them", arguments: [(0, "initialLoading", "initial"), (4, "loadingFromPullToRefresh", "refresh")])
    func loadNewer(rows: Int, state: String, request: String) {
        let run = simulateTable("rows = \(rows)\nloadNewer\nexpect state == \(state)\nexpect pending == [\(request)]")
        #expect(run.problems.isEmpty)
    }

    @Test("a refresh can complete while the first page is still pending")
    func refreshDuringFirstPage() {
        let run = simulateTable("""
        appear
        rows = 10
        loadNewer
        expect pending == [initial, refresh]
        succeed(refresh)
        expect state == idle
        expect pending == [initial]
        succeed(initial)
        expect state == idle
        """)
        #expect(run.problems.isEmpty)
        #expect(states(run) == ["initialLoading", "loadingFromPullToRefresh", "idle", "idle"])
    }

    @Test("the next-page guard only checks the state: code can start a second page while the first is out")
    func twoNextPages() {
        let run = simulateTable("""
        rows = 5
        appear
        scrollToBottom
        scrollToBottom
        expect pending == [nextPage]
        pullToRefresh
        infiniteScrollingHandler
        expect pending == [nextPage, refresh, nextPage]
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("gestures are gated: no drag while scrolling is off, no pull while the control refreshes; each says why", arguments: [
        ("rows = 0\nappear\npullToRefresh", "pullToRefresh", "scrolling is disabled in initialLoading: the user cannot drag the table"),
        ("rows = 0\nappear\nsucceed(initial)\npullToRefresh", "pullToRefresh", "scrolling is disabled in empty: the user cannot drag the table"),
        ("rows = 0\nappear\nfail(initial)\npullToRefresh", "pullToRefresh", "scrolling is disabled in error: the user cannot drag the table"),
        ("rows = 0\nappear\nscrollToBottom", "scrollToBottom", "scrolling is disabled in initialLoading: the user cannot drag the table"),
        ("rows = 1\nappear\npullToRefresh\nloadNewer\npullToRefresh", "pullToRefresh", "the refresh control is still refreshing (until endRefreshing)"),
        ("rows = 1\npullToRefresh", "pullToRefresh", "no refresh control (appear with shouldPullToRefresh true to add one)"),
        ("rows = 1\nappear\nscrollToBottom\nscrollToBottom", "scrollToBottom",
         "the infinite-scrolling view is still loading: it stops only on Idle, Empty or Error"),
    ])
    func gatedGestures(_ script: String, _ event: String, _ reason: String) {
        let run = simulateTable(script)
        #expect(run.problems.isEmpty)
        let ignored = run.records(.ignored).last
        #expect(ignored?[.name] == .string(event))
        #expect(ignored?[.reason] == .string(reason))
        #expect(ignored?.line == script.split(separator: "\n").count + 1, "the last statement was the one ignored")
    }

    @Test("the handlers called from code are not gated")
    func ungatedHandlers() {
        let run = simulateTable("rows = 0\nappear\nfail(initial)\nrefreshAction\nexpect state == loadingFromPullToRefresh")
        #expect(run.problems.isEmpty)
        #expect(run.records(.ignored).isEmpty)
        let handler = simulateTable("rows = 1\nappear\nscrollToBottom\npullToRefresh\ninfiniteScrollingHandler\nexpect pending == [nextPage, refresh, nextPage]")
        #expect(handler.problems.isEmpty)
    }

    @Test("the refresh control refreshes from the pull until endRefreshing, after the state is Idle")
    func refreshControlEnds() {
        let run = simulateTable("rows = 1\nappear\npullToRefresh\nexpect refreshing == true\nsucceed(refresh)\nexpect refreshing == false")
        #expect(run.problems.isEmpty)
        let kinds = run.records.filter { $0.line == 6 }.map { record -> String in
            if case .string(let change)? = record[.change] { return change }
            if case .string(let name)? = record[.name] { return name }
            return record.kind.rawValue
        }
        #expect(Array(kinds.suffix(3)) == ["tableEffects", "didTransitionToState", "refreshControl"], "willTransitionToState(idle) before endRefreshing")
    }

    @Test("once added, the refresh control stays when shouldPullToRefresh turns NO")
    func refreshControlStays() {
        let run = simulateTable("rows = 5\nappear\nshouldPullToRefresh = false\nappear\npullToRefresh\nexpect state == loadingFromPullToRefresh")
        #expect(run.problems.isEmpty)
        #expect(run.records(.ignored).isEmpty)
    }

    @Test("on appear: the refresh control, then infinite scrolling, then the first page")
    func appearOrder() {
        let run = simulateTable("rows = 0\nappear")
        let order = run.records.filter { $0.kind == .table || $0.kind == .request }.map { record -> String in
            if case .string(let change)? = record[.change] { return change }
            return "request"
        }
        #expect(order == ["refreshControl", "infiniteScrolling", "request"])
    }

    @Test("the infinite-scrolling view stays loading through a refresh and stops on Idle")
    func infiniteScrollingDuringRefresh() {
        let run = simulateTable("""
        rows = 5
        appear
        scrollToBottom
        pullToRefresh
        scrollToBottom
        expect pending == [nextPage, refresh]
        succeed(refresh)
        expect infiniteScrollingLoading == false
        scrollToBottom
        expect pending == [nextPage, nextPage]
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("turning infinite scrolling off and on again never reinstalls the handler")
    func reenableNeverRestores() {
        let run = simulateTable("""
        rows = 5
        appear
        shouldInfinitelyScroll = false
        appear
        shouldInfinitelyScroll = true
        appear
        scrollToBottom
        expect pending == []
        expect infiniteScrollingLoading == true
        """)
        #expect(run.problems.isEmpty)
        #expect(run.records(.ignored).map { $0[.name] } == [.string("addInfiniteScrollingWithActionHandler"), .string("scrollToBottom")])
    }

    @Test("showsInfiniteScrolling is YES while no infinite-scrolling view exists, even after it is set to NO")
    func showsWithoutView() {
        let run = simulateTable("""
        expect infiniteScrolling == true
        shouldInfinitelyScroll = false
        rows = 5
        appear
        morePages = false
        statefulState = idle
        expect infiniteScrolling == true
        """)
        #expect(run.problems.isEmpty)
        #expect(run.final[.infiniteScrolling] == .bool(true))
    }

    @Test("without a refresh control the inset is 0, and the offset's −60 still applies")
    func refreshWithoutControl() {
        let run = simulateTable("shouldPullToRefresh = false\nrows = 5\nappear\nloadNewer\nsucceed(refresh, inserted: 2)\nexpect contentInset == 0\nexpect contentOffset == 28")
        #expect(run.problems.isEmpty)
    }

    @Test("statefulState set directly, and custom or nil state views")
    func stateViews() {
        let run = simulateTable("errorView = Oops\nloadingView = nil\nstatefulState = error\nexpect background == Oops\nrows = 0\nappear\nexpect background == none\nexpect pending == [initial]")
        #expect(run.problems.isEmpty)
        #expect(states(run) == ["error", "initialLoading"])
    }

    @Test("a success block called twice runs twice; one never made is still a runtime error")
    func successTwice() {
        let run = simulateTable("rows = 0\nappear\nsucceed(initial)\nrows = 2\nsucceed(initial)\nexpect state == idle")
        #expect(run.problems.isEmpty)
        #expect(states(run) == ["initialLoading", "empty", "idle"])
    }

    @Test("a refresh that inserts rows keeps the old content in place", arguments: [(0, 28), (100, 188)])
    func contentOffset(start: Int, expected: Int) {
        let run = simulateTable("""
        rows = 5
        appear
        rowHeight = 44
        contentOffset = \(start)
        pullToRefresh
        succeed(refresh, inserted: 2)
        expect contentOffset == \(expected)
        expect contentInset == 60
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("a refresh without inserted rows leaves the offset alone")
    func refreshWithoutRows() {
        let run = simulateTable("rows = 5\nappear\ncontentOffset = 100\npullToRefresh\nsucceed(refresh)\nexpect contentOffset == 100")
        #expect(run.problems.isEmpty)
    }

    @Test("every state change calls will/didTransitionToState, with no equality check")
    func noEqualityCheck() {
        let run = simulateTable("rows = 5\nappear\nscrollToBottom\nfail(nextPage)\nscrollToBottom\nfail(nextPage)")
        #expect(run.records(.ignored).isEmpty, "Idle stopped the view, so the second drag loads")
        #expect(states(run) == ["loadingNextPage", "idle", "loadingNextPage", "idle"])
        #expect(run.records(.callback).count == 8)
    }

    @Test("succeed or fail with nothing of that kind pending is a runtime error at that line")
    func nothingPending() {
        let run = simulateTable("rows = 1\nappear\nsucceed(refresh)")
        #expect(run.outcome?.runtimeError == true)
        #expect(run.problems.first?.span.line == 4)
        #expect(run.problems.first?.message == "no refresh request is pending, so there is no block to call")
    }

    @Test("the optional delegate answers control pull-to-refresh and infinite scrolling")
    func optionalAnswers() {
        let run = simulateTable("""
        rows = 5
        shouldPullToRefresh = false
        shouldInfinitelyScroll = false
        appear
        pullToRefresh
        scrollToBottom
        expect state == idle
        expect pending == []
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("vocabulary errors", arguments: [
        ("succeed(inital)", "unknown request 'inital'"),
        ("succeed(initial, inserted: 2)", "only a refresh's success passes index paths to insert"),
        ("rows = -1", "'rows' takes a whole number of rows, from 0 to 2147483647"),
        ("expect background == blue", "unknown background 'blue'"),
        ("expect state == loading", "unknown state 'loading'"),
        ("statefulState = loading", "'statefulState' takes a state"),
        ("emptyView = none", "'emptyView' takes a view name, or nil"),
        ("updateInfiniteScrollingHandlerAndFooterView", "'updateInfiniteScrollingHandlerAndFooterView' needs true or false"),
    ])
    func vocabularyErrors(_ line: String, _ message: String) {
        #expect(simulateTable(line).checkErrors.map(\.message).contains(message))
    }
}
