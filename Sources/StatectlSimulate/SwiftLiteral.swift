/// How statement records spell a script's strings: as the Swift literal the library call
/// would take, escaped so that a log line stays one line and reads back as the same text.
///
///     SwiftLiteral.string("a\nb")   // "\"a\\nb\""
///     SwiftLiteral.key("offline")   // offline
///     SwiftLiteral.key("two words") // "\"two words\""
public enum SwiftLiteral {
    /// `text` in quotes, with `"`, `\` and control characters escaped (`\n`, `\t`, `\r`, `\u{7}`).
    public static func string(_ text: String) -> String {
        var plain = true
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
            plain = false
            break
        }
        guard !plain else { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A name as a script may write it bare (`offline`) when it is an identifier, else as a string.
    public static func key(_ text: String) -> String {
        isIdentifier(text) ? text : string(text)
    }

    /// Whether `text` is an identifier of the script language: a letter or `_`, then letters, digits, `_`.
    public static func isIdentifier(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let byte = bytes.next() {
            guard isLetter(byte) || (byte >= 0x30 && byte <= 0x39) else { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
    }
}
