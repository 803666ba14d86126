import StatectlParse

/// A model statectl knows, with a way to make its session. The session is made where
/// the model's type is concrete, so the compiler specialises the simulator for it.
struct ModelEntry {
    var model: any SimulationModel.Type
    var makeSession: (RecordSink?) -> ModelSession

    static func of<M: SimulationModel>(_ model: M.Type) -> ModelEntry {
        ModelEntry(model: model) { sink in
            let session = Session<M>(sink: sink)
            return ModelSession(modelName: M.name, check: session.check, run: session.run, finish: session.finish)
        }
    }
}

/// The models statectl knows, by the name a script's `model` statement uses.
public enum ModelCatalog {
    nonisolated(unsafe) static let entries: [ModelEntry] = [
        .of(StatefulViewControllerModel.self),
        .of(StateViewControllerModel.self),
        .of(JMStatefulTableViewControllerModel.self),
    ]
    nonisolated(unsafe) public static let models: [any SimulationModel.Type] = entries.map(\.model)
    public static var defaultModel: any SimulationModel.Type { entries[0].model }

    public static func model(named name: String) -> (any SimulationModel.Type)? {
        models.first { $0.name == name }
    }

    static func entry(for model: any SimulationModel.Type) -> ModelEntry {
        entries.first { $0.model == model }!
    }
}

/// A script fed a line at a time, in one of two passes over the same text:
/// `.check` finds every problem without simulating; `.run` simulates a script that
/// passed the check, writing records to the sink. Neither keeps past lines, so
/// memory does not grow with the script.
///
///     let script = Script(mode: .check)
///     let problems = script.feed(line: Array("expect state == loadng".utf8), number: 1)
public final class Script {
    public enum Mode {
        case check
        case run(RecordSink)
    }

    /// How a run ended, for the exit status.
    public struct Outcome: Sendable {
        public var failedExpectations: Int
        public var runtimeError: Bool
    }

    private let mode: Mode
    @exclusivity(unchecked) private var session: ModelSession?
    @exclusivity(unchecked) private var parser = LineParser()

    public init(mode: Mode) { self.mode = mode }

    /// The model the script selected, once its first statement has been seen.
    public var modelName: String? { session?.modelName }

    /// Parses (and in `.run` mode, simulates) one line. Returns syntax and vocabulary
    /// errors in `.check` mode; failed expectations and runtime errors in `.run` mode.
    public func feed(line: UnsafeBufferPointer<UInt8>, number: Int) -> [Diagnostic] {
        let parsed = parser.parse(line: line, number: number)
        var problems = parsed.diagnostics
        if session == nil, let first = parsed.statements.first {
            switch chooseModel(first) {
            case .success(let model): session = makeSession(model)
            case .failure(let diagnostic):
                problems.append(diagnostic)
                session = makeSession(ModelCatalog.defaultModel)
            }
        }
        guard let session, !parsed.statements.isEmpty else { return problems }
        switch mode {
        case .check:
            problems += session.check(parsed.statements)
            return problems
        case .run:
            return session.run(parsed.statements, number)
        }
    }

    public func feed(line: [UInt8], number: Int) -> [Diagnostic] {
        line.withUnsafeBufferPointer { feed(line: $0, number: number) }
    }

    /// Ends the script; in `.run` mode the clock runs on and the final record is written.
    public func finish() -> Outcome {
        if session == nil { session = makeSession(ModelCatalog.defaultModel) }
        return session!.finish()
    }

    private func chooseModel(_ statement: Statement) -> Result<any SimulationModel.Type, Diagnostic> {
        guard case .model(let name) = statement.form else { return .success(ModelCatalog.defaultModel) }
        if let model = ModelCatalog.model(named: name.text) { return .success(model) }
        var notes: [DiagnosticNote] = []
        if let near = Suggestion.nearest(to: name.text, in: ModelCatalog.models.map { $0.name }) {
            notes.append(DiagnosticNote("did you mean '\(near)'?"))
        }
        notes.append(DiagnosticNote("known models: " + ModelCatalog.models.map { $0.name }.joined(separator: ", ")))
        return .failure(Diagnostic(id: "unknown-model", span: name.span, message: "unknown model '\(name.text)'", notes: notes))
    }

    private func makeSession(_ model: any SimulationModel.Type) -> ModelSession {
        switch mode {
        case .check: return ModelCatalog.entry(for: model).makeSession(nil)
        case .run(let sink): return ModelCatalog.entry(for: model).makeSession(sink)
        }
    }
}

/// One model's compiler and simulator behind a type-erased face. Closures rather than a
/// protocol: they are made where the model's type is known, so the code they run is
/// specialised for it instead of going through generic metadata on every line.
struct ModelSession {
    var modelName: String
    var check: ([Statement]) -> [Diagnostic]
    var run: ([Statement], Int) -> [Diagnostic]
    var finish: () -> Script.Outcome
}

final class Session<M: SimulationModel> {
    // Touched once per line from one thread; skipping the dynamic exclusivity checks a
    // class's stored properties get is measurable on long scripts.
    @exclusivity(unchecked) private var compiler = ScriptCompiler<M>()
    @exclusivity(unchecked) private var simulator: Simulator<M>?
    /// Reused from line to line.
    @exclusivity(unchecked) private var instructions: [(Instruction<M.Command>, SourceSpan)] = []

    init(sink: RecordSink?) {
        simulator = sink.map { Simulator<M>(sink: $0) }
    }

    func check(_ statements: [Statement]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for statement in statements {
            if case .failure(let diagnostics) = compiler.compile(statement) { problems += diagnostics }
        }
        return problems
    }

    func run(_ statements: [Statement], line: Int) -> [Diagnostic] {
        instructions.removeAll(keepingCapacity: true)
        for statement in statements {
            // The check pass has already accepted every statement.
            guard case .success(let instruction) = compiler.compile(statement) else { continue }
            instructions.append((instruction, statement.span))
        }
        return simulator!.runLine(instructions, line: line)
    }

    func finish() -> Script.Outcome {
        guard simulator != nil else { return Script.Outcome(failedExpectations: 0, runtimeError: false) }
        simulator!.finish()
        return Script.Outcome(failedExpectations: simulator!.failedExpectations, runtimeError: simulator!.stopped)
    }
}
