import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif
import StatectlParse
import StatectlSimulate
import StatectlRender

/// Largest input tried. The pipeline streams, so size is not what is being tested here
/// (scripts/long-inputs.sh is); small inputs keep each run fast and the search broad.
let maximumInputSize = 1 << 16

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

// SwiftPM gives every executable its own main, so libFuzzer's is not used: this one
// hands the command line to libFuzzer's driver, which calls `fuzzOneInput` per input.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    // An empty input may come with a null pointer.
    guard let data else { return fuzzOneInput(UnsafePointer(bitPattern: 1)!, 0) }
    return fuzzOneInput(data, size)
})
