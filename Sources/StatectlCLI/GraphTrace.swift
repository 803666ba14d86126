import StatectlSimulate

/// Why tracing stopped before drawing: a usage error to print, or script errors already printed.
enum TraceFailure: Error {
    case usage(UsageError)
    case reported
}

extension GraphCommand {
    /// What `--trace` found: the model to draw, its branch counts, and the exit status so far.
    struct Traced {
        var model: any SimulationModel.Type
        var coverage: SuiteCoverage.ModelCoverage
        var status: Int32
    }

    /// Runs every traced script once, counting the branches its decision records name, and
    /// picks the model to draw: --model's, or the one model the scripts select (through
    /// the catalog lookup that runs them, so `model X` lines need not be spelled alike).
    ///
    /// A script with errors stops everything (nothing was simulated); one stopped by a
    /// runtime error is reported and still drawn up to the error, and the exit is 1.
    func traced(console: Console) throws(TraceFailure) -> Traced {
        var suite = SuiteCoverage()
        var models: [String: any SimulationModel.Type] = [:]
        var status: Int32 = 0
        let paths: [String]
        do { paths = try scripts(in: traces, standardInput: true) } catch { throw .usage(error) }
        for path in paths {
            var counter: CoverageSink?
            let source: ScriptSource
            let result: ScriptResult
            do {
                source = try ScriptSource.at(path)
                result = try executeScript(source, maxErrors: maxErrors) { model in
                    counter = CoverageSink(tree: model.decisionTree)
                    return counter!
                }
            } catch {
                throw .usage(UsageError(error.message))
            }
            if result.errorCount > 0 {
                report(result, source: source, console: console)
                throw .reported
            }
            if result.outcome?.runtimeError == true {
                report(result, source: source, console: console)
                status = 1
            }
            if let counter, let model = result.model {
                suite.add(counter.coverage, model: model.name, script: source.displayName)
                models[model.name] = model
            }
        }
        let used = suite.models.map { "\($0.model) (\($0.scripts.count) \($0.scripts.count == 1 ? "script" : "scripts"))" }
        if let model {
            guard let coverage = suite.coverage(ofModel: model.name) else {
                throw .usage(UsageError("no traced script simulates \(model.name)", notes: ["the scripts simulate " + used.joined(separator: ", ")]))
            }
            let others = suite.models.filter { $0.model != model.name }
            if !others.isEmpty {
                let count = others.reduce(0) { $0 + $1.scripts.count }
                console.err.write("statectl: note: left out \(count) traced \(count == 1 ? "script" : "scripts") of other models: "
                                  + others.map(\.model).joined(separator: ", ") + "\n")
            }
            return Traced(model: model, coverage: coverage, status: status)
        }
        guard suite.models.count == 1, let only = suite.models.first, let model = models[only.model] else {
            throw .usage(UsageError("the traced scripts simulate different models: " + used.joined(separator: ", "),
                                    notes: ["draw one of them with --model " + (suite.models.first?.model ?? "NAME")]))
        }
        return Traced(model: model, coverage: only, status: status)
    }
}
