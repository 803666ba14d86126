import StatectlParse
import StatectlSimulate

/// Every event sequence up to a depth, each run from scratch through `Simulator.runLine`
/// with no sharing and no identity: what explore's counts are checked against.
struct BruteForce<M: ExplorableModel> {
    struct Outcome {
        var observableStates: Set<[String]> = []
        /// Length of a shortest sequence after which `violates` held, per property.
        var shortestViolation: [Int?]
        var shortestRuntimeError: Int?
    }

    let prefix: [CompiledLine<M.Command>]
    let events: [CompiledLine<M.Command>]
    let version: String?

    init(prefix: [String], events: [String], version: String? = nil) {
        self.version = version
        var compiler = ScriptCompiler<M>(recording: false, version: version)
        func compile(_ text: String) -> CompiledLine<M.Command> {
            let parsed = Parser.parse(line: Array(text.utf8), number: 1)
            precondition(parsed.diagnostics.isEmpty, "\(text): \(parsed.diagnostics)")
            return CompiledLine(parsed.statements.map { statement in
                guard case .success(let instruction) = compiler.compile(statement) else { preconditionFailure("\(text) does not compile") }
                return CompiledStatement(instruction: instruction, span: statement.span)
            })
        }
        self.prefix = prefix.map(compile)
        self.events = events.map(compile)
    }

    func observable(_ model: M) -> [String] {
        M.properties.filter { $0.versions.map { versions in version.map(versions.contains) ?? true } ?? true }
            .map(\.name).filter { !M.counters.contains($0) }.map { (try? model.observe($0).text) ?? "(crashes)" }
    }

    func run(depth: Int, queue: Int?, properties: [(M) -> Bool] = []) -> Outcome {
        var outcome = Outcome(shortestViolation: properties.map { _ in nil })
        visit(depth: depth, queue: queue, crashed: { length in
            outcome.shortestRuntimeError = min(outcome.shortestRuntimeError ?? .max, length)
        }) { simulator, length in
            outcome.observableStates.insert(observable(simulator.model))
            for (index, violates) in properties.enumerated() where violates(simulator.model) {
                outcome.shortestViolation[index] = min(outcome.shortestViolation[index] ?? .max, length)
            }
        }
        return outcome
    }

    /// Calls `body` with the simulator after every sequence of at most `depth` events (and
    /// its length) that the model can take within the queue bound, each run from scratch;
    /// `crashed` with the length of each sequence whose last event is a runtime error.
    func visit(depth: Int, queue: Int? = nil, crashed: (Int) -> Void = { _ in },
               _ body: (Simulator<M>, Int) -> Void) {
        var sequence: [Int] = []
        func visit() {
            // Run the whole sequence again from the start: nothing carried over from a parent.
            var simulator = Simulator<M>(sink: RecordCollector(), version: version)
            for (number, line) in prefix.enumerated() { _ = simulator.runLine(line, line: number + 1) }
            for (step, event) in sequence.enumerated() {
                let commands = events[event].statements.compactMap { statement -> M.Command? in
                    if case .command(let step) = statement.instruction { return step.command }
                    return nil
                }
                guard commands.allSatisfy(simulator.model.canPerform) else { return }
                _ = simulator.runLine(events[event], line: step + 1)
                if simulator.stopped {
                    if step == sequence.count - 1 { crashed(sequence.count) }
                    return
                }
                if let queue, simulator.model.pendingWork > queue { return }
            }
            body(simulator, sequence.count)
            guard sequence.count < depth else { return }
            for event in events.indices {
                sequence.append(event)
                visit()
                sequence.removeLast()
            }
        }
        visit()
    }
}
