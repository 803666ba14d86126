import StatectlSimulate

/// Renders records as JSON Lines: one object a line with `t`, `line` and `kind` first,
/// then the record's fields in their fixed order.
///
///     {"t":0,"line":3,"kind":"queued","job":2,"target":"loading","animated":true}
public final class JSONLinesRenderer: RecordSink {
    private let out: OutputBuffer

    public init(_ out: OutputBuffer) { self.out = out }

    public func write(_ record: Record) {
        out.write(JSONLinesRenderer.line(for: record))
        out.write(0x0A)
    }

    public static func line(for record: Record) -> String {
        var json = "{\"t\":\(record.time),\"line\":" + (record.line.map(String.init) ?? "null")
        json += ",\"kind\":" + quoted(record.kind)
        for field in record.fields {
            json += "," + quoted(field.key) + ":" + value(field.value)
        }
        return json + "}"
    }

    static func value(_ value: FieldValue) -> String {
        switch value {
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let string): return quoted(string)
        case .strings(let strings): return "[" + strings.map(quoted).joined(separator: ",") + "]"
        case .ints(let numbers): return "[" + numbers.map(String.init).joined(separator: ",") + "]"
        case .null: return "null"
        }
    }

    /// A JSON string literal; control characters become \u escapes so each record stays on one line.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
