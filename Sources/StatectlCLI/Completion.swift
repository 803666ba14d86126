import StatectlSimulate

/// Shell completion scripts for bash, zsh and fish, made from the command specs: commands,
/// their flags, the values flags take (formats, models, files) and file operands.
/// Graphviz's formats depend on the machine, so the scripts ask `statectl graph
/// --list-formats` when they need them.
enum Completion {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String, commands: [CommandSpec]) -> String? {
        switch shell {
        case "bash": return bash(commands)
        case "zsh": return zsh(commands)
        case "fish": return fish(commands)
        default: return nil
        }
    }

    static let topFlags = ["-h", "--help", "-V", "--version"]

    private static func words(_ kind: ArgumentKind, commands: [CommandSpec]) -> [String]? {
        switch kind {
        case .choice(let words): return words
        case .model: return ModelCatalog.models.flatMap { model in [model.name] + model.versions.map { "\(model.name)@\($0)" } }
        case .command: return commands.map(\.name)
        default: return nil
        }
    }

    // MARK: bash

    private static func bashValues(_ kind: ArgumentKind, commands: [CommandSpec]) -> String {
        switch kind {
        case .file: return "COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null"
        case .graphFormat:
            return "COMPREPLY=($(compgen -W \"$(\"${COMP_WORDS[0]}\" graph --list-formats 2>/dev/null)\" -- \"$cur\"))"
        case .none, .text: return "COMPREPLY=()"
        default: return "COMPREPLY=($(compgen -W \"\(words(kind, commands: commands)!.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    static func bash(_ commands: [CommandSpec]) -> String {
        var script = """
        # bash completion for statectl \(StatectlCommandLine.version), printed by `statectl completion bash`
        _statectl() {
          local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" i
          # bash splits --format=jsonl at '=': complete the value as after --format jsonl.
          if [[ $cur == = ]]; then cur=""; elif [[ $prev == = ]]; then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi
          for ((i = 1; i < COMP_CWORD; i++)); do
            case "${COMP_WORDS[i]}" in -*) ;; *) command="${COMP_WORDS[i]}"; break ;; esac
          done
          if [[ -z $command ]]; then
            COMPREPLY=($(compgen -W "\((commands.map(\.name) + topFlags).joined(separator: " "))" -- "$cur"))
            return
          fi
          case "$command" in

        """
        for command in commands {
            script += "    \(command.name))\n"
            let valued = command.options.filter { $0.value != nil }
            if !valued.isEmpty {
                script += "      case \"$prev\" in\n"
                for option in valued {
                    let names = (["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                    script += "        \(names)) \(bashValues(option.argument, commands: commands)); return ;;\n"
                }
                script += "      esac\n"
            }
            let flags = command.flagNames + ["--help", "-h"]
            script += "      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"\(flags.joined(separator: " "))\" -- \"$cur\")); return; fi\n"
            script += "      \(bashValues(command.operands, commands: commands)) ;;\n"
        }
        script += """
          esac
        }
        complete -F _statectl statectl

        """
        return script
    }

    // MARK: zsh

    /// Brackets and colons end a zsh description; quotes end the shell word.
    private static func zshText(_ text: String) -> String {
        let firstClause = text.split(separator: ";").first.map(String.init) ?? text
        return String(firstClause.map { "[]:'\\".contains($0) ? " " : $0 }).trimmingLeadingSpaces
    }

    private static func zshAction(_ kind: ArgumentKind, name: String, commands: [CommandSpec]) -> String {
        switch kind {
        case .file: return ":\(name):_files"
        case .graphFormat: return ":\(name):_statectl_graph_formats"
        case .none, .text: return ":\(name): "
        default: return ":\(name):(\(words(kind, commands: commands)!.joined(separator: " ")))"
        }
    }

    static func zsh(_ commands: [CommandSpec]) -> String {
        var script = """
        #compdef statectl
        # zsh completion for statectl \(StatectlCommandLine.version), printed by `statectl completion zsh`

        _statectl_graph_formats() {
          local -a formats
          formats=(${(f)"$(${_statectl_binary:-statectl} graph --list-formats 2>/dev/null)"})
          _describe 'format' formats
        }

        _statectl() {
          local -a commands
          commands=(

        """
        for command in commands { script += "    '\(command.name):\(zshText(command.summary))'\n" }
        script += """
          )
          if (( CURRENT == 2 )); then
            _describe 'command' commands
            compadd -- \(topFlags.joined(separator: " "))
            return
          fi
          local command=${words[2]}
          shift words
          (( CURRENT-- ))
          case $command in

        """
        for command in commands {
            script += "    \(command.name))\n      _arguments -s \\\n"
            for option in command.options + [.help] {
                let help = "[\(zshText(option.help))]"
                let action = option.value.map { zshAction(option.argument, name: $0.lowercased(), commands: commands) } ?? ""
                if let short = option.short {
                    let suffixes = option.value == nil ? ("", "") : ("+", "=")
                    script += "        '(-\(short) --\(option.long))'{-\(short)\(suffixes.0),--\(option.long)\(suffixes.1)}'\(help)\(action)' \\\n"
                } else {
                    script += "        '--\(option.long)\(option.value == nil ? "" : "=")\(help)\(action)' \\\n"
                }
            }
            let operand = command.operands == .none ? "" : "'*" + zshAction(command.operands, name: "argument", commands: commands) + "'"
            script += "        \(operand) ;;\n"
        }
        script += """
          esac
        }

        _statectl "$@"

        """
        return script
    }

    // MARK: fish

    private static func fishText(_ text: String) -> String {
        let firstClause = text.split(separator: ";").first.map(String.init) ?? text
        return "'" + firstClause.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }

    private static func fishValues(_ kind: ArgumentKind, commands: [CommandSpec]) -> String {
        switch kind {
        case .file: return "-r -F"
        case .graphFormat: return "-x -a '(statectl graph --list-formats 2>/dev/null)'"
        case .none, .text: return "-x"
        default: return "-x -a '\(words(kind, commands: commands)!.joined(separator: " "))'"
        }
    }

    static func fish(_ commands: [CommandSpec]) -> String {
        let names = commands.map(\.name).joined(separator: " ")
        var script = """
        # fish completion for statectl \(StatectlCommandLine.version), printed by `statectl completion fish`
        complete -c statectl -f
        complete -c statectl -n 'not __fish_seen_subcommand_from \(names)' -s h -l help -d 'show help'
        complete -c statectl -n 'not __fish_seen_subcommand_from \(names)' -s V -l version -d 'print the version'

        """
        for command in commands {
            script += "complete -c statectl -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d \(fishText(command.summary))\n"
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options + [.help] {
                let short = option.short.map { " -s \($0)" } ?? ""
                let values = option.value == nil ? "" : " " + fishValues(option.argument, commands: commands)
                script += "complete -c statectl \(condition)\(short) -l \(option.long)\(values) -d \(fishText(option.help))\n"
            }
            switch command.operands {
            case .none, .text: break
            case .file: script += "complete -c statectl \(condition) -F\n"
            default: script += "complete -c statectl \(condition) \(fishValues(command.operands, commands: commands))\n"
            }
        }
        return script
    }
}
