import StatectlParse
import StatectlSimulate
import StatectlRender

/// A diagnostic with the part of the line it points into, ready for the formatter.
/// Kept small whatever the line: its excerpt is a window and its texts are elided.
struct LocatedDiagnostic {
    var diagnostic: Diagnostic
    var excerpt: SourceExcerpt
}

/// What the passes over a script found.
struct ScriptResult {
    /// Syntax and vocabulary errors, the first `maxErrors` of them; when any, nothing was
    /// simulated (or, in one pass, what was is the caller's to take back).
    var errors: [LocatedDiagnostic] = []
    var errorCount = 0
    /// Failed expectations and a runtime error of the run, the first `maxErrors`.
    var failures: [LocatedDiagnostic] = []
    var failureCount = 0
    var outcome: Script.Outcome?
    /// The model the script simulates, as the check found it; nil when it has errors.
    var model: (any SimulationModel.Type)?

    var exitStatus: Int32 {
        if errorCount > 0 { return 2 }
        guard let outcome else { return 2 }
        return outcome.failedExpectations > 0 || outcome.runtimeError ? 1 : 0
    }

    /// Diagnostics found but not kept, for "and N more errors".
    var notShown: Int { errorCount - errors.count + failureCount - failures.count }
}

/// Errors shown by default: past a screenful, more errors rarely say anything new, and a
/// generated script with ten million bad lines must not print ten million diagnostics.
let defaultMaxErrors = 20

/// Keeps the first `limit` diagnostics of a pass (0: all) and counts the rest. Many
/// diagnostics on one long line count their columns on from the previous one.
struct DiagnosticCollector {
    let limit: Int
    var kept: [LocatedDiagnostic] = []
    var count = 0
    private var lastColumn: (line: Int, offset: Int, column: Int)?

    init(limit: Int) { self.limit = limit }

    mutating func add(_ diagnostic: Diagnostic, _ line: UnsafeBufferPointer<UInt8>) {
        count += 1
        guard limit == 0 || kept.count < limit else { return }
        var small = diagnostic
        small.message = DiagnosticFormatter.elided(small.message)
        small.notes = small.notes.map { DiagnosticNote(DiagnosticFormatter.elided($0.message), span: $0.span) }
        let start = lastColumn.flatMap { $0.line == diagnostic.span.line ? ($0.offset, $0.column) : nil }
        let excerpt = SourceExcerpt(line: line, span: diagnostic.span.bytes, start: start)
        lastColumn = (diagnostic.span.line, diagnostic.span.bytes.lowerBound, excerpt.column)
        kept.append(LocatedDiagnostic(diagnostic: small, excerpt: excerpt))
    }
}

/// How `executeScript` goes over a script's text: never through a parsed copy of it, so
/// memory stays flat.
enum ScriptPasses {
    /// The whole script checked, then (if it is sound) simulated: a script with errors
    /// writes no record.
    case checkThenRun
    /// Each line simulated as it is checked, until the first error; for output that can be
    /// taken back, which the caller does when the result has errors. Half the parsing and
    /// compiling of a sound script; the same result as `checkThenRun`.
    case checkedRun
}

/// Checks the whole script and (if it is sound) simulates it into `sink`.
func executeScript(_ source: ScriptSource, into sink: RecordSink, maxErrors: Int = defaultMaxErrors,
                   passes: ScriptPasses = .checkThenRun) throws(FileError) -> ScriptResult {
    try executeScript(source, maxErrors: maxErrors, passes: passes) { _ in sink }
}

/// The same, with the sink made once the script's model is known (coverage needs that
/// model's tree before the first record arrives).
func executeScript(_ source: ScriptSource, maxErrors: Int = defaultMaxErrors, passes: ScriptPasses = .checkThenRun,
                   makeSink: @escaping (any SimulationModel.Type) -> RecordSink) throws(FileError) -> ScriptResult {
    if passes == .checkedRun { return try executeInOnePass(source, maxErrors: maxErrors, makeSink: makeSink) }
    var result = ScriptResult()
    // A function of its own, so that what checking holds (the last line's tokens, say) is
    // freed before the run reads the script again.
    let (errors, model) = try checkScript(source, maxErrors: maxErrors)
    result.errors = errors.kept
    result.errorCount = errors.count
    guard result.errorCount == 0, let model else { return result }
    result.model = model
    let runner = Script(mode: .run(makeSink(model)))
    var failures = DiagnosticCollector(limit: maxErrors)
    try source.forEachChunk { runner.feed(chunk: $0) { failures.add($0, $1) }; return true }
    runner.endInput { failures.add($0, $1) }
    result.failures = failures.kept
    result.failureCount = failures.count
    result.outcome = runner.finish()
    return result
}

/// The check pass: the script's errors, and its model when it has none.
private func checkScript(_ source: ScriptSource, maxErrors: Int) throws(FileError)
    -> (errors: DiagnosticCollector, model: (any SimulationModel.Type)?) {
    var errors = DiagnosticCollector(limit: maxErrors)
    let checker = Script(mode: .check)
    try source.forEachChunk { checker.feed(chunk: $0) { errors.add($0, $1) }; return true }
    checker.endInput { errors.add($0, $1) }
    guard errors.count == 0 else { return (errors, nil) }
    _ = checker.finish()
    return (errors, checker.model)
}

/// `executeScript` in one checked run: its errors are those of the check, its failures
/// and outcome those of the run, dropped (with the records) when there are errors.
private func executeInOnePass(_ source: ScriptSource, maxErrors: Int,
                              makeSink: @escaping (any SimulationModel.Type) -> RecordSink) throws(FileError) -> ScriptResult {
    var result = ScriptResult()
    let script = Script(mode: .checkedRun(makeSink: makeSink))
    let found = SortedDiagnostics(limit: maxErrors)
    try source.forEachChunk { script.feed(chunk: $0) { found.add($0, $1, simulating: script.isSimulating) }; return true }
    script.endInput { found.add($0, $1, simulating: script.isSimulating) }
    // Rare (`Script.errorsNeedFreshCheck`): the errors are then found as two passes find them.
    if script.errorsNeedFreshCheck { found.errors = try checkScript(source, maxErrors: maxErrors).errors }
    result.errors = found.errors.kept
    result.errorCount = found.errors.count
    guard found.errors.count == 0 else { return result }
    result.outcome = script.finish()
    result.model = script.model
    result.failures = found.failures.kept
    result.failureCount = found.failures.count
    return result
}

/// A checked run's diagnostics: one reported while the script still simulates is one the
/// simulation found, any other an error. Held by a local object, its collectors unchecked
/// for exclusive access: as local variables captured by the report closures, each
/// diagnostic paid two dynamic checks (a flood of errors cost 8 % more than a check alone).
private final class SortedDiagnostics {
    @exclusivity(unchecked) var errors: DiagnosticCollector
    @exclusivity(unchecked) var failures: DiagnosticCollector

    init(limit: Int) {
        errors = DiagnosticCollector(limit: limit)
        failures = DiagnosticCollector(limit: limit)
    }

    func add(_ diagnostic: Diagnostic, _ line: UnsafeBufferPointer<UInt8>, simulating: Bool) {
        if simulating { failures.add(diagnostic, line) } else { errors.add(diagnostic, line) }
    }
}

/// Prints a script's diagnostics, and a count when some were left out.
func report(_ result: ScriptResult, source: ScriptSource, console: Console) {
    let formatter = DiagnosticFormatter(colored: console.wantsColor(onStandardError: true))
    for located in result.errors + result.failures {
        console.err.write(formatter.format(located.diagnostic, path: source.displayName, excerpt: located.excerpt))
    }
    if let more = moreErrorsLine(result) { console.err.write(more) }
    if result.errorCount > 0 {
        let noun = result.errorCount == 1 ? "error" : "errors"
        console.err.write("statectl: \(result.errorCount) \(noun) in \(source.displayName); nothing was simulated\n")
    }
}

/// "and N more errors" when `--max-errors` left some out, else nil.
func moreErrorsLine(_ result: ScriptResult) -> String? {
    let more = result.notShown
    guard more > 0 else { return nil }
    return "statectl: and \(more) more \(more == 1 ? "error" : "errors") (--max-errors 0 shows all)\n"
}

/// The value of `--max-errors N` (run, test, graph --trace): a whole number, 0 for all.
func readMaxErrors(_ lexer: inout ArgumentLexer, inline: String?, command: String) throws(CommandLineExit) -> Int {
    let text = try lexer.value(for: "--max-errors", inline: inline, command: command)
    guard let value = Int(text), value >= 0, value <= Int(Int32.max) else {
        throw .usage(UsageError("--max-errors takes a whole number from 0 to \(Int32.max), got '\(text)'",
                                notes: ["0 shows every error"]), command: command)
    }
    return value
}

/// `--max-errors N`, as `run`, `test` and `graph` list it.
let maxErrorsOption = OptionSpec(nil, "max-errors", value: "N", .text,
                                 help: "show at most N errors of a script, then how many more (default 20; 0 shows all)")
