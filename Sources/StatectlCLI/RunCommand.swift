#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlSimulate
import StatectlRender

/// `statectl run FILE`: simulates a script and prints its transition log.
struct RunCommand {
    static let spec = CommandSpec(
        name: "run", summary: "simulate an event script and print its transition log",
        usage: "[--format text|jsonl] [--max-errors N] FILE",
        description: """
        Simulates an event script and prints the transition log: what each statement did, \
        when each transition was queued, began, completed or was dropped, and the final state. \
        FILE may be - for standard input. Diagnostics go to standard error.
        """,
        options: [OptionSpec(nil, "format", value: "FORMAT", .choice(Format.allCases.map(\.rawValue)),
                             help: "text (default): aligned lines for people and golden files; jsonl: one JSON object per record"),
                  maxErrorsOption],
        operands: .file,
        examples: [("run first-load.script", "the log as text"),
                   ("run --format jsonl first-load.script", "one JSON object per record, for jq and other tools"),
                   ("run - < first-load.script", "a script read from standard input")],
        exitStatus: """
        0 every expectation held; 1 an expectation failed or a runtime error was reported; \
        2 a usage error, an error in the script (nothing is simulated) or a log that could not be written.
        """,
        seeAlso: ["statectl help test", "man statectl", "the guides script-language.md and run.md"],
        run: { arguments, console throws(CommandLineExit) in try RunCommand(arguments: arguments).execute(console: console) })

    enum Format: String, CaseIterable { case text, jsonl }

    var path: String
    var format: Format = .text
    var maxErrors = defaultMaxErrors

    init(arguments: [String]) throws(CommandLineExit) {
        var lexer = ArgumentLexer(arguments)
        var path: String?
        while let token = lexer.next() {
            switch token {
            case .short("h"), .long("help", nil): throw .help(HelpText.command(Self.spec))
            case .long("format", let inline):
                let value = try lexer.value(for: "--format", inline: inline, command: "run")
                guard let format = Format(rawValue: value.lowercased()) else {
                    throw .usage(unknownWord("format", value, among: Format.allCases.map(\.rawValue)), command: "run")
                }
                self.format = format
            case .long("max-errors", let inline): maxErrors = try readMaxErrors(&lexer, inline: inline, command: "run")
            case .value(let value):
                guard path == nil else { throw .usage(UsageError("run takes one script, got '\(path!)' and '\(value)'"), command: "run") }
                path = value
            default:
                throw Self.spec.unknownOption(token)
            }
        }
        guard let path else { throw .usage(UsageError("run needs a script file (or - for standard input)"), command: "run") }
        self.path = path
    }

    func execute(console: Console) -> Int32 {
        let source: ScriptSource
        do {
            source = try ScriptSource.at(path)
        } catch {
            console.error(error.message)
            return 2
        }
        enlargeOutputPipe()
        returnLargeBlocksWhenFreed()
        // Rendered on the simulating thread: a second thread paid on an idle two-core
        // machine and cost more than it saved on one core or behind a pipe (docs/performance.md).
        let renderer: RecordSink = format == .text ? TextLogRenderer(console.out) : JSONLinesRenderer(console.out)
        // Where the log can be taken back, one pass checks and simulates: half the parsing
        // and compiling. A script with errors then leaves what the two passes leave.
        let retractable = RetractableOutput.standardOutput()
        let result: ScriptResult
        do {
            result = try executeScript(source, into: renderer, maxErrors: maxErrors,
                                       passes: retractable == nil ? .checkThenRun : .checkedRun)
        } catch {
            console.out.flush()
            // The check pass, reading the same text, would have failed before writing anything.
            if let retractable, let failure = takeBack(retractable) {
                console.error(failure.message)
            }
            console.error(error.message)
            return 2
        }
        console.out.flush()
        var takeBackFailure: FileError?
        if result.errorCount > 0, let retractable { takeBackFailure = takeBack(retractable) }
        report(result, source: source, console: console)
        if let takeBackFailure {
            console.error(takeBackFailure.message)
            return 2
        }
        if let error = console.outputError {
            console.error("cannot write the log to standard output: \(String(cString: strerror(error)))")
            return 2
        }
        return result.exitStatus
    }

    /// Takes the log back; the failure, if it could not be.
    private func takeBack(_ output: RetractableOutput) -> FileError? {
        do { try output.takeBack() } catch { return error }
        return nil
    }
}
