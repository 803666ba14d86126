/// A GitHub Actions workflow command that marks a failure at a file, line and column, so
/// the pull request shows it beside the code:
///
///     ::error file=placeholders/retry.golden,line=12,col=1,title=statectl test::the log differs…
///
/// The runner reads one command per line; the message and the property values are
/// escaped as its rules require, so no text can end the command early or add another.
public struct GitHubAnnotation: Equatable, Sendable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var title: String
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, title: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.title = title
        self.message = message
    }

    /// The command, ending in a line break.
    public var command: String {
        var properties = ["file=" + Self.escapeProperty(file)]
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=" + Self.escapeProperty(title))
        return "::error " + properties.joined(separator: ",") + "::" + Self.escapeData(message) + "\n"
    }

    /// The message: `%` first (it starts every escape), then the line breaks that would end the command.
    public static func escapeData(_ text: String) -> String { escape(text, separators: false) }

    /// A property value: as the message, and also `:` (which ends the properties) and `,`
    /// (which separates them).
    public static func escapeProperty(_ text: String) -> String { escape(text, separators: true) }

    private static func escape(_ text: String, separators: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where separators: result += "%3A"
            case "," where separators: result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
