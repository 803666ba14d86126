import Testing
import StatectlParse
@testable import StatectlRender

@Suite("Diagnostic formatter")
struct DiagnosticFormatterTests {
    private func format(_ line: String, bytes: Range<Int>, notes: [String] = []) -> String {
        let diagnostic = Diagnostic(id: "x", span: SourceSpan(line: 12, bytes: bytes), message: "something is off",
                                    notes: notes.map { DiagnosticNote($0) })
        return DiagnosticFormatter().format(diagnostic, path: "a/b.script", sourceLine: Array(line.utf8))
    }

    @Test("path:line:column, the line with a gutter, a caret under the span, then the notes")
    func layout() {
        #expect(format("expect state == loadng", bytes: 16..<22, notes: ["did you mean 'loading'?"]) == """
        a/b.script:12:17: error: something is off
            12 | expect state == loadng
               |                 ^~~~~~
               = note: did you mean 'loading'?

        """)
    }

    @Test("columns count characters, not bytes, and tabs stay tabs under the line")
    func unicodeAndTabs() {
        let text = format("\té = x", bytes: 5..<6)
        #expect(text.hasPrefix("a/b.script:12:5: error"))
        #expect(text.contains("\n       | \t   ^\n"), "one space each for é, the space and =, after the tab")
    }

    @Test("a span past the end of the line points just after it")
    func pastTheEnd() {
        let text = format("end(", bytes: 4..<5)
        #expect(text.hasPrefix("a/b.script:12:5:"))
        #expect(text.contains("|     ^\n"))
    }

    @Test("colour only when asked")
    func colour() {
        let diagnostic = Diagnostic(id: "x", span: SourceSpan(line: 1, bytes: 0..<1), message: "m")
        #expect(DiagnosticFormatter(colored: true).format(diagnostic, path: "p", sourceLine: [0x61]).contains("\u{1B}[1;31merror: "))
        #expect(!DiagnosticFormatter(colored: false).format(diagnostic, path: "p", sourceLine: [0x61]).contains("\u{1B}["))
    }
}

@Suite("Log renderers")
struct LogRendererTests {
    @Test("JSON strings escape quotes, backslashes and control characters")
    func jsonEscapes() {
        #expect(JSONLinesRenderer.quoted("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
        #expect(JSONLinesRenderer.quoted("plain é") == "\"plain é\"")
    }

    @Test("text log strings stay on one line")
    func textEscapes() {
        #expect(TextLogRenderer.escapeControls("a\nb\tc\u{7F}") == "a\\nb\\tc\\u{7f}")
        #expect(TextLogRenderer.escapeControls("plain") == "plain")
    }

    @Test("numbers, including negative ones, are written without String")
    func numbers() {
        let output = StringOutput()
        for number: Int64 in [0, 7, -40, 1_234_567, Int64.min, Int64.max] {
            output.buffer.write(number: number)
            output.buffer.write(UInt8(ascii: " "))
        }
        #expect(output.text == "0 7 -40 1234567 -9223372036854775808 9223372036854775807 ")
    }

    @Test("right alignment and padding measure from the column's start")
    func alignment() {
        let output = StringOutput()
        let start = output.buffer.position
        output.buffer.write("42" as StaticString)
        output.buffer.alignRight(from: start, width: 5)
        let next = output.buffer.position
        output.buffer.write("ab" as StaticString)
        output.buffer.pad(from: next, to: 4)
        output.buffer.write(UInt8(ascii: "|"))
        #expect(output.text == "   42ab  |")
    }
}
