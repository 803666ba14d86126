import StatectlParse
import StatectlSimulate

/// Renders records as JSON Lines: one object a line with `t`, `line` and `kind` first,
/// then the record's fields in their fixed order.
///
///     {"t":0,"line":3,"kind":"queued","job":2,"target":"loading","animated":true}
public final class JSONLinesRenderer: RecordSink {
    private let out: OutputBuffer

    // Kind and key names are Swift identifiers: nothing in them needs escaping.
    private static let kinds = CaseBytes<RecordKind> { Array(",\"kind\":\"\($0.rawValue)\"".utf8) }
    private static let keys = CaseBytes<FieldKey> { Array(",\"\($0.rawValue)\":".utf8) }

    public init(_ out: OutputBuffer) { self.out = out }

    public func write(_ record: RecordView) {
        out.write("{\"t\":" as StaticString)
        out.write(number: record.time)
        out.write(",\"line\":" as StaticString)
        if let line = record.line { out.write(number: line) } else { out.write("null" as StaticString) }
        out.write(Self.kinds[record.kind])
        for field in record.fields {
            out.write(Self.keys[field.key])
            write(field.value)
        }
        out.write(UInt8(ascii: "}"))
        out.endLine()
    }

    public static func line(for record: Record) -> String {
        let output = StringOutput()
        record.withView { JSONLinesRenderer(output.buffer).write($0) }
        return String(output.text.dropLast())
    }

    private func write(_ value: FieldView) {
        switch value {
        case .int(let number): out.write(number: number)
        case .bool(let flag): out.write(flag ? "true" as StaticString : "false")
        case .string(let text): Self.writeQuoted(text.bytes, to: out)
        case .strings(let texts):
            out.write(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { out.write(UInt8(ascii: ",")) }
                Self.writeQuoted(text.bytes, to: out)
            }
            out.write(UInt8(ascii: "]"))
        case .ints(let numbers):
            out.write(UInt8(ascii: "["))
            for (index, number) in numbers.enumerated() {
                if index > 0 { out.write(UInt8(ascii: ",")) }
                out.write(number: number)
            }
            out.write(UInt8(ascii: "]"))
        case .null: out.write("null" as StaticString)
        }
    }

    /// UTF-8 `text` as a JSON string literal, written straight into `out`: quotes,
    /// backslashes and control characters escaped, UTF-8 beyond ASCII passed through as is.
    static func writeQuoted(_ text: UnsafeRawBufferPointer, to out: OutputBuffer) {
        out.write(UInt8(ascii: "\""))
        // Most texts need no escape: found a word at a time and copied whole, where the loop
        // below looks at every byte.
        guard needsEscape(text) else {
            out.write(text)
            out.write(UInt8(ascii: "\""))
            return
        }
        var start = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
            out.write(UnsafeRawBufferPointer(rebasing: text[start..<index]))
            switch byte {
            case 0x22: out.write("\\\"" as StaticString)
            case 0x5C: out.write("\\\\" as StaticString)
            case 0x0A: out.write("\\n" as StaticString)
            case 0x0D: out.write("\\r" as StaticString)
            case 0x09: out.write("\\t" as StaticString)
            default:
                let hex: StaticString = "0123456789abcdef"
                out.write("\\u00" as StaticString)
                hex.withUTF8Buffer { digits in
                    out.write(digits[Int(byte >> 4)])
                    out.write(digits[Int(byte & 0x0F)])
                }
            }
            start = index + 1
        }
        out.write(UnsafeRawBufferPointer(rebasing: text[start..<text.count]))
        out.write(UInt8(ascii: "\""))
    }

    /// Whether `text` holds a byte a JSON string escapes (a control character, a quote, a
    /// backslash, or 0x7F).
    static func needsEscape(_ text: UnsafeRawBufferPointer) -> Bool {
        SWAR.hasByte(in: text, markedBy: SWAR.escapeBytes)
    }

    /// A JSON string literal; control characters become \u escapes so each record stays on one line.
    public static func quoted(_ text: String) -> String {
        let output = StringOutput()
        Array(text.utf8).withUnsafeBytes { writeQuoted($0, to: output.buffer) }
        return output.text
    }
}
