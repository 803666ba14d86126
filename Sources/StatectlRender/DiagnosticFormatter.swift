import StatectlParse

/// Prints diagnostics, the one place that does: `path:line:column: severity: message`,
/// the source line with a gutter, a caret under the spot, then the notes.
///
///     script.txt:2:17: error: unknown state 'loadng'
///         2 | expect state == loadng
///           |                 ^~~~~~
///           = note: did you mean 'loading'?
public struct DiagnosticFormatter {
    public var colored: Bool

    public init(colored: Bool = false) { self.colored = colored }

    /// `sourceLine` is the line the diagnostic points into, without its line break.
    public func format(_ diagnostic: Diagnostic, path: String, sourceLine: [UInt8]?) -> String {
        let line = sourceLine.map(Self.trimCarriageReturn) ?? []
        let column = Self.column(ofByte: diagnostic.span.bytes.lowerBound, in: line)
        var text = bold("\(path):\(diagnostic.span.line):\(column): ") + severity(diagnostic.severity) + bold(diagnostic.message) + "\n"
        if sourceLine != nil {
            let number = String(diagnostic.span.line)
            let gutter = String(repeating: " ", count: number.count)
            text += "    \(number) | " + Self.printable(line) + "\n"
            text += "    \(gutter) | " + caretLine(diagnostic.span.bytes, in: line) + "\n"
            for note in diagnostic.notes {
                text += "    \(gutter) = " + colorize("note: ", "36") + note.message + "\n"
            }
        } else {
            for note in diagnostic.notes { text += "  " + colorize("note: ", "36") + note.message + "\n" }
        }
        return text
    }

    /// The 1-based column of a byte offset, counting characters (Unicode scalars), not bytes.
    public static func column(ofByte offset: Int, in line: [UInt8]) -> Int {
        var column = 1
        var index = 0
        while index < min(offset, line.count) {
            if line[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column + max(0, offset - line.count)
    }

    private func caretLine(_ bytes: Range<Int>, in line: [UInt8]) -> String {
        var prefix = ""
        var index = 0
        // Tabs stay tabs so the caret lines up however the terminal expands them.
        while index < min(bytes.lowerBound, line.count) {
            let byte = line[index]
            if byte == 0x09 { prefix += "\t" } else if byte & 0xC0 != 0x80 { prefix += " " }
            index += 1
        }
        prefix += String(repeating: " ", count: max(0, bytes.lowerBound - line.count))
        var width = 0
        index = bytes.lowerBound
        while index < min(bytes.upperBound, line.count) {
            if line[index] & 0xC0 != 0x80 { width += 1 }
            index += 1
        }
        return prefix + colorize("^" + String(repeating: "~", count: max(0, width - 1)), "32")
    }

    /// The line as text, with invalid UTF-8 shown as U+FFFD and control characters as spaces.
    static func printable(_ line: [UInt8]) -> String {
        String(decoding: line.map { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F ? 0x20 : $0 }, as: UTF8.self)
    }

    static func trimCarriageReturn(_ line: [UInt8]) -> [UInt8] {
        line.last == 0x0D ? Array(line.dropLast()) : line
    }

    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return colorize("error: ", "1;31")
        case .warning: return colorize("warning: ", "1;35")
        case .note: return colorize("note: ", "1;36")
        }
    }

    private func bold(_ text: String) -> String { colorize(text, "1") }

    private func colorize(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
