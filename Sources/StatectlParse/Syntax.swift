/// A name as written in a script, with where it was written.
public struct Name: Hashable, Sendable {
    public var text: String
    public var span: SourceSpan

    public init(_ text: String, span: SourceSpan) {
        self.text = text
        self.span = span
    }
}

/// A number literal. `integer` is nil when the literal has a fraction or does not fit
/// in 64 bits; the vocabulary that reads it says which numbers it takes.
public struct NumberLiteral: Hashable, Sendable {
    /// The text as written; nil when it is `integer`'s own decimal spelling, as most
    /// literals are: the parser then makes no `String` for it (about 100 instructions a
    /// number). The text and this pair determine each other, so equality is unchanged.
    private let spelling: String?
    public let integer: Int64?

    /// The literal as written.
    public var text: String { spelling ?? String(integer!) }

    public init(text: String, integer: Int64?) {
        spelling = integer.map { String($0) == text } == true ? nil : text
        self.integer = integer
    }

    /// A whole number written as `integer`'s decimal spelling (no leading zeros, no `-0`).
    init(spelledAs integer: Int64) {
        spelling = nil
        self.integer = integer
    }
}

/// A value written in a script: `loading`, `"offline"`, `2`, `300ms`, `[empty, loading]`.
public struct Expression: Hashable, Sendable {
    // Not `indirect`: a list's elements already live in its array's buffer, and an indirect
    // enum would box every value (an allocation per argument) to no purpose.
    public enum Kind: Hashable, Sendable {
        case identifier(String)
        case string(String)
        case number(NumberLiteral)
        case duration(milliseconds: Int64)
        case list([Expression])
    }

    // The span first: the kind (25 bytes) then ends the value with no padding after it, so
    // that `Statement` fits in 128 bytes, which the compiler moves with inline loads and
    // stores; at 136 every move of a statement was a call to memcpy.
    public var span: SourceSpan
    public var kind: Kind

    public init(_ kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }

    /// The identifier's text, if this is a bare identifier.
    public var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }
}

/// One argument of a call: `animated: true`, or a bare `error`.
///
/// Made only by the parser, through the memberwise initialiser: an explicit one assigned
/// the fields into a local `self`, and the optimiser left a copy of the whole argument
/// and a destroy of the original around every argument appended to its list.
public struct Argument: Hashable, Sendable {
    public var label: Name?
    public var value: Expression
}

/// `==` or `!=` in an `expect` statement.
public enum Comparison: String, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
}

/// One statement of a script, before any model has given it a meaning.
///
/// The parser knows only the shapes below; which names and labels are valid is the
/// model's vocabulary's business, so every model shares one parser.
public struct Statement: Hashable, Sendable {
    public enum Form: Hashable, Sendable {
        /// `model StatefulViewController`, `model StatefulViewController@3.0.1`
        case model(Name, version: Name?)
        /// `start`, `end(error: "offline")`; `arguments` is nil when there are no parentheses.
        case call(Name, arguments: [Argument]?)
        /// `hasContent = false`
        case assignment(Name, Expression)
        /// `wait 300ms`
        case wait(milliseconds: Int64)
        /// `expect state == loading`
        case expect(property: Name, Comparison, Expression)
        /// `expect not (state == loading) or hasContent == true`: more than one comparison.
        case expectCondition(Condition)
        /// `state loading: A, B` or `child B(duration: 0.2)`: a keyword, the thing declared,
        /// an optional `:` list of names and optional arguments. Which keywords exist is the
        /// model's business; `names` is nil without a colon, `arguments` nil without parentheses.
        case declaration(keyword: Name, subject: Name, names: [Name]?, arguments: [Argument]?)

        /// A call, assignment or declaration: a form whose meaning is the model's vocabulary's.
        public var isModelVocabulary: Bool {
            switch self {
            case .call, .assignment, .declaration: return true
            case .model, .wait, .expect, .expectCondition: return false
            }
        }
    }

    public var form: Form
    public var span: SourceSpan

    /// A call's or declaration's argument list, if it has one: a reference to the same list,
    /// for the parser to take back once the statement has been compiled and dropped.
    public var argumentList: [Argument]? {
        switch form {
        case .call(_, let arguments), .declaration(_, _, _, let arguments): return arguments
        default: return nil
        }
    }

    public init(_ form: Form, span: SourceSpan) {
        self.form = form
        self.span = span
    }
}

/// What one line of a script parsed into: its statements in order, or the problems found.
public struct ParsedLine: Sendable {
    public var statements: [Statement]
    public var diagnostics: [Diagnostic]

    public init(statements: [Statement] = [], diagnostics: [Diagnostic] = []) {
        self.statements = statements
        self.diagnostics = diagnostics
    }
}
