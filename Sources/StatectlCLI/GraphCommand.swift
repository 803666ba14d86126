import StatectlParse
import StatectlSimulate
import StatectlRender
import StatectlGraphviz

/// `statectl graph`: draws a model's decision tree, optionally with the branches scripts took.
struct GraphCommand {
    static let spec = CommandSpec(
        name: "graph", summary: "draw a model's decision tree (Graphviz or Mermaid)",
        usage: "[--model NAME] [-o FILE] [-T FORMAT] [--trace PATH]… [--max-errors N]",
        description: """
        Draws a model's decision tree from the same data the simulator runs, through \
        Graphviz (svg, png, pdf, …), as DOT, or as a Mermaid flowchart. As with dot, \
        -Tsvg and -ofile may be written glued.
        """,
        options: [
            OptionSpec("o", "output", value: "FILE", .file,
                       help: "write to FILE (atomically); - or no -o: standard output"),
            OptionSpec("T", "format", value: "FORMAT", .graphFormat,
                       help: "dot (the graph before layout), mermaid, or any format this Graphviz renders (svg, png, pdf, …); default: from FILE's extension (.dot .gv .mmd .svg .png .pdf …); with no FILE, dot. A format that contradicts FILE's extension is refused"),
            OptionSpec(nil, "trace", value: "PATH", .file,
                       help: "run the script, or every *.script in the folder, and draw the branches taken, with counts, untaken ones dashed grey; repeat for more; the model is the scripts' own"),
            OptionSpec(nil, "model", value: "NAME", .model,
                       help: "the model to draw (default: the traced scripts' model, else StatefulViewController); traced scripts of other models are left out. A version, as in StatefulViewController@3.0.1, is checked: every version has the same tree"),
            OptionSpec(nil, "list-formats", help: "print the formats available here"),
            maxErrorsOption,
        ],
        operands: .none,
        examples: [("graph -Tsvg -o tree.svg", "StatefulViewController's decision tree as SVG"),
                   ("graph --trace first-load.script -o coverage.png", "the branches a script took, as PNG"),
                   ("graph --trace tests/ -o coverage.svg", "the branches a whole suite took: the coverage picture"),
                   ("graph --model StateViewController -T mermaid", "a Mermaid flowchart on standard output")],
        exitStatus: """
        0 drawn; 1 Graphviz failed, the file could not be written, or a traced script stopped \
        on a runtime error (the picture is still drawn, up to it); 2 a usage error (including \
        a binary format for a terminal), an error in a traced script, or traced scripts of several models.
        """,
        seeAlso: ["statectl help run", "man statectl", "dot(1)", "the guide graph.md"],
        run: { arguments, console throws(CommandLineExit) in try GraphCommand(arguments: arguments).execute(console: console) })

    static let extensions = ["dot": "dot", "gv": "dot", "mmd": "mermaid", "mermaid": "mermaid"]

    var output: String?
    var format: String?
    var traces: [String] = []
    /// The model named with --model, if any.
    var model: (any SimulationModel.Type)?
    var listFormats = false
    var maxErrors = defaultMaxErrors

    init(arguments: [String]) throws(CommandLineExit) {
        var lexer = ArgumentLexer(arguments)
        while let token = lexer.next() {
            switch token {
            case .short("h"), .long("help", nil): throw .help(HelpText.command(Self.spec))
            case .short("o"): output = try lexer.value(for: "-o", command: "graph")
            case .long("output", let inline): output = try lexer.value(for: "--output", inline: inline, command: "graph")
            case .short("T"): format = try lexer.value(for: "-T", command: "graph")
            case .long("format", let inline): format = try lexer.value(for: "--format", inline: inline, command: "graph")
            case .long("trace", let inline): traces.append(try lexer.value(for: "--trace", inline: inline, command: "graph"))
            case .long("list-formats", nil): listFormats = true
            case .long("max-errors", let inline): maxErrors = try readMaxErrors(&lexer, inline: inline, command: "graph")
            case .long("model", let inline):
                let name = try lexer.value(for: "--model", inline: inline, command: "graph")
                self.model = try Self.model(named: name)
            case .value(let value):
                throw .usage(UsageError("unexpected argument '\(value)'", notes: ["write the output file with -o"]), command: "graph")
            default:
                throw Self.spec.unknownOption(token)
            }
        }
    }

    /// The format asked for, or the one the output file's extension implies.
    func resolvedFormat() throws(CommandLineExit) -> String {
        if let format { return format.lowercased() }
        guard let output, output != "-" else { return "dot" }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw .usage(UsageError("cannot tell the format of '\(output)'", notes: ["give it an extension such as .svg, or use -T"]),
                         command: "graph")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        return Self.extensions[ext] ?? ext
    }

    func execute(console: Console) -> Int32 {
        if listFormats {
            do {
                console.out.write((["dot", "mermaid"] + (try Graphviz.formats())).joined(separator: "\n") + "\n")
                return 0
            } catch {
                console.error(error.message)
                return 1
            }
        }
        let format: String
        do {
            format = try resolvedFormat()
            try checkDestination(format: format, terminal: console.outputIsTerminal)
        } catch {
            if case .usage(let usage, _) = error { console.error(usage.message, notes: usage.notes) }
            return 2
        }
        var drawn = model ?? ModelCatalog.defaultModel
        var trace: SuiteCoverage.ModelCoverage?
        var status: Int32 = 0
        if !traces.isEmpty {
            let traced: Traced
            do { traced = try self.traced(console: console) } catch {
                if case .usage(let usage) = error { console.error(usage.message, notes: usage.notes) }
                return 2
            }
            drawn = traced.model
            trace = traced.coverage
            status = traced.status
        }
        let description = DecisionGraph.describe(drawn.decisionTree, trace: trace)
        let bytes: [UInt8]
        do {
            bytes = try renderGraph(description, format: format)
        } catch {
            var notes: [String] = []
            if error.message.hasPrefix("unknown format"), let formats = try? Graphviz.formats() {
                if let near = Suggestion.nearest(to: format, in: ["dot", "mermaid"] + formats) { notes.append("did you mean '\(near)'?") }
                notes.append("formats: " + (["dot", "mermaid"] + formats).joined(separator: ", "))
            }
            console.error(error.message, notes: notes)
            return error.message.hasPrefix("unknown format") ? 2 : 1
        }
        guard let output, output != "-" else {
            console.out.flush()
            writeAll(descriptor: 1, bytes)
            return status
        }
        do {
            try writeFileAtomically(output, bytes)
        } catch {
            console.error(error.message)
            return 1
        }
        return status
    }
}
