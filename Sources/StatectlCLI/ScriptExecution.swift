import StatectlParse
import StatectlSimulate
import StatectlRender

/// A diagnostic with the text of the line it points into, ready for the formatter.
struct LocatedDiagnostic {
    var diagnostic: Diagnostic
    var sourceLine: [UInt8]
}

/// What the two passes over a script found.
struct ScriptResult {
    /// Syntax and vocabulary errors (first pass); when any, nothing was simulated.
    var errors: [LocatedDiagnostic] = []
    var errorCount = 0
    /// Failed expectations and a runtime error (second pass).
    var failures: [LocatedDiagnostic] = []
    var outcome: Script.Outcome?
    /// The model the script simulates, as the check found it; nil when it has errors.
    var model: (any SimulationModel.Type)?

    var exitStatus: Int32 {
        if errorCount > 0 { return 2 }
        guard let outcome else { return 2 }
        return outcome.failedExpectations > 0 || outcome.runtimeError ? 1 : 0
    }
}

/// Most diagnostics kept for printing; a script with more is reported by count past this.
let diagnosticsShown = 200

/// Checks the whole script, then (if it is sound) simulates it into `sink`. Two passes
/// over the text rather than one over a parsed copy, so memory stays flat.
func executeScript(_ source: ScriptSource, into sink: RecordSink) throws(FileError) -> ScriptResult {
    try executeScript(source) { _ in sink }
}

/// The same, with the sink made once the check knows the model the script simulates
/// (coverage needs that model's tree before the first record arrives).
func executeScript(_ source: ScriptSource,
                   makeSink: (any SimulationModel.Type) -> RecordSink) throws(FileError) -> ScriptResult {
    var result = ScriptResult()
    let checker = Script(mode: .check)
    func noteError(_ diagnostic: Diagnostic, _ line: UnsafeBufferPointer<UInt8>) {
        result.errorCount += 1
        if result.errors.count < diagnosticsShown {
            result.errors.append(LocatedDiagnostic(diagnostic: diagnostic, sourceLine: Array(line)))
        }
    }
    try source.forEachChunk { checker.feed(chunk: $0, report: noteError); return true }
    checker.endInput(report: noteError)
    guard result.errorCount == 0 else { return result }
    _ = checker.finish()
    guard let model = checker.model else { return result }
    result.model = model
    let runner = Script(mode: .run(makeSink(model)))
    func noteFailure(_ diagnostic: Diagnostic, _ line: UnsafeBufferPointer<UInt8>) {
        if result.failures.count < diagnosticsShown {
            result.failures.append(LocatedDiagnostic(diagnostic: diagnostic, sourceLine: Array(line)))
        }
    }
    try source.forEachChunk { runner.feed(chunk: $0, report: noteFailure); return true }
    runner.endInput(report: noteFailure)
    result.outcome = runner.finish()
    return result
}

/// Prints a script's diagnostics, and a count when some were left out.
func report(_ result: ScriptResult, source: ScriptSource, console: Console) {
    let formatter = DiagnosticFormatter(colored: console.wantsColor(onStandardError: true))
    for located in result.errors + result.failures {
        console.err.write(formatter.format(located.diagnostic, path: source.displayName, sourceLine: located.sourceLine))
    }
    if result.errorCount > result.errors.count {
        console.err.write("statectl: \(result.errorCount - result.errors.count) more errors not shown\n")
    }
    if result.errorCount > 0 {
        let noun = result.errorCount == 1 ? "error" : "errors"
        console.err.write("statectl: \(result.errorCount) \(noun) in \(source.displayName); nothing was simulated\n")
    }
}
