import StatectlParse
@testable import StatectlSimulate

/// A script's run in memory: its records, check errors and run problems.
struct Simulated {
    var records: [Record]
    var checkErrors: [Diagnostic]
    var problems: [Diagnostic]
    var outcome: Script.Outcome?

    func records(_ kind: RecordKind) -> [Record] { records.filter { $0.kind == kind } }
    var final: Record { records.last! }
}

func simulate(_ source: String) -> Simulated {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
    let checker = Script(mode: .check)
    var checkErrors: [Diagnostic] = []
    for (index, line) in lines.enumerated() { checkErrors += checker.feed(line: line, number: index + 1) }
    guard checkErrors.isEmpty else { return Simulated(records: [], checkErrors: checkErrors, problems: []) }
    let collector = RecordCollector()
    let runner = Script(mode: .run(collector))
    var problems: [Diagnostic] = []
    for (index, line) in lines.enumerated() { problems += runner.feed(line: line, number: index + 1) }
    let outcome = runner.finish()
    return Simulated(records: collector.records, checkErrors: [], problems: problems, outcome: outcome)
}
