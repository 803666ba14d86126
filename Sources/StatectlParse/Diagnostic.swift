/// Where something is in a script: a 1-based line and a byte range inside that line.
///
/// Byte offsets are kept while parsing; `DiagnosticFormatter` turns them into a
/// character column once, when printing, because only then is the line's text at hand.
public struct SourceSpan: Hashable, Sendable {
    public var line: Int
    public var bytes: Range<Int>

    public init(line: Int, bytes: Range<Int>) {
        self.line = line
        self.bytes = bytes
    }
}

/// How bad a diagnostic is.
public enum Severity: String, Sendable {
    case error, warning, note
}

/// A remark attached to a diagnostic, such as "did you mean 'loading'?".
public struct DiagnosticNote: Hashable, Sendable {
    public var message: String
    public var span: SourceSpan?

    public init(_ message: String, span: SourceSpan? = nil) {
        self.message = message
        self.span = span
    }
}

/// One problem found in a script, as a value: printing is `DiagnosticFormatter`'s job.
///
/// `id` is stable across releases so that tools and tests can match on it.
public struct Diagnostic: Error, Hashable, Sendable {
    public var id: String
    public var severity: Severity
    public var span: SourceSpan
    public var message: String
    public var notes: [DiagnosticNote]

    public init(id: String, severity: Severity = .error, span: SourceSpan, message: String, notes: [DiagnosticNote] = []) {
        self.id = id
        self.severity = severity
        self.span = span
        self.message = message
        self.notes = notes
    }
}

/// A value, or the diagnostics that explain why there is none.
public enum Checked<Value> {
    case success(Value)
    case failure([Diagnostic])

    public func map<T>(_ transform: (Value) -> T) -> Checked<T> {
        switch self {
        case .success(let value): return .success(transform(value))
        case .failure(let diagnostics): return .failure(diagnostics)
        }
    }
}
