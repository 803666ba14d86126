import StatectlSimulate
import StatectlRender

/// `statectl run FILE`: simulates a script and prints its transition log.
struct RunCommand {
    static let help = """
    Usage: statectl run [--format text|jsonl] FILE

    Simulates an event script and prints the transition log: what each statement did,
    when each transition was queued, began, completed or was dropped, and the final state.
    FILE may be - for standard input.

    Options:
      --format text|jsonl   text (default): aligned lines for people and golden files;
                            jsonl: one JSON object per record
      -h, --help            show this help

    Exit status: 0 every expectation held; 1 an expectation failed or a runtime error
    was reported; 2 a usage error or an error in the script (nothing is simulated).

    """

    enum Format: String, CaseIterable { case text, jsonl }

    var path: String
    var format: Format = .text

    init(arguments: [String]) throws(CommandLineExit) {
        var lexer = ArgumentLexer(arguments)
        var path: String?
        while let token = lexer.next() {
            switch token {
            case .short("h"), .long("help", nil): throw .help(Self.help)
            case .long("format", let inline):
                let value = try lexer.value(for: "--format", inline: inline, command: "run")
                guard let format = Format(rawValue: value) else {
                    throw .usage(UsageError("unknown format '\(value)'", notes: ["formats: text, jsonl"]), command: "run")
                }
                self.format = format
            case .value(let value):
                guard path == nil else { throw .usage(UsageError("run takes one script, got '\(path!)' and '\(value)'"), command: "run") }
                path = value
            default:
                throw .usage(unknownOption(token, known: ["--format", "--help"]), command: "run")
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
        let renderer: RecordSink = format == .text ? TextLogRenderer(console.out) : JSONLinesRenderer(console.out)
        let sink = BackgroundSink(renderer)
        let result: ScriptResult
        do {
            result = try executeScript(source, into: sink)
            sink.finish()
        } catch {
            sink.finish()
            console.out.flush()
            console.error(error.message)
            return 2
        }
        console.out.flush()
        report(result, source: source, console: console)
        return result.exitStatus
    }
}
