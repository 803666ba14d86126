import Testing
@testable import StatectlParse

private func parse(_ line: String, number: Int = 1) -> ParsedLine {
    Parser.parse(line: Array(line.utf8), number: number)
}

@Suite("Parser")
struct ParserTests {
    @Test("accepts every form the language documents", arguments: [
        "start", "startLoading()", "start(animated: true)", "end", "endLoading()", "end(error: \"offline\")",
        "end(error)", "end(animated: false)", "end(error: \"offline\", animated: false)", "setup",
        "setupInitialViewState()", "hasContent = true", "hasContent = false", "addView(custom)", "removeView(empty)",
        "transition(to: custom)", "transition(to: none, animated: false)", "wait 300ms", "wait 0.3s",
        "expect state == loading", "expect lastState == error", "expect visible == [empty, loading]",
        "expect completions == 2", "expect dropped == 1", "expect unobtrusiveErrors == 1",
        "model StatefulViewController", "expect visible == []", "expect state != error  # comment",
    ])
    func acceptsForms(_ line: String) {
        let parsed = parse(line)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.statements.count == 1)
    }

    @Test("splits statements on semicolons and keeps their spans")
    func semicolons() {
        let parsed = parse("start; wait 300ms ;expect state == loading")
        #expect(parsed.statements.map(\.span.bytes) == [0..<5, 7..<17, 19..<42])
        #expect(parsed.statements[1].form == .wait(milliseconds: 300))
    }

    @Test("durations convert exactly to milliseconds", arguments: [("300ms", 300), ("0.3s", 300), ("2s", 2000), ("0.001s", 1), ("86400s", 86_400_000)])
    func durations(_ text: String, _ milliseconds: Int64) {
        #expect(parse("wait \(text)").statements.first?.form == .wait(milliseconds: milliseconds))
    }

    @Test("a number's value is its digits' up to 64 bits and nil past them, whatever its length")
    func numberValues() {
        var generator = SystemRandomNumberGenerator()
        for length in 1...24 {
            for _ in 0..<200 {
                // Leading zeros sometimes; runs of nines near the 64-bit edge as often as not.
                let digits = String((0..<length).map { _ in
                    Bool.random(using: &generator) ? "9" : Character(String(Int.random(in: 0...9, using: &generator)))
                })
                let negative = Bool.random(using: &generator)
                let literal = (negative ? "-" : "") + digits
                // The magnitude must fit in Int64, even for a negative literal.
                let expected = UInt64(digits).flatMap { $0 <= UInt64(Int64.max) ? Int64($0) : nil }.map { negative ? -$0 : $0 }
                guard case .assignment(_, let value)? = parse("offset = \(literal)").statements.first?.form,
                      case .number(let number) = value.kind else { Issue.record("\(literal) did not parse"); continue }
                #expect(number.integer == expected, "\(literal)")
                #expect(number.text == literal)
                // As a duration: milliseconds up to a day, longer ones out of range.
                guard !negative else { continue }
                let wait = parse("wait \(digits)ms")
                if let expected, expected <= maximumWaitMilliseconds {
                    #expect(wait.statements.first?.form == .wait(milliseconds: expected), "\(digits)ms")
                } else {
                    #expect(wait.diagnostics.first?.id == "duration-out-of-range", "\(digits)ms")
                }
            }
        }
    }

    @Test("one parser reads short lines, a line of thousands of tokens (its token room grown), then short ones again")
    func tokenRoomGrows() {
        var parser = LineParser()
        let long = "addView(" + (0..<2000).map { "a\($0): \($0)" }.joined(separator: ", ") + "); start"
        for line in ["start; wait 3ms", long, "expect state == loading", long, "end(error: \"x\")"] {
            let bytes = Array(line.utf8)
            let parsed = bytes.withUnsafeBufferPointer { parser.parse(line: $0, number: 1) }
            #expect(parsed.diagnostics.isEmpty)
            #expect(parsed.statements == parse(line).statements)
        }
        guard case .call(_, let arguments)? = parse(long).statements.first?.form else { Issue.record("no call"); return }
        #expect(arguments?.count == 2000)
        #expect(arguments?.last?.label?.text == "a1999")
    }

    @Test("negative numbers are numbers")
    func negative() {
        guard case .assignment(_, let value)? = parse("contentOffset = -40").statements.first?.form else { Issue.record("no assignment"); return }
        #expect(value.kind == .number(NumberLiteral(text: "-40", integer: -40)))
    }

    @Test("strings take escapes")
    func escapes() {
        let parsed = parse(#"end(error: "a \"b\" \\ c\n")"#)
        guard case .call(_, let arguments)? = parsed.statements.first?.form else { Issue.record("not a call"); return }
        #expect(arguments?.first?.value.kind == .string("a \"b\" \\ c\n"))
    }

    @Test("a CRLF line ending is accepted")
    func crlf() {
        let parsed = parse("expect state == loading\r")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.statements.first?.span.bytes == 0..<23)
    }

    @Test("declarations: a keyword, a subject, an optional name list and arguments")
    func declarations() {
        let parsed = parse("state ready: A, B; state empty:; child B(duration: 0.2); state idle")
        #expect(parsed.diagnostics.isEmpty)
        let forms = parsed.statements.map(\.form)
        guard case .declaration(let keyword, let subject, let names, nil) = forms[0] else { Issue.record("not a declaration"); return }
        #expect(keyword.text == "state" && subject.text == "ready")
        #expect(names?.map(\.text) == ["A", "B"])
        guard case .declaration(_, _, let empty, nil) = forms[1] else { Issue.record("not a declaration"); return }
        #expect(empty?.isEmpty == true)
        guard case .declaration(_, _, nil, let arguments) = forms[2] else { Issue.record("not a declaration"); return }
        #expect(arguments?.first?.label?.text == "duration")
        guard case .declaration(_, _, nil, nil) = forms[3] else { Issue.record("not a declaration"); return }
        #expect(parse("state ready: A,").diagnostics.first?.message == "expected a name after ','")
    }

    @Test("an empty or comment-only line has no statements")
    func empty() {
        #expect(parse("").statements.isEmpty)
        #expect(parse("   # just a comment").statements.isEmpty)
        #expect(parse("").diagnostics.isEmpty)
    }

    @Test("syntax errors have exact messages and spans", arguments: [
        ("wait 300", "duration-without-unit", "duration needs a unit", 5..<8),
        ("wait 0.0001s", "duration-fraction", "duration is not a whole number of milliseconds", 5..<12),
        ("wait 100000s", "duration-out-of-range", "duration out of range", 5..<12),
        ("wait 99999999999999999999999ms", "duration-out-of-range", "duration out of range", 5..<30),
        ("wait 3h", "unknown-unit", "unknown unit 'h'", 6..<7),
        ("wait -300ms", "duration-out-of-range", "duration out of range", 5..<11),
        ("start -", "unexpected-character", "unexpected character '-'", 6..<7),
        ("wait", "expected-duration", "expected a duration after 'wait', such as 300ms or 0.3s", 4..<5),
        ("end(error: \"offline)", "unterminated-string", "unterminated string", 11..<12),
        ("end(error: \"x\"", "unclosed-parenthesis", "expected ')' to close the argument list", 14..<15),
        ("expect state = loading", "expected-comparison", "use '==' to compare in 'expect'", 13..<14),
        ("start end(", "expected-value", "expected a value, found the end of the line", 10..<11),
        ("42", "expected-statement", "expected a statement, found '42'", 0..<2),
        ("start $", "unexpected-character", "unexpected character '$'", 6..<7),
        ("model StatefulViewController@", "expected-version", "expected a version after '@'", 28..<29),
        ("model StatefulViewController @ 3.0.1", "expected-version", "expected a version after '@'", 29..<30),
        ("start@1", "expected-end", "expected ';' or the end of the line, found '@1'", 5..<7),
        ("start é", "unexpected-character", "unexpected character 'é'", 6..<8),
        ("hasContent == true", "expected-assignment", "use '=' to set 'hasContent', or 'expect hasContent ==' to check it", 11..<13),
    ])
    func syntaxErrors(_ line: String, id: String, message: String, bytes: Range<Int>) {
        let diagnostics = parse(line, number: 7).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.id == id)
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.span == SourceSpan(line: 7, bytes: bytes))
    }

    @Test("a model line may name a version after '@'; the span of the version excludes the '@'", arguments: [
        ("model StatefulViewController@3.0.1", "3.0.1", 29..<34),
        ("model StatefulViewController@master # the default", "master", 29..<35),
        ("model X@2.0-beta.1+b7", "2.0-beta.1+b7", 8..<21),
    ])
    func modelVersion(_ line: String, version: String, bytes: Range<Int>) {
        let parsed = parse(line)
        #expect(parsed.diagnostics.isEmpty)
        guard case .model(_, let written)? = parsed.statements.first?.form else {
            Issue.record("not a model statement: \(parsed.statements)")
            return
        }
        #expect(written == Name(version, span: SourceSpan(line: 1, bytes: bytes)))
    }

    @Test("every statement on a line is checked, not just the first broken one")
    func allErrors() {
        #expect(parse("wait 3; start(; wait 1ms").diagnostics.count == 2)
    }

    @Test("invalid UTF-8 is reported at the first bad byte")
    func invalidUTF8() {
        let diagnostics = Parser.parse(line: Array("start # ok é".utf8) + [0xC3, 0x28], number: 2).diagnostics
        #expect(diagnostics.first?.id == "invalid-utf8")
        #expect(diagnostics.first?.message == "invalid UTF-8 byte 0xC3")
        #expect(diagnostics.first?.span.bytes == 13..<14)
    }

    @Test("a bad byte is found wherever it falls among the eight-byte steps over ASCII")
    func invalidUTF8EveryOffset() {
        for position in 0..<20 {
            var line = Array("# comment text, 24 bytes".utf8)
            line[position] = 0xFF
            #expect(Parser.parse(line: line, number: 1).diagnostics.first?.span.bytes == position..<position + 1)
            line[position] = 0xC3  // a lead byte whose continuation is missing
            #expect(Parser.parse(line: line, number: 1).diagnostics.first?.span.bytes == position..<position + 1)
        }
        #expect(Parser.parse(line: Array("# é and ü, past eight bytes".utf8), number: 1).diagnostics.isEmpty)
    }

    @Test("lines are cut the same whatever the chunk size", arguments: [1, 2, 3, 7, 1024])
    func lineSplitter(chunkSize: Int) {
        let text = Array("a\nbb\n\nccc\r\nlast".utf8)
        var splitter = LineSplitter()
        var lines: [String] = []
        var start = 0
        while start < text.count {
            let chunk = Array(text[start..<min(text.count, start + chunkSize)])
            chunk.withUnsafeBufferPointer { splitter.feed($0) { line, _ in lines.append(String(decoding: line, as: UTF8.self)) } }
            start += chunkSize
        }
        splitter.finish { line, _ in lines.append(String(decoding: line, as: UTF8.self)) }
        #expect(lines == ["a", "bb", "", "ccc\r", "last"])
        #expect(splitter.lineNumber == 5)
    }

    @Test("suggestions find the nearest known word, and only a plausible one")
    func suggestions() {
        #expect(Suggestion.nearest(to: "loadng", in: ["loading", "error", "empty"]) == "loading")
        #expect(Suggestion.nearest(to: "strat", in: ["start", "end"]) == "start")
        #expect(Suggestion.nearest(to: "banana", in: ["start", "end"]) == nil)
    }
}
