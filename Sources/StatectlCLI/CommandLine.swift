import StatectlParse

/// Why a command stops before doing its work: help asked for, or a usage error.
enum CommandLineExit: Error {
    case help(String)
    case usage(UsageError, command: String?)
}

/// A usage error for a flag the command does not take, suggesting the nearest one.
func unknownOption(_ token: ArgumentToken, known: [String]) -> UsageError {
    let written: String
    switch token {
    case .short(let character): written = "-\(character)"
    case .long(let name, _): written = "--\(name)"
    case .value(let value), .malformed(let value): written = value
    }
    var notes: [String] = []
    if let near = Suggestion.nearest(to: written, in: known) { notes.append("did you mean '\(near)'?") }
    return UsageError("unknown option '\(written)'", notes: notes)
}

/// `unknown format 'jsnol'`, with the nearest word and the list: `formats: text, jsonl`.
func unknownWord(_ what: String, _ written: String, among known: [String]) -> UsageError {
    var notes: [String] = []
    if let near = Suggestion.nearest(to: written, in: known) { notes.append("did you mean '\(near)'?") }
    notes.append("\(what)s: " + known.joined(separator: ", "))
    return UsageError("unknown \(what) '\(written)'", notes: notes)
}

/// The `statectl` command line: a thin shell that picks a command and reports its exit.
public enum StatectlCommandLine {
    public static let version = "0.1.0"

    /// The top-level help: the command list, made from `CommandCatalog`.
    static var help: String { HelpText.top(CommandCatalog.commands) }

    /// Runs the command line (without the program name) and returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        let console = Console(environment: processEnvironment())
        defer { console.flush() }
        return run(arguments, console: console)
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let command = arguments.first else {
            console.err.write(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do throws(CommandLineExit) {
            switch command {
            case "-h", "--help":
                console.out.write(help)
                return 0
            case "-V", "--version", "version":
                console.out.write("statectl \(version)\n")
                return 0
            default:
                guard let spec = CommandCatalog.command(named: command) else {
                    if command.hasPrefix("-") {
                        throw CommandLineExit.usage(unknownOption(.value(command), known: ["--help", "--version", "-h", "-V"]), command: nil)
                    }
                    throw HelpTopics.unknownCommand(command)
                }
                return try spec.run(rest, console)
            }
        } catch {
            switch error {
            case .help(let text):
                console.out.write(text)
                return 0
            case .usage(let usage, let command):
                let hint = command.map { "see 'statectl \($0) --help'" } ?? "see 'statectl --help'"
                console.error(usage.message, notes: usage.notes + [hint])
                return 2
            }
        }
    }
}
