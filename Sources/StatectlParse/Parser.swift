/// Parses one line of an event script into statements.
///
/// A script is parsed a line at a time so that `statectl run` can stream a file of any
/// length in constant memory. Statements on one line are separated by `;`.
///
///     let parsed = Parser.parse(line: Array("start; wait 300ms".utf8), number: 1)
///     parsed.statements.count  // 2
public enum Parser {
    public static func parse(line: [UInt8], number: Int) -> ParsedLine {
        var parser = LineParser()
        return line.withUnsafeBufferPointer { parser.parse(line: $0, number: number) }
    }

    public static func parse(line: UnsafeBufferPointer<UInt8>, number: Int) -> ParsedLine {
        var parser = LineParser()
        return parser.parse(line: line, number: number)
    }
}

/// A parser kept from line to line, so its token buffer is allocated once per script
/// (and its statement list too, when the caller hands each line's back with `recycle`).
public struct LineParser {
    /// The last line's tokens, closed by `.end`: the first `tokenCount` (0 when it did not
    /// lex); the rest are stale, kept for their storage.
    var tokens: TokenBuffer { cursor.tokens }
    var tokenCount = 0
    /// The cursor that walks each line's tokens, kept with them (and the spare argument
    /// lists) from line to line: made and dropped per line, it released both lists it held.
    /// Its `source` points into the last line parsed, read only while parsing it.
    private var cursor = TokenCursor(tokens: TokenBuffer(), source: UnsafeBufferPointer(start: nil, count: 0), line: 0)
    /// An empty list with room, for the next line's statements.
    private var spareStatements: [Statement] = []

    /// `knownWords`: the long words of the model the lines are written for, made once
    /// (`KnownWords`); none by default, when the model is not known yet.
    public init(knownWords: KnownWords = .none) {
        cursor.knownWords = knownWords
    }

    /// `line` excludes the line break; a trailing carriage return (CRLF files) is ignored.
    /// `checkedUTF8`: the line was found to be UTF-8 before (a run reads the text its check
    /// read), so it is not validated again.
    public mutating func parse(line raw: UnsafeBufferPointer<UInt8>, number: Int, checkedUTF8: Bool = false) -> ParsedLine {
        // First: a line that fails before lexing must not leave the last line's tokens
        // behind for `parseSpec` to read against its own bytes.
        tokenCount = 0
        let line = Self.text(of: raw)
        if !checkedUTF8, let invalid = UTF8Validation.firstInvalidByte(in: line) {
            return ParsedLine(diagnostics: [Diagnostic(
                id: "invalid-utf8", span: SourceSpan(line: number, bytes: invalid..<invalid + 1),
                message: "invalid UTF-8 byte 0x\(String(line[invalid], radix: 16, uppercase: true))",
                notes: [DiagnosticNote("scripts must be UTF-8 text")])])
        }
        var lexer = Lexer(bytes: line, line: number)
        do {
            tokenCount = try lexer.tokenize(into: cursor.tokens)
        } catch {
            return ParsedLine(diagnostics: [error])
        }
        var result = ParsedLine()
        swap(&result.statements, &spareStatements)
        // Sized once: growing from one statement to two reallocated on most lines. A list
        // handed back by `recycle` has the room an earlier line needed, mostly enough.
        if result.statements.capacity == 0 {
            var separators = 0
            for index in 0..<tokenCount where cursor.tokens[index].isSemicolon { separators += 1 }
            result.statements.reserveCapacity(separators + 1)
        }
        cursor.restart(source: line, line: number)
        while !cursor.atEnd {
            if cursor.tokens[cursor.index].isSemicolon { cursor.advance(); continue }
            do {
                result.statements.append(try cursor.statement())
            } catch {
                result.diagnostics.append(error)
                cursor.skipToNextStatement()
            }
        }
        return result
    }

    /// A line's text: without a trailing carriage return (CRLF files), which is ignored.
    /// Inlinable: the session asks for every line it feeds, where a call cost more than this.
    @inlinable
    public static func text(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let last = line.last, last == 0x0D else { return line }
        return UnsafeBufferPointer(rebasing: line.dropLast())
    }

    /// Whether a line's text is UTF-8 (a line that is not does not parse).
    public static func isUTF8(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Validation.firstInvalidByte(in: text) == nil
    }

    /// The statement at `range` of a line's UTF-8 `text` (a range from `statementRanges`),
    /// as `parse` would parse it there, its spans in the line; nil when it does not parse on
    /// its own. Then the whole line should be parsed, for its diagnostics.
    public mutating func statement(in text: UnsafeBufferPointer<UInt8>, at range: Range<Int>, number: Int) -> Statement? {
        try? statementAlone(in: text, at: range, number: number)
    }

    /// `statement(in:at:number:)` throwing where that returns nil: a statement returned as
    /// an optional was copied whole (128 bytes) twice more on its way to the caller, and its
    /// case read by a call. `validatingUTF8`: `text` was not checked, and throws when it is
    /// not UTF-8; validated only when the lexer cannot tell it is ASCII (a byte of 0x80 or
    /// above in a string, or text it did not lex: a comment, or outside `range`), where a
    /// pass of its own over every line cost about 20 instructions a line.
    public mutating func statementAlone(in text: UnsafeBufferPointer<UInt8>, at range: Range<Int>, number: Int,
                                        validatingUTF8: Bool = false) throws(NotAStatementAlone) -> Statement {
        // The lexer sees the line up to the statement's end, from its start.
        var lexer = Lexer(bytes: UnsafeBufferPointer(rebasing: text[..<range.upperBound]), line: number)
        lexer.position = range.lowerBound
        tokenCount = 0
        do {
            tokenCount = try lexer.tokenize(into: cursor.tokens)
        } catch {
            throw NotAStatementAlone()
        }
        if validatingUTF8 {
            // The `.end` token is where lexing stopped: a comment's start, or the text's end.
            let lexedAll = range.lowerBound == 0 && cursor.tokens[tokenCount &- 1].bytes.lowerBound == text.count
            if !(lexedAll && !lexer.stringsHadNonASCII) && !Self.isUTF8(text) {
                tokenCount = 0
                throw NotAStatementAlone()
            }
        }
        cursor.restart(source: text, line: number)
        do {
            return try cursor.statement(alone: true)
        } catch {
            throw NotAStatementAlone()
        }
    }

    /// Takes back a line's statements once they are no longer needed, so that the next
    /// line reuses their list's storage instead of allocating its own.
    public mutating func recycle(_ parsed: inout ParsedLine) {
        recycle(&parsed.statements)
    }

    /// The same for a list of statements.
    public mutating func recycle(_ statements: inout [Statement]) {
        swap(&statements, &spareStatements)
        // A freak line of many thousand statements does not keep its list's memory.
        guard spareStatements.capacity <= 256 else { spareStatements = []; return }
        // One at a time from the end: each is destroyed by code made for `Statement`, where
        // `removeAll` destroyed them through the type's generic value witness.
        while !spareStatements.isEmpty { spareStatements.removeLast() }
    }

    /// Takes back a compiled call's argument list (`Statement.argumentList`, read before the
    /// statement was compiled and dropped), for a later call to fill: emptied here one
    /// argument at a time by code made for `Argument`, where freeing the list destroyed
    /// each through the type's generic value witness.
    public mutating func recycle(arguments: consuming [Argument]) {
        guard cursor.spareArgumentLists.count < 16, arguments.capacity <= 16 else { return }
        var list = arguments
        while !list.isEmpty { list.removeLast() }
        // Moved in: appended as a copy, the list was retained and released again. Into the
        // single slot first: statements are mostly parsed and compiled one at a time, and
        // the list of lists cost a uniqueness check and a capacity check each way.
        if cursor.spareArgumentList == nil {
            cursor.spareArgumentList = consume list
        } else {
            cursor.spareArgumentLists.append(consume list)
        }
    }
}

/// What `LineParser.statementAlone` throws: the text does not parse as one statement on
/// its own (the whole line is then parsed, for its diagnostics).
public struct NotAStatementAlone: Error {}

/// Walks a line's tokens; one method per grammar rule.
struct TokenCursor {
    /// The line's tokens, closed by `.end`; a buffer shared with the parser that lexed them.
    let tokens: TokenBuffer
    /// The line the tokens' byte ranges point into.
    var source: UnsafeBufferPointer<UInt8>
    var line: Int
    var index = 0
    /// In an `events` list a ',' ends a statement as ';' does.
    var commaEndsStatement = false
    /// Brackets open around the value being parsed; bounded by `maximumNestingDepth`.
    var depth = 0
    /// Empty lists with room, taken for argument lists before allocating new ones: the one
    /// handed back last, if none has taken it since, and the others.
    var spareArgumentList: [Argument]?
    var spareArgumentLists: [[Argument]] = []
    /// Long words handed out as made once, not made from the line's bytes.
    var knownWords = KnownWords.none
    let smallStrings = SmallASCIIStrings()

    /// Ready to walk the tokens just written, of `source`'s line `line`.
    mutating func restart(source: UnsafeBufferPointer<UInt8>, line: Int) {
        self.source = source
        self.line = line
        index = 0
        commaEndsStatement = false
        depth = 0
    }

    var peek: Token { tokens[index] }
    var atEnd: Bool { tokens[index].isEnd }

    // Wrapping: the index stays below the token buffer's count, far from overflowing; the
    // overflow check was a test and a branch at each of several steps a statement.
    mutating func advance() { if !atEnd { index &+= 1 } }

    /// Moves past the current token, which the caller has seen is not `.end`: `advance`
    /// without its check, for the argument lists' and values' tokens.
    mutating func stepOver() { index &+= 1 }

    mutating func skipToNextStatement() {
        while !atEnd, !tokens[index].isSemicolon { index += 1 }
    }

    func span(_ bytes: Range<Int>) -> SourceSpan { SourceSpan(line: line, bytes: bytes) }

    /// A token's text as a `String`: an identifier's or number's bytes, a version's after
    /// the `@`, a string's value with its escapes decoded.
    func text(_ token: Token) -> String {
        switch token.kind {
        case .string: return string(UnsafeBufferPointer(rebasing: source[token.bytes.lowerBound + 1..<token.bytes.upperBound - 1]))
        case .escapedString: return Lexer.decodeEscapes(token.bytes, in: source)
        case .version: return string(UnsafeBufferPointer(rebasing: source[token.bytes.lowerBound + 1..<token.bytes.upperBound]))
        default: return string(UnsafeBufferPointer(rebasing: source[token.bytes]))
        }
    }

    /// A `String` of `bytes`: made in place when short and ASCII, as names, labels and
    /// numbers are; by the library otherwise.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        smallStrings.string(bytes) ?? Lexer.string(bytes)
    }

    /// Whether the token is the identifier `word` (ASCII, 1 to 8 bytes: the grammar's
    /// keywords), compared as bytes. Inlined, so that the word's length is a constant and
    /// most tokens are turned away by one compare; then two loads that may overlap compare
    /// all of it, where a loop compared a byte at a time (`expect` took about 30 instructions).
    @inline(__always)
    func isWord(_ token: Token, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        assert(count >= 1 && count <= 8, "a keyword of 1 to 8 bytes")
        guard case .identifier = token.kind, token.bytes.count == count else { return false }
        // Unsafe: reads only the token's `count` bytes, inside the line, and the word's. The
        // line holds the token's bytes, so it has a start: unwrapped unchecked, as its test
        // cost three instructions for every keyword compared.
        let text = UnsafeRawPointer(source.baseAddress.unsafelyUnwrapped + token.bytes.lowerBound)
        let expected = UnsafeRawPointer(word.utf8Start)
        if count >= 4 {
            return text.loadUnaligned(as: UInt32.self) == expected.loadUnaligned(as: UInt32.self)
                && text.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == expected.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        if count >= 2 {
            return text.loadUnaligned(as: UInt16.self) == expected.loadUnaligned(as: UInt16.self)
                && text.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
                    == expected.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
        }
        return text.load(as: UInt8.self) == expected.load(as: UInt8.self)
    }

    /// An identifier's or a number's text, its bytes: `text` without its switch over the
    /// token's kind, for the callers that know it (a name or a value, several a statement).
    /// A word scripts use often is handed out as made once (`KnownWords`).
    @inline(__always)
    func plainText(_ token: Token) -> String {
        let bytes = UnsafeBufferPointer(rebasing: source[token.bytes])
        return knownWords.word(bytes) ?? string(bytes)
    }

    /// A name made from an identifier token. Inlined: several a statement.
    @inline(__always)
    func name(_ token: Token) -> Name { Name(plainText(token), span: span(token.bytes)) }

    func error(_ id: String, _ message: String, at token: Token, notes: [DiagnosticNote] = []) -> Diagnostic {
        // An error at the end of the line points just past its last token.
        Diagnostic(id: id, span: span(token.bytes.isEmpty ? token.bytes.lowerBound..<token.bytes.lowerBound + 1 : token.bytes),
                   message: message, notes: notes)
    }

    /// statement := 'model' NAME ('@' VERSION)? | 'wait' DURATION | 'expect' condition
    ///            | NAME '=' value | NAME ( '(' arguments ')' )?
    /// `alone`: the statement must end the tokens (`LineParser.statementAlone`), a `;` after
    /// it is an error. Checked here, where the statement is made: checked by the caller,
    /// the statement was copied whole (128 bytes) once more on its way out.
    @inline(__always)  // into the line's loop, as `arguments` is into it
    mutating func statement(alone: Bool = false) throws(Diagnostic) -> Statement {
        let first = peek
        guard case .identifier = first.kind else {
            throw error("expected-statement", "expected a statement, found \(describe(first))", at: first)
        }
        stepOver()
        let form: Statement.Form
        if isWord(first, "model") {
            guard case .identifier = peek.kind else {
                throw error("expected-model-name", "expected a model name after 'model'", at: peek)
            }
            let modelName = self.name(peek)
            advance()
            var version: Name?
            if case .version = peek.kind {
                version = Name(text(peek), span: span(peek.bytes.lowerBound + 1..<peek.bytes.upperBound))
                advance()
            }
            form = .model(modelName, version: version)
        } else if isWord(first, "wait") {
            switch peek.kind {
            case .duration:
                form = .wait(milliseconds: peek.value)
                stepOver()
            case .integer, .inexactNumber:
                let number = text(peek)
                throw error("duration-without-unit", "duration needs a unit", at: peek,
                                      notes: [DiagnosticNote("write \(number)ms or \(number)s")])
            default:
                throw error("expected-duration", "expected a duration after 'wait', such as 300ms or 0.3s", at: peek)
            }
        } else if isWord(first, "expect") {
            // One comparison keeps its own form (and record); `and`/`or`/`not` make a condition.
            // Most are one comparison, read here directly: through the condition grammar's
            // three levels it was built as a `Condition` and taken apart again.
            let start = index
            // The token after the identifier unchecked, as in `argument`.
            if case .identifier = peek.kind, !isWord(peek, "not") {
                let comparison: Comparison?
                switch tokens[index + 1].kind {
                case .equal: comparison = .equal
                case .notEqual: comparison = .notEqual
                default: comparison = nil
                }
                if let comparison {
                    let property = self.name(peek)
                    stepOver(); stepOver()
                    let value = try value()
                    if atEnd || (!alone && (tokens[index].isSemicolon || (commaEndsStatement && tokens[index].isComma))) {
                        let end = tokens[index - 1].bytes.upperBound
                        return Statement(.expect(property: property, comparison, value), span: span(first.bytes.lowerBound..<end))
                    }
                    // More follows (`and`, `or`, or an error): read as a condition from the start.
                    index = start
                }
            }
            let condition = try self.condition()
            if case .comparison(let property, let comparison, let value) = condition {
                form = .expect(property: property, comparison, value)
            } else {
                form = .expectCondition(condition)
            }
        } else {
            let name = self.name(first)
            let word = name.text
            switch peek.kind {
            case .assign:
                stepOver()
                form = .assignment(name, try value())
            case .leftParen:
                form = .call(name, arguments: try arguments())
            case .equal:
                throw error("expected-assignment", "use '=' to set '\(word)', or 'expect \(word) ==' to check it", at: peek)
            case .identifier:
                let subject = self.name(peek)
                advance()
                form = try declaration(keyword: name, subject: subject)
            default:
                form = .call(name, arguments: nil)
            }
        }
        guard atEnd || (!alone && (tokens[index].isSemicolon || (commaEndsStatement && tokens[index].isComma))) else {
            throw error("expected-end", "expected ';' or the end of the line, found \(describe(peek))", at: peek)
        }
        let end = tokens[index - 1].bytes.upperBound
        return Statement(form, span: span(first.bytes.lowerBound..<end))
    }

    /// declaration := NAME NAME (':' (NAME (',' NAME)*)?)? ('(' arguments ')')?
    mutating func declaration(keyword: Name, subject: Name) throws(Diagnostic) -> Statement.Form {
        var names: [Name]?
        if case .colon = tokens[index].kind {
            advance()
            var list: [Name] = []
            while case .identifier = peek.kind {
                list.append(name(peek))
                advance()
                guard case .comma = tokens[index].kind else { break }
                advance()
                guard case .identifier = peek.kind else {
                    throw error("expected-name", "expected a name after ','", at: peek)
                }
            }
            names = list
        }
        var arguments: [Argument]?
        if case .leftParen = tokens[index].kind { arguments = try self.arguments() }
        return .declaration(keyword: keyword, subject: subject, names: names, arguments: arguments)
    }

    /// arguments := '(' (argument (',' argument)*)? ')'   argument := (NAME ':')? value
    /// A call of its own, each argument read inline: inlined into `statement`, with a call
    /// for each argument, a distinct line cost about 17 instructions more once names were
    /// made in place (`SmallASCIIStrings`); before, that way paid.
    @inline(never)
    mutating func arguments() throws(Diagnostic) -> [Argument] {
        let open = peek
        stepOver()
        if case .rightParen = tokens[index].kind { stepOver(); return [] }
        // A list handed back has the room its last call needed, mostly enough (appending
        // grows it otherwise): only a new one is sized by counting the arguments first.
        // Taken with `removeLast` after a test: `popLast() ?? []` retained and released it.
        var arguments: [Argument] = []
        if spareArgumentList != nil {
            // Swapped out, so that the slot is left empty without a copy of the list (one
            // copy, and the list's first append copied its storage).
            var handedBack: [Argument]? = nil
            swap(&handedBack, &spareArgumentList)
            arguments = handedBack!
        } else if spareArgumentLists.isEmpty {
            arguments.reserveCapacity(argumentCount())
        } else {
            arguments = spareArgumentLists.removeLast()
        }
        while true {
            arguments.append(try argument())
            switch peek.kind {
            case .comma: stepOver()
            case .rightParen: stepOver(); return arguments
            case .end, .semicolon:
                throw error("unclosed-parenthesis", "expected ')' to close the argument list", at: peek,
                                      notes: [DiagnosticNote("the list opens here", span: span(open.bytes))])
            default:
                throw error("expected-comma", "expected ',' or ')' after an argument, found \(describe(peek))", at: peek)
            }
        }
    }

    /// argument := (NAME ':')? value. Inlined into the list's loop (see `arguments`).
    /// Appending the argument still copies it into the list and destroys the original;
    /// moving it was not found.
    @inline(__always)
    mutating func argument() throws(Diagnostic) -> Argument {
        // The token after an identifier is read unchecked: the line's tokens end with `.end`,
        // so one follows every other (`TokenBuffer`).
        if case .identifier = peek.kind, case .colon = tokens[index &+ 1].kind {
            let label = name(peek)
            stepOver(); stepOver()
            return Argument(label: label, value: try value())
        }
        return Argument(label: nil, value: try value())
    }

    /// How many arguments the list at the cursor holds (its top-level commas, plus one), so
    /// its array is allocated once rather than at every doubling. A guess on a malformed
    /// line, where the count only sizes an array that a diagnostic replaces.
    @inline(__always)
    func argumentCount() -> Int {
        var count = 1, depth = 0, at = index
        while at < tokens.count {
            switch tokens[at].kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightBracket: depth -= 1
            case .rightParen:
                if depth == 0 { return count }
                depth -= 1
            case .comma where depth == 0: count += 1
            case .semicolon, .end: return count
            default: break
            }
            at += 1
        }
        return count
    }

    /// value := NAME | STRING | NUMBER | DURATION | list
    /// Inlined into its callers (several values a statement), a list apart: a call cost
    /// about 25 instructions a value.
    @inline(__always)
    mutating func value() throws(Diagnostic) -> Expression {
        let token = peek
        switch token.kind {
        case .identifier: stepOver(); return Expression(.identifier(plainText(token)), span: span(token.bytes))
        case .string, .escapedString: stepOver(); return Expression(.string(text(token)), span: span(token.bytes))
        case .integer, .inexactNumber:
            stepOver()
            let integer = token.integer
            // Written as the number's own spelling (no leading zero, not `-0`), its text is
            // not kept: it can be spelled again from the value.
            let first = token.bytes.lowerBound
            let digits = source[first] == UInt8(ascii: "-") ? first + 1 : first
            if let integer, source[digits] != UInt8(ascii: "0") || token.bytes.count == 1 {
                return Expression(.number(NumberLiteral(spelledAs: integer)), span: span(token.bytes))
            }
            // By `text`, a call: a second string made inline made `value` too large to be
            // inlined, for a spelling that is rare.
            return Expression(.number(NumberLiteral(text: text(token), integer: integer)), span: span(token.bytes))
        case .duration: stepOver(); return Expression(.duration(milliseconds: token.value), span: span(token.bytes))
        case .leftBracket: return try list()
        default:
            throw error("expected-value", "expected a value, found \(describe(token))", at: token)
        }
    }

    /// list := '[' (value (',' value)*)? ']'
    @inline(never)
    mutating func list() throws(Diagnostic) -> Expression {
        let token = peek
        guard depth < maximumNestingDepth else {
            throw error("nesting-too-deep", "lists nest more than \(maximumNestingDepth) deep", at: token,
                        notes: [DiagnosticNote("a value may nest at most \(maximumNestingDepth) brackets")])
        }
        depth += 1
        defer { depth -= 1 }
        advance()
        var elements: [Expression] = []
        if case .rightBracket = tokens[index].kind {
            advance()
            return Expression(.list(elements), span: span(token.bytes.lowerBound..<tokens[index - 1].bytes.upperBound))
        }
        while true {
            elements.append(try value())
            switch peek.kind {
            case .comma: advance()
            case .rightBracket:
                advance()
                return Expression(.list(elements), span: span(token.bytes.lowerBound..<tokens[index - 1].bytes.upperBound))
            default:
                throw error("expected-comma", "expected ',' or ']' in a list, found \(describe(peek))", at: peek)
            }
        }
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: return "'\(text(token))'"
        case .string, .escapedString: return "a string"
        case .integer, .inexactNumber: return "'\(text(token))'"
        case .duration: return "a duration"
        case .version: return "'@\(text(token))'"
        case .leftParen: return "'('"
        case .rightParen: return "')'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .comma: return "','"
        case .colon: return "':'"
        case .semicolon: return "';'"
        case .assign: return "'='"
        case .equal: return "'=='"
        case .notEqual: return "'!='"
        case .end: return "the end of the line"
        }
    }
}
