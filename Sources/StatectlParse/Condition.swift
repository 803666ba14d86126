/// A boolean condition over a model's properties: `expect`'s comparisons joined by
/// `and`, `or` and `not`, with parentheses. `expect` and explore's `always`/`never`
/// read the same grammar.
///
///     expect not (visible == [error, loading]) and state != loading
public enum Condition: Hashable, Sendable {
    // Only the cases that hold conditions are boxed: the one comparison that almost every
    // `expect` is costs no allocation.
    case comparison(property: Name, Comparison, Expression)
    indirect case not(Condition)
    indirect case and(Condition, Condition)
    indirect case or(Condition, Condition)

    /// The condition as written, normalised: `not (a == b) and c != d`. Parentheses where
    /// precedence needs them (`not` binds tightest, then `and`, then `or`).
    public var text: String { text(precedence: 0) }

    private func text(precedence: Int) -> String {
        switch self {
        case .comparison(let property, let comparison, let value):
            return "\(property.text) \(comparison.rawValue) \(value.text)"
        case .not(let inner):
            if case .comparison = inner { return "not (\(inner.text(precedence: 0)))" }
            return "not \(inner.text(precedence: 3))"
        case .and(let left, let right):
            let body = "\(left.text(precedence: 2)) and \(right.text(precedence: 2))"
            return precedence > 2 ? "(\(body))" : body
        case .or(let left, let right):
            let body = "\(left.text(precedence: 1)) or \(right.text(precedence: 1))"
            return precedence > 1 ? "(\(body))" : body
        }
    }

    /// The properties the condition reads, in order of first mention.
    public var properties: [String] {
        var names: [String] = []
        func visit(_ condition: Condition) {
            switch condition {
            case .comparison(let property, _, _): if !names.contains(property.text) { names.append(property.text) }
            case .not(let inner): visit(inner)
            case .and(let left, let right), .or(let left, let right): visit(left); visit(right)
            }
        }
        visit(self)
        return names
    }
}

extension Expression {
    /// The value as a script writes it: `loading`, `"e"`, `300ms`, `[error, loading]`.
    public var text: String {
        switch kind {
        case .identifier(let name): return name
        case .string(let text):
            var quoted = "\""
            for character in text {
                switch character {
                case "\"", "\\": quoted.append("\\"); quoted.append(character)
                case "\n": quoted.append("\\n")
                case "\t": quoted.append("\\t")
                default: quoted.append(character)
                }
            }
            return quoted + "\""
        case .number(let number): return number.text
        case .duration(let milliseconds): return "\(milliseconds)ms"
        case .list(let elements): return "[" + elements.map(\.text).joined(separator: ", ") + "]"
        }
    }
}

/// Deepest nesting of parentheses a condition may have; deeper is reported, not recursed into.
public let maximumConditionNesting = 32

extension TokenCursor {
    /// condition := conjunction ('or' conjunction)*
    mutating func condition(depth: Int = 0) throws(Diagnostic) -> Condition {
        var result = try conjunction(depth: depth)
        while isWord(tokens[index], "or") {
            advance()
            result = .or(result, try conjunction(depth: depth))
        }
        return result
    }

    /// conjunction := negation ('and' negation)*
    mutating func conjunction(depth: Int) throws(Diagnostic) -> Condition {
        var result = try negation(depth: depth)
        while isWord(tokens[index], "and") {
            advance()
            result = .and(result, try negation(depth: depth))
        }
        return result
    }

    /// negation := 'not' negation | '(' condition ')' | NAME ('=='|'!=') value
    mutating func negation(depth: Int) throws(Diagnostic) -> Condition {
        let token = peek
        switch token.kind {
        case .identifier where isWord(token, "not"):
            advance()
            guard depth < maximumConditionNesting else {
                throw error("nesting-too-deep", "conditions nest at most \(maximumConditionNesting) deep", at: token)
            }
            return .not(try negation(depth: depth + 1))
        case .leftParen:
            guard depth < maximumConditionNesting else {
                throw error("nesting-too-deep", "conditions nest at most \(maximumConditionNesting) deep", at: token)
            }
            advance()
            let inner = try condition(depth: depth + 1)
            guard peek.kind == .rightParen else {
                throw error("unclosed-parenthesis", "expected ')' to close the condition, found \(describe(peek))", at: peek,
                            notes: [DiagnosticNote("the condition opens here", span: span(token.bytes))])
            }
            advance()
            return inner
        case .identifier:
            let name = self.name(token)
            let property = name.text
            advance()
            let comparison: Comparison
            switch peek.kind {
            case .equal: comparison = .equal
            case .notEqual: comparison = .notEqual
            case .assign:
                throw error("expected-comparison", "use '==' to compare in 'expect'", at: peek)
            default:
                throw error("expected-comparison", "expected '==' or '!=' after '\(property)'", at: peek)
            }
            advance()
            return .comparison(property: name, comparison, try value())
        default:
            throw error("expected-property", "expected a property after 'expect', such as 'state'", at: token)
        }
    }
}
