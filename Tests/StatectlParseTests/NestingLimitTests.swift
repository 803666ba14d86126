import Testing
@testable import StatectlParse

@Suite("Nesting limit")
struct NestingLimitTests {
    private func parse(_ line: String) -> ParsedLine {
        Parser.parse(line: Array(line.utf8), number: 1)
    }

    @Test("lists nested up to the limit parse")
    func atTheLimit() {
        let value = String(repeating: "[", count: maximumNestingDepth) + String(repeating: "]", count: maximumNestingDepth)
        let parsed = parse("expect visible == " + value)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.statements.count == 1)
    }

    @Test("one bracket past the limit is reported at that bracket")
    func pastTheLimit() {
        let prefix = "expect visible == "
        let depth = maximumNestingDepth + 1
        let parsed = parse(prefix + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(parsed.diagnostics.map(\.id) == ["nesting-too-deep"])
        let offset = prefix.utf8.count + maximumNestingDepth
        #expect(parsed.diagnostics.first?.span.bytes == offset..<offset + 1)
    }

    @Test("100,000 open brackets in a value give one diagnostic, not a stack overflow", arguments: [
        "expect visible == ", "start(animated: ", "child List(duration: ", "x = ",
    ])
    func hundredThousandBrackets(_ prefix: String) {
        let parsed = parse(prefix + String(repeating: "[", count: 100_000) + "; start")
        #expect(parsed.diagnostics.map(\.id) == ["nesting-too-deep"])
        #expect(parsed.statements.count == 1, "parsing resumes after the ';'")
    }
}
