import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif
import StatectlParse
import StatectlSimulate
import StatectlExplore
import StatectlRender

/// Largest input tried. The pipeline streams, so size is not what is being tested here
/// (scripts/long-inputs.sh is); small inputs keep each run fast and the search broad.
let maximumInputSize = 1 << 16

/// Configurations an explored input may reach: enough to fill the store's first chunks and
/// grow its table, few enough that an input stays quick under AddressSanitizer.
let maximumConfigurations = 3_000

/// Renders every record as both text and JSON Lines.
final class FuzzSink: RecordSink {
    let text = StringOutput()
    let json = StringOutput()
    lazy var renderers: [RecordSink] = [TextLogRenderer(text.buffer), JSONLinesRenderer(json.buffer)]

    func write(_ record: RecordView) {
        for renderer in renderers { renderer.write(record) }
    }
}

/// One input through the whole pipeline, as `statectl run` and `graph --trace` take it:
/// check every line, format each diagnostic against its line; if the script is sound,
/// simulate it into the text and JSON renderers and draw its trace as Mermaid. Any crash,
/// trap, hang or sanitizer report on the way is a bug.
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= maximumInputSize else { return -1 }
    let input = UnsafeBufferPointer(start: data, count: size)
    if isExploreSpec(input) { return exploreOneInput(input) }
    let formatter = DiagnosticFormatter()
    var errors = 0
    let report: Script.Report = { diagnostic, line in
        errors += 1
        let excerpt = SourceExcerpt(line: line, span: diagnostic.span.bytes)
        _ = formatter.format(diagnostic, path: "fuzz.script", excerpt: excerpt)
    }
    // Fed in two chunks, so a line cut between chunks is exercised too.
    let cut = size / 2
    let checker = Script(mode: .check)
    checker.feed(chunk: UnsafeBufferPointer(rebasing: input[..<cut]), report: report)
    checker.feed(chunk: UnsafeBufferPointer(rebasing: input[cut...]), report: report)
    checker.endInput(report: report)
    guard errors == 0 else { return 0 }
    _ = checker.finish()  // an empty script gets the default model here
    guard let model = checker.model else { return 0 }

    // Records go to the coverage counter (as graph --trace and test --coverage count them)
    // and on to both renderers.
    let sink = FuzzSink()
    let counter = CoverageSink(tree: model.decisionTree, forwardingTo: sink)
    let runner = Script(mode: .run(counter))
    runner.feed(chunk: input, report: report)
    runner.endInput(report: report)
    _ = runner.finish()
    sink.text.buffer.flush()
    sink.json.buffer.flush()
    var suite = SuiteCoverage()
    suite.add(counter.coverage, model: model.name, script: "fuzz.script")
    _ = CoverageReport.text(suite)
    _ = MermaidRenderer.render(DecisionGraph.describe(model.decisionTree, trace: suite.coverage(ofModel: model.name)))
    return 0
}

/// Whether a line starts with one of explore's directives: such an input is a spec, and
/// goes through `statectl explore`'s search (its raw store, identity encoding and read-back)
/// rather than `run`.
func isExploreSpec(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    let directives: [[UInt8]] = ["events ", "depth ", "queue ", "always ", "never "].map { Array($0.utf8) }
    var lineStart = 0
    while lineStart < input.count {
        for directive in directives where input.count - lineStart >= directive.count
            && directive.indices.allSatisfy({ input[lineStart + $0] == directive[$0] }) {
            return true
        }
        guard let newline = input[lineStart...].firstIndex(of: 0x0A) else { break }
        lineStart = newline + 1
    }
    return false
}

/// One spec through the search, as `statectl explore` takes it, bounded in configurations;
/// the report's pieces are read so that nothing is optimised away. Diagnostics are
/// formatted as for scripts.
func exploreOneInput(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
    let limits = ExploreLimits(maxConfigurations: maximumConfigurations, maxBytes: 64 << 20)
    switch Explorer.explore(spec: Array(input), limits: limits) {
    case .failure(let diagnostics):
        let formatter = DiagnosticFormatter()
        for diagnostic in diagnostics { _ = formatter.format(diagnostic, path: "fuzz.spec", excerpt: nil) }
    case .success(let result):
        precondition(result.configurations <= maximumConfigurations, "explore went past --max-configurations")
        precondition(result.observableStates.count <= result.configurations, "more observable states than configurations")
        for property in result.properties { _ = property.counterexample?.count }
    }
    return 0
}

// SwiftPM gives every executable its own main, so libFuzzer's is not used: this one
// hands the command line to libFuzzer's driver, which calls `fuzzOneInput` per input.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    // An empty input may come with a null pointer.
    guard let data else { return fuzzOneInput(UnsafePointer(bitPattern: 1)!, 0) }
    return fuzzOneInput(data, size)
})
