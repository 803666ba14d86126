import Testing
@testable import StatectlParse

@Suite("conditions and spec lines")
struct ConditionTests {
    @Test("and binds tighter than or, not tighter than and; the text puts parentheses back where needed", arguments: [
        ("expect a == x or b == y and not c != z", "a == x or b == y and not (c != z)"),
        ("expect (a == x or b == y) and c == z", "(a == x or b == y) and c == z"),
        ("expect not (a == x and b == [p, q])", "not (a == x and b == [p, q])"),
    ])
    func precedence(source: String, text: String) {
        let parsed = Parser.parse(line: Array(source.utf8), number: 1)
        #expect(parsed.diagnostics.isEmpty)
        guard case .expectCondition(let condition)? = parsed.statements.first?.form else {
            Issue.record("not a condition: \(parsed.statements)")
            return
        }
        #expect(condition.text == text)
    }

    @Test("a spec line that is not UTF-8 reports that, and reads nothing of the line before (found by the fuzzer)")
    func invalidLineAfterLongDirective() {
        var parser = LineParser()
        let long = parser.parseSpec(line: Array("never\(String(repeating: "j", count: 60)) visible == [error, loading]".utf8), number: 1)
        #expect(long.directive == nil)  // it lexes, and fails to parse as a statement
        // Shorter than the line before's first token: the parser used to read that token's
        // range from the line before against this one's bytes.
        let invalid = parser.parseSpec(line: Array("always state =".utf8) + [0xCA] + Array(" lastState".utf8), number: 2)
        #expect(invalid.directive == nil)
        #expect(invalid.statements.isEmpty)
        #expect(invalid.diagnostics.map(\.id) == ["invalid-utf8"])
    }

    @Test("a single comparison keeps the plain expect form")
    func singleComparison() {
        let parsed = Parser.parse(line: Array("expect state == loading".utf8), number: 1)
        guard case .expect(let property, .equal, _)? = parsed.statements.first?.form else {
            Issue.record("\(parsed.statements)")
            return
        }
        #expect(property.text == "state")
    }

    @Test("an unclosed parenthesis points at the end and notes where it opened")
    func unclosed() {
        let parsed = Parser.parse(line: Array("expect (a == b or c == d".utf8), number: 3)
        #expect(parsed.diagnostics.map(\.id) == ["unclosed-parenthesis"])
        #expect(parsed.diagnostics.first?.notes.first?.span?.bytes == 7..<8)
    }

    @Test("events split on commas outside parentheses, and ';' joins statements into one event")
    func events() {
        var parser = LineParser()
        let line = parser.parseSpec(line: Array("events start, end(error: \"e\", animated: false), hasContent = true; wait 300ms".utf8), number: 2)
        guard case .events(let events)? = line.directive?.0 else {
            Issue.record("\(line.diagnostics)")
            return
        }
        #expect(events.map(\.statements.count) == [1, 1, 2])
    }

    @Test("a directive keyword used as an assignment is an ordinary statement")
    func keywordAsStatement() {
        var parser = LineParser()
        let line = parser.parseSpec(line: Array("depth = 3".utf8), number: 1)
        #expect(line.directive == nil)
        #expect(line.statements.count == 1)
    }

    @Test("always/never with 'when settled'")
    func properties() {
        var parser = LineParser()
        let line = parser.parseSpec(line: Array("never visible == [error, loading] when settled".utf8), number: 5)
        guard case .property(let property)? = line.directive?.0 else {
            Issue.record("\(line.diagnostics)")
            return
        }
        #expect(property.kind == .never)
        #expect(property.whenSettled)
        #expect(property.text == "never visible == [error, loading] when settled")
    }
}
