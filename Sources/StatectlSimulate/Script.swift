#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlParse

/// A model statectl knows, with a way to make its session. The session is made where
/// the model's type is concrete, so the compiler specialises the simulator for it.
struct ModelEntry {
    var model: any SimulationModel.Type
    var makeSession: (RecordSink?, _ checking: Bool, _ version: String?) -> ModelSession

    static func of<M: SimulationModel>(_ model: M.Type) -> ModelEntry {
        ModelEntry(model: model) { sink, checking, version in
            let session = Session<M>(sink: sink, checking: checking, version: version)
            return ModelSession(choice: ModelChoice(model: M.self, version: version), feed: session.feed,
                                feedChunk: session.feed, feedParsed: session.feedParsed, finish: session.finish,
                                progress: session.progress)
        }
    }
}

/// A model and the version of it a script simulates: `StatefulViewController@3.0.1`.
public struct ModelChoice {
    public let model: any SimulationModel.Type
    /// One of `model.versions`; nil for a model without versions.
    public let version: String?

    /// The model's default version.
    public init(model: any SimulationModel.Type) {
        self.model = model
        version = model.versions.first
    }

    init(model: any SimulationModel.Type, version: String?) {
        self.model = model
        self.version = version
    }

    /// As a script's `model` line writes it, and as the JSON final record names it.
    public var displayName: String { version.map { "\(model.name)@\($0)" } ?? model.name }
}

/// Why a model name (and version) names no model statectl knows; `atVersion` says which
/// part is wrong, for where the diagnostic points.
public struct ModelLookupError: Error {
    public var message: String
    public var notes: [String]
    public var atVersion: Bool
}

/// The models statectl knows, by the name a script's `model` statement uses, and the
/// versions of each. Versions are data here, so a model gains one without the parser
/// or the CLI changing.
public enum ModelCatalog {
    nonisolated(unsafe) static let entries: [ModelEntry] = [
        .of(StatefulViewControllerModel.self),
        .of(StateViewControllerModel.self),
        .of(JMStatefulTableViewControllerModel.self),
    ]
    nonisolated(unsafe) public static let models: [any SimulationModel.Type] = entries.map(\.model)
    public static var defaultModel: any SimulationModel.Type { entries[0].model }
    public static var defaultChoice: ModelChoice { ModelChoice(model: defaultModel) }

    public static func model(named name: String) -> (any SimulationModel.Type)? {
        models.first { $0.name == name }
    }

    /// The model `name` at `version` (nil: its default version).
    public static func choice(named name: String, version: String?) -> Result<ModelChoice, ModelLookupError> {
        guard let model = model(named: name) else {
            var notes: [String] = []
            if let near = Suggestion.nearest(to: name, in: models.map { $0.name }) { notes.append("did you mean '\(near)'?") }
            notes.append("known models: " + models.map { $0.name }.joined(separator: ", "))
            return .failure(ModelLookupError(message: "unknown model '\(name)'", notes: notes, atVersion: false))
        }
        guard let version else { return .success(ModelChoice(model: model)) }
        guard !model.versions.isEmpty else {
            return .failure(ModelLookupError(message: "\(name) has no versions to choose from",
                                             notes: ["write it without a version: \(name)"], atVersion: true))
        }
        guard model.versions.contains(version) else {
            let known = model.versions.enumerated().map { $0.offset == 0 ? "\($0.element) (the default)" : $0.element }
            return .failure(ModelLookupError(message: "unknown version '\(version)' of \(name)",
                                             notes: ["known versions: " + known.joined(separator: ", ")], atVersion: true))
        }
        return .success(ModelChoice(model: model, version: version))
    }

    /// A model as `--model` takes it: `StatefulViewController` or `StatefulViewController@3.0.1`.
    public static func choice(spelled text: String) -> Result<ModelChoice, ModelLookupError> {
        guard let at = text.firstIndex(of: "@") else { return choice(named: text, version: nil) }
        return choice(named: String(text[..<at]), version: String(text[text.index(after: at)...]))
    }

    static func entry(for model: any SimulationModel.Type) -> ModelEntry {
        entries.first { $0.model == model }!
    }
}

/// A script fed a line at a time, in one of two passes over the same text:
/// `.check` finds every problem without simulating; `.run` simulates a script that
/// passed the check, writing records to the sink. Or in one pass, `.checkedRun`, for
/// output that can be taken back: simulating each line as it is checked, until the
/// first error. None keeps past lines, so memory does not grow with the script.
///
///     let script = Script(mode: .check)
///     let problems = script.feed(line: Array("expect state == loadng".utf8), number: 1)
public final class Script {
    public enum Mode {
        case check
        case run(RecordSink)
        /// Checks every line as `.check` does (the same errors) and, until the first error,
        /// simulates it as `.run` does (the same records and failures) into the sink made
        /// for the script's model; from the first error on it only checks. The records
        /// written before the error are the caller's to take back.
        case checkedRun(makeSink: (any SimulationModel.Type) -> RecordSink)
    }

    /// How a run ended, for the exit status.
    public struct Outcome: Sendable {
        public var failedExpectations: Int
        public var runtimeError: Bool
    }

    private let mode: Mode
    @exclusivity(unchecked) private var session: ModelSession?
    @exclusivity(unchecked) private var parser = LineParser()
    @exclusivity(unchecked) private var splitter = LineSplitter()
    /// A checked run's error before the first statement chose the model (or on its line):
    /// its session then only checks, and no sink is made.
    private var foundErrorBeforeSession = false

    public init(mode: Mode) { self.mode = mode }

    /// Whether lines are still simulated: always in `.run`, never in `.check`, and in
    /// `.checkedRun` until the first error. In a checked run, a diagnostic reported while
    /// this holds is one the simulation found (a failed expectation, a runtime error); one
    /// reported after it turned false (the first error's line included) is an error.
    public var isSimulating: Bool { session?.progress.simulating ?? false }

    /// Whether a checked run's errors may differ from those a check finds, which must then
    /// be found by a check. Rare: the first error is on a line whose statements before it
    /// declared names, and one after it does not parse on its own.
    public var errorsNeedFreshCheck: Bool { session?.progress.errorsNeedFreshCheck ?? false }

    /// The model the script selected, once its first statement has been seen.
    public var modelName: String? { session?.choice.model.name }

    /// The model the script selected (through the same catalog lookup that runs it), once
    /// its first statement has been seen; after `finish`, the default for an empty script.
    public var model: (any SimulationModel.Type)? { session?.choice.model }

    /// The model and its version, as `model` lines and the JSON final record name it.
    public var modelChoice: ModelChoice? { session?.choice }

    /// Parses (and in `.run` mode, simulates) one line. Returns syntax and vocabulary
    /// errors in `.check` mode; failed expectations and runtime errors in `.run` mode;
    /// in `.checkedRun`, one or the other, as `isSimulating` then tells.
    public func feed(line: UnsafeBufferPointer<UInt8>, number: Int) -> [Diagnostic] {
        if let session { return session.feed(line, number) }
        // Until the first statement, this object parses: that statement picks the model.
        var parsed = parser.parse(line: line, number: number)
        if !parsed.diagnostics.isEmpty { foundErrorBeforeSession = true }
        guard let first = parsed.statements.first else { return parsed.diagnostics }
        var problems: [Diagnostic] = []
        switch chooseModel(first) {
        case .success(let model): session = makeSession(model)
        case .failure(let diagnostic):
            problems.append(diagnostic)
            foundErrorBeforeSession = true
            session = makeSession(ModelCatalog.defaultChoice)
        }
        return problems + session!.feedParsed(&parsed, line, number)
    }

    public func feed(line: [UInt8], number: Int) -> [Diagnostic] {
        line.withUnsafeBufferPointer { feed(line: $0, number: number) }
    }

    /// What `feed(chunk:report:)` reports: a problem and the text of its line.
    public typealias Report = (Diagnostic, UnsafeBufferPointer<UInt8>) -> Void

    /// Feeds every complete line of `chunk`, a piece of the script's text; a line cut at
    /// the end is kept for the next chunk or `endInput`. The same as `feed(line:number:)`
    /// line by line, with the per-line loop inside code specialised for the model.
    public func feed(chunk: UnsafeBufferPointer<UInt8>, report: Report) {
        if let session {
            session.feedChunk(chunk, &splitter, report)
            return
        }
        // Until the first statement picks the model, one line at a time.
        splitter.feed(chunk) { line, number in
            for diagnostic in feed(line: line, number: number) { report(diagnostic, line) }
        }
    }

    /// Feeds the last line if the text did not end with a line break.
    public func endInput(report: Report) {
        splitter.finish { line, number in
            for diagnostic in feed(line: line, number: number) { report(diagnostic, line) }
        }
    }

    /// Ends the script; in `.run` mode the clock runs on and the final record is written.
    public func finish() -> Outcome {
        if session == nil { session = makeSession(ModelCatalog.defaultChoice) }
        return session!.finish()
    }

    private func chooseModel(_ statement: Statement) -> Result<ModelChoice, Diagnostic> {
        guard case .model(let name, let version) = statement.form else { return .success(ModelCatalog.defaultChoice) }
        return ModelCatalog.choice(named: name.text, version: version?.text).mapError { error in
            let id = error.atVersion ? "unknown-version" : "unknown-model"
            return Diagnostic(id: id, span: error.atVersion ? version?.span ?? name.span : name.span,
                              message: error.message, notes: error.notes.map { DiagnosticNote($0) })
        }
    }

    private func makeSession(_ choice: ModelChoice) -> ModelSession {
        let entry = ModelCatalog.entry(for: choice.model)
        switch mode {
        case .check: return entry.makeSession(nil, true, choice.version)
        case .run(let sink): return entry.makeSession(sink, false, choice.version)
        case .checkedRun(let makeSink):
            // Nothing will be simulated: no sink (and no output) to make.
            if foundErrorBeforeSession { return entry.makeSession(nil, true, choice.version) }
            return entry.makeSession(makeSink(choice.model), true, choice.version)
        }
    }
}

/// One model's compiler and simulator behind a type-erased face. Closures rather than a
/// protocol: they are made where the model's type is known, so the code they run is
/// specialised for it (a generic class's witnesses are not, and look up metadata on every
/// call). A class, so that calling one per line copies nothing.
final class ModelSession {
    let choice: ModelChoice
    var model: any SimulationModel.Type { choice.model }
    var modelName: String { choice.model.name }
    /// One line of text: parsed (or found in the cache), checked, and in `.run` mode simulated.
    let feed: (UnsafeBufferPointer<UInt8>, Int) -> [Diagnostic]
    /// Every complete line of a chunk.
    let feedChunk: (UnsafeBufferPointer<UInt8>, inout LineSplitter, Script.Report) -> Void
    /// The same for a line already parsed (the first one, which chose the model).
    /// (In-out: the statements are moved out of it; a copy would share, and so copy, the list.)
    let feedParsed: (inout ParsedLine, UnsafeBufferPointer<UInt8>, Int) -> [Diagnostic]
    let finish: () -> Script.Outcome
    /// The session's `progress`, read by the script for each diagnostic of a checked run.
    let progress: SessionProgress

    init(choice: ModelChoice, feed: @escaping (UnsafeBufferPointer<UInt8>, Int) -> [Diagnostic],
         feedChunk: @escaping (UnsafeBufferPointer<UInt8>, inout LineSplitter, Script.Report) -> Void,
         feedParsed: @escaping (inout ParsedLine, UnsafeBufferPointer<UInt8>, Int) -> [Diagnostic],
         finish: @escaping () -> Script.Outcome, progress: SessionProgress) {
        self.choice = choice
        self.feed = feed
        self.feedChunk = feedChunk
        self.feedParsed = feedParsed
        self.finish = finish
        self.progress = progress
    }
}

/// What a session tells its script as it goes: written at a checked run's first error,
/// read for each diagnostic (a class of its own, so that reading it calls nothing).
final class SessionProgress {
    /// `Session.simulating`.
    var simulating: Bool
    /// A checked run's first error was on a line part of which had run and declared names:
    /// with them declared, the line's errors could differ from what a check reports, so a
    /// check must find them.
    var errorsNeedFreshCheck = false

    init(simulating: Bool) { self.simulating = simulating }
}

final class Session<M: SimulationModel> {
    // Touched once per line from one thread; skipping the dynamic exclusivity checks a
    // class's stored properties get is measurable on long scripts.
    @exclusivity(unchecked) private var parser = LineParser(knownWords: KnownWords(M.vocabularyWords))
    @exclusivity(unchecked) private var compiler: ScriptCompiler<M>
    /// In `.check` mode it exists but never runs. Not an optional: on every line,
    /// unwrapping one copied the whole simulator.
    @exclusivity(unchecked) private var simulator: Simulator<M>
    /// Whether lines may have problems to report: false only in a run after the check,
    /// whose lines are known to be sound (UTF-8, parsing and compiling).
    private let checking: Bool
    /// Whether lines are simulated: not when only checking, and in a checked run (both)
    /// no more from its first error on, when the run's output is to be dropped.
    private var simulating: Bool { didSet { progress.simulating = simulating } }
    let progress: SessionProgress
    private let cache = LineCache<CompiledLine<M.Command>>()
    /// Compiled statements by their text: where lines never repeat, their statements often
    /// do (`wait 300ms; expect visible == [error]` with only the wait varying), and one found
    /// here is neither lexed, parsed nor compiled again.
    private let statementCache = LineCache<Instruction<M.Command>>()
    /// Where the line being fed has its statements, and each of them found in the statement
    /// cache or parsed; kept from line to line for their storage.
    @exclusivity(unchecked) private var ranges = StatementRangeList()
    @exclusivity(unchecked) private var pending: [PendingStatement] = []
    /// The parsed ones, in order (apart: a statement is large, and each move of one inside
    /// a pending entry copied it whole).
    @exclusivity(unchecked) private var parsedStatements: [Statement] = []
    /// Where the simulator writes the `statement` record of a command run once, for every
    /// such command (`Simulator.run(_:span:problems:statementText:)`).
    @exclusivity(unchecked) private var statementText = CallText()
    /// The problems of the line being fed, empty between lines: a list made and returned for
    /// every line was released for every line, though nearly always empty (about 18
    /// instructions a line).
    @exclusivity(unchecked) private var lineProblems: [Diagnostic] = []
    /// The statements of a line `runStatements` compiles to store, empty between lines: a
    /// line run as it is compiled made an empty list and released it.
    @exclusivity(unchecked) private var lineStatements: [CompiledStatement<M.Command>] = []
    /// Checking: recent lines that had problems, so that a script repeating a bad line
    /// millions of times is checked in time linear in its length with a small constant.
    private let failedLines = LineCache<FailedLine>(slots: 64)

    init(sink: RecordSink?, checking: Bool, version: String?) {
        simulator = Simulator<M>(sink: sink ?? DiscardingSink(), version: version)
        compiler = ScriptCompiler<M>(recording: sink != nil, version: version)
        simulating = sink != nil
        progress = SessionProgress(simulating: sink != nil)
        self.checking = checking
    }

    func feed(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> [Diagnostic] {
        feedLine(line, number)
        return takeLineProblems()
    }

    /// The line's problems, leaving `lineProblems` empty for the next.
    private func takeLineProblems() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        swap(&problems, &lineProblems)
        return problems
    }

    /// `feed`, its problems left in `lineProblems`.
    private func feedLine(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) {
        // Hashed once for every cache look-up of the line (a line too long to cache is not hashed).
        let hash = line.count <= LineCache<FailedLine>.longestLine ? LineCache<FailedLine>.hash(line) : 0
        if let cached = cache.value(for: line, hash: hash) {
            // Checked before: nothing to report; running, its spans' line is corrected by the simulator.
            if simulating { simulator.runLine(cached, line: number, appendingTo: &lineProblems) }
            return
        }
        if !simulating, let failed = failedLines.value(for: line, hash: hash), failed.namesVersion == compiler.namesVersion {
            // The same text with the same names declared fails the same way (its own
            // declarations, if any, were made the first time and changed nothing since).
            lineProblems = failed.problems.map { $0.onLine(number) }
            return
        }
        if feedStatements(line, number, hash: hash) == nil, feedStatement(line, number, hash: hash) == nil {
            // A run's lines were found to be UTF-8 when checked.
            var parsed = parser.parse(line: line, number: number, checkedUTF8: !checking)
            feedParsed(&parsed, line, number, hash: hash)
            parser.recycle(&parsed)
        }
        // Problems of a line not simulated are errors (a checked run's first error included).
        if !simulating, !lineProblems.isEmpty {
            failedLines.insert(FailedLine(lineProblems, namesVersion: compiler.namesVersion), for: line, hash: hash)
        }
    }

    func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ splitter: inout LineSplitter, _ report: Script.Report) {
        splitter.feed(chunk) { line, number in
            feedLine(line, number)
            guard !lineProblems.isEmpty else { return }
            for diagnostic in takeLineProblems() { report(diagnostic, line) }
        }
    }

    func feedParsed(_ parsed: inout ParsedLine, _ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> [Diagnostic] {
        feedParsed(&parsed, line, number, hash: LineCache<FailedLine>.hash(line))
        return takeLineProblems()
    }

    /// Compiles (and when running, simulates) a parsed line. Its statements are moved out of
    /// `parsed` one by one, first to last, and dropped once compiled: iterating the list
    /// copied each statement (a retain for every name, string and argument list) and then
    /// dropped both the copy and the original. `parsed` is left with an empty list.
    private func feedParsed(_ parsed: inout ParsedLine, _ line: UnsafeBufferPointer<UInt8>, _ number: Int, hash: Int) {
        lineProblems = parsed.diagnostics
        // A checked run does not simulate a line that does not parse, nor any after it.
        if checking, !lineProblems.isEmpty { simulating = false }
        var cacheable = lineProblems.isEmpty && cache.admits(line, hash: hash)
        if simulating && !cacheable { return runAsCompiled(&parsed, number) }
        // Checking a line that will not be stored needs only its problems: its instructions
        // are dropped as they are made, with no list or line built around them.
        let keeping = simulating || cacheable
        var statements: [CompiledStatement<M.Command>] = []
        if keeping { statements.reserveCapacity(parsed.statements.count) }
        Self.reverse(&parsed.statements)
        if !keeping {
            while let statement = parsed.statements.popLast() {
                let found = check(consume statement)
                if !found.isEmpty { lineProblems += found }
            }
            return
        }
        while let statement = parsed.statements.popLast() {
            let span = statement.span
            switch compile(consume statement) {
            case .success(let instruction):
                // `model` is valid only as the first statement, so its line is never reused.
                if case .selectModel = instruction { cacheable = false }
                if compiler.lastMeaningCanChange { cacheable = false }
                if keeping { statements.append(CompiledStatement(instruction: instruction, span: span)) }
            case .failure(let diagnostics):
                lineProblems += diagnostics
                cacheable = false
            }
        }
        guard keeping else { return }
        let compiled = CompiledLine(statements)
        if cacheable { cache.insert(compiled, for: line, hash: hash) }
        guard simulating else { return }
        // A checked run's first error: nothing of the line has run.
        guard lineProblems.isEmpty else { simulating = false; return }
        simulator.runLine(compiled, line: number, appendingTo: &lineProblems)
    }

    /// A statement of the line being fed, before it is compiled.
    private enum PendingStatement {
        /// Found in the statement cache, at `bytes` in the line.
        case cached(Instruction<M.Command>, bytes: Range<Int>)
        /// Parsed: the next of `parsedStatements`.
        case parsed(hash: Int)
    }

    /// Feeds a line a statement at a time, taking each statement from the statement cache
    /// that was compiled with the same names before, its problems left in `lineProblems`
    /// (as by every `feed…`, `run…` and `check…` below). Nil, with nothing compiled, when the
    /// line has one statement (the line cache's business), is not UTF-8, or when checking,
    /// has a statement that does not parse on its own: the whole line is then parsed, and
    /// its problems reported, as before.
    ///
    /// The same as parsing the whole line: a statement's compiled form depends only on its
    /// text and the names declared; names are only ever added, and a statement stored was
    /// compiled (declaring what it declares) before it is skipped. Statements whose meaning
    /// a later declaration could change (`ScriptCompiler.lastMeaningCanChange`) are never stored.
    private func feedStatements(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, hash: Int) -> Void? {
        let text = LineParser.text(of: line)
        // A line of one statement is that statement, for the line cache to find: cut into
        // one piece, it paid for a second look-up and a copy of its parsed form for nothing.
        // Without a ';' (found with wide loads) it cannot have more.
        guard let base = text.baseAddress, memchr(base, 0x3B, text.count) != nil else { return nil }
        let ascii = statementRanges(in: text, into: &ranges)
        guard ranges.count > 1 else { return nil }
        // A run's lines were found to be UTF-8 when checked. An ASCII line is UTF-8.
        if !checking { return runStatements(text, line, number, hash: hash) }
        guard ascii || LineParser.isUTF8(text) else { return nil }
        if simulating { return runStatements(text, line, number, hash: hash) }
        return checkStatements(text, line, number, hash: hash)
    }

    /// A line of one statement that the line cache will not store, parsed as that statement
    /// alone (`LineParser.statement`) and checked, or run, as `feedParsed` does it: the
    /// line's list of statements, filled, reversed and emptied for one, is not made. Nil,
    /// with nothing done, for a line the cache would store, one that is not UTF-8 (when
    /// checking), or one that does not parse as one statement (an empty line, a comment,
    /// an error): the whole line is then parsed, as before.
    private func feedStatement(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, hash: Int) -> Void? {
        guard !cache.wouldAdmit(line, hash: hash) else { return nil }
        let text = LineParser.text(of: line)
        // A run's lines were found to be UTF-8 when checked; a check's are validated as they
        // are lexed (one that is not UTF-8 is no statement alone).
        let statement: Statement
        do {
            statement = try parser.statementAlone(in: text, at: 0..<text.count, number: number, validatingUTF8: checking)
        } catch { return nil }
        // Offered, as `feedParsed` offers every line that parses: the cache notes it, and
        // stores it if it comes again.
        let admitted = cache.admits(line, hash: hash)
        assert(!admitted, "the line cache changed its mind about the line")
        guard simulating else { lineProblems = check(consume statement); return () }
        var running = simulator.beginLine(number)
        // A run after the check has nothing to find once the simulation stopped.
        guard running || checking else { return () }
        run(consume statement, running: &running, problems: &lineProblems)
        if running { simulator.endLine() }
        return ()
    }

    /// The hash the statement cache knows `text` by (0 for one too long to be stored).
    private static func statementHash(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        text.count <= LineCache<Instruction<M.Command>>.longestLine ? LineCache<Instruction<M.Command>>.hash(text) : 0
    }

    /// Checking: every statement first found in the cache or parsed, so that a line with a
    /// syntax error compiles nothing here (nil); then the others compiled in order.
    private func checkStatements(_ text: UnsafeBufferPointer<UInt8>, _ line: UnsafeBufferPointer<UInt8>, _ number: Int,
                                 hash: Int) -> Void? {
        defer {
            // One at a time from the end, by code made for the type: `removeAll` destroyed
            // them through its generic value witness, about 240 instructions a line.
            if pending.capacity <= 256 {
                while !pending.isEmpty { pending.removeLast() }
            } else {
                pending = []
            }
            parser.recycle(&parsedStatements)
        }
        // Only a line to be stored needs its instructions; any other, only its problems. Asked
        // before the statements are read (and the line offered after, as before): a line that
        // will not be stored keeps no statement found in the cache, which then needs nothing
        // more (holding it retained and released its instruction).
        let keeping = cache.wouldAdmit(line, hash: hash)
        // By index: iterating the stored list held a reference to it (retained and released).
        for rangeIndex in ranges.indices {
            let range = ranges[rangeIndex]
            let statementText = UnsafeBufferPointer(rebasing: text[range])
            let statementHash = Self.statementHash(statementText)
            if let cached = statementCache.value(for: statementText, hash: statementHash) {
                if keeping { pending.append(.cached(cached, bytes: range)) }
            } else {
                let statement: Statement
                do { statement = try parser.statementAlone(in: text, at: range, number: number) } catch { return nil }
                // Moved in: appended as a copy, it was copied whole and the original destroyed.
                parsedStatements.append(consume statement)
                pending.append(.parsed(hash: statementHash))
            }
        }
        var cacheable = cache.admits(line, hash: hash)
        assert(cacheable == keeping, "the line cache changed its mind about the line")
        var statements: [CompiledStatement<M.Command>] = []
        if keeping { statements.reserveCapacity(pending.count) }
        // Moved out first to last, as in `feedParsed`.
        Self.reverse(&parsedStatements)
        // By index, as the ranges above.
        for pendingIndex in pending.indices {
            switch pending[pendingIndex] {
            case .cached(let instruction, let bytes):
                if keeping { statements.append(CompiledStatement(instruction: instruction, span: SourceSpan(line: number, bytes: bytes))) }
            case .parsed(let statementHash):
                let statement = parsedStatements.removeLast()
                _ = compile(statement, in: text, hash: statementHash, runningNow: false, keeping: keeping,
                            into: &statements, problems: &lineProblems, cacheable: &cacheable)
            }
        }
        if cacheable { cache.insert(CompiledLine(statements), for: line, hash: hash) }
        return ()
    }

    /// Running: each statement is taken from the cache or parsed and compiled, then run (or
    /// kept, for a line to be stored) at once, with no pending list. After the check, each
    /// statement parses on its own, as it did when checked (one that did not would be left
    /// out, as `runAsCompiled` leaves out what does not compile). In a checked run, one that
    /// does not means the line has errors: the simulation stops and the whole line is parsed
    /// for them as a check parses it (nil), unless what ran of the line declared names,
    /// which could change them (`errorsNeedFreshCheck`).
    private func runStatements(_ text: UnsafeBufferPointer<UInt8>, _ line: UnsafeBufferPointer<UInt8>, _ number: Int,
                               hash: Int) -> Void? {
        let namesBefore = compiler.namesVersion
        var cacheable = cache.admits(line, hash: hash)
        // A line that will not be stored is run an instruction at a time, as in `runAsCompiled`.
        let runningNow = !cacheable
        var running = runningNow && simulator.beginLine(number)
        // A run after the check has nothing to find once the simulation stopped.
        if runningNow, !running, !checking { return () }
        if !runningNow { lineStatements.reserveCapacity(ranges.count) }
        // By index, as in `checkStatements`.
        for rangeIndex in ranges.indices {
            let range = ranges[rangeIndex]
            let statementText = UnsafeBufferPointer(rebasing: text[range])
            let statementHash = Self.statementHash(statementText)
            // Run where the cache holds it: a copy taken out was retained and released (about
            // 80 instructions a statement found).
            let found: Void? = statementCache.withValue(for: statementText, hash: statementHash) { cached in
                let span = SourceSpan(line: number, bytes: range)
                if !runningNow {
                    lineStatements.append(CompiledStatement(instruction: cached, span: span))
                } else if running {
                    running = simulator.run(cached, span: span, problems: &lineProblems)
                }
            }
            if found != nil {
                if runningNow, !running, !checking { return () }
                continue
            }
            let statement: Statement
            do {
                statement = try parser.statementAlone(in: text, at: range, number: number)
            } catch {
                if checking {
                    simulating = false
                    if compiler.namesVersion != namesBefore { progress.errorsNeedFreshCheck = true }
                    // What ran of the line is dropped with its output; the whole line is parsed for its errors.
                    lineProblems.removeAll()
                    lineStatements.removeAll()
                    return nil
                }
                cacheable = false
                continue
            }
            running = compile(statement, in: text, hash: statementHash, runningNow: running, keeping: !runningNow,
                              into: &lineStatements, problems: &lineProblems, cacheable: &cacheable) && running
            if runningNow, !running, !checking { return () }
        }
        if runningNow {
            if running { simulator.endLine() }
            return ()
        }
        var statements: [CompiledStatement<M.Command>] = []
        swap(&statements, &lineStatements)
        let compiledLine = CompiledLine(statements)
        if cacheable { cache.insert(compiledLine, for: line, hash: hash) }
        // A checked run's first error (`compile` stopped the simulating): nothing of the line has run.
        guard simulating else { return () }
        simulator.runLine(compiledLine, line: number, appendingTo: &lineProblems)
        return ()
    }

    /// Compiles a statement that was not in the statement cache, storing it there the
    /// second time it is met; then runs it (`runningNow`) or keeps it in `statements`.
    /// False when running it stopped the simulation, or an error did. Problems are reported
    /// only when checking: a run's lines passed the check, as in `runAsCompiled`.
    @inline(__always)
    private func compile(_ statement: consuming Statement, in text: UnsafeBufferPointer<UInt8>, hash: Int, runningNow: Bool, keeping: Bool,
                         into statements: inout [CompiledStatement<M.Command>], problems: inout [Diagnostic],
                         cacheable: inout Bool) -> Bool {
        let span = statement.span
        // Checking a line that will not be stored: a statement met for the first time (as far
        // as the cache can tell) would not be stored either, and needs only its problems. Any
        // other is compiled in full, below, and stored if it compiles.
        if !simulating, !keeping, !statementCache.admits(UnsafeBufferPointer(rebasing: text[span.bytes]), hash: hash) {
            let found = check(consume statement)
            if !found.isEmpty { cacheable = false; problems += found }
            return true
        }
        if !keeping, !statementCache.wouldAdmit(UnsafeBufferPointer(rebasing: text[span.bytes]), hash: hash) {
            // Run (or, the simulation stopped, dropped) and stored nowhere: compiled as such,
            // with the statement cache offered it as below (the offer is only noted).
            var stillRunning = runningNow, isSelectModel = false
            if let diagnostics = runOneOff(consume statement, running: &stillRunning, problems: &problems,
                                           isSelectModel: &isSelectModel) {
                return failedToCompile(diagnostics, problems: &problems, cacheable: &cacheable)
            }
            if isSelectModel || compiler.lastMeaningCanChange {
                cacheable = false
            } else {
                _ = statementCache.admits(UnsafeBufferPointer(rebasing: text[span.bytes]), hash: hash)
            }
            return !runningNow || stillRunning
        }
        switch compile(consume statement) {
        case .success(let instruction):
            if case .selectModel = instruction {
                cacheable = false
            } else if compiler.lastMeaningCanChange {
                cacheable = false
            } else {
                let statementText = UnsafeBufferPointer(rebasing: text[span.bytes])
                if statementCache.admits(statementText, hash: hash) {
                    statementCache.insert(instruction, for: statementText, hash: hash)
                }
            }
            if runningNow { return simulator.run(instruction, span: span, problems: &problems) }
            if keeping { statements.append(CompiledStatement(instruction: instruction, span: span)) }
        case .failure(let diagnostics):
            return failedToCompile(diagnostics, problems: &problems, cacheable: &cacheable)
        }
        return true
    }

    /// A statement that did not compile: its line is not stored, and when checking its
    /// errors are the line's problems, stopping a checked run's simulating (false).
    @inline(__always)
    private func failedToCompile(_ diagnostics: [Diagnostic], problems: inout [Diagnostic], cacheable: inout Bool) -> Bool {
        cacheable = false
        guard checking else { return true }
        stopSimulating(dropping: &problems)
        problems += diagnostics
        return false
    }

    /// Compiles a statement, then hands its argument list back to the parser for the next
    /// call to fill (the statement itself is dropped in `ScriptCompiler.compile`).
    @inline(__always)
    private func compile(_ statement: consuming Statement) -> Checked<Instruction<M.Command>> {
        let arguments = statement.argumentList
        let result = compiler.compile(consume statement)
        if let arguments { parser.recycle(arguments: arguments) }
        return result
    }

    /// Compiles a statement to run once (`ScriptCompiler.compileOneOff`) and, while `running`,
    /// runs what it compiles to as it is made; `running` turns false when that stopped the
    /// simulation. Its problems, nil when it compiled (`isSelectModel` set for a `model`
    /// statement). Its argument list is handed back as in `compile`.
    @inline(__always)
    private func runOneOff(_ statement: consuming Statement, running: inout Bool, problems: inout [Diagnostic],
                           isSelectModel: inout Bool) -> [Diagnostic]? {
        let span = statement.span
        let arguments = statement.argumentList
        let found = compiler.compileOneOff(
            consume statement,
            command: { command in
                if running { running = simulator.run(command, span: span, problems: &problems, statementText: &statementText) }
            },
            wait: { milliseconds, record in
                if running { running = simulator.run(waiting: milliseconds, statement: record) }
            },
            expect: { expectation in
                if running { running = simulator.run(expectation, span: span, problems: &problems) }
            },
            instruction: { instruction in
                if case .selectModel = instruction { isSelectModel = true }
                if running { running = simulator.run(instruction, span: span, problems: &problems) }
            })
        if let arguments { parser.recycle(arguments: arguments) }
        return found
    }

    /// The statement's problems (`ScriptCompiler.check`), its argument list handed back as in `compile`.
    @inline(__always)
    private func check(_ statement: consuming Statement) -> [Diagnostic] {
        let arguments = statement.argumentList
        let problems = compiler.check(consume statement)
        if let arguments { parser.recycle(arguments: arguments) }
        return problems
    }

    /// Reversed, so that they can be taken from the end first to last. Through the array's
    /// buffer, whose swaps move elements; `Array.reverse` copied each one it swapped.
    @inline(__always)
    private static func reverse<Element>(_ statements: inout [Element]) {
        guard statements.count > 1 else { return }
        statements.withUnsafeMutableBufferPointer { $0.reverse() }
    }

    /// Runs a line that will not be stored: each instruction as soon as it is compiled, with
    /// no list or `CompiledLine` made and dropped around them. After the check the line's
    /// statements compile (a run reports only what the simulation finds); a checked run
    /// compiles, so checks, every statement, even once the simulation stopped.
    private func runAsCompiled(_ parsed: inout ParsedLine, _ number: Int) {
        var running = simulator.beginLine(number)
        // A run after the check has nothing to find once the simulation stopped.
        guard running || checking else { return }
        // Moved out first to last, as in `feedParsed`.
        Self.reverse(&parsed.statements)
        while let statement = parsed.statements.popLast() {
            run(consume statement, running: &running, problems: &lineProblems)
            if !running && !checking { return }
        }
        if running { simulator.endLine() }
    }

    /// Compiles a statement and, while `running` (the line's turn begun and not stopped),
    /// runs it; `running` turns false when it stopped the simulation or an error did. One
    /// that does not compile is an error when checking; after the check it is left out (a
    /// run reports only what the simulation finds).
    @inline(__always)
    private func run(_ statement: consuming Statement, running: inout Bool, problems: inout [Diagnostic]) {
        var isSelectModel = false
        guard let found = runOneOff(consume statement, running: &running, problems: &problems, isSelectModel: &isSelectModel) else {
            return
        }
        guard checking else { return }
        stopSimulating(dropping: &problems)
        running = false
        problems += found
    }

    /// A checked run's first error, in a statement of the line whose `problems` these are:
    /// from here on it only checks, and what the simulation found on the line is dropped
    /// with the rest of its output. (Later statements' errors follow in `problems`.)
    @inline(__always)
    private func stopSimulating(dropping problems: inout [Diagnostic]) {
        guard simulating else { return }
        simulating = false
        problems.removeAll()
    }

    func finish() -> Script.Outcome {
        guard simulating else { return Script.Outcome(failedExpectations: 0, runtimeError: false) }
        simulator.finish()
        return Script.Outcome(failedExpectations: simulator.failedExpectations, runtimeError: simulator.stopped)
    }
}

/// Where a checking session's idle simulator would send records, were it ever run.
private final class DiscardingSink: RecordSink {
    func write(_ record: RecordView) {}
}

/// A line's problems, as found when the script had declared `namesVersion` names.
private final class FailedLine {
    let problems: [Diagnostic]
    let namesVersion: Int

    init(_ problems: [Diagnostic], namesVersion: Int) {
        self.problems = problems
        self.namesVersion = namesVersion
    }
}

extension Diagnostic {
    /// The same diagnostic on another line with the same text.
    fileprivate func onLine(_ number: Int) -> Diagnostic {
        var moved = self
        moved.span.line = number
        moved.notes = notes.map { note in
            var note = note
            if note.span?.line == span.line { note.span!.line = number }
            return note
        }
        return moved
    }
}
