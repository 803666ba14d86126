import StatectlSimulate

/// Renders records as the transition log people read and golden files hold: one line a
/// record, aligned columns (time, script line, kind, what happened), nothing that varies
/// between machines or runs.
///
///          0ms      3  queued            #2 → loading (animated)
public final class TextLogRenderer: RecordSink {
    private let out: OutputBuffer

    public init(_ out: OutputBuffer) { self.out = out }

    public func write(_ record: Record) {
        out.write(TextLogRenderer.line(for: record))
        out.write(0x0A)
    }

    /// The log line for one record, without its line break.
    public static func line(for record: Record) -> String {
        let time = String(record.time) + "ms"
        let line = record.line.map(String.init) ?? "-"
        return pad(time, 8, right: true) + "  " + pad(line, 5, right: true) + "  " + pad(record.kind, 16, right: false)
            + "  " + message(record)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool) -> String {
        let count = text.utf8.count
        guard count < width else { return text }
        let padding = String(repeating: " ", count: width - count)
        return right ? padding + text : text + padding
    }

    static func message(_ record: Record) -> String {
        func string(_ key: String) -> String { record[key].map(text) ?? "?" }
        func flag(_ key: String) -> Bool { record[key] == .bool(true) }
        switch record.kind {
        case "statement":
            return string("call")
        case "decision":
            var steps: [String] = []
            if case .strings(let path)? = record["path"] { steps = path }
            return string("entry") + ": " + (steps + [string("outcome")]).joined(separator: " → ")
        case "unobtrusiveError":
            return "handleErrorWhenContentAvailable(\(JSONLinesRenderer.quoted(string("error")))) (#\(string("count")))"
        case "queued":
            return "#\(string("job")) → \(string("target"))" + (flag("animated") ? " (animated)" : " (not animated)")
        case "began":
            let timing = flag("animated") ? "animated until \(string("until"))ms" : "not animated"
            return "#\(string("job")) \(string("from")) → \(string("to")), \(timing)"
        case "dropped":
            return "#\(string("job")) → \(string("target")): already current, completion never called"
        case "completed":
            let completion = flag("completion") ? "completion called (\(string("completions")) so far)" : "no completion handler"
            return "#\(string("job")) → \(string("target")); \(completion)"
        case "containerAdded":
            return "container view added to the backing view"
        case "containerRemoved":
            return "container view removed from the backing view"
        case "viewAdded":
            return "\(string("view")) view, frame \(string("frame"))" + (flag("animated") ? ", fading in" : "")
        case "viewRemoved":
            return "\(string("view")) view"
        case "runtimeError":
            return string("message")
        case "noView":
            return "no view configured for '\(string("view"))'"
        case "expect":
            let head = "\(string("property")) \(string("comparison")) \(string("expected"))"
            return flag("passed") ? head + ": ok" : head + ": FAILED (actual: \(string("actual")))"
        default:
            return record.fields.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ")
        }
    }

    static func text(_ value: FieldValue) -> String {
        switch value {
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let string): return escapeControls(string)
        case .strings(let strings): return "[" + strings.map(escapeControls).joined(separator: ", ") + "]"
        case .ints(let numbers): return "(" + numbers.map(String.init).joined(separator: ", ") + ")"
        case .null: return "nil"
        }
    }

    /// Keeps a record on one line whatever a script's strings hold.
    static func escapeControls(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
