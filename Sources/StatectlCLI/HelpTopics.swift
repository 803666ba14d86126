import StatectlParse

/// `statectl help [COMMAND]` and `statectl completion SHELL`: the commands that describe
/// the others.
enum HelpTopics {
    static let helpSpec = CommandSpec(
        name: "help", summary: "show the help of statectl or of one command",
        usage: "[COMMAND]",
        description: "Prints the same text as 'statectl COMMAND --help', or with no COMMAND the list of commands.",
        options: [OptionSpec(nil, "man", help: "print the manual page statectl(1) in roff instead")],
        operands: .command,
        examples: [("help graph", "the options of 'statectl graph'"), ("help --man | man -l -", "read the manual without installing it")],
        exitStatus: "0 help printed; 2 an unknown command.",
        seeAlso: ["man statectl"],
        run: runHelp)

    static let completionSpec = CommandSpec(
        name: "completion", summary: "print a shell completion script (bash, zsh or fish)",
        usage: "bash|zsh|fish",
        description: """
        Prints a script that teaches the shell statectl's commands, flags, formats, model names \
        and file arguments. statectl's install script installs all three; to try one in the current \
        shell: 'source <(statectl completion bash)'.
        """,
        options: [],
        operands: .choice(Completion.shells),
        examples: [("completion bash > ~/.local/share/bash-completion/completions/statectl", "bash, for the current user"),
                   ("completion zsh > ~/.zfunc/_statectl", "zsh, with ~/.zfunc on fpath"),
                   ("completion fish > ~/.config/fish/completions/statectl.fish", "fish")],
        exitStatus: "0 printed; 2 an unknown shell.",
        seeAlso: ["man statectl"],
        run: runCompletion)

    private static func runHelp(_ arguments: [String], console: Console) throws(CommandLineExit) -> Int32 {
        var lexer = ArgumentLexer(arguments)
        var topic: String?
        var man = false
        while let token = lexer.next() {
            switch token {
            case .short("h"), .long("help", nil): throw .help(HelpText.command(helpSpec))
            case .long("man", nil): man = true
            case .value(let value) where topic == nil: topic = value
            case .value(let value): throw .usage(UsageError("help takes one command, got '\(topic!)' and '\(value)'"), command: "help")
            default: throw helpSpec.unknownOption(token)
            }
        }
        if man {
            console.out.write(ManPage.render(CommandCatalog.commands))
            return 0
        }
        guard let topic else { throw .help(HelpText.top(CommandCatalog.commands)) }
        guard let spec = CommandCatalog.command(named: topic) else { throw unknownCommand(topic) }
        throw .help(HelpText.command(spec))
    }

    private static func runCompletion(_ arguments: [String], console: Console) throws(CommandLineExit) -> Int32 {
        var lexer = ArgumentLexer(arguments)
        var shell: String?
        while let token = lexer.next() {
            switch token {
            case .short("h"), .long("help", nil): throw .help(HelpText.command(completionSpec))
            case .value(let value) where shell == nil: shell = value
            case .value(let value): throw .usage(UsageError("completion takes one shell, got '\(shell!)' and '\(value)'"), command: "completion")
            default: throw completionSpec.unknownOption(token)
            }
        }
        guard let shell else {
            throw .usage(UsageError("completion needs a shell: bash, zsh or fish"), command: "completion")
        }
        guard let script = Completion.script(for: shell.lowercased(), commands: CommandCatalog.commands) else {
            var notes = Suggestion.nearest(to: shell, in: Completion.shells).map { ["did you mean '\($0)'?"] } ?? []
            notes.append("shells: " + Completion.shells.joined(separator: ", "))
            throw .usage(UsageError("unknown shell '\(shell)'", notes: notes), command: "completion")
        }
        console.out.write(script)
        return 0
    }

    /// `unknown command 'rnu'`, with the nearest command and the list.
    static func unknownCommand(_ name: String) -> CommandLineExit {
        let names = CommandCatalog.commands.map(\.name)
        var notes = Suggestion.nearest(to: name, in: names).map { ["did you mean '\($0)'?"] } ?? []
        notes.append("commands: " + names.joined(separator: ", "))
        return .usage(UsageError("unknown command '\(name)'", notes: notes), command: nil)
    }
}
