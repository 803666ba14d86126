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
    case .value(let value): written = value
    }
    var notes: [String] = []
    if let near = Suggestion.nearest(to: written, in: known) { notes.append("did you mean '\(near)'?") }
    return UsageError("unknown option '\(written)'", notes: notes)
}

/// The `statectl` command line: a thin shell that picks a command and reports its exit.
public enum StatectlCommandLine {
    public static let version = "0.1.0"

    static let help = """
    statectl \(version): simulates iOS placeholder-state libraries on a virtual clock.

    Usage: statectl <command> [options]

    Commands:
      run FILE      simulate an event script and print its transition log
      graph         draw a model's decision tree (Graphviz or Mermaid)
      test [PATH…]  check scripts against their golden logs

    Options:
      -h, --help    show this help (also: statectl <command> --help)
      --version     print the version

    Documentation: docs/script-language.md, docs/graph.md, docs/ci.md

    """

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
        do {
            switch command {
            case "run": return try RunCommand(arguments: rest).execute(console: console)
            case "graph": return try GraphCommand(arguments: rest).execute(console: console)
            case "test": return try TestCommand(arguments: rest, environment: console.environment).execute(console: console)
            case "-h", "--help", "help":
                console.out.write(help)
                return 0
            case "--version", "version":
                console.out.write("statectl \(version)\n")
                return 0
            default:
                var notes: [String] = []
                if let near = Suggestion.nearest(to: command, in: ["run", "graph", "test"]) { notes.append("did you mean '\(near)'?") }
                notes.append("see 'statectl --help'")
                console.error("unknown command '\(command)'", notes: notes)
                return 2
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
