import Testing
import StatectlParse
@testable import StatectlSimulate

/// Lines that differ (so the line cache cannot serve them) but share statements, which the
/// statement cache serves from their third sighting on. Each test would fail if it handed
/// out a stale compiled statement or one with another line's spans.
@Suite("Statement cache")
struct StatementCacheTests {
    @Test("a declaration that changes what a cached statement means is seen")
    func declarationInvalidates() {
        // `lastState` is a property until a view is called so; then it is a state's name.
        let run = simulate("""
            wait 1ms; expect state == lastState
            wait 2ms; expect state == lastState
            wait 3ms; expect state == lastState
            addView(lastState)
            wait 4ms; expect state == lastState
            """)
        #expect(run.checkErrors.isEmpty)
        #expect(run.records(.expect).map { $0[.passed] } == [.bool(true), .bool(true), .bool(true), .bool(false)])
        #expect(run.problems.map(\.span.line) == [5])
    }

    @Test("the line cache too: a repeated line is compiled again once a name it reads is declared")
    func lineCacheInvalidates() {
        let run = simulate("""
            expect state == lastState
            expect state == lastState
            expect state == lastState
            addView(lastState)
            expect state == lastState
            """)
        #expect(run.records(.expect).map { $0[.passed] } == [.bool(true), .bool(true), .bool(true), .bool(false)])
    }

    @Test("a cached statement's span is where this line has it")
    func spans() {
        let lines = [
            "wait 1ms; expect completions == 5",
            "wait 2ms;   expect completions == 5",
            "wait 3ms;expect completions == 5",
            "expect completions == 5; wait 4ms",
            "wait 5ms; expect completions == 5  # again",
        ]
        let run = simulate(lines.joined(separator: "\n"))
        let expected = lines.enumerated().map { index, line in
            let start = line.utf8.count - line.drop { $0 != "e" }.utf8.count
            return SourceSpan(line: index + 1, bytes: start..<start + "expect completions == 5".utf8.count)
        }
        #expect(run.problems.map(\.span) == expected)
    }

    @Test("statements cut only outside strings, and served with their own text")
    func strings() {
        let run = simulate((1...5).map { "wait \($0)ms; end(error: \"a; b # c\"); start" }.joined(separator: "\n"))
        #expect(run.checkErrors.isEmpty)
        #expect(run.records(.statement).filter { $0[.call] == .string("endLoading(animated: true, error: \"a; b # c\")") }.count == 5)
        #expect(run.records(.statement).count == 15)
    }

    @Test("a line with a syntax error among cached statements reports what the whole line's parse does")
    func syntaxError() {
        let bad = "wait 1ms; expect state == empty; start("
        let run = simulate(Array(repeating: "wait 1ms; expect state == empty", count: 3).joined(separator: "\n") + "\n" + bad)
        let parsed = Parser.parse(line: Array(bad.utf8), number: 4)
        #expect(!parsed.diagnostics.isEmpty)
        #expect(run.checkErrors == parsed.diagnostics)
    }

    @Test("a failing statement is never cached: it fails on every line")
    func failures() {
        let run = simulate((1...4).map { "wait \($0)ms; expect state == nowhere" }.joined(separator: "\n"))
        #expect(run.checkErrors.map(\.span.line) == [1, 2, 3, 4])
        #expect(run.checkErrors.allSatisfy { $0.id == "unknown-state" })
    }
}
