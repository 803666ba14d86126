import StatectlParse

/// An `expect` comparison's parts, its value checked against the property's kind, and what
/// running one does with them (`evaluateParts`, `encodePrefix`): kept compiled, an `Expectation`;
/// compiled to be run once and dropped, a `OneOffExpectation`.
protocol ExpectationParts {
    var property: String { get }
    /// Where `property` is in the model's `properties`: read by it (`observe(propertyAt:)`),
    /// the name is not looked up at every check.
    var propertyIndex: Int { get }
    var comparison: Comparison { get }
    var expected: ObservedValue { get }
    /// `state == lastState`: the property compared with, read when the check runs; `expected`
    /// is then its name, for the record.
    var otherProperty: String? { get }
    /// Whether the property's values are compared as sorted lists.
    var sorted: Bool { get }
    /// Adds the `expect` record's first fields (property, comparison, expected).
    func addRecordPrefix(to fields: FieldEncoder)
}

/// An `expect` statement whose value has been checked against the property's kind.
///
/// A class, immutable: running a compiled `expect` takes it out of its instruction, and a
/// struct was copied out, a retain and release of each of its strings and arrays (about 100
/// instructions an `expect`); a reference is retained once. It is allocated where the
/// instruction's box was (`Instruction.expect` is not `indirect`).
public final class Expectation: Sendable, ExpectationParts {
    public let property: String
    let propertyIndex: Int
    public let comparison: Comparison
    public let expected: ObservedValue
    /// `state == lastState`: the property compared with, read when the check runs; `expected`
    /// is then its name, for the record.
    public let otherProperty: String?
    /// Whether the property's values are compared as sorted lists.
    let sorted: Bool
    /// The `expect` record's first fields (property, comparison, expected), which never
    /// change, encoded once (empty when the compiler does not record).
    let recordPrefix: [UInt8]

    /// `encoder` (nil when not recording) is the compiler's, reused for every expectation.
    init(property: String, propertyIndex: Int, comparison: Comparison, expected: ObservedValue, otherProperty: String? = nil,
         sorted: Bool, encoder: FieldEncoder?) {
        self.property = property
        self.propertyIndex = propertyIndex
        self.otherProperty = otherProperty
        self.comparison = comparison
        self.expected = expected
        self.sorted = sorted
        guard let encoder else { recordPrefix = []; return }
        encoder.removeAll()
        encodeExpectationPrefix(property, comparison, expected, into: encoder)
        recordPrefix = Array(encoder.bytes)
    }

    func addRecordPrefix(to fields: FieldEncoder) { fields.add(encoded: recordPrefix) }

    /// Reads the property off `model` and compares: whether it holds, and what was read.
    public func evaluate<M: SimulationModel>(on model: M) throws(RuntimeError) -> (holds: Bool, actual: ObservedValue) {
        try evaluateParts(on: model)
    }
}

/// An `expect` compiled to be run once, at once, and dropped (`compileOneOff`): held by value
/// in its instruction, where an `Expectation` was allocated and freed around every distinct
/// `expect` run; its record's first fields are encoded as the record is written.
struct OneOffExpectation: ExpectationParts {
    let property: String
    let propertyIndex: Int
    let comparison: Comparison
    let expected: ObservedValue
    let otherProperty: String?
    let sorted: Bool

    func addRecordPrefix(to fields: FieldEncoder) { encodePrefix(into: fields) }
}

extension ExpectationParts {
    /// The `expect` record's first fields.
    func encodePrefix(into encoder: FieldEncoder) { encodeExpectationPrefix(property, comparison, expected, into: encoder) }

    /// Reads the property off `model` and compares: whether it holds, and what was read.
    func evaluateParts<M: SimulationModel>(on model: M) throws(RuntimeError) -> (holds: Bool, actual: ObservedValue) {
        // Equal, as the model tells where it keeps the value (a list it would make, such as
        // `visible`, about 370 instructions): what was read is the value expected. (A list
        // compared sorted is expected sorted: equal to it, it was read sorted.)
        if otherProperty == nil, model.compare(propertyAt: propertyIndex, with: expected) == true { return (comparison == .equal, expected) }
        return try readAndCompare(on: model)
    }

    /// Whether the expectation holds for `model`'s current values: `evaluateParts` without
    /// what was read, which need not be made when the model tells equal or not.
    func holds<M: SimulationModel>(for model: M) throws(RuntimeError) -> Bool {
        if otherProperty == nil, let equal = model.compare(propertyAt: propertyIndex, with: expected) {
            return equal == (comparison == .equal)
        }
        return try readAndCompare(on: model).holds
    }

    /// `evaluateParts` by reading the property.
    @inline(__always)
    private func readAndCompare<M: SimulationModel>(on model: M) throws(RuntimeError) -> (holds: Bool, actual: ObservedValue) {
        var actual = try model.observe(propertyAt: propertyIndex)
        // Most lists are read sorted already (explore checks every configuration it finds).
        if sorted, case .names(let names) = actual, !isSorted(names) { actual = .names(names.sorted()) }
        let equal: Bool
        if let otherProperty {
            var wanted = try model.observe(otherProperty)
            if case .names(let names) = wanted, case .names = actual, sorted, !isSorted(names) { wanted = .names(names.sorted()) }
            equal = actual == wanted
        } else {
            // Compared where it lies: a copy of the expected value was retained and released.
            equal = actual == expected
        }
        return (equal == (comparison == .equal), actual)
    }
}

private func encodeExpectationPrefix(_ property: String, _ comparison: Comparison, _ expected: ObservedValue,
                                     into encoder: FieldEncoder) {
    encoder.add(.property, property)
    // From its literal: tagged plain with no check, and no `String` made.
    switch comparison {
    case .equal: encoder.add(.comparison, "==" as StaticString)
    case .notEqual: encoder.add(.comparison, "!=" as StaticString)
    }
    encoder.add(.expected, expected)
}

private func isSorted(_ names: [String]) -> Bool {
    for index in names.indices.dropFirst() where names[index] < names[index - 1] { return false }
    return true
}

/// A condition whose comparisons have been checked against the model's properties.
public enum CompiledCondition: Sendable {
    // An `Expectation` is a reference already: not boxed again.
    case comparison(Expectation)
    indirect case not(CompiledCondition)
    indirect case and(CompiledCondition, CompiledCondition)
    indirect case or(CompiledCondition, CompiledCondition)

    /// Whether the condition holds for `model`; `and` and `or` stop early, as they read.
    // Explore evaluates properties from another module on every configuration it finds.
    @_specialize(exported: true, where M == StatefulViewControllerModel)
    @_specialize(exported: true, where M == StateViewControllerModel)
    @_specialize(exported: true, where M == JMStatefulTableViewControllerModel)
    public func evaluate<M: SimulationModel>(on model: M) throws(RuntimeError) -> Bool {
        switch self {
        case .comparison(let expectation): return try expectation.holds(for: model)
        case .not(let inner): return try !inner.evaluate(on: model)
        case .and(let left, let right): return try left.evaluate(on: model) ? right.evaluate(on: model) : false
        case .or(let left, let right): return try left.evaluate(on: model) ? true : right.evaluate(on: model)
        }
    }

    /// The properties it reads, in order of first mention.
    public var properties: [String] {
        var names: [String] = []
        func visit(_ condition: CompiledCondition) {
            switch condition {
            case .comparison(let expectation): if !names.contains(expectation.property) { names.append(expectation.property) }
            case .not(let inner): visit(inner)
            case .and(let left, let right), .or(let left, let right): visit(left); visit(right)
            }
        }
        visit(self)
        return names
    }
}

/// `expect` with a condition: the condition, its text, and its record's fixed fields.
public struct ConditionCheck: Sendable {
    public let condition: CompiledCondition
    public let text: String
    /// The `expect` record reads `TEXT is true`, so every renderer shows it as it shows a comparison.
    let recordPrefix: [UInt8]

    init(condition: CompiledCondition, text: String, encoder: FieldEncoder?) {
        self.condition = condition
        self.text = text
        guard let encoder else { recordPrefix = []; return }
        encoder.removeAll()
        encoder.add(.property, text)
        encoder.add(.comparison, "is")
        encoder.add(.expected, true)
        recordPrefix = Array(encoder.bytes)
    }
}

/// A model's command and its `statement` record's fields, in one immutable reference: a
/// statement that runs binds the reference, and the command is read in place. (As an
/// `indirect` case's payload, the command was copied out of its box, its strings retained,
/// for every statement run: explore runs one per step.)
public final class CommandStep<Command> {
    public let command: Command
    /// The record's bytes in the buffer `CallText` wrote them in, owned here: every line a
    /// run compiles makes one, and an array copied from that buffer was one more allocation
    /// to make and free. Empty when the compiler does not record.
    private let statementBuffer: UnsafeMutableRawBufferPointer

    /// A step whose `statement` record is `statement`'s.
    public init(_ command: Command, statement: consuming CallText) {
        self.command = command
        statementBuffer = statement.recordBuffer()
    }

    /// A step that makes no record (the compiler does not record).
    public init(_ command: Command) {
        self.command = command
        statementBuffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    deinit { statementBuffer.deallocate() }

    /// The `statement` record's encoded fields; valid while the step lives.
    public var statement: UnsafeRawBufferPointer { UnsafeRawBufferPointer(statementBuffer) }
}

/// A statement made ready to run by a model's vocabulary.
///
/// `statement` is the fields of the `statement` record (the call as the log shows it, with
/// defaults filled in), encoded once when the line is compiled rather than each time it runs.
public enum Instruction<Command> {
    case command(CommandStep<Command>)
    case wait(WaitStep)
    // An `Expectation` is a reference already: not boxed again.
    case expect(Expectation)
    /// `expect` with `and`, `or` or `not`.
    indirect case expectCondition(ConditionCheck)
    /// `model X` as the first statement: already acted on when the model was chosen.
    case selectModel
}

extension Instruction {
    /// A command's step, not retained: for a caller that holds the instruction for as long
    /// as it uses the step (`Simulator.runLine`).
    @inline(__always)
    var unretainedStep: Unmanaged<CommandStep<Command>>? {
        if case .command(let step) = self { return .passUnretained(step) }
        return nil
    }

    /// A wait's step, not retained, as `unretainedStep`.
    @inline(__always)
    var unretainedWait: Unmanaged<WaitStep>? {
        if case .wait(let step) = self { return .passUnretained(step) }
        return nil
    }
}

/// A `wait` and its `statement` record's fields, in one immutable reference, as
/// `CommandStep`: as an `indirect` case's payload, its box was retained and released around
/// every wait run.
public final class WaitStep {
    public let milliseconds: Int64
    public let statement: [UInt8]

    init(milliseconds: Int64, statement: [UInt8]) {
        self.milliseconds = milliseconds
        self.statement = statement
    }
}

/// A statement ready to run, and where it was written.
public struct CompiledStatement<Command> {
    public var instruction: Instruction<Command>
    public var span: SourceSpan

    public init(instruction: Instruction<Command>, span: SourceSpan) {
        self.instruction = instruction
        self.span = span
    }
}

/// One line's statements, compiled. A class: the line cache hands the same one out for
/// every line with the same text, and passing it around copies nothing.
public final class CompiledLine<Command> {
    public let statements: [CompiledStatement<Command>]

    public init(_ statements: [CompiledStatement<Command>]) { self.statements = statements }
}


extension CompiledCondition {
    /// Whether one of its comparisons compares two properties.
    var comparesProperties: Bool {
        switch self {
        case .comparison(let expectation): return expectation.otherProperty != nil
        case .not(let inner): return inner.comparesProperties
        case .and(let left, let right), .or(let left, let right): return left.comparesProperties || right.comparesProperties
        }
    }
}

/// Checks statements against one model: the shared forms (`model`, `wait`, `expect`)
/// here, calls and assignments in the model's own vocabulary.
public struct ScriptCompiler<M: SimulationModel> {
    private var names = KnownNames(M.builtinStates, namespaces: M.builtinNamespaces)
    private var sawStatement = false
    /// The version of the model the script selected, for the properties only some versions have.
    private let version: String?
    /// The properties of that version.
    private let properties: [PropertySpec]
    /// Where each of them is in the model's `properties`.
    private let propertyIndices: [Int]

    /// Whether instructions carry their records' fixed fields: only a run needs them, and
    /// making them (the call's text, mostly) is a good part of compiling a line.
    private let recording: Bool
    /// Encodes expectations' fixed fields when recording; one for every line, not one each.
    private let encoder: FieldEncoder?
    /// Recent `wait` records, by their milliseconds' low bits: scripts wait for a few
    /// durations over and over, and a hit shares the bytes instead of making them again.
    private var waitRecords = [(milliseconds: Int64, record: [UInt8])](repeating: (-1, []), count: 8)

    public init(recording: Bool = true, version: String? = nil) {
        self.recording = recording
        encoder = recording ? FieldEncoder() : nil
        let version = version ?? M.versions.first
        self.version = version
        // A property limited to some versions is left out of the others.
        propertyIndices = M.properties.indices.filter { index in
            guard let versions = M.properties[index].versions, let version else { return true }
            return versions.contains(version)
        }
        properties = propertyIndices.map { M.properties[$0] }
    }

    /// The names declared so far: the model's own, and what earlier statements declared.
    public var knownNames: KnownNames { names }

    /// Changes whenever a name is declared; a line's errors can change only then.
    public var namesVersion: Int { names.version }

    /// Whether a name declared later could change what the statement compiled last compiles
    /// to: `expect state == lastState` compares two properties only until a view is called
    /// `lastState`. Every other statement's meaning stays once it compiles (names are only
    /// added, and a missing name only fails), so only these must never be cached. (Kept
    /// here because asking the instruction afterwards copied it.)
    public private(set) var lastMeaningCanChange = false

    /// Takes the statement (callers drop it afterwards): the switch below then takes its form
    /// apart in place, where on a borrowed statement each case copied the statement whole.
    public mutating func compile(_ statement: consuming Statement) -> Checked<Instruction<M.Command>> {
        switch compile(consume statement, building: true) {
        case .success(let instruction): return .success(instruction!)
        case .failure(let problems): return .failure(problems)
        }
    }

    /// `compile` for a statement to be run at once and dropped: what it compiles to is handed
    /// to the closure for its kind as it is made, and nil returned, or its problems returned.
    /// A model's command is not put in a `CommandStep` (a distinct line's command allocated
    /// one and its record's buffer, and freed both, about 400 instructions); a wait's record
    /// is shared with the compiler's recent waits', no `WaitStep` made; an `expect` is held
    /// by value, no `Expectation` allocated. Handed on, not returned as one enum of the kinds
    /// (inside the problems' `Checked`): that value was destroyed through the generic enums'
    /// value witnesses, looked up at run time, about 90 instructions a statement. Only for a
    /// compiler that records (the simulator writes the record).
    @inline(__always)
    mutating func compileOneOff(_ statement: consuming Statement, command: (M.Command) -> Void,
                                wait: (_ milliseconds: Int64, _ statement: [UInt8]) -> Void,
                                expect: (OneOffExpectation) -> Void,
                                instruction: (Instruction<M.Command>) -> Void) -> [Diagnostic]? {
        if case .wait(let milliseconds) = statement.form {
            // As `compile(_:building:)` does for a wait.
            defer { sawStatement = true }
            lastMeaningCanChange = false
            // Dropped as `drop` drops it: left to the end of the function, the statement was
            // destroyed through its type's value witness (about 140 instructions a wait).
            Self.drop(consume statement)
            wait(milliseconds, waitRecord(milliseconds))
            return nil
        }
        if case .expect = statement.form {
            // As `compile(_:building:)` does for an `expect`, its parts kept by value.
            defer { sawStatement = true }
            lastMeaningCanChange = false
            guard case .expect(let property, let comparison, let value) = (consume statement).form else { preconditionFailure("an expect") }
            switch expectedValue(property, value) {
            case .success(let found):
                lastMeaningCanChange = found.otherProperty != nil
                expect(OneOffExpectation(property: property.text, propertyIndex: found.propertyIndex, comparison: comparison,
                                         expected: found.expected,
                                         otherProperty: found.otherProperty, sorted: found.sorted))
                return nil
            case .failure(let problems): return problems
            }
        }
        guard statement.form.isModelVocabulary else {
            switch compile(consume statement) {
            case .success(let compiled):
                instruction(compiled)
                return nil
            case .failure(let problems): return problems
            }
        }
        // As `compile(_:building:)` does for the model's vocabulary.
        defer { sawStatement = true }
        lastMeaningCanChange = false
        let compiled = M.compile(statement, names: &names)
        Self.drop(consume statement)
        switch consume compiled {
        case .success(let compiledCommand):
            command(compiledCommand)
            return nil
        case .failure(let problems): return problems
        }
    }

    /// Ends a call's, assignment's, declaration's or wait's life by taking its form apart:
    /// dropped whole, a statement was destroyed through its type's value witness, about 200
    /// instructions, where its parts' own code takes a few each.
    @inline(__always)
    private static func drop(_ statement: consuming Statement) {
        switch (consume statement).form {
        case .call(let name, let arguments):
            _ = consume name
            _ = consume arguments
        case .assignment(let name, let value):
            _ = consume name
            _ = consume value
        case .declaration(let keyword, let subject, let names, let arguments):
            _ = consume keyword
            _ = consume subject
            _ = consume names
            _ = consume arguments
        case .model, .wait, .expect, .expectCondition:
            break
        }
    }

    /// The problems `compile` would find in the statement, with the same names declared and
    /// the same bookkeeping, but no instruction made: a check that keeps nothing needs only
    /// the problems, and a model's command boxed into an instruction, or an `Expectation`,
    /// was allocated and freed for nothing.
    public mutating func check(_ statement: consuming Statement) -> [Diagnostic] {
        switch compile(consume statement, building: false) {
        case .success: return []
        case .failure(let problems): return problems
        }
    }

    /// `compile` and `check` in one: the instruction is made only when `building` (nil
    /// otherwise, for the statements whose instruction allocates). Inlined into both, where
    /// `building` is a constant.
    @inline(__always)
    private mutating func compile(_ statement: consuming Statement, building: Bool) -> Checked<Instruction<M.Command>?> {
        defer { sawStatement = true }
        lastMeaningCanChange = false
        // Calls, assignments and declarations are the model's: handed on before the switch,
        // which copied the whole statement to pass it from inside a case.
        // Switches rather than `Checked.map`: its closure took the value as a copy.
        if statement.form.isModelVocabulary {
            switch M.compile(statement, names: &names) {
            case .success(let command):
                guard building else { return .success(nil) }
                return .success(.command(recording ? CommandStep(command, statement: M.statementRecord(command)) : CommandStep(command)))
            case .failure(let problems): return .failure(problems)
            }
        }
        let span = statement.span
        switch (consume statement).form {
        case .model(let name, _):
            guard !sawStatement else {
                return .failure([Diagnostic(id: "model-not-first", span: span,
                                            message: "'model' must be the first statement of a script",
                                            notes: [DiagnosticNote("this script simulates \(M.name)")])])
            }
            // The checker chose the model from this very statement; an unknown name was reported there.
            _ = name
            return .success(.selectModel)
        case .wait(let milliseconds):
            return .success(.wait(WaitStep(milliseconds: milliseconds, statement: recording ? waitRecord(milliseconds) : [])))
        case .expect(let property, let comparison, let value):
            switch expectedValue(property, value) {
            case .success(let found):
                lastMeaningCanChange = found.otherProperty != nil
                guard building else { return .success(nil) }
                return .success(.expect(Expectation(property: property.text, propertyIndex: found.propertyIndex,
                                                    comparison: comparison, expected: found.expected,
                                                    otherProperty: found.otherProperty, sorted: found.sorted,
                                                    encoder: encoder)))
            case .failure(let problems): return .failure(problems)
            }
        case .expectCondition(let condition):
            switch compileCondition(condition) {
            case .success(let compiled):
                lastMeaningCanChange = compiled.comparesProperties
                return .success(.expectCondition(ConditionCheck(condition: compiled, text: condition.text, encoder: encoder)))
            case .failure(let problems): return .failure(problems)
            }
        case .call, .assignment, .declaration:
            preconditionFailure("handled above")
        }
    }

    /// `wait 300ms`, as the `statement` record shows it; made once while it stays in its slot.
    private mutating func waitRecord(_ milliseconds: Int64) -> [UInt8] {
        let slot = Int(truncatingIfNeeded: milliseconds) & (waitRecords.count - 1)
        if waitRecords[slot].milliseconds == milliseconds { return waitRecords[slot].record }
        let record = Self.makeWaitRecord(milliseconds)
        waitRecords[slot] = (milliseconds, record)
        return record
    }

    private static func makeWaitRecord(_ milliseconds: Int64) -> [UInt8] { CallText.record("wait ", milliseconds, "ms") }

    /// Checks every comparison of a condition; all their problems, or the compiled condition.
    public func compileCondition(_ condition: Condition) -> Checked<CompiledCondition> {
        switch condition {
        case .comparison(let property, let comparison, let value):
            return compileExpectation(property, comparison, value).map { .comparison($0) }
        case .not(let inner):
            return compileCondition(inner).map { .not($0) }
        case .and(let left, let right), .or(let left, let right):
            let isAnd: Bool
            if case .and = condition { isAnd = true } else { isAnd = false }
            switch (compileCondition(left), compileCondition(right)) {
            case (.success(let l), .success(let r)): return .success(isAnd ? .and(l, r) : .or(l, r))
            case (.failure(let a), .failure(let b)): return .failure(a + b)
            case (.failure(let a), _), (_, .failure(let a)): return .failure(a)
            }
        }
    }

    /// An `expect` comparison inside a condition (a plain `expect` is built in `compile`).
    private func compileExpectation(_ property: Name, _ comparison: Comparison, _ value: Expression) -> Checked<Expectation> {
        switch expectedValue(property, value) {
        case .success(let found):
            return .success(Expectation(property: property.text, propertyIndex: found.propertyIndex, comparison: comparison,
                                        expected: found.expected,
                                        otherProperty: found.otherProperty, sorted: found.sorted, encoder: encoder))
        case .failure(let problems): return .failure(problems)
        }
    }

    /// What an `expect` compares its property with, checked against the property's kind: a
    /// value, or another property (`otherProperty`, then `expected` is its name); and where
    /// the property is in the model's `properties`.
    private func expectedValue(_ property: Name, _ value: Expression)
        -> Checked<(expected: ObservedValue, otherProperty: String?, sorted: Bool, propertyIndex: Int)> {
        guard let specIndex = Self.index(of: property.text, in: properties) else {
            let modelName = version.map { "\(M.name)@\($0)" } ?? M.name
            if let other = M.properties.first(where: { $0.name == property.text }), let versions = other.versions {
                // A property of another version: say which version the script is, and which have it.
                return .failure([Diagnostic(id: "property-not-in-version", span: property.span,
                                            message: "'\(property.text)' is not a property of \(modelName)",
                                            notes: [DiagnosticNote("only \(versions.map { "\(M.name)@\($0)" }.joined(separator: ", ")) has it")])])
            }
            var notes: [DiagnosticNote] = []
            if let near = Suggestion.nearest(to: property.text, in: properties.map(\.name)) {
                notes.append(DiagnosticNote("did you mean '\(near)'?"))
            }
            notes.append(DiagnosticNote("\(modelName) has: " + properties.map(\.name).joined(separator: ", ")))
            return .failure([Diagnostic(id: "unknown-property", span: property.span,
                                        message: "unknown property '\(property.text)'", notes: notes)])
        }
        // Read in place: a copy of the spec retained its strings.
        let kind = properties[specIndex].kind
        let sorted = properties[specIndex].isSorted
        let propertyIndex = propertyIndices[specIndex]
        if let other = value.identifier, let otherIndex = Self.index(of: other, in: M.properties),
           !names.contains(other, in: Self.namespace(of: kind)) {
            guard Self.comparable(kind, M.properties[otherIndex].kind) else {
                return .failure([Diagnostic(id: "type-mismatch", span: value.span,
                                            message: "'\(property.text)' and '\(other)' hold different kinds of values")])
            }
            return .success((.name(other), other, sorted, propertyIndex))
        }
        let expected: ObservedValue
        switch kind {
        case .state:
            switch knownName(value, in: KnownNames.states) {
            case .success(let name): expected = .name(name)
            case .failure(let diagnostic): return .failure([diagnostic])
            }
        case .name(let namespace):
            switch knownName(value, in: namespace) {
            case .success(let name): expected = .name(name)
            case .failure(let diagnostic): return .failure([diagnostic])
            }
        case .optionalState:
            if value.identifier?.isSpelled("none") == true {
                expected = .name("none")
            } else {
                switch knownName(value, in: KnownNames.states) {
                case .success(let name): expected = .name(name)
                case .failure(let diagnostic): return .failure([diagnostic])
                }
            }
        case .states, .orderedNames:
            guard case .list(let elements) = value.kind else {
                return .failure([typeMismatch(value, "a list, such as [empty, loading]", property.text)])
            }
            var namespace = KnownNames.states
            if case .orderedNames(let other) = kind { namespace = other }
            var listed: [String] = []
            var problems: [Diagnostic] = []
            for element in elements {
                switch knownName(element, in: namespace) {
                case .success(let name): listed.append(name)
                case .failure(let diagnostic): problems.append(diagnostic)
                }
            }
            guard problems.isEmpty else { return .failure(problems) }
            if case .states = kind { listed.sort() }
            expected = .names(listed)
        case .count:
            guard case .number(let number) = value.kind else {
                return .failure([typeMismatch(value, "a whole number", property.text)])
            }
            guard let count = number.integer else {
                return .failure([Diagnostic(id: "number-out-of-range", span: value.span,
                                            message: "'\(number.text)' is not a whole number that fits in 64 bits")])
            }
            expected = .count(count)
        case .flag:
            guard let word = value.identifier, word.isSpelled("true") || word.isSpelled("false") else {
                return .failure([typeMismatch(value, "true or false", property.text)])
            }
            expected = .flag(word.isSpelled("true"))
        }
        return .success((expected, nil, sorted, propertyIndex))
    }

    /// Where the property named `name` is in `specs`, its name compared in place
    /// (`first(where:)` copied each spec it passed, retaining and releasing its strings) and
    /// by length first (`nameLength`: most property names differ in length).
    /// The name's length is read once, not once a spec (an `expect` of a name value looks
    /// the value up among every property, most often to find none).
    private static func index(of name: String, in specs: [PropertySpec]) -> Int? {
        let count = name.utf8.count
        for index in specs.indices where specs[index].nameLength == count && specs[index].name == name { return index }
        return nil
    }

    private static func namespace(of kind: PropertySpec.Kind) -> String {
        switch kind {
        case .name(let namespace), .orderedNames(let namespace): return namespace
        default: return KnownNames.states
        }
    }

    /// Whether two properties' values can be compared: names with names, lists with lists.
    private static func comparable(_ a: PropertySpec.Kind, _ b: PropertySpec.Kind) -> Bool {
        func group(_ kind: PropertySpec.Kind) -> Int {
            switch kind {
            case .state, .optionalState, .name: return 0
            case .states, .orderedNames: return 1
            case .count: return 2
            case .flag: return 3
            }
        }
        return group(a) == group(b)
    }

    private func knownName(_ value: Expression, in namespace: String) -> Result<String, Diagnostic> {
        guard let name = value.identifier else {
            return .failure(typeMismatch(value, "a \(namespace) name", nil))
        }
        guard names.contains(name, in: namespace) else {
            var notes: [DiagnosticNote] = []
            if let near = names.suggestion(for: name, in: namespace) { notes.append(DiagnosticNote("did you mean '\(near)'?")) }
            let known = names.listing(in: namespace)
            notes.append(DiagnosticNote(known.map { "known \(namespace)s: " + $0 } ?? "no \(namespace) is declared yet"))
            return .failure(Diagnostic(id: "unknown-\(namespace)", span: value.span, message: "unknown \(namespace) '\(name)'", notes: notes))
        }
        return .success(name)
    }

    private func typeMismatch(_ value: Expression, _ wanted: String, _ property: String?) -> Diagnostic {
        let subject = property.map { "'\($0)' takes" } ?? "expected"
        return Diagnostic(id: "type-mismatch", span: value.span, message: "\(subject) \(wanted)")
    }
}
