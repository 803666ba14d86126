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
        pullToRefresh
        expect pending == [initial, refresh]
        succeed(refresh)
        expect state == idle
        expect pending == [initial]
        rows = 10
        succeed(initial)
        expect state == idle
        """)
        #expect(run.problems.isEmpty)
        #expect(states(run) == ["initialLoading", "loadingFromPullToRefresh", "idle", "idle"])
    }

    @Test("two next-page requests can be outstanding at once: the guard only checks the current state")
    func twoNextPages() {
        let run = simulateTable("""
        rows = 5
        appear
        scrollToBottom
        scrollToBottom
        expect pending == [nextPage]
        pullToRefresh
        scrollToBottom
        expect pending == [nextPage, refresh, nextPage]
        """)
        #expect(run.problems.isEmpty)
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
        ("rows = -1", "'rows' takes a whole number of rows, 0 or more"),
        ("expect background == blue", "unknown background 'blue'"),
        ("expect state == loading", "unknown state 'loading'"),
    ])
    func vocabularyErrors(_ line: String, _ message: String) {
        #expect(simulateTable(line).checkErrors.map(\.message).contains(message))
    }
}
