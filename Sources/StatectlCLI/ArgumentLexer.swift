/// One word of a command line, as the lexer sees it.
enum ArgumentToken: Equatable {
    /// `-o`; several short flags may share a dash (`-oT` is not supported: one each).
    case short(Character)
    /// `--format` or `--format=jsonl`.
    case long(String, value: String?)
    /// Anything else, and everything after `--`.
    case value(String)
}

/// Splits argv into short flags, long flags and values, honouring `--`. A tiny lexer, so
/// each command parses its own flags with a plain loop.
struct ArgumentLexer {
    private var arguments: ArraySlice<String>
    private var onlyValues = false

    init(_ arguments: [String]) { self.arguments = arguments[...] }

    mutating func next() -> ArgumentToken? {
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
        if argument.hasPrefix("-"), argument.count == 2 {
            return .short(argument.last!)
        }
        return .value(argument)
    }

    /// The value that follows a flag: `-o FILE`, `--format jsonl` (or `--format=jsonl`).
    mutating func value(for flag: String, inline: String? = nil, command: String) throws(CommandLineExit) -> String {
        if let inline { return inline }
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
