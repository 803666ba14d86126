/// Help as people read it in a terminal, made from the command specs: every command's help
/// has the same sections (Usage, Options, Examples, Exit status, See also) in the same order.
enum HelpText {
    static let width = 80
    static let optionColumn = 24

    static func command(_ spec: CommandSpec) -> String {
        var text = "Usage: statectl \(spec.name) \(spec.usage)\n\n"
        text += wrap(spec.description, indent: 0) + "\n"
        text += "Options:\n" + options(spec.options + [.help])
        text += examples(spec.examples)
        text += "Exit status:\n" + wrap(spec.exitStatus, indent: 2) + "\n"
        text += "See also:\n" + wrap(spec.seeAlso.joined(separator: ", "), indent: 2)
        return text
    }

    static func top(_ commands: [CommandSpec]) -> String {
        var text = "statectl \(StatectlCommandLine.version): simulates iOS placeholder-state libraries on a virtual clock.\n\n"
        text += "Usage: statectl COMMAND [OPTIONS]\n       statectl help COMMAND\n\n"
        text += "Commands:\n"
        for command in commands {
            text += "  " + command.name.padding(optionColumn - 2) + command.summary + "\n"
        }
        text += "\nOptions:\n" + options([
            OptionSpec("h", "help", help: "show this help (a command's: statectl help COMMAND)"),
            OptionSpec("V", "version", help: "print the version"),
        ])
        text += examples([
            ("run first-load.script", "print the transition log of a script"),
            ("graph -Tsvg -o tree.svg", "draw StatefulViewController's decision tree"),
            ("test tests/", "check every *.script under tests/ against its .golden file"),
        ])
        text += "See also:\n" + wrap("man statectl; the guides script-language.md, run.md, graph.md, ci.md and the models' "
                                     + "pages in statectl's documentation (share/doc/statectl when installed)", indent: 2)
        return text
    }

    static func options(_ options: [OptionSpec]) -> String {
        var text = ""
        for option in options {
            let left = "  " + option.synopsis
            if left.count + 2 <= optionColumn {
                let lines = wrapLines(option.help, width: width - optionColumn)
                text += left.padding(optionColumn) + (lines.first ?? "") + "\n"
                for line in lines.dropFirst() { text += String(repeating: " ", count: optionColumn) + line + "\n" }
            } else {
                text += left + "\n" + wrap(option.help, indent: optionColumn)
            }
        }
        return text + "\n"
    }

    static func examples(_ examples: [(command: String, effect: String)]) -> String {
        guard !examples.isEmpty else { return "" }
        var text = "Examples:\n"
        for example in examples {
            text += "  statectl \(example.command)\n" + wrap(example.effect, indent: 6)
        }
        return text + "\n"
    }

    /// `text` filled to the width, each line indented; paragraphs split at blank lines.
    static func wrap(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return text.split(separator: "\n\n", omittingEmptySubsequences: false).map { paragraph in
            wrapLines(String(paragraph), width: width - indent).map { pad + $0 + "\n" }.joined()
        }.joined(separator: "\n")
    }

    static func wrapLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (at least one space).
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}
