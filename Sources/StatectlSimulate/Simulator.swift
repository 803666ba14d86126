import StatectlParse

/// Drives a model on the virtual clock: each script line is one main-thread turn, `wait`
/// lets the run loop run, and at the end the clock runs on until the model is idle.
///
/// Records go to the sink as they happen, so a run holds no log in memory.
public struct Simulator<M: SimulationModel> {
    public internal(set) var model: M
    /// `StatefulViewController@master`: the first field of the final record.
    private let version: String?
    private var effects: Effects
    public private(set) var failedExpectations = 0
    /// Set once the model hit a runtime error; the simulation has stopped.
    public private(set) var stopped = false
    /// The runtime error's message, once `stopped`.
    private(set) var stopMessage: String?

    /// A simulator of `version` (one of `M.versions`; nil: the default).
    public init(sink: RecordSink, version: String? = nil) {
        let version = version ?? M.versions.first
        self.init(sink: sink, version: version, model: version.map { M(version: $0) } ?? M())
    }

    /// A simulator of `version` whose model is `model`, at time 0 (explore reads models
    /// back from their identities, which hold times relative to now).
    public init(sink: RecordSink, version: String?, model: M) {
        effects = Effects(sink: sink)
        self.model = model
        self.version = version
    }

    /// This simulator with `model` at time `now`, nothing failed or stopped, keeping its
    /// sink, version and scratch space: explore resumes a simulator of its own from each
    /// configuration for every event, and copying a whole one per step retained and
    /// released those each time.
    public mutating func resume(_ model: M, at now: Int64) {
        self.model = model
        effects.now = now
        effects.line = nil
        failedExpectations = 0
        stopped = false
    }

    /// `resume` for a model that is plain data (`ExplorableModel.isPlainData`) in place of
    /// one that is plain data too. The line is left as it was: the one caller, `exploreStep`,
    /// runs a line next, which sets it, and clearing it first cost every step a store.
    mutating func resume(plainData model: inout M, at now: Int64) {
        withUnsafeMutablePointer(to: &self.model) { destination in
            withUnsafePointer(to: &model) { source in
                // Safe: neither value holds a reference, so its bytes are the whole value;
                // the old bytes overwritten owned nothing, the new ones need no retain.
                // In two parts of at most 128 bytes, which the compiler copies inline: the
                // whole (about 200 bytes) went through a call to `memmove`.
                let size = MemoryLayout<M>.size, head = min(size, 128)
                UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: head)
                (UnsafeMutableRawPointer(destination) + head).copyMemory(from: UnsafeRawPointer(source) + head,
                                                                         byteCount: size - head)
            }
        }
        effects.now = now
        failedExpectations = 0
        stopped = false
    }

    public var now: Int64 { effects.now }

    /// Runs one line's instructions as one turn. Returns what should be told to the user
    /// beside the log: failed expectations and a runtime error.
    // Explore calls this from another module, where it cannot be specialised: compiled here
    // for each model, it does not ask the runtime for type metadata on every step.
    @_specialize(exported: true, where M == StatefulViewControllerModel)
    @_specialize(exported: true, where M == StateViewControllerModel)
    @_specialize(exported: true, where M == JMStatefulTableViewControllerModel)
    public mutating func runLine(_ compiled: CompiledLine<M.Command>, line: Int) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        runLine(compiled, line: line, problems: &problems)
        return problems
    }

    /// `runLine`, its problems appended to `problems` (a session's list for every line).
    mutating func runLine(_ compiled: CompiledLine<M.Command>, line: Int, appendingTo problems: inout [Diagnostic]) {
        runLine(compiled, line: line, problems: &problems)
    }

    /// `runLine`, keeping nothing of what it reports (`stopMessage` says why it stopped): an
    /// array returned was released on every step of explore though nearly always empty.
    mutating func runLineReportingNothing(_ compiled: CompiledLine<M.Command>, line: Int) {
        var none = NoProblems()
        runLine(compiled, line: line, problems: &none)
    }

    @inline(__always)
    private mutating func runLine<Problems: ProblemList>(_ compiled: CompiledLine<M.Command>, line: Int, problems: inout Problems) {
        guard beginLine(line) else { return }
        // An integer range: `indices` of a generic collection asks the runtime for metadata
        // (explore calls this unspecialised).
        for index in 0..<compiled.statements.count {
            // Statements may come from an earlier line with the same text: the span's
            // bytes hold, the line number is this one.
            let span = SourceSpan(line: line, bytes: compiled.statements[index].span.bytes)
            // The same switch as `run`'s, on the stored instruction itself: passing it to
            // `run` copied it (retaining its strings) for every statement of a cached line.
            let running: Bool
            switch compiled.statements[index].instruction {
            case .selectModel: running = true
            case .command:
                // Unretained: `compiled`, which the caller holds for the call, holds the step;
                // bound from the enum, it was retained and released around every command.
                let step = compiled.statements[index].instruction.unretainedStep!
                running = step._withUnsafeGuaranteedRef { perform($0, span: span, problems: &problems) }
            case .wait:
                // Unretained, as a command's step.
                let step = compiled.statements[index].instruction.unretainedWait!
                running = step._withUnsafeGuaranteedRef { wait($0) }
            case .expect(let expectation): running = expect(expectation, span: span, problems: &problems)
            case .expectCondition(let check): running = expect(check, span: span, problems: &problems)
            }
            guard running else { return }
        }
        endLine()
    }

    // A line can also be run an instruction at a time, as it is compiled, with no
    // `CompiledLine` made for it: `beginLine`, `run` for each instruction while it returns
    // true, then `endLine`. The same turn as `runLine`.

    /// Starts the turn of script line `line`; false when the simulation has stopped.
    mutating func beginLine(_ line: Int) -> Bool {
        guard !stopped else { return false }
        effects.line = line
        return true
    }

    /// Runs one instruction of the line begun; false when it stopped the simulation (the
    /// line's turn then does not end).
    mutating func run(_ instruction: Instruction<M.Command>, span: SourceSpan, problems: inout [Diagnostic]) -> Bool {
        switch instruction {
        case .selectModel: return true
        case .command(let step): return perform(step, span: span, problems: &problems)
        case .wait(let step): return wait(step)
        case .expect(let expectation): return expect(expectation, span: span, problems: &problems)
        case .expectCondition(let check): return expect(check, span: span, problems: &problems)
        }
    }

    /// `run` for a command compiled to run once (`ScriptCompiler.compileOneOff`): its record
    /// is written here, in `statementText` (the caller's, empty, and emptied again once the
    /// record is written).
    mutating func run(_ command: M.Command, span: SourceSpan, problems: inout [Diagnostic],
                      statementText: inout CallText) -> Bool {
        M.writeStatementRecord(command, into: &statementText)
        statementText.withRecordKept { effects.record(.statement, encoded: $0) }
        // Emptied at once: a long text's buffer (a 100 MB error's) is not kept meanwhile.
        statementText.removeAll()
        return perform(command, span: span, problems: &problems)
    }

    /// `run` for a wait compiled to run once, with its record's bytes.
    mutating func run(waiting milliseconds: Int64, statement: [UInt8]) -> Bool { wait(milliseconds, statement: statement) }

    /// `run` for an `expect` compiled to run once.
    mutating func run(_ expectation: OneOffExpectation, span: SourceSpan, problems: inout [Diagnostic]) -> Bool {
        expect(expectation, span: span, problems: &problems)
    }

    /// Ends the line's turn.
    mutating func endLine() {
        model.endTurn(effects: &effects)
    }

    // Each instruction's step; false when it stopped the simulation.

    private mutating func perform<Problems: ProblemList>(_ step: CommandStep<M.Command>, span: SourceSpan, problems: inout Problems) -> Bool {
        effects.record(.statement, encoded: step.statement)
        return perform(step.command, span: span, problems: &problems)
    }

    /// A command performed after its `statement` record, from a step or compiled to run once.
    @inline(__always)
    private mutating func perform<Problems: ProblemList>(_ command: M.Command, span: SourceSpan, problems: inout Problems) -> Bool {
        do {
            try model.perform(command, effects: &effects)
            return true
        } catch {
            stop(error, span: span, problems: &problems)
            return false
        }
    }

    private mutating func wait(_ step: WaitStep) -> Bool { wait(step.milliseconds, statement: step.statement) }

    @inline(__always)
    private mutating func wait(_ milliseconds: Int64, statement: [UInt8]) -> Bool {
        effects.record(.statement, encoded: statement)
        // `wait` ends the turn it is in: the run loop runs while time passes.
        model.endTurn(effects: &effects)
        advance(to: effects.now + milliseconds)
        return true
    }

    @inline(__always)
    private mutating func expect<Problems: ProblemList, Parts: ExpectationParts>(_ expectation: Parts, span: SourceSpan,
                                                                                problems: inout Problems) -> Bool {
        do {
            if let failure = try check(expectation, span: span) { problems.append(failure) }
            return true
        } catch {
            stop(error, span: span, problems: &problems)
            return false
        }
    }

    private mutating func expect<Problems: ProblemList>(_ check: ConditionCheck, span: SourceSpan, problems: inout Problems) -> Bool {
        do {
            if let failure = try self.check(check, span: span) { problems.append(failure) }
            return true
        } catch {
            stop(error, span: span, problems: &problems)
            return false
        }
    }

    /// Ends the script: the clock runs on until nothing is queued or in flight.
    public mutating func finish() {
        effects.line = nil
        if !stopped {
            model.endTurn(effects: &effects)
            while let deadline = model.nextDeadline {
                effects.now = max(effects.now, deadline)
                model.reachDeadline(effects: &effects)
            }
        }
        // The name is made here, not kept: explore copies simulators on every step.
        let modelName = version.map { "\(M.name)@\($0)" } ?? M.name
        effects.record(.final, [Field(.model, .string(modelName))] + model.finalFields())
    }

    private mutating func advance(to target: Int64) {
        while let deadline = model.nextDeadline, deadline <= target {
            effects.now = max(effects.now, deadline)
            model.reachDeadline(effects: &effects)
        }
        effects.now = target
    }

    /// Reports what the library would have crashed on, and stops the simulation.
    private mutating func stop<Problems: ProblemList>(_ error: RuntimeError, span: SourceSpan, problems: inout Problems) {
        effects.record(.runtimeError, [Field(.message, .string(error.message))])
        problems.append(Diagnostic(id: "runtime-error", span: span, message: error.message,
                                   notes: error.notes.map { DiagnosticNote($0) }))
        stopped = true
        stopMessage = error.message
    }

    @inline(__always)
    private mutating func check<Parts: ExpectationParts>(_ expectation: Parts, span: SourceSpan) throws(RuntimeError) -> Diagnostic? {
        let (holds, actual) = try expectation.evaluateParts(on: model)
        effects.record(.expect) { fields in
            expectation.addRecordPrefix(to: fields)
            fields.add(.actual, actual)
            fields.add(.passed, holds)
        }
        guard !holds else { return nil }
        return try failure(of: expectation, actual: actual, span: span)
    }

    /// What a failed expectation reports (apart from `check`, which is inlined).
    private mutating func failure<Parts: ExpectationParts>(of expectation: Parts, actual: ObservedValue, span: SourceSpan) throws(RuntimeError) -> Diagnostic {
        failedExpectations += 1
        var wantedValue = expectation.expected.text
        if let other = expectation.otherProperty { wantedValue = "\(other) (\(try model.observe(other).text))" }
        let wanted = expectation.comparison == .equal ? wantedValue : "not \(wantedValue)"
        var notes: [DiagnosticNote] = []
        if let pending = model.whenPendingWorkHolds(now: effects.now, { model throws(RuntimeError) in try expectation.holds(for: model) }) {
            notes.append(expectation.pendingWorkNote(pending, model: M.self, now: effects.now))
        }
        return Diagnostic(id: "expectation-failed", span: span,
                          message: "expectation failed: \(expectation.property) is \(actual.text), expected \(wanted)", notes: notes)
    }

    private mutating func check(_ check: ConditionCheck, span: SourceSpan) throws(RuntimeError) -> Diagnostic? {
        let holds = try check.condition.evaluate(on: model)
        effects.record(.expect) { fields in
            fields.add(encoded: check.recordPrefix)
            fields.add(.actual, holds)
            fields.add(.passed, holds)
        }
        guard !holds else { return nil }
        failedExpectations += 1
        var notes: [DiagnosticNote] = []
        for property in check.condition.properties {
            notes.append(DiagnosticNote("\(property) is \(try model.observe(property).text)"))
        }
        return Diagnostic(id: "expectation-failed", span: span, message: "expectation failed: \(check.text) is false", notes: notes)
    }
}

/// Where a simulator reports a line's problems: all of them (`[Diagnostic]`), or none
/// (`NoProblems`, for explore).
protocol ProblemList {
    mutating func append(_ problem: Diagnostic)
}

extension Array: ProblemList where Element == Diagnostic {}

/// No problem kept.
struct NoProblems: ProblemList {
    func append(_ problem: Diagnostic) {}
}
