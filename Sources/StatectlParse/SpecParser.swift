/// One event of an exploration's alphabet: the statements of one script line, run as one turn.
public struct ExploreEvent: Hashable, Sendable {
    public var statements: [Statement]
    public var span: SourceSpan

    public init(statements: [Statement], span: SourceSpan) {
        self.statements = statements
        self.span = span
    }
}

/// `always P [when settled]` or `never P [when settled]`.
public struct PropertyDirective: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case always, never }
    public var kind: Kind
    public var condition: Condition
    public var whenSettled: Bool

    /// As the spec would write it, normalised.
    public var text: String { "\(kind.rawValue) \(condition.text)" + (whenSettled ? " when settled" : "") }
}

/// A line of an exploration spec that is not an ordinary statement.
public enum Directive: Hashable, Sendable {
    /// `events start, end(error: "e"), hasContent = true; start`
    case events([ExploreEvent])
    /// `depth 10`
    case depth(Int64)
    /// `queue 5`
    case queue(Int64)
    case property(PropertyDirective)

    /// The words that start a directive.
    public static let keywords = ["events", "depth", "queue", "always", "never"]
}

/// What one line of a spec parsed into: statements (the prefix), one directive, or problems.
public struct ParsedSpecLine: Sendable {
    public var statements: [Statement] = []
    public var directive: (Directive, SourceSpan)?
    public var diagnostics: [Diagnostic] = []
}

/// Largest `depth` and `queue` a spec may ask for.
public let maximumExploreBound: Int64 = 1_000

extension LineParser {
    /// Parses one line of an exploration spec: a directive when it starts with one of
    /// `Directive.keywords` (and is not an assignment or call of that name), else statements
    /// exactly as in a script.
    public mutating func parseSpec(line: UnsafeBufferPointer<UInt8>, number: Int) -> ParsedSpecLine {
        let plain = parse(line: line, number: number)
        // `parse` leaves the line's tokens behind, closed by `.end`, when the line lexed.
        guard tokenCount >= 2, tokens[0].isIdentifier,
              case let word = String(decoding: UnsafeBufferPointer(rebasing: line[tokens[0].bytes]), as: UTF8.self),
              Directive.keywords.contains(word) else {
            return ParsedSpecLine(statements: plain.statements, diagnostics: plain.diagnostics)
        }
        switch tokens[1].kind {
        case .assign, .semicolon, .end: return ParsedSpecLine(statements: plain.statements, diagnostics: plain.diagnostics)
        // `never (a == b or c == d)` is a property; `events(…)` would be a call.
        case .leftParen where word != "always" && word != "never": return ParsedSpecLine(statements: plain.statements, diagnostics: plain.diagnostics)
        default: break
        }
        var cursor = TokenCursor(tokens: tokens, source: line, line: number)
        do {
            let directive = try cursor.directive(word)
            return ParsedSpecLine(directive: (directive, SourceSpan(line: number, bytes: tokens[0].bytes.lowerBound..<tokens[tokenCount - 2].bytes.upperBound)))
        } catch {
            return ParsedSpecLine(diagnostics: [error])
        }
    }

    public mutating func parseSpec(line: [UInt8], number: Int) -> ParsedSpecLine {
        line.withUnsafeBufferPointer { parseSpec(line: $0, number: number) }
    }
}

extension TokenCursor {
    /// directive := 'events' event (',' event)* | 'depth' NUMBER | 'queue' NUMBER
    ///            | ('always' | 'never') condition ('when' 'settled')?
    /// event := statement (';' statement)*
    mutating func directive(_ word: String) throws(Diagnostic) -> Directive {
        advance()
        let directive: Directive
        switch word {
        case "events":
            var events: [ExploreEvent] = []
            commaEndsStatement = true
            while true {
                guard !atEnd, peek.kind != .comma else {
                    throw error("expected-event", "expected an event, such as 'start' or 'wait 300ms'", at: peek)
                }
                let start = peek.bytes.lowerBound
                var statements: [Statement] = []
                while true {
                    statements.append(try statement())
                    guard peek.kind == .semicolon else { break }
                    advance()
                }
                events.append(ExploreEvent(statements: statements, span: span(start..<tokens[index - 1].bytes.upperBound)))
                if atEnd { break }
                advance()  // the ','
            }
            directive = .events(events)
        case "depth", "queue":
            guard peek.isNumber else {
                throw error("expected-bound", "expected a whole number after '\(word)', such as \(word) \(word == "depth" ? 10 : 5)", at: peek)
            }
            guard let value = peek.integer, value >= 0, value <= maximumExploreBound else {
                throw error("bound-out-of-range", "'\(word)' takes a whole number from 0 to \(maximumExploreBound)", at: peek)
            }
            advance()
            directive = word == "depth" ? .depth(value) : .queue(value)
        default:
            let condition = try self.condition()
            var settled = false
            if isWord(peek, "when") {
                advance()
                guard isWord(peek, "settled") else {
                    throw error("expected-settled", "expected 'settled' after 'when'", at: peek,
                                notes: [DiagnosticNote("'when settled' checks the property only when nothing is queued or in flight")])
                }
                advance()
                settled = true
            }
            directive = .property(PropertyDirective(kind: word == "always" ? .always : .never, condition: condition, whenSettled: settled))
        }
        guard atEnd else {
            throw error("expected-end", "expected the end of the '\(word)' line, found \(describe(peek))", at: peek)
        }
        return directive
    }
}
