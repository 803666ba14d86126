import Testing
@testable import StatectlParse

private func ranges(_ line: String) -> [Range<Int>] {
    var found = StatementRangeList()
    Array(line.utf8).withUnsafeBufferPointer { statementRanges(in: $0, into: &found) }
    return Array(found)
}

/// The same cut a byte at a time, as the lexer reads the line.
private func bytewiseRanges(_ line: String) -> [Range<Int>] {
    let bytes = Array(line.utf8)
    var found: [Range<Int>] = []
    var start = 0, index = 0, inString = false
    func add(_ end: Int) {
        var lower = start, upper = end
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        if lower < upper { found.append(lower..<upper) }
    }
    while index < bytes.count {
        let byte = bytes[index]
        if inString {
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            if byte == UInt8(ascii: "\"") { inString = false }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: ";") {
            add(index)
            start = index + 1
        } else if byte == UInt8(ascii: "#") {
            add(index)
            return found
        }
        index += 1
    }
    add(bytes.count)
    return found
}

@Suite("Statement ranges")
struct StatementRangesTests {
    @Test("cuts at semicolons, trims spaces and tabs, stops at a comment")
    func plain() {
        #expect(ranges("start; wait 300ms  # soon; later") == [0..<5, 7..<17])
        #expect(ranges("\tstart\t;\twait 300ms\t") == [1..<6, 9..<19])
        #expect(ranges("") == [])
        #expect(ranges("   ") == [])
        #expect(ranges("# only a comment; start") == [])
        #expect(ranges(";; start ;") == [3..<8])
    }

    @Test("more than four statements, and a shorter line after them in the same list")
    func many() {
        var found = StatementRangeList()
        Array("a; b; c; d; e; f".utf8).withUnsafeBufferPointer { statementRanges(in: $0, into: &found) }
        #expect(Array(found) == [0..<1, 3..<4, 6..<7, 9..<10, 12..<13, 15..<16])
        Array("g; h".utf8).withUnsafeBufferPointer { statementRanges(in: $0, into: &found) }
        #expect(Array(found) == [0..<1, 3..<4])
    }

    @Test("a semicolon or a hash inside a string cuts nothing")
    func strings() {
        #expect(ranges("end(error: \"a; b # c\"); start") == [0..<22, 24..<29])
        #expect(ranges("end(error: \"a;b\")") == [0..<17])
    }

    @Test("escaped quotes and backslashes keep the string open or close it as the lexer does")
    func escapes() {
        // end(error: "say \"hi\"; ok"); start
        #expect(ranges(#"end(error: "say \"hi\"; ok"); start"#) == [0..<28, 30..<35])
        // end(error: "x\\"); start: the backslash is escaped, the quote closes the string.
        #expect(ranges(#"end(error: "x\\"); start"#) == [0..<17, 19..<24])
        // A backslash as the line's last byte, inside an unterminated string.
        #expect(ranges(#"start; end(error: "x\"#) == [0..<5, 7..<21])
    }

    @Test("an unterminated string runs to the end of the line")
    func unterminated() {
        #expect(ranges("start; end(error: \"a; b # c") == [0..<5, 7..<27])
    }

    @Test("brackets do not matter: the lexer does not track them either")
    func brackets() {
        #expect(ranges("expect visible == [empty, loading]; start") == [0..<34, 36..<41])
        #expect(ranges("addView(a; b)") == [0..<9, 11..<13])
    }

    @Test("agrees with a byte-at-a-time cut wherever the special bytes fall in a word")
    func agreesWithBytewise() {
        let alphabet: [Character] = [";", "\"", "#", "\\", " ", "\t", "a", "b", "(", "[", "é"]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<60 {
                let line = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                #expect(ranges(line) == bytewiseRanges(line), "\(line)")
            }
        }
    }

    @Test("says a line is ASCII exactly when every byte is below 0x80, comment and escapes included")
    func asciiAnswer() {
        let alphabet: [UInt8] = [0x3B, 0x22, 0x23, 0x5C, 0x20, 0x61, 0x28, 0x80, 0xC3, 0xA9, 0xFF]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<200 {
                // Mostly ASCII, so that a line's one high byte falls anywhere: after an escape, in a comment, in the tail.
                let line = (0..<length).map { _ in
                    Int.random(in: 0..<8, using: &generator) == 0 ? alphabet.randomElement(using: &generator)!
                                                                 : alphabet[Int.random(in: 0..<7, using: &generator)]
                }
                var found = StatementRangeList()
                let ascii = line.withUnsafeBufferPointer { statementRanges(in: $0, into: &found) }
                #expect(ascii == line.allSatisfy { $0 < 0x80 }, "\(line)")
            }
        }
    }

    @Test("on a line that parses, the ranges are the statements' spans")
    func parserSpans() {
        let lines = [
            "start; wait 300ms ;expect state == loading",
            "end(error: \"a; b\"); expect visible == [empty, loading]  # done",
            "hasContent = false;\tbounds(width: 320, height: 480);",
            #"end(error: "say \"hi\"; ok", animated: false); expect completions == 3"#,
        ]
        for line in lines {
            let parsed = Parser.parse(line: Array(line.utf8), number: 1)
            #expect(parsed.diagnostics.isEmpty)
            #expect(ranges(line) == parsed.statements.map(\.span.bytes), "\(line)")
        }
    }

    @Test("a statement parsed alone is the one the whole line parses, spans in the line")
    func statementAlone() {
        let line = Array("start; end(error: \"a; b\", animated: false) # note".utf8)
        let whole = Parser.parse(line: line, number: 7)
        var parser = LineParser()
        var found = StatementRangeList()
        line.withUnsafeBufferPointer { text in
            statementRanges(in: text, into: &found)
            let alone = found.map { parser.statement(in: text, at: $0, number: 7) }
            #expect(alone == whole.statements)
        }
        // One that does not parse on its own gives nil, for the caller to parse the whole line.
        Array("start(; wait 1ms".utf8).withUnsafeBufferPointer { text in
            #expect(parser.statement(in: text, at: 0..<6, number: 1) == nil)
        }
    }

    @Test("a statement parsed alone validating UTF-8 throws for a line that is not, wherever the bad byte is")
    func statementAloneValidatingUTF8() {
        var parser = LineParser()
        func parses(_ line: [UInt8]) -> Bool {
            line.withUnsafeBufferPointer { text in
                (try? parser.statementAlone(in: text, at: 0..<text.count, number: 1, validatingUTF8: true)) != nil
            }
        }
        let quote = Array("end(error: \"".utf8), close = Array("\")".utf8)
        #expect(parses(quote + Array("café, and a longer text after it".utf8) + close))
        #expect(parses(quote + Array("€".utf8) + close))
        #expect(parses(Array("wait 1ms # café".utf8)))
        #expect(!parses(quote + [0xFF] + close))
        #expect(!parses(quote + Array("a longer text, then".utf8) + [0xC3] + Array(" and more".utf8) + close))
        #expect(!parses(quote + [0xED, 0xA0, 0x80] + close))
        #expect(!parses(Array("wait 1ms # ".utf8) + [0xFE]))
        #expect(!parses(Array("wait 1ms ".utf8) + [0xFF]))
        // The same statements parse without validating, bad bytes in strings and comments included.
        Array(quote + [0xFF] + close).withUnsafeBufferPointer { text in
            #expect((try? parser.statementAlone(in: text, at: 0..<text.count, number: 1)) != nil)
        }
    }
}
