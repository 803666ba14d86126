import StatectlParse
import StatectlSimulate

/// An exploration spec checked against its model: the prefix (ordinary statements, run
/// once), the alphabet, the bounds and the properties.
///
///     model StatefulViewController
///     hasContent = false
///     events start, end, wait 300ms
///     depth 6
///     never visible == [error, loading]
struct ExploreSpec<M: ExplorableModel> {
    struct PrefixLine {
        var text: String
        var number: Int
        var compiled: CompiledLine<M.Command>
    }

    struct Event {
        /// As written (or as the default alphabet has it): one script line.
        var text: String
        var compiled: CompiledLine<M.Command>
        var commands: [M.Command]
    }

    struct Property {
        var directive: PropertyDirective
        var line: Int?
        var condition: CompiledCondition
    }

    var prefix: [PrefixLine] = []
    var events: [Event] = []
    var eventsWereDefault = false
    var depth: Int?
    var queue: Int?
    var properties: [Property] = []
    /// The model's version the spec selected (nil for a model without versions).
    var version: String?

    /// Events an alphabet may have: a configuration records the event that led to it in 16
    /// bits, as does each counted transition.
    static var maximumEvents: Int { 1 << 16 }

    /// Checks every line; the spec, or every problem found (as a script's diagnostics are).
    static func compile(_ lines: [ParsedLineOfSpec], version: String?) -> Checked<ExploreSpec> {
        var spec = ExploreSpec()
        spec.version = version
        var compiler = ScriptCompiler<M>(recording: true, version: version)
        var problems: [Diagnostic] = []
        var alphabet: [(ExploreEvent, String)]?
        var bounds: [String: SourceSpan] = [:]
        for line in lines {
            problems += line.parsed.diagnostics
            if let (directive, span) = line.parsed.directive {
                switch directive {
                case .events(let events):
                    alphabet = (alphabet ?? []) + events.map { ($0, line.text(of: $0.span)) }
                case .depth(let value), .queue(let value):
                    let word = { if case .depth = directive { return "depth" } else { return "queue" } }()
                    if let earlier = bounds[word] {
                        problems.append(Diagnostic(id: "duplicate-bound", span: span, message: "'\(word)' is given twice",
                                                   notes: [DiagnosticNote("first given here", span: earlier)]))
                    }
                    bounds[word] = span
                    if word == "depth" { spec.depth = Int(value) } else { spec.queue = Int(value) }
                case .property(let property):
                    switch compiler.compileCondition(property.condition) {
                    case .success(let condition): spec.properties.append(Property(directive: property, line: span.line, condition: condition))
                    case .failure(let diagnostics): problems += diagnostics
                    }
                }
                continue
            }
            guard !line.parsed.statements.isEmpty, line.parsed.diagnostics.isEmpty else { continue }
            var statements: [CompiledStatement<M.Command>] = []
            for statement in line.parsed.statements {
                switch compiler.compile(statement) {
                case .success(let instruction): statements.append(CompiledStatement(instruction: instruction, span: statement.span))
                case .failure(let diagnostics): problems += diagnostics
                }
            }
            spec.prefix.append(PrefixLine(text: line.text, number: line.number, compiled: CompiledLine(statements)))
        }
        if spec.depth == nil, spec.queue == nil {
            let end = SourceSpan(line: max(lines.count, 1), bytes: 0..<1)
            problems.append(Diagnostic(id: "unbounded-exploration", span: end, message: "the spec sets no bound",
                                       notes: [DiagnosticNote("add 'depth N' (sequences of at most N events) or 'queue N' (at most N requests waiting)")]))
        }
        if let alphabet {
            if alphabet.count > maximumEvents {
                let beyond = alphabet[maximumEvents].0.span
                problems.append(Diagnostic(id: "too-many-events", span: beyond,
                                           message: "a spec may have at most \(maximumEvents) events; this is event \(maximumEvents + 1)",
                                           notes: [DiagnosticNote("the alphabet has \(alphabet.count) events")]))
            }
            for (event, text) in alphabet {
                switch compileEvent(event.statements, text: text, compiler: &compiler) {
                case .success(let compiled): spec.events.append(compiled)
                case .failure(let diagnostics): problems += diagnostics
                }
            }
        } else {
            spec.eventsWereDefault = true
            var parser = LineParser()
            for text in M.defaultEvents(known: compiler.knownNames) {
                let parsed = Array(text.utf8).withUnsafeBufferPointer { parser.parse(line: $0, number: 1) }
                precondition(parsed.diagnostics.isEmpty, "default event '\(text)' of \(M.name) does not parse")
                switch compileEvent(parsed.statements, text: text, compiler: &compiler) {
                case .success(let compiled): spec.events.append(compiled)
                case .failure: preconditionFailure("default event '\(text)' of \(M.name) does not compile")
                }
            }
        }
        return problems.isEmpty ? .success(spec) : .failure(problems)
    }

    private static func compileEvent(_ statements: [Statement], text: String, compiler: inout ScriptCompiler<M>) -> Checked<Event> {
        var compiled: [CompiledStatement<M.Command>] = []
        var commands: [M.Command] = []
        var problems: [Diagnostic] = []
        for statement in statements {
            switch statement.form {
            case .expect, .expectCondition, .model:
                problems.append(Diagnostic(id: "not-an-event", span: statement.span, message: "an event is a call, an assignment or a wait",
                                           notes: [DiagnosticNote("check what must hold with 'always' or 'never'")]))
                continue
            default: break
            }
            switch compiler.compile(statement) {
            case .success(let instruction):
                if case .command(let step) = instruction { commands.append(step.command) }
                compiled.append(CompiledStatement(instruction: instruction, span: statement.span))
            case .failure(let diagnostics): problems += diagnostics
            }
        }
        guard problems.isEmpty else { return .failure(problems) }
        return .success(Event(text: text, compiled: CompiledLine(compiled), commands: commands))
    }
}

/// A line of a spec, parsed, with its text.
struct ParsedLineOfSpec {
    var bytes: [UInt8]
    var number: Int
    var parsed: ParsedSpecLine

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func text(of span: SourceSpan) -> String {
        String(decoding: bytes[min(span.bytes.lowerBound, bytes.count)..<min(span.bytes.upperBound, bytes.count)], as: UTF8.self)
    }
}
