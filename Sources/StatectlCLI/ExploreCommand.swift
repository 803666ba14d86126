#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlParse
import StatectlSimulate
import StatectlExplore
import StatectlRender
import StatectlGraphviz

/// `statectl explore`: every sequence of a spec's events up to a bound, breadth-first.
struct ExploreCommand {
    static let spec = CommandSpec(
        name: "explore", summary: "run every sequence of events up to a bound and check properties",
        usage: "[--format text|json] [--max-configurations N] [--max-memory SIZE] [--counterexamples DIR] [--emit-tests DIR] [-o FILE] SPEC",
        description: """
        Runs every sequence of the spec's events (each one script line, one turn) from the \
        configuration after its ordinary statements, breadth-first, up to 'depth N' events or \
        with at most 'queue N' requests waiting, and checks its 'always' and 'never' properties \
        on every configuration reached. A violated property comes with a shortest \
        counterexample; a runtime error of the model is always a violation. SPEC may be - for \
        standard input. The spec language is in the guide explore.md.
        """,
        options: [
            OptionSpec(nil, "format", value: "FORMAT", .choice(["text", "json"]), help: "text (default) or json, on standard output"),
            OptionSpec(nil, "max-configurations", value: "N", .text, help: "stop after N configurations, with a partial report (exit 3)"),
            OptionSpec(nil, "max-memory", value: "SIZE", .text,
                       help: "stop when the configurations kept take more than SIZE (512M, 4G; default: 3/4 of the memory available), with a partial report (exit 3)"),
            OptionSpec(nil, "counterexamples", value: "DIR", .file, help: "write one runnable script per violated property, failing at its last line"),
            OptionSpec(nil, "emit-tests", value: "DIR", .file,
                       help: "write scripts and golden logs that reach every observable state, observable transition and reachable branch"),
            OptionSpec("o", "output", value: "FILE", .file,
                       help: "draw the observable state graph: .svg .png .pdf (Graphviz), .dot or .mmd (Mermaid)"),
        ],
        operands: .file,
        examples: [("explore screen.spec", "check the spec's properties on every sequence of its events"),
                   ("explore --counterexamples cx screen.spec", "and write each violation as a script"),
                   ("explore --emit-tests tests/explored screen.spec", "write a test suite from shortest paths"),
                   ("explore -o states.svg screen.spec", "draw the observable states")],
        exitStatus: """
        0 every property holds; 1 a property is violated (or the spec's own statements fail); \
        2 a bad spec, a usage error, or a file that cannot be read or written; 3 \
        --max-configurations, --max-memory or the store's 4 GiB capacity stopped the search before the bound, with nothing \
        violated so far.
        """,
        seeAlso: ["statectl help run", "statectl help test", "the guide explore.md"],
        run: { arguments, console throws(CommandLineExit) in try ExploreCommand(arguments: arguments).execute(console: console) })

    var specPath: String?
    var json = false
    var maxConfigurations: Int?
    var maxMemory: Int?
    var counterexamples: String?
    var emitTests: String?
    var output: String?

    init(arguments: [String]) throws(CommandLineExit) {
        var lexer = ArgumentLexer(arguments)
        while let token = lexer.next() {
            switch token {
            case .short("h"), .long("help", nil): throw .help(HelpText.command(Self.spec))
            case .long("format", let inline):
                let format = try lexer.value(for: "--format", inline: inline, command: "explore")
                guard format == "text" || format == "json" else {
                    throw .usage(UsageError("unknown format '\(format)'", notes: ["formats: text, json"]), command: "explore")
                }
                json = format == "json"
            case .long("max-configurations", let inline):
                let text = try lexer.value(for: "--max-configurations", inline: inline, command: "explore")
                guard let value = Int(text), value > 0 else {
                    throw .usage(UsageError("--max-configurations takes a whole number above 0, not '\(text)'"), command: "explore")
                }
                maxConfigurations = value
            case .long("max-memory", let inline):
                let text = try lexer.value(for: "--max-memory", inline: inline, command: "explore")
                guard let bytes = MemorySize.parse(text) else {
                    throw .usage(UsageError("--max-memory takes a size such as 512M or 4G, not '\(text)'",
                                            notes: ["units: K, M, G, T (powers of 1024), with or without iB; none for bytes"]),
                                 command: "explore")
                }
                maxMemory = bytes
            case .long("counterexamples", let inline):
                counterexamples = try lexer.value(for: "--counterexamples", inline: inline, command: "explore")
            case .long("emit-tests", let inline):
                emitTests = try lexer.value(for: "--emit-tests", inline: inline, command: "explore")
            case .short("o"): output = try lexer.value(for: "-o", command: "explore")
            case .long("output", let inline): output = try lexer.value(for: "--output", inline: inline, command: "explore")
            case .value(let path):
                guard specPath == nil else {
                    throw .usage(UsageError("unexpected argument '\(path)'", notes: ["explore takes one spec"]), command: "explore")
                }
                specPath = path
            default:
                throw Self.spec.unknownOption(token)
            }
        }
        guard specPath != nil else { throw .usage(UsageError("no spec given"), command: "explore") }
    }

    func execute(console: Console) -> Int32 {
        let path = specPath!
        let text: [UInt8]
        do {
            text = path == "-" ? try readAll(descriptor: 0, name: "standard input") : try readFile(path)
        } catch {
            console.error(error.message)
            return 2
        }
        let displayName = path == "-" ? "<stdin>" : path
        let graphFormat: String?
        do { graphFormat = try output.map(Self.format(of:)) } catch {
            if case .usage(let usage, _) = error { console.error(usage.message, notes: usage.notes) }
            return 2
        }
        let showProgress = isatty(2) == 1 && console.environment["STATECTL_NO_PROGRESS"] == nil
        let started = monotonicSeconds()
        let limits = ExploreLimits(maxConfigurations: maxConfigurations, maxBytes: maxMemory ?? MemorySize.defaultBudget())
        let outcome = Explorer.explore(spec: text, limits: limits, suite: emitTests != nil) { progress in
            guard showProgress else { return }
            let elapsed = monotonicSeconds() - started
            let rate = elapsed > 0 ? Int(Double(progress.configurations) / elapsed) : 0
            console.err.write("\r\u{1B}[Klevel \(progress.level), \(progress.configurations) configurations, \(rate)/s")
            console.err.flush()
        }
        if showProgress { console.err.write("\r\u{1B}[K"); console.err.flush() }
        let seconds = monotonicSeconds() - started
        let result: ExploreResult
        switch outcome {
        case .failure(let diagnostics):
            reportSpecProblems(diagnostics, text: text, name: displayName, console: console)
            return 2
        case .success(let explored): result = explored
        }
        if !result.prefixProblems.isEmpty {
            let formatter = DiagnosticFormatter(colored: console.wantsColor(onStandardError: true))
            for diagnostic in result.prefixProblems {
                console.err.write(formatter.format(diagnostic, path: displayName, sourceLine: line(diagnostic.span.line, of: text)))
            }
        }
        let report = ExploreReport(result: result, seconds: seconds, maxBytes: limits.maxBytes)
        console.out.write(json ? report.json() : report.text())
        do {
            if let counterexamples { try writeCounterexamples(result, to: counterexamples) }
            if let emitTests { try writeSuite(result, to: emitTests) }
            if let output, let graphFormat { try drawStates(result, to: output, format: graphFormat) }
        } catch {
            console.out.flush()
            console.error(error.message)
            return 2
        }
        if !result.allHold { return 1 }
        return result.stoppedAtLimit ? 3 : 0
    }

    static func format(of output: String) throws(CommandLineExit) -> String {
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw .usage(UsageError("cannot tell the format of '\(output)'", notes: ["give it an extension: .svg, .png, .pdf, .dot or .mmd"]),
                         command: "explore")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        return GraphCommand.extensions[ext] ?? ext
    }

    private func line(_ number: Int, of text: [UInt8]) -> [UInt8] {
        var current = 1
        var start = 0
        for (index, byte) in text.enumerated() where byte == 0x0A {
            if current == number { return Array(text[start..<index]) }
            current += 1
            start = index + 1
        }
        return current == number ? Array(text[start...]) : []
    }

    private func reportSpecProblems(_ diagnostics: [Diagnostic], text: [UInt8], name: String, console: Console) {
        let formatter = DiagnosticFormatter(colored: console.wantsColor(onStandardError: true))
        for diagnostic in diagnostics.prefix(defaultMaxErrors) {
            var source = line(diagnostic.span.line, of: text)
            if source.last == 0x0D { source.removeLast() }
            console.err.write(formatter.format(diagnostic, path: name, sourceLine: source))
        }
        if diagnostics.count > defaultMaxErrors {
            let more = diagnostics.count - defaultMaxErrors
            console.err.write("statectl: and \(more) more \(more == 1 ? "error" : "errors")\n")
        }
        let noun = diagnostics.count == 1 ? "error" : "errors"
        console.err.write("statectl: \(diagnostics.count) \(noun) in \(name); nothing was explored\n")
    }

    /// One script per violated property: the prefix, the events, and an `expect` that fails
    /// right after the last one (a runtime error stops the script by itself).
    private func writeCounterexamples(_ result: ExploreResult, to directory: String) throws(FileError) {
        try makeDirectory(directory)
        for property in result.properties where !property.holds {
            try writeFileAtomically(directory + "/" + ExploreReport.counterexampleName(property),
                                    Array(ExploreReport.counterexampleScript(property, result).utf8))
        }
    }

    /// The suite: one script per sequence, and its golden log rendered as `statectl test --update` does.
    private func writeSuite(_ result: ExploreResult, to directory: String) throws(FileError) {
        try makeDirectory(directory)
        let width = String(result.suite.count).count
        for (number, sequence) in result.suite.enumerated() {
            var digits = String(number + 1)
            while digits.count < width { digits = "0" + digits }
            let script = result.script(for: sequence, header: [
                "Generated by statectl explore: \(sequence.count) event(s) after the prefix, a shortest path.",
            ])
            let log = StringOutput()
            let run = try executeScript(.memory(Array(script.utf8), name: "explore-\(digits).script"), into: TextLogRenderer(log.buffer))
            guard run.exitStatus == 0 else {
                throw FileError(message: "internal error: generated test explore-\(digits).script does not pass (please report)")
            }
            try writeFileAtomically("\(directory)/explore-\(digits).script", Array(script.utf8))
            try writeFileAtomically("\(directory)/explore-\(digits).golden", Array(log.text.utf8))
        }
    }

    /// Most observable states laid out by Graphviz: beyond this a layout takes minutes and
    /// reads as a hairball; DOT and Mermaid text are still written.
    static let maximumStatesDrawn = 150

    private func drawStates(_ result: ExploreResult, to output: String, format: String) throws(FileError) {
        if format != "dot", format != "mermaid", result.observableStates.count > Self.maximumStatesDrawn {
            throw FileError(message: "\(result.observableStates.count) observable states are too many to lay out (at most \(Self.maximumStatesDrawn)): "
                            + "lower the bound, or write -o FILE.dot or FILE.mmd")
        }
        let description = StateGraph.describe(result)
        let bytes: [UInt8]
        do {
            bytes = try renderGraph(description, format: format)
        } catch {
            throw FileError(message: error.message)
        }
        try writeFileAtomically(output, bytes)
    }
}

/// Creates `path` if it does not exist (one level, as `mkdir` does).
func makeDirectory(_ path: String) throws(FileError) {
    if isDirectory(path) { return }
    guard mkdir(path, 0o777) == 0 else {
        throw FileError(message: "cannot create directory '\(path)': \(String(cString: strerror(errno)))")
    }
}

/// Seconds on a clock that only moves forward, for the report's time.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
