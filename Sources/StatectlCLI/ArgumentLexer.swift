/// One word of a command line, as the lexer sees it.
enum ArgumentToken: Equatable {
    /// `-o`, or `-ofile` (Graphviz's habit: the value glued on, taken by `value(for:)`).
    case short(Character)
    /// `--format` or `--format=jsonl`.
    case long(String, value: String?)
    /// Anything else, and everything after `--`.
    case value(String)
    /// `-hx`: a short flag that takes no value, with something glued to it.
    case malformed(String)
}

/// Splits argv into short flags, long flags and values, honouring `--`. A tiny lexer, so
/// each command parses its own flags with a plain loop.
struct ArgumentLexer {
    private var arguments: ArraySlice<String>
    private var onlyValues = false
    /// What followed a short flag in the same word (`svg` of `-Tsvg`), until a value is asked for.
    private var glued: (flag: String, rest: String)?

    init(_ arguments: [String]) { self.arguments = arguments[...] }

    mutating func next() -> ArgumentToken? {
        if let glued {
            self.glued = nil
            return .malformed(glued.flag + glued.rest)
        }
        guard let argument = arguments.popFirst() else { return nil }
        if onlyValues { return .value(argument) }
        if argument == "--" {
            onlyValues = true
            return next()
        }
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                return .long(String(body[..<equals]), value: String(body[body.index(after: equals)...]))
            }
            return .long(String(body), value: nil)
        }
        if argument.hasPrefix("-"), argument.count >= 2 {
            let flag = argument.dropFirst().first!
            if argument.count > 2 { glued = ("-\(flag)", String(argument.dropFirst(2))) }
            return .short(flag)
        }
        return .value(argument)
    }

    /// The value that follows a flag: `-o FILE` (or `-oFILE`), `--format jsonl` (or `--format=jsonl`).
    mutating func value(for flag: String, inline: String? = nil, command: String) throws(CommandLineExit) -> String {
        if let inline { return inline }
        if let glued {
            self.glued = nil
            return glued.rest
        }
        guard let argument = arguments.popFirst() else { throw .usage(UsageError("\(flag) needs a value"), command: command) }
        return argument
    }
}

/// A command line that does not make sense; exit status 2.
struct UsageError: Error {
    var message: String
    var notes: [String]
    init(_ message: String, notes: [String] = []) {
        self.message = message
        self.notes = notes
    }
}
