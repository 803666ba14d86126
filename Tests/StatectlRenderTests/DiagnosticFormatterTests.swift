import Foundation
import Testing
import StatectlParse
@testable import StatectlRender
import StatectlSimulate

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

    @Test("control characters in the echoed line, DEL and escape included, print as spaces")
    func controlsInLine() {
        let text = format("bogus # \u{1B}[2J\u{7F}\r x", bytes: 0..<5)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{7F}") && !text.contains("\r"))
        #expect(text.contains("| bogus #  [2J   x\n"))
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

    @Test("JSON strings written in place read back, through a JSON parser, as the original text")
    func jsonEscapesInPlace() throws {
        var samples = ["", "plain", "a\"b\\c", "é ünïcode \u{1F600}", "tab\there\r\n", "\u{7F}end", "\"\"", "\\"]
        samples += (0..<0x20).map { "x\(Character(Unicode.Scalar(UInt8($0))))y" }
        for sample in samples {
            let output = StringOutput()
            Array(sample.utf8).withUnsafeBytes { JSONLinesRenderer.writeQuoted($0, to: output.buffer) }
            let text = output.text
            #expect(!text.contains("\n") && !text.unicodeScalars.contains { $0.value < 0x20 }, "\(sample.debugDescription)")
            let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? String
            #expect(decoded == sample, "\(sample.debugDescription)")
        }
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

    @Test("numbers at every digit-count boundary are written as String writes them")
    func numberBoundaries() {
        var numbers: [Int64] = []
        var power: Int64 = 1
        for _ in 0..<19 {
            numbers += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        let output = StringOutput()
        for number in numbers {
            output.buffer.write(number: number)
            output.buffer.write(UInt8(ascii: ","))
        }
        #expect(output.text == numbers.map { "\($0)," }.joined())
    }

    @Test("control characters are found wherever they sit in a string")
    func controlSearch() {
        for length in 1...20 {
            for position in 0..<length {
                for byte: UInt8 in [0x00, 0x01, 0x0A, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[position] = byte
                    let expected = byte < 0x20 || byte == 0x7F
                    // Written after other text, so the word-wise check starts unaligned too.
                    let output = StringOutput()
                    output.buffer.write("12345" as StaticString)
                    var escaped = false
                    bytes.withUnsafeBytes { text in
                        output.buffer.write(text, escapingControlsWith: { _ in escaped = true; return "<escaped>" })
                    }
                    output.buffer.write("|" as StaticString)
                    #expect(escaped == expected, "byte \(byte) at \(position) of \(length)")
                    let kept = escaped ? "<escaped>" : String(decoding: bytes, as: UTF8.self)
                    #expect(output.text == "12345" + kept + "|")
                }
            }
        }
    }

    @Test("a string with a control character is escaped in the text log, a plain one copied")
    func textLogEscapesFields() {
        let record = Record(time: 0, line: 1, kind: .viewRemoved, fields: [Field(.view, .string("a\u{1}b\nc"))])
        #expect(TextLogRenderer.line(for: record).hasSuffix("a\\u{1}b\\nc view"))
        let plain = Record(time: 0, line: 1, kind: .viewRemoved, fields: [Field(.view, .string("é loading"))])
        #expect(TextLogRenderer.line(for: plain).hasSuffix("é loading view"))
        let empty = Record(time: 0, line: 1, kind: .viewRemoved, fields: [Field(.view, .string(""))])
        #expect(TextLogRenderer.line(for: empty).hasSuffix("viewRemoved" + String(repeating: " ", count: 8) + "view"))
    }

    @Test("a text shorter than a word is escaped in the text log wherever its control character sits")
    func textLogEscapesShortFields() {
        for length in 1...7 {
            for position in 0..<length {
                for byte: UInt8 in [0x00, 0x01, 0x0A, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[position] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    let record = Record(time: 0, line: 1, kind: .viewRemoved, fields: [Field(.view, .string(text))])
                    #expect(TextLogRenderer.line(for: record).hasSuffix(TextLogRenderer.escapeControls(text) + " view"), "byte \(byte) at \(position) of \(length)")
                }
            }
        }
    }

    @Test("one renderer writes each record as a fresh one would, whatever came before")
    func columnsReused() {
        let records = [
            Record(time: 0, line: 1, kind: .containerAdded), Record(time: 0, line: 1, kind: .containerRemoved),
            Record(time: 0, line: 2, kind: .containerAdded), Record(time: 300, line: 2, kind: .containerAdded),
            Record(time: 300, line: nil, kind: .containerAdded), Record(time: 123_456_789, line: 123_456, kind: .containerAdded),
            Record(time: 123_456_789, line: 123_456, kind: .viewRemoved, fields: [Field(.view, .string("empty"))]),
        ]
        let output = StringOutput()
        let renderer = TextLogRenderer(output.buffer)
        for record in records { record.withView { renderer.write($0) } }
        #expect(output.text == records.map { TextLogRenderer.line(for: $0) + "\n" }.joined())
        #expect(TextLogRenderer.line(for: records[4]).hasPrefix("   300ms      -  containerAdded    "))
    }

    @Test("a record's fields in another order, and pieces kept from the record before, give the same line")
    func fieldsOutOfOrder() {
        let began = [Field(.job, .int(12)), Field(.from, .string("loading")), Field(.to, .string("error")),
                     Field(.animated, .bool(true)), Field(.until, .int(600))]
        let added = [Field(.view, .string("error")), Field(.frame, .ints([0, 0, 320, 480])), Field(.animated, .bool(false))]
        let expect = [Field(.property, .string("state")), Field(.comparison, .string("==")), Field(.expected, .string("error")),
                      Field(.actual, .string("loading")), Field(.passed, .bool(false))]
        let records = [
            Record(time: 300, line: 3, kind: .began, fields: began),
            Record(time: 300, line: 3, kind: .began, fields: began.reversed()),
            Record(time: 300, line: 3, kind: .queued, fields: [Field(.job, .int(13)), Field(.target, .string("v0")), Field(.animated, .bool(true))]),
            Record(time: 300, line: 3, kind: .completed, fields: [Field(.completions, .int(4)), Field(.completion, .bool(true)),
                                                                  Field(.target, .string("error")), Field(.job, .int(12))]),
            Record(time: 300, line: 3, kind: .viewAdded, fields: added),
            Record(time: 300, line: 3, kind: .viewAdded, fields: added.reversed()),
            Record(time: 300, line: 3, kind: .viewAdded, fields: [Field(.view, .string("v0")), Field(.frame, .ints([0, 4, 316, 476]))]),
            Record(time: 300, line: 3, kind: .viewAdded, fields: [Field(.view, .string("v1")), Field(.frame, .ints([1, 2, 3]))]),
            Record(time: 300, line: 3, kind: .expect, fields: expect),
            Record(time: 300, line: 3, kind: .expect, fields: expect.reversed()),
            Record(time: 300, line: 3, kind: .expect, fields: [Field(.property, .string("completions")), Field(.comparison, .string("==")),
                                                               Field(.expected, .int(3)), Field(.actual, .int(3)), Field(.passed, .bool(true))]),
        ]
        let output = StringOutput()
        let renderer = TextLogRenderer(output.buffer)
        for record in records { record.withView { renderer.write($0) } }
        let lines = output.text.split(separator: "\n").map { String($0.dropFirst(35)) }
        #expect(lines == [
            "#12 loading → error, animated until 600ms", "#12 loading → error, animated until 600ms",
            "#13 → v0 (animated)", "#12 → error; completion called (4 so far)",
            "error view, frame (0, 0, 320, 480)", "error view, frame (0, 0, 320, 480)",
            "v0 view, frame (0, 4, 316, 476)", "v1 view, frame (1, 2, 3)",
            "state == error: FAILED (actual: loading)", "state == error: FAILED (actual: loading)",
            "completions == 3: ok",
        ])
    }

    @Test("an unobtrusive error's text is quoted as JSON quotes it, copied in place or escaped, its fields in any order")
    func unobtrusiveErrorQuoted() {
        let texts = ["", "offline", "a \"quoted\" \\ back", "tab\there", String(repeating: "long text ", count: 5),
                     String(repeating: "long \"text\" ", count: 5), "é \u{7F}"]
        for text in texts {
            let fields = [Field(.error, .string(text)), Field(.count, .int(3))]
            let expected = "handleErrorWhenContentAvailable(\(JSONLinesRenderer.quoted(text))) (#3)"
            for order in [fields, fields.reversed()] {
                let record = Record(time: 0, line: 1, kind: .unobtrusiveError, fields: order)
                #expect(String(TextLogRenderer.line(for: record).dropFirst(35)) == expected)
            }
        }
    }

    @Test("a column's number written from the right is the number written with its digits counted")
    func numbersFromTheRight() {
        var numbers: [Int64] = [Int64.min, Int64.max, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<19 {
            numbers += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        for width in [0, 1, 6, 8, 20, 24] {
            let counted = StringOutput(), fromRight = StringOutput()
            for number in numbers {
                var cursor = counted.buffer.cursor(room: 64)
                cursor.put(number: number, rightAlignedIn: width)
                cursor.put(UInt8(ascii: ","))
                counted.buffer.commit(cursor)
                cursor = fromRight.buffer.cursor(room: 64)
                cursor.put(numberFromRight: number, rightAlignedIn: width)
                cursor.put(UInt8(ascii: ","))
                fromRight.buffer.commit(cursor)
            }
            #expect(fromRight.text == counted.text)
        }
    }

    @Test("right alignment and padding measure from the column's start")
    func alignment() {
        let output = StringOutput()
        output.buffer.write(number: 42, rightAlignedIn: 5)
        let next = output.buffer.position
        output.buffer.write("ab" as StaticString)
        output.buffer.pad(from: next, to: 4)
        output.buffer.write(UInt8(ascii: "|"))
        #expect(output.text == "   42ab  |")
    }
}
