import StatectlSimulate

/// What a flag's value, or a command's operands, can be: for help and shell completion.
enum ArgumentKind: Equatable, Sendable {
    case none
    /// A path; completion offers files.
    case file
    /// One of a fixed list of words.
    case choice([String])
    /// A model name (completion lists `ModelCatalog`).
    case model
    /// A format Graphviz offers here, asked of `statectl graph --list-formats` at completion time.
    case graphFormat
    /// A command name (for `statectl help COMMAND`).
    case command
    /// Anything; completion offers nothing.
    case text
}

/// One flag of a command: its spellings, its value and its help, kept together so the
/// help text, the man page, the completion scripts and "did you mean" read one list.
struct OptionSpec: Sendable {
    var short: Character?
    var long: String
    /// The value's placeholder in help (`FILE`), nil for a switch.
    var value: String?
    var argument: ArgumentKind
    var help: String

    init(_ short: Character? = nil, _ long: String, value: String? = nil, _ argument: ArgumentKind = .none, help: String) {
        self.short = short
        self.long = long
        self.value = value
        self.argument = value == nil ? .none : argument
        self.help = help
    }

    static let help = OptionSpec("h", "help", help: "show this help")

    /// `-o, --output FILE`, as the help's left column shows it.
    var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "    ") + "--\(long)"
        return value.map { names + " " + $0 } ?? names
    }
}

/// Everything a command tells its users: usage, options, examples, exit status, and where
/// to read more. `statectl help`, `--help`, the man page and the completion scripts are all
/// made from these values, so a new command plugs in by adding its spec to `CommandCatalog`.
struct CommandSpec: Sendable {
    var name: String
    /// One line, for the command list and completions.
    var summary: String
    /// After `statectl NAME`: `[--format text|jsonl] FILE`.
    var usage: String
    var description: String
    var options: [OptionSpec]
    /// What the command's plain arguments are.
    var operands: ArgumentKind
    /// A command line (after `statectl`) and what it does.
    var examples: [(command: String, effect: String)]
    var exitStatus: String
    /// Documents to read next, by their names (never a repository path).
    var seeAlso: [String]
    /// Parses the arguments after the command's name and runs it.
    var run: @Sendable (_ arguments: [String], _ console: Console) throws(CommandLineExit) -> Int32

    /// Every spelling of every flag, for "did you mean".
    var flagNames: [String] {
        (options + [.help]).flatMap { option in ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? []) }
    }

    /// A usage error for `token`, suggesting this command's nearest flag.
    func unknownOption(_ token: ArgumentToken) -> CommandLineExit {
        .usage(StatectlCLI.unknownOption(token, known: flagNames), command: name)
    }
}

/// The commands `statectl` knows, in the order help lists them.
enum CommandCatalog {
    static var commands: [CommandSpec] {
        [RunCommand.spec, GraphCommand.spec, TestCommand.spec, ExploreCommand.spec, HelpTopics.helpSpec, HelpTopics.completionSpec]
    }

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }
}
