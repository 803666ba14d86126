import Testing
import StatectlParse
@testable import StatectlRender

@Suite("Source excerpts")
struct SourceExcerptTests {
    @Test("a short line is shown whole")
    func shortLine() {
        let excerpt = SourceExcerpt(line: Array("start; bogus".utf8), span: 7..<12)
        #expect(excerpt.text == Array("start; bogus".utf8))
        #expect(!excerpt.cutBefore && !excerpt.cutAfter)
        #expect(excerpt.column == 8)
    }

    @Test("a megabyte-long line shows a window around the caret, with the whole line's column")
    func longLine() {
        let line = String(repeating: "bogus; ", count: 150_000)
        let offset = 7 * 100_000
        let diagnostic = Diagnostic(id: "x", span: SourceSpan(line: 3, bytes: offset..<offset + 5), message: "unknown statement 'bogus'")
        let text = DiagnosticFormatter().format(diagnostic, path: "p", sourceLine: Array(line.utf8))
        #expect(text.utf8.count < 400)
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "p:3:\(offset + 1): error: unknown statement 'bogus'")
        #expect(lines[1].hasPrefix("    3 | …") && lines[1].hasSuffix("…"))
        // The caret sits under the 'b' of the bogus it names.
        let shown = Array(lines[1].dropFirst("    3 | ".count))
        let caret = Array(lines[2].dropFirst("      | ".count))
        let column = caret.firstIndex(of: "^")!
        #expect(String(shown[column..<column + 5]) == "bogus")
        #expect(caret[column...].count == 5)
    }

    @Test("a window never cuts a character in two")
    func characterBoundaries() {
        let line = Array(String(repeating: "é", count: 500).utf8)
        for offset in stride(from: 0, to: line.count, by: 37) {
            let excerpt = SourceExcerpt(line: line, span: offset..<offset + 1)
            #expect(String(validating: excerpt.text, as: UTF8.self) != nil)
            #expect(excerpt.offset % 2 == 0)
        }
    }

    @Test("a long line of stray continuation bytes still gives a window inside the line")
    func invalidUTF8() {
        let line = [UInt8](repeating: 0x9B, count: 500)
        for offset in [0, 1, 40, 41, 250, 499, 500] {
            let excerpt = SourceExcerpt(line: line, span: offset..<offset + 1)
            #expect(excerpt.offset <= min(offset, line.count) && excerpt.text.count <= SourceExcerpt.maximumWidth)
            #expect(!excerpt.text.isEmpty)
        }
    }

    @Test("columns counted on from an earlier diagnostic equal columns counted from the start")
    func columnHint() {
        let line = Array(String(repeating: "aé ", count: 1000).utf8)
        let first = line.withUnsafeBufferPointer { SourceExcerpt(line: $0, span: 100..<101) }
        let second = line.withUnsafeBufferPointer { SourceExcerpt(line: $0, span: 2000..<2001, start: (100, first.column)) }
        #expect(second.column == SourceExcerpt(line: line, span: 2000..<2001).column)
    }

    @Test("a message quoting a megabyte-long name is elided in the middle")
    func elidedMessage() {
        let name = String(repeating: "x", count: 1 << 20)
        let diagnostic = Diagnostic(id: "x", span: SourceSpan(line: 1, bytes: 0..<1), message: "unknown state '\(name)'",
                                    notes: [DiagnosticNote("declare it first: 'state \(name): A'")])
        let text = DiagnosticFormatter().format(diagnostic, path: "p", sourceLine: Array(name.utf8))
        #expect(text.utf8.count < 3_000)
        #expect(text.contains("unknown state 'xxx"))
        #expect(text.contains("bytes)… xxx"))
    }
}
