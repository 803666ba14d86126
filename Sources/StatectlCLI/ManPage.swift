/// statectl(1) in roff, made from the same command specs as `--help`, so the two cannot
/// disagree. `statectl help --man` prints it; scripts/install.sh installs it.
enum ManPage {
    static func render(_ commands: [CommandSpec]) -> String {
        var page = """
        .TH STATECTL 1 "" "statectl \(StatectlCommandLine.version)" "User Commands"
        .SH NAME
        statectl \\- simulate iOS placeholder-state libraries on a virtual clock
        .SH SYNOPSIS
        .B statectl
        .I COMMAND
        [\\fIOPTIONS\\fR]
        .br
        .B statectl help
        .I COMMAND
        .br
        .B statectl
        .BR \\-V " | " \\-\\-version
        .SH DESCRIPTION
        statectl runs the decision logic of StatefulViewController, StateViewController and
        JMStatefulTableViewController as deterministic state machines: event scripts go in,
        transition logs, decision-tree drawings and golden-file test results come out.

        """
        page += ".SH COMMANDS\n"
        for command in commands {
            page += ".SS \"statectl \(escape(command.name)) \(escape(command.usage))\"\n"
            page += paragraphs(command.description)
            if !command.options.isEmpty {
                for option in command.options + [.help] {
                    page += ".TP\n.B \(escape(option.synopsis.trimmingLeadingSpaces))\n\(escape(option.help))\n"
                }
            }
            if !command.examples.isEmpty {
                page += ".PP\nExamples:\n"
                for example in command.examples {
                    page += ".TP\n.B statectl \(escape(example.command))\n\(escape(example.effect))\n"
                }
            }
            page += ".PP\nExit status: \(escape(command.exitStatus))\n"
        }
        page += """
        .SH OPTIONS
        .TP
        .B \\-h, \\-\\-help
        show help; \\fBstatectl help\\fR \\fICOMMAND\\fR is the same as \\fBstatectl\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR
        .TP
        .B \\-V, \\-\\-version
        print the version
        .SH ENVIRONMENT
        .TP
        .B NO_COLOR
        when set and not empty, no colour even on a terminal
        .TP
        .B CI
        when set (and not \\fBfalse\\fR or \\fB0\\fR), \\fBstatectl test \\-\\-update\\fR is refused without \\fB\\-\\-force\\fR
        .SH SEE ALSO
        .BR dot (1);
        the guides script-language.md, run.md, graph.md, ci.md and the models' pages, installed
        in share/doc/statectl beside this manual.

        """
        return page
    }

    private static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n\n").map { ".PP\n" + escape(String($0)) + "\n" }.joined()
    }

    /// Backslashes and dashes as roff wants them, and no line starting with a control character.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }

    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
