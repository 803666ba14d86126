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
        format(diagnostic, path: path, excerpt: sourceLine.map { SourceExcerpt(line: $0, span: diagnostic.span.bytes) })
    }

    /// Longest message or note printed whole; a longer one (it quotes a megabyte-long
    /// name, say) keeps its start and end around an ellipsis.
    public static let maximumMessageLength = 1_024

    /// The same, from an excerpt of the line taken when the diagnostic was found.
    public func format(_ diagnostic: Diagnostic, path: String, excerpt: SourceExcerpt?) -> String {
        let column = excerpt?.column ?? diagnostic.span.bytes.lowerBound + 1
        var text = bold("\(path):\(diagnostic.span.line):\(column): ") + severity(diagnostic.severity)
            + bold(Self.elided(diagnostic.message)) + "\n"
        if let excerpt {
            let number = String(diagnostic.span.line)
            let gutter = String(repeating: " ", count: number.count)
            let lead = excerpt.cutBefore ? "…" : ""
            text += "    \(number) | " + lead + Self.printable(excerpt.text) + (excerpt.cutAfter ? "…" : "") + "\n"
            let bytes = diagnostic.span.bytes
            let local = max(0, bytes.lowerBound - excerpt.offset)..<max(0, bytes.upperBound - excerpt.offset)
            text += "    \(gutter) | " + (excerpt.cutBefore ? " " : "") + caretLine(local, in: excerpt.text) + "\n"
            for note in diagnostic.notes {
                text += "    \(gutter) = " + colorize("note: ", "36") + Self.elided(note.message) + "\n"
            }
        } else {
            for note in diagnostic.notes { text += "  " + colorize("note: ", "36") + Self.elided(note.message) + "\n" }
        }
        return text
    }

    /// `text` if it is at most `maximumMessageLength` bytes, else its start and end
    /// joined by " … ", cut at character boundaries.
    public static func elided(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count > maximumMessageLength else { return text }
        var head = utf8.index(utf8.startIndex, offsetBy: maximumMessageLength * 2 / 3)
        while head > utf8.startIndex, UTF8.isContinuation(utf8[head]) { head = utf8.index(before: head) }
        var tail = utf8.index(utf8.endIndex, offsetBy: -(maximumMessageLength / 4))
        while tail < utf8.endIndex, UTF8.isContinuation(utf8[tail]) { tail = utf8.index(after: tail) }
        let omitted = utf8.distance(from: head, to: tail)
        return text[..<head] + " …(\(omitted) bytes)… " + text[tail...]
    }

    /// The 1-based column of a byte offset, counting characters (Unicode scalars), not bytes.
    public static func column(ofByte offset: Int, in line: [UInt8]) -> Int {
        line.withUnsafeBufferPointer { SourceExcerpt.column(ofByte: offset, in: $0, from: nil) }
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
