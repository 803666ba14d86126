/// A token of the event-script language, with its byte range in the line.
///
/// Tokens carry no text: names, strings and numbers are read from the line's bytes when the
/// parser needs them as `String`s, so a token is plain data (copying or dropping one
/// retains and releases nothing, and a keyword is compared as bytes).
///
/// The kind is a byte and a number's value a field of its own: as an enum with an `Int64?`
/// payload, the kind took a payload word and two tag bytes, every token written stored
/// them all, and telling `.end` or `.identifier` apart compared the tag and the payload.
struct Token {
    enum Kind: UInt8, Equatable {
        /// The text is the token's bytes.
        case identifier
        /// The text is between the quotes.
        case string
        /// A string whose text holds a backslash escape.
        case escapedString
        /// The text is the token's bytes; `value` is the number.
        case integer
        /// The text is the token's bytes: a number with a fraction or past 64 bits.
        case inexactNumber
        /// `value` is the milliseconds.
        case duration
        /// `@3.0.1` after a model name: the text is the bytes after the `@`.
        case version
        case leftParen, rightParen, leftBracket, rightBracket
        case comma, colon, semicolon, assign, equal, notEqual
        case end
    }

    var bytes: Range<Int>
    /// An integer's value or a duration's milliseconds; 0 for other kinds.
    var value: Int64
    var kind: Kind

    init(kind: Kind, bytes: Range<Int>, value: Int64 = 0) {
        self.bytes = bytes
        self.value = value
        self.kind = kind
    }

    /// A token of the bytes from `start` to `end`, which is not before it: the lexer's
    /// position only moves on. Unchecked: the range's check of its bounds took two
    /// instructions a token.
    @inline(__always)
    init(kind: Kind, from start: Int, to end: Int, value: Int64 = 0) {
        assert(start <= end, "a token ends where it starts or after")
        self.init(kind: kind, bytes: Range(uncheckedBounds: (start, end)), value: value)
    }

    var isEnd: Bool { kind == .end }
    var isSemicolon: Bool { kind == .semicolon }
    var isComma: Bool { kind == .comma }
    var isIdentifier: Bool { kind == .identifier }
    /// A number literal, integer or not.
    var isNumber: Bool { kind == .integer || kind == .inexactNumber }
    /// A number's value, nil with a fraction or past 64 bits (`NumberLiteral.integer`).
    var integer: Int64? { kind == .integer ? value : nil }
}

/// Room for a line's tokens, kept by a parser from line to line: the lexer writes each token
/// straight into it, and the parser reads them back, with no array between. As an array,
/// every statement lexed paid for a uniqueness check and a closure around the writes, and
/// every token read for a bounds check. A class, so that it frees its memory.
///
/// Every slot is always initialized (with `.end` when made, then with tokens of earlier
/// lines), so reading any index below `count` is defined; the parser reads a line's tokens
/// up to its `.end`, and looks one past a token only below `count`.
final class TokenBuffer {
    private(set) var base: UnsafeMutablePointer<Token>
    /// The number of slots, all initialized.
    private(set) var count: Int

    init(count: Int = 32) {
        base = .allocate(capacity: count)
        base.initialize(repeating: Token(kind: .end, bytes: 0..<0), count: count)
        self.count = count
    }

    deinit {
        // Tokens are plain data: nothing to deinitialize.
        base.deallocate()
    }

    /// The token at `index`, which is below `count`.
    @inline(__always)
    subscript(index: Int) -> Token {
        assert(index >= 0 && index < count, "token index out of range")
        // Unsafe: `index` is below `count` (the parser's reads are, as above), and every slot is initialized.
        return base[index]
    }

    /// Twice the slots, the tokens kept. A call of its own: inlined, its set-up was hoisted to
    /// the start of `Lexer.tokenize`, which paid for it on every statement lexed.
    @inline(never)
    func grow() {
        let larger = UnsafeMutablePointer<Token>.allocate(capacity: count * 2)
        larger.moveInitialize(from: base, count: count)
        (larger + count).initialize(repeating: Token(kind: .end, bytes: 0..<0), count: count)
        base.deallocate()
        base = larger
        count *= 2
    }
}

/// Longest `wait` the language takes: a day. Longer waits say more about a typo than a UI.
public let maximumWaitMilliseconds: Int64 = 86_400_000

/// Splits one line (without its line break) into tokens. Works on bytes: the line has been
/// checked to be UTF-8 (or is checked after, `LineParser.statementAlone`), and everything
/// outside strings and comments is ASCII.
struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    let line: Int
    var position = 0
    /// Whether a string lexed so far holds a byte of 0x80 or above: outside strings and
    /// comments such a byte is no token, so a line lexed to its end without one is ASCII,
    /// and need not be validated.
    var stringsHadNonASCII = false

    init(bytes: UnsafeBufferPointer<UInt8>, line: Int) {
        self.bytes = bytes
        self.line = line
    }

    private func span(_ range: Range<Int>) -> SourceSpan { SourceSpan(line: line, bytes: range) }

    /// All tokens up to a comment or the end of the line, closed by `.end`, written over
    /// `tokens` from its start; returns how many, or throws the first lexical error.
    /// `tokens` only grows, its slots past the count left as they were.
    mutating func tokenize(into tokens: TokenBuffer) throws(Diagnostic) -> Int {
        // A copy of the lexer in a local, handed back at the end: as `self`, the position
        // was stored to memory at every byte.
        var lexer = self
        var written = 0
        while true {
            if written == tokens.count { tokens.grow() }
            // The start and count in locals, read again only after growing.
            let base = tokens.base, room = tokens.count
            while written < room {
                lexer.skipBlanks()
                // Identifiers first, most tokens, each written here: through `next`, an
                // identifier was tested for being the line's end, as the others are.
                if let identifier = lexer.identifier() {
                    // Unsafe: `written` is below the buffer's count, which the loop checks.
                    base[written] = identifier
                    written &+= 1  // below the count: cannot overflow
                    continue
                }
                // `(`, `)`, `[`, `]`, `,`, `:` and `;`, by the map that told identifiers: through
                // `next`'s jump table, each took several instructions more.
                if let punctuation = lexer.singleByteToken() {
                    // Unsafe: as above.
                    base[written] = punctuation
                    written &+= 1
                    continue
                }
                let token = try lexer.next()
                // Unsafe: as above.
                base[written] = token
                written &+= 1
                if token.isEnd {
                    self = lexer
                    return written
                }
            }
        }
    }

    // The readers below inlined into `tokenize`'s loop, where the position can stay in a register.

    /// Moves past spaces and tabs.
    @inline(__always)
    private mutating func skipBlanks() {
        // One compare turns away a token's first byte (above the space); then space or tab.
        while position < bytes.count, bytes[position] <= 0x20, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    /// The identifier at the position, if one starts there. Tested before the other
    /// tokens: past `next`'s jump table and its tests for digits and '-', an identifier
    /// took about 15 instructions more.
    @inline(__always)
    private mutating func identifier() -> Token? {
        let start = position
        guard position < bytes.count, Lexer.isIdentifierStart(bytes[position]) else { return nil }
        position += 1
        // Four bytes a step while four are left, one bounds test for the four: a byte at a
        // time, the test and the position's step took four of the seven instructions a byte.
        while position &+ 4 <= bytes.count {
            guard Lexer.isIdentifierPart(bytes[position]) else { return Token(kind: .identifier, from: start, to: position) }
            guard Lexer.isIdentifierPart(bytes[position &+ 1]) else { position &+= 1; return Token(kind: .identifier, from: start, to: position) }
            guard Lexer.isIdentifierPart(bytes[position &+ 2]) else { position &+= 2; return Token(kind: .identifier, from: start, to: position) }
            guard Lexer.isIdentifierPart(bytes[position &+ 3]) else { position &+= 3; return Token(kind: .identifier, from: start, to: position) }
            position &+= 4
        }
        // Fewer than four bytes left: tested one by one, with no loop (a loop's pointer was
        // set up for every token).
        if position < bytes.count, Lexer.isIdentifierPart(bytes[position]) {
            position &+= 1
            if position < bytes.count, Lexer.isIdentifierPart(bytes[position]) {
                position &+= 1
                if position < bytes.count, Lexer.isIdentifierPart(bytes[position]) { position &+= 1 }
            }
        }
        return Token(kind: .identifier, from: start, to: position)
    }

    /// The token of one byte at the position, if one is there (`identifierBytes`).
    @inline(__always)
    private mutating func singleByteToken() -> Token? {
        guard position < bytes.count else { return nil }
        // Unsafe: reads one of the map's 256 bytes.
        let code = Lexer.identifierBytes.utf8Start[Int(bytes[position])]
        guard code < UInt8(ascii: ".") else { return nil }
        position &+= 1
        // Unsafe: the code less 0x20 is a kind's raw value, which is also the case's own bits
        // (cases numbered in order from 0); `Kind(rawValue:)` was a call for every token.
        return Token(kind: unsafeBitCast(code &- 0x20, to: Token.Kind.self), from: position &- 1, to: position)
    }

    /// The token at the position, which is not a blank, an identifier's start or a token of
    /// one byte.
    @inline(__always)
    private mutating func next() throws(Diagnostic) -> Token {
        let start = position
        guard position < bytes.count else { return Token(kind: .end, from: start, to: start) }
        let byte = bytes[position]
        position += 1
        func single(_ kind: Token.Kind) -> Token { Token(kind: kind, from: start, to: position) }
        switch byte {
        case UInt8(ascii: "#"):
            // A comment: the line's tokens end where it starts.
            position = start
            return Token(kind: .end, from: start, to: start)
        case UInt8(ascii: "="):
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") { position += 1; return single(.equal) }
            return single(.assign)
        case UInt8(ascii: "!"):
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") { position += 1; return single(.notEqual) }
            throw Diagnostic(id: "unexpected-character", span: span(start..<position),
                             message: "unexpected character '!'", notes: [DiagnosticNote("write '!=' to compare for inequality")])
        case UInt8(ascii: "\""): return try lexString(from: start)
        case UInt8(ascii: "@"):
            // A version is opaque text to the language: which ones exist is the model catalog's business.
            while position < bytes.count, Lexer.isVersionPart(bytes[position]) { position += 1 }
            guard position > start + 1 else {
                throw Diagnostic(id: "expected-version", span: span(start..<start + 1), message: "expected a version after '@'",
                                 notes: [DiagnosticNote("write it as in 'model StatefulViewController@3.0.1'")])
            }
            return single(.version)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // A whole number of up to 18 digits (no overflow), as most are, or whole
            // milliseconds in range, read here: through `lexNumber`, the call alone cost
            // about 30 instructions. Anything else (another unit, a fraction, more digits)
            // is read again there.
            var value = Int64(byte &- 0x30)
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                value = value &* 10 &+ Int64(bytes[position] &- 0x30)
                position &+= 1
            }
            if position &- start <= 18 {
                if position == bytes.count || (bytes[position] != UInt8(ascii: ".") && !Lexer.isIdentifierPart(bytes[position])) {
                    return Token(kind: .integer, from: start, to: position, value: value)
                }
                if value <= maximumWaitMilliseconds, position &+ 2 <= bytes.count,
                   bytes[position] == UInt8(ascii: "m"), bytes[position &+ 1] == UInt8(ascii: "s"),
                   position &+ 2 == bytes.count || !Lexer.isIdentifierPart(bytes[position &+ 2]) {
                    position &+= 2
                    return Token(kind: .duration, from: start, to: position, value: value)
                }
            }
            return try lexNumber(from: start)
        case UInt8(ascii: "-") where position < bytes.count && bytes[position] >= 0x30 && bytes[position] <= 0x39:
            // A negative number, such as a content offset; a negative duration is out of range.
            return try lexNumber(from: start, negative: true)
        default:
            // Point at the whole character, even when it takes several bytes.
            while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
            let character = text(start..<position)
            let shown = byte < 0x20 || byte == 0x7F ? "\\u{\(String(byte, radix: 16))}" : character
            throw Diagnostic(id: "unexpected-character", span: span(start..<position),
                             message: "unexpected character '\(shown)'")
        }
    }

    /// Letters and `_`, by one load from `identifierBytes`, as `isIdentifierPart`: compares
    /// took five instructions a token.
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        // Unsafe: reads one of the map's 256 bytes.
        identifierBytes.utf8Start[Int(byte)] == UInt8(ascii: "a")
    }

    /// Letters, digits and `_`, by one load from `identifierBytes`: compares, lowercase
    /// letters first, took three instructions for a lowercase byte and up to ten for a
    /// capital (camelCase names), a digit or the byte that ends the name.
    @inline(__always)
    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        // Unsafe: reads one of the map's 256 bytes.
        identifierBytes.utf8Start[Int(byte)] >= UInt8(ascii: "0")
    }

    /// For each byte, in order from 0x00 to 0xFF, what it may be in an identifier: 'a' for
    /// the letters and `_`, which may start one, '0' for the digits, which may follow, '.'
    /// for the rest ('.' < '0' < 'a'); 64 bytes a line (the last two, the bytes from 0x80).
    /// Of the rest, the seven bytes that are tokens on their own, `(`, `)`, `[`, `]`, `,`,
    /// `:` and `;`, are their kind's raw value plus 0x20, `'` to `-` (below '.'), read by
    /// `singleByteToken` from the same load as the identifier's test.
    /// A literal, so the map is constant data in the binary, read with no setup.
    @inline(__always)
    static var identifierBytes: StaticString {
        """
        ........................................'(..+...0000000000,-....\
        .aaaaaaaaaaaaaaaaaaaaaaaaaa).*.a.aaaaaaaaaaaaaaaaaaaaaaaaaa.....\
        ................................................................\
        ................................................................
        """
    }

    /// Letters, digits, `.`, `-`, `_` and `+`: release names such as 3.0.1, master, 2.0-beta.1.
    static func isVersionPart(_ byte: UInt8) -> Bool {
        isIdentifierPart(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A `String` of `bytes` (UTF-8, invalid sequences repaired as `String(decoding:)` does),
    /// for the texts the parser does not make in place (`SmallASCIIStrings`): long ones,
    /// or not ASCII. A call of its own: inlined into every name's and value's reading, it
    /// made them too large to be inlined themselves.
    @inline(never)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Finds the closing quote and checks every escape; the parser decodes the text
    /// (`TokenCursor.text`) when it needs it, so a string costs no copy here.
    private mutating func lexString(from start: Int) throws(Diagnostic) -> Token {
        var escaped = false
        while position < bytes.count {
            skipPlainStringBytes()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return Token(kind: escaped ? .escapedString : .string, from: start, to: position)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"): escaped = true
                default:
                    throw Diagnostic(id: "invalid-escape", span: span(position - 2..<position),
                                               message: "unknown escape sequence in string",
                                               notes: [DiagnosticNote("strings take \\\", \\\\, \\n and \\t")])
                }
            default:
                if byte >= 0x80 { stringsHadNonASCII = true }
            }
        }
        throw Diagnostic(id: "unterminated-string", span: span(start..<start + 1),
                                   message: "unterminated string", notes: [DiagnosticNote("add a closing '\"' on the same line")])
    }

    /// Moves past a string's bytes that are neither a quote, a backslash nor 0x80 or above,
    /// eight at a time while eight are left (the rest, and what it stops at, are read a byte
    /// at a time): a string's text, mostly plain, took a compare or two for every byte.
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        guard let base = bytes.baseAddress else { return }
        while position &+ 8 <= bytes.count {
            // Unsafe: reads the eight bytes at `position`, inside the buffer (checked above).
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // A string's quote or backslash, as statement ranges find them, or a byte of 0x80
            // or above (for `stringsHadNonASCII`): the lowest mark is the first.
            let found = SWAR.bytesThatMatter(word, inString: true) | word & SWAR.highs
            if found != 0 {
                position &+= found.trailingZeroBitCount &>> 3
                return
            }
            position &+= 8
        }
    }

    /// The text of a string token with escapes (checked by the lexer), whose bytes (quotes
    /// included) are `token` in `line`, the escapes decoded. (The text of one without is
    /// its bytes, copied once, straight from the line: a 100 MB error text must not cost
    /// several times its size.)
    static func decodeEscapes(_ token: Range<Int>, in line: UnsafeBufferPointer<UInt8>) -> String {
        let body = UnsafeBufferPointer(rebasing: line[token.lowerBound + 1..<token.upperBound - 1])
        var value: [UInt8] = []
        value.reserveCapacity(body.count)
        var index = 0
        while index < body.count {
            var byte = body[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                switch body[index] {
                case UInt8(ascii: "n"): byte = 0x0A
                case UInt8(ascii: "t"): byte = 0x09
                default: byte = body[index]
                }
                index += 1
            }
            value.append(byte)
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Digits, an optional fraction, and an optional unit that makes it a duration (`ms`, `s`).
    private mutating func lexNumber(from start: Int, negative: Bool = false) throws(Diagnostic) -> Token {
        func digits() { while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 } }
        // The integer part's value is read with its digits: read again in a second loop, it
        // cost a call. Eighteen digits cannot overflow 64 bits, so the loop does not check
        // (about eight instructions a digit fewer); a longer run is read again, checked (nil
        // past 64 bits).
        position = negative ? start + 1 : start
        let digitsStart = position
        var wrapped: Int64 = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            wrapped = wrapped &* 10 &+ Int64(bytes[position] &- 0x30)
            position += 1
        }
        let integerPart = position - digitsStart <= 18 ? wrapped : checkedValue(of: digitsStart..<position)
        var fractionRange = position..<position
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), bytes[position + 1] >= 0x30, bytes[position + 1] <= 0x39 {
            position += 1
            let fractionStart = position
            digits()
            fractionRange = fractionStart..<position
        }
        let numberEnd = position
        while position < bytes.count, Lexer.isIdentifierPart(bytes[position]) { position += 1 }
        if position == numberEnd {
            guard fractionRange.isEmpty, let integer = integerPart else { return Token(kind: .inexactNumber, from: start, to: position) }
            return Token(kind: .integer, from: start, to: position, value: negative ? -integer : integer)
        }
        if negative {
            throw Diagnostic(id: "duration-out-of-range", span: span(start..<position),
                             message: "duration out of range", notes: [DiagnosticNote("a duration cannot be negative")])
        }
        // The unit read from the bytes: making it a String for every number showed in profiles.
        let scale: Int64
        let unitBytes = UnsafeBufferPointer(rebasing: bytes[numberEnd..<position])
        switch unitBytes.count {
        case 2 where unitBytes[0] == UInt8(ascii: "m") && unitBytes[1] == UInt8(ascii: "s"): scale = 1
        case 1 where unitBytes[0] == UInt8(ascii: "s"): scale = 1000
        default:
            let unit = text(numberEnd..<position)
            throw Diagnostic(id: "unknown-unit", span: span(numberEnd..<position),
                                       message: "unknown unit '\(unit)'",
                                       notes: [DiagnosticNote("durations are written in ms or s, as in 300ms or 0.3s")])
        }
        if let milliseconds = durationValue(integer: integerPart, fraction: fractionRange, scale: scale) {
            guard milliseconds <= maximumWaitMilliseconds else {
                throw Diagnostic(id: "duration-out-of-range", span: span(start..<position),
                                           message: "duration out of range", notes: [DiagnosticNote("a duration is at most 86400s (one day)")])
            }
            return Token(kind: .duration, from: start, to: position, value: milliseconds)
        }
        if integerPart == nil || integerPart! > maximumWaitMilliseconds {
            throw Diagnostic(id: "duration-out-of-range", span: span(start..<position),
                                       message: "duration out of range", notes: [DiagnosticNote("a duration is at most 86400s (one day)")])
        }
        throw Diagnostic(id: "duration-fraction", span: span(start..<position),
                                   message: "duration is not a whole number of milliseconds")
    }

    /// The value of the decimal digits at `digits`, or nil past 64 bits.
    private func checkedValue(of digits: Range<Int>) -> Int64? {
        var value: Int64 = 0
        for index in digits {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(bytes[index] - 0x30))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// Exact milliseconds for integer.fraction × scale, or nil when it is not whole or too large.
    /// Inlined: most durations have no fraction, and the loop over it then folds away.
    @inline(__always)
    private func durationValue(integer: Int64?, fraction: Range<Int>, scale: Int64) -> Int64? {
        guard let integer, integer <= maximumWaitMilliseconds else { return nil }
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        for index in fraction {
            // Twelve digits are far past a millisecond; more could overflow the arithmetic.
            guard denominator < 1_000_000_000_000 else { return nil }
            numerator = numerator * 10 + Int64(bytes[index] - 0x30)
            denominator *= 10
        }
        let scaled = numerator * scale
        guard scaled % denominator == 0 else { return nil }
        return integer * scale + scaled / denominator
    }
}
