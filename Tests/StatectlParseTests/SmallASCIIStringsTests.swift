import Testing
@testable import StatectlParse

@Suite("Short ASCII strings made in place")
struct SmallASCIIStringsTests {
    private func made(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { SmallASCIIStrings().string($0) }
    }

    private func words(_ string: String) -> (UInt64, UInt64) { unsafeBitCast(string, to: (UInt64, UInt64).self) }

    @Test("every length to 15, every ASCII byte in every place: the library's own string, bit for bit")
    func sameAsTheLibrary() throws {
        for count in 0...15 {
            for byte in UInt8(0)..<0x80 {
                for place in 0..<max(count, 1) {
                    var bytes = (0..<count).map { UInt8(ascii: "a") + UInt8($0) }
                    if count > 0 { bytes[place] = byte }
                    let expected = String(decoding: bytes, as: UTF8.self)
                    let string = try #require(made(bytes))
                    #expect(string == expected)
                    #expect(string.hashValue == expected.hashValue)
                    #expect(Array(string.utf8) == bytes)
                    #expect(words(string) == words(expected))
                }
            }
        }
    }

    @Test("more than 15 bytes, or a byte past ASCII anywhere, is left to the library")
    func leftToTheLibrary() {
        #expect(made(Array("abcdefghijklmnop".utf8)) == nil)
        for count in 1...15 {
            for place in 0..<count {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
                bytes[place] = 0x80
                #expect(made(bytes) == nil)
                bytes[place] = 0xFF
                #expect(made(bytes) == nil)
            }
        }
    }

    @Test("the parser's names and strings, short and long, ASCII or not")
    func parsed() throws {
        let parsed = Parser.parse(line: Array("x = \"é\"; say(ok: \"a long text past fifteen bytes\", n: 007, w: z)".utf8), number: 1)
        #expect(parsed.diagnostics.isEmpty)
        guard parsed.statements.count == 2,
              case .assignment(let name, let value) = parsed.statements[0].form,
              case .call(let call, let arguments?) = parsed.statements[1].form else {
            Issue.record("unexpected parse: \(parsed.statements)")
            return
        }
        #expect(name.text == "x")
        #expect(value.kind == .string("é"))
        #expect(call.text == "say")
        #expect(arguments.map { $0.label?.text } == ["ok", "n", "w"])
        #expect(arguments[0].value.kind == .string("a long text past fifteen bytes"))
        #expect(arguments[2].value.kind == .identifier("z"))
    }
}
