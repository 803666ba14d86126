import StatectlParse

/// The models statectl knows, by the name a script's `model` statement uses.
public enum ModelCatalog {
    nonisolated(unsafe) public static let models: [any SimulationModel.Type] = [StatefulViewControllerModel.self]
    public static var defaultModel: any SimulationModel.Type { StatefulViewControllerModel.self }

    public static func model(named name: String) -> (any SimulationModel.Type)? {
        models.first { $0.name == name }
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
    private var session: (any ModelSession)?

    public init(mode: Mode) { self.mode = mode }

    /// The model the script selected, once its first statement has been seen.
    public var modelName: String? { session?.modelName }

    /// Parses (and in `.run` mode, simulates) one line. Returns syntax and vocabulary
    /// errors in `.check` mode; failed expectations and runtime errors in `.run` mode.
    public func feed(line: UnsafeBufferPointer<UInt8>, number: Int) -> [Diagnostic] {
        let parsed = Parser.parse(line: line, number: number)
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
            return session.run(parsed.statements, line: number)
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

    private func makeSession<M: SimulationModel>(_ model: M.Type) -> any ModelSession {
        switch mode {
        case .check: return Session<M>(sink: nil)
        case .run(let sink): return Session<M>(sink: sink)
        }
    }
}

/// One model's compiler and simulator behind a type-erased face.
protocol ModelSession: AnyObject {
    var modelName: String { get }
    func check(_ statements: [Statement]) -> [Diagnostic]
    func run(_ statements: [Statement], line: Int) -> [Diagnostic]
    func finish() -> Script.Outcome
}

final class Session<M: SimulationModel>: ModelSession {
    private var compiler = ScriptCompiler<M>()
    private var simulator: Simulator<M>?

    init(sink: RecordSink?) {
        simulator = sink.map { Simulator<M>(sink: $0) }
    }

    var modelName: String { M.name }

    func check(_ statements: [Statement]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for statement in statements {
            if case .failure(let diagnostics) = compiler.compile(statement) { problems += diagnostics }
        }
        return problems
    }

    func run(_ statements: [Statement], line: Int) -> [Diagnostic] {
        var instructions: [(Instruction<M.Command>, SourceSpan)] = []
        instructions.reserveCapacity(statements.count)
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
