import StatectlParse

/// Diagnostics every model's vocabulary gives the same way.
public enum Vocabulary {
    /// `unknown statement 'strat'`, with "did you mean 'start'?" when a known word is close,
    /// and every word known here, closest first, so the note teaches the vocabulary.
    public static func unknown(_ name: Name, what: String = "statement", among known: [String]) -> Diagnostic {
        var notes: [DiagnosticNote] = []
        if let near = Suggestion.nearest(to: name.text, in: known) { notes.append(DiagnosticNote("did you mean '\(near)'?")) }
        notes.append(DiagnosticNote("\(what)s here, closest first: " + Suggestion.ranked(to: name.text, in: known).joined(separator: ", ")))
        return Diagnostic(id: "unknown-\(what)", span: name.span, message: "unknown \(what) '\(name.text)'", notes: notes)
    }

    /// For a model without declarations, `start end` is two statements missing a `;`;
    /// any other `word word` starts with an unknown statement.
    public static func notADeclaration(keyword: Name, subject: Name, statements: [String]) -> Diagnostic {
        if statements.contains(keyword.text) {
            return Diagnostic(id: "expected-end", span: subject.span,
                              message: "expected ';' or the end of the line, found '\(subject.text)'")
        }
        return unknown(keyword, among: statements + ["wait", "expect", "model"])
    }
}

extension String {
    /// Whether the string is `word`, lengths compared first: the words a vocabulary tells
    /// apart mostly differ in length, and `==` on two different strings takes the
    /// library's slow path (tens of instructions) where comparing lengths takes a few.
    @inline(__always)
    func isSpelled(_ word: String) -> Bool { utf8.count == word.utf8.count && self == word }
}

/// A name matched against a vocabulary's words in a `switch` (`switch Word(name.text)`),
/// compared as `String.isSpelled` compares, lengths first. The name's length is found
/// once, not once a `case`: a switch tried several cases before the one that matched, and
/// reading a `String`'s length takes several instructions.
struct Word: Equatable, ExpressibleByStringLiteral {
    let text: String
    let count: Int

    init(_ text: String) {
        self.text = text
        count = text.utf8.count
    }

    // A literal's length is a constant where this is inlined.
    @inline(__always)
    init(stringLiteral text: String) {
        self.text = text
        count = text.utf8.count
    }

    // Inlined into each `case`, where the pattern's length is a constant.
    @inline(__always)
    static func == (left: Word, right: Word) -> Bool { left.count == right.count && left.text == right.text }
}

/// A parameter a call takes, for matching written arguments to it.
public struct ParameterSpec: Sendable {
    /// Not settable: `labelLength` is its length.
    public let label: String
    /// The label's length in bytes, read once here rather than at every argument matched
    /// (written labels are compared by length first, as `String.isSpelled` compares).
    let labelLength: Int
    /// May be written without its label as the first argument: `addView(custom)`.
    public var positional: Bool
    /// May be written as its bare label, meaning "present": `end(error)`.
    public var bare: Bool

    public init(_ label: String, positional: Bool = false, bare: Bool = false) {
        self.label = label
        labelLength = label.utf8.count
        self.positional = positional
        self.bare = bare
    }
}

/// Matches a call's arguments to its parameters and converts their values, collecting
/// every problem with a span. Shared by every model's vocabulary.
public struct ArgumentReader {
    // The call itself is not kept: copying its name in and destroying it again cost about
    // 70 instructions a call read (most lines that are not cached call something). The
    // readers whose diagnostics name the call take it (`name(_:at:of:)`, `key(_:at:of:)`).
    private let arguments: [Argument]
    #if DEBUG
    /// Kept for `index`'s check alone: a release build reads the parameters only while
    /// matching, and holding them retained and released the list on every call.
    private let parameters: [ParameterSpec]
    #endif
    /// For each parameter, by position, the index of the argument matched to it, or -1. A
    /// vector, not an array: reading a call's arguments allocates nothing (every line that
    /// is not cached reads its calls' arguments, in both passes).
    private var matched: SIMD8<Int32>
    /// Nil while there are none, as on most calls: an empty list was made and released on
    /// every call read, a release (about 20 instructions) that a nil does not need.
    private var problemList: [Diagnostic]?

    /// The problems found reading the call, in the order found.
    public var problems: [Diagnostic] {
        get { problemList ?? [] }
        set { problemList = newValue }
    }

    /// Whether any problem was found; readers test this rather than `problems.isEmpty`,
    /// which would make an empty list when there are none.
    public var hasProblems: Bool { !(problemList?.isEmpty ?? true) }

    /// Reads `arguments` (nil: the call had no parentheses) of `call` against `parameters`,
    /// at most eight of them. Inlined into each vocabulary's call: an init called apart built
    /// the reader aside and copied it whole into place (a retain and release of each field).
    @inline(__always)
    public init(call: Name, arguments: [Argument]?, parameters: [ParameterSpec]) {
        // Matched before it is stored: read back from `self`, the list was retained again.
        let arguments = arguments ?? []
        (matched, problemList) = Self.match(arguments, to: parameters, in: call)
        self.arguments = arguments
        #if DEBUG
        self.parameters = parameters
        #endif
    }

    /// For each parameter, the index of the argument matched to it (or -1), and the problems
    /// found matching; apart from `init`, so that it can be inlined.
    private static func match(_ arguments: [Argument], to parameters: [ParameterSpec],
                              in call: Name) -> (SIMD8<Int32>, [Diagnostic]?) {
        // Checked here, not in the inlined `init`: there, reading the list's length was a call
        // of its own on every call read.
        precondition(parameters.count <= SIMD8<Int32>.scalarCount, "a call takes at most eight parameters")
        var matched = SIMD8<Int32>(repeating: -1)
        var problems: [Diagnostic]? = nil
        for position in arguments.indices {
            let parameter: Int?
            if let label = arguments[position].label {
                let length = label.text.utf8.count
                // Arguments are mostly written in the parameters' order: the parameter at the
                // argument's own position is tried before the list is searched.
                if position < parameters.count, parameters[position].labelLength == length, parameters[position].label == label.text {
                    parameter = position
                } else {
                    parameter = parameters.firstIndex { $0.labelLength == length && $0.label == label.text }
                }
                if parameter == nil {
                    problems.append(unknownLabel(label, of: call, parameters: parameters))
                    continue
                }
            } else if case .identifier(let word) = arguments[position].value.kind,
                      let flag = parameters.firstIndex(where: { $0.bare && $0.label.isSpelled(word) }) {
                parameter = flag
            } else if position == 0, let first = parameters.firstIndex(where: \.positional) {
                parameter = first
            } else {
                problems.append(missingLabel(arguments[position], of: call, parameters: parameters))
                continue
            }
            guard let parameter else { continue }
            if matched[parameter] >= 0 {
                problems.append(duplicate(arguments[position], of: parameters[parameter]))
                continue
            }
            matched[parameter] = Int32(position)
        }
        return (matched, problems)
    }

    // The problems `match` finds, made apart and not inlined: made in its loop, their
    // texts' constants were set up on every call matched (about 30 instructions), though
    // nearly every call has none.

    @inline(never)
    private static func unknownLabel(_ label: Name, of call: Name, parameters: [ParameterSpec]) -> Diagnostic {
        let labels = parameters.map(\.label)
        var notes: [DiagnosticNote] = []
        if let near = Suggestion.nearest(to: label.text, in: labels) { notes.append(DiagnosticNote("did you mean '\(near)'?")) }
        notes.append(DiagnosticNote(labels.isEmpty ? "'\(call.text)' takes no arguments"
                                    : "'\(call.text)' takes: " + labels.map { "\($0):" }.joined(separator: " ")))
        return Diagnostic(id: "unknown-label", span: label.span,
                          message: "'\(call.text)' has no argument '\(label.text)'", notes: notes)
    }

    @inline(never)
    private static func missingLabel(_ argument: Argument, of call: Name, parameters: [ParameterSpec]) -> Diagnostic {
        let labels = parameters.map(\.label)
        let notes = labels.isEmpty ? [DiagnosticNote("'\(call.text)' takes no arguments")]
            : [DiagnosticNote("write it with its label: " + labels.map { "\($0):" }.joined(separator: " "))]
        return Diagnostic(id: "missing-label", span: argument.value.span,
                          message: "unexpected argument without a label", notes: notes)
    }

    @inline(never)
    private static func duplicate(_ argument: Argument, of parameter: ParameterSpec) -> Diagnostic {
        Diagnostic(id: "duplicate-argument", span: argument.label?.span ?? argument.value.span,
                   message: "argument '\(parameter.label)' is given twice")
    }

    /// The index in `arguments` of the argument given for the parameter at `position` in the
    /// call's parameter list, if one was. Readers take the position beside the label: looking
    /// the label up again compared it with each parameter's, about 100 instructions a reader
    /// (every line that is not cached reads its calls' arguments, in both passes).
    @inline(__always)
    private func index(_ label: String, at position: Int) -> Int? {
        #if DEBUG
        assert(parameters[position].label == label, "'\(label)' is not parameter \(position)")
        #endif
        let index = matched[position]
        return index >= 0 ? Int(index) : nil
    }

    // The readers below look at `arguments[index]` in place rather than copying the
    // argument out: a copy retains and releases every string it holds.

    /// Whether the argument was written at all.
    public func has(_ label: String, at position: Int) -> Bool { index(label, at: position) != nil }

    /// Whether the argument was written as its bare label (`end(error)`). Mutating, though it
    /// changes nothing: read from a vocabulary's `var` reader, a non-mutating call was made on
    /// a copy of it, its lists retained and released (about 40 instructions a reading).
    public mutating func isBare(_ label: String, at position: Int) -> Bool {
        guard let index = index(label, at: position), arguments[index].label == nil,
              case .identifier(let word) = arguments[index].value.kind else { return false }
        return word == label
    }

    // `flag`, `string` and `integer` are inlined into the vocabularies' calls, their problems
    // reported apart (`mismatch`): called, each cost 35 to 65 instructions a reading, most of
    // them the call's own (every line that is not cached reads a few).
    @inline(__always)
    public mutating func flag(_ label: String, at position: Int, default value: Bool) -> Bool {
        guard let index = index(label, at: position) else { return value }
        if case .identifier(let word) = arguments[index].value.kind {
            if word.isSpelled("true") { return true }
            if word.isSpelled("false") { return false }
        }
        mismatch(at: index, "'\(label)' takes true or false")
        return value
    }

    /// Records that the argument at `index` is not of the type its parameter takes.
    @inline(never)
    private mutating func mismatch(at index: Int, _ message: String) {
        problemList.append(Diagnostic(id: "type-mismatch", span: arguments[index].value.span, message: message))
    }

    @inline(never)
    private mutating func outOfRange(at index: Int, _ label: String, _ range: ClosedRange<Int64>) {
        problemList.append(Diagnostic(id: "number-out-of-range", span: arguments[index].value.span,
                                      message: "'\(label)' must be a whole number from \(range.lowerBound) to \(range.upperBound)"))
    }

    /// A name argument (a state or view key) of `call`; nil with a problem recorded if missing or not a name.
    public mutating func name(_ label: String, at position: Int, of call: Name) -> Name? {
        guard let index = index(label, at: position) else {
            problemList.append(Diagnostic(id: "missing-argument", span: call.span, message: "'\(call.text)' needs '\(label)'"))
            return nil
        }
        guard let word = arguments[index].value.identifier else {
            problemList.append(Diagnostic(id: "type-mismatch", span: arguments[index].value.span,
                                          message: "'\(label)' takes a name, such as loading"))
            return nil
        }
        return Name(word, span: arguments[index].value.span)
    }

    /// A key written as a name (`offline`) or, for any text a Swift `String` holds, as a
    /// string (`"none"`), of `call`; `quoted` says which. Nil with a problem recorded if missing or neither.
    public mutating func key(_ label: String, at position: Int, of call: Name) -> (text: String, span: SourceSpan, quoted: Bool)? {
        guard let index = index(label, at: position) else {
            problemList.append(Diagnostic(id: "missing-argument", span: call.span, message: "'\(call.text)' needs '\(label)'"))
            return nil
        }
        switch arguments[index].value.kind {
        case .identifier(let word): return (word, arguments[index].value.span, false)
        case .string(let text): return (text, arguments[index].value.span, true)
        default:
            problemList.append(Diagnostic(id: "type-mismatch", span: arguments[index].value.span,
                                       message: "'\(label)' takes a name, such as loading, or a string"))
            return nil
        }
    }

    /// A string argument, or nil if absent (or written as `nil`).
    @inline(__always)
    public mutating func string(_ label: String, at position: Int) -> String? {
        guard let index = index(label, at: position) else { return nil }
        switch arguments[index].value.kind {
        case .string(let text): return text
        case .identifier("nil"): return nil
        default:
            mismatch(at: index, "'\(label)' takes a string, such as \"offline\"")
            return nil
        }
    }

    /// A whole number in `range`, or `value` if absent.
    @inline(__always)
    public mutating func integer(_ label: String, at position: Int, default value: Int64, in range: ClosedRange<Int64>) -> Int64 {
        guard let index = index(label, at: position) else { return value }
        guard case .number(let number) = arguments[index].value.kind else {
            mismatch(at: index, "'\(label)' takes a whole number")
            return value
        }
        guard let integer = number.integer, range.contains(integer) else {
            outOfRange(at: index, label, range)
            return value
        }
        return integer
    }

    /// A time, as seconds (`0.2`, like the library's TimeInterval) or a duration (`200ms`),
    /// in whole milliseconds; `value` if absent.
    public mutating func milliseconds(_ label: String, at position: Int, default value: Int64) -> Int64 {
        guard let index = index(label, at: position) else { return value }
        switch arguments[index].value.kind {
        case .duration(let milliseconds):
            return milliseconds
        case .number(let number):
            if let milliseconds = Self.milliseconds(fromSeconds: number.text) { return milliseconds }
            problemList.append(Diagnostic(id: "duration-out-of-range", span: arguments[index].value.span,
                                       message: "'\(label)' must be from 0 to 86400 seconds, in whole milliseconds",
                                       notes: [DiagnosticNote("such as 0.2 or 200ms")]))
        default:
            problemList.append(Diagnostic(id: "type-mismatch", span: arguments[index].value.span,
                                       message: "'\(label)' takes seconds (0.2) or a duration (200ms)"))
        }
        return value
    }

    /// Exact milliseconds for a decimal number of seconds such as "0.35", or nil when it is
    /// negative, past a day or not a whole millisecond.
    static func milliseconds(fromSeconds text: String) -> Int64? {
        // A sign is out of range whatever follows ("-0.5" included); checking it first
        // also keeps `whole * 1000` from overflowing on Int64.min.
        guard !text.hasPrefix("-") else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0, whole <= maximumWaitMilliseconds / 1000 else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            // Past three digits, only zeros keep it a whole millisecond.
            guard digits.dropFirst(3).allSatisfy({ $0 == "0" }) else { return nil }
            let padded = String(digits.prefix(3)) + String(repeating: "0", count: max(0, 3 - digits.count))
            guard let value = Int64(padded) else { return nil }
            fraction = value
        }
        let total = whole * 1000 + fraction
        return total <= maximumWaitMilliseconds ? total : nil
    }
}

extension Optional where Wrapped == [Diagnostic] {
    /// Appends to the list, making it on the first problem (`ArgumentReader.problemList`).
    fileprivate mutating func append(_ problem: Diagnostic) {
        if case .some = self { self!.append(problem) } else { self = [problem] }
    }
}
