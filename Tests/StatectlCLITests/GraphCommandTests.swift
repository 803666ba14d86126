import Foundation
import Testing

@Suite("statectl graph")
struct GraphCommandTests {
    @Test("the format comes from -T or the file's extension", arguments: [
        ("tree.svg", [], Array("<?xml".utf8)), ("tree.png", [], [0x89, 0x50, 0x4E, 0x47]), ("tree.pdf", [], Array("%PDF".utf8)),
        ("tree.dot", [], Array("digraph".utf8)), ("tree.mmd", [], Array("---".utf8)), ("tree.out", ["-T", "svg"], Array("<?xml".utf8)),
    ])
    func formats(_ name: String, _ extra: [String], _ magic: [UInt8]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["graph", "-o", name] + extra, directory: directory)
        #expect(result.status == 0)
        let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
        #expect(Array(bytes.prefix(magic.count)) == magic)
    }

    @Test("with no -o the DOT goes to standard output and matches the committed tree")
    func standardOutput() throws {
        let result = try statectl(["graph"])
        #expect(result.status == 0)
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("Tests/StatectlRenderTests/golden/tree.dot"), encoding: .utf8)
        #expect(result.stdout == golden)
    }

    @Test("an unwritable path fails with a clear message and leaves no file")
    func unwritable() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["graph", "-o", "missing/dir/tree.svg"], directory: directory)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("statectl: error: cannot write 'missing/dir/tree.svg': No such file or directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a failed render leaves an existing file untouched and no temporary file behind")
    func failedRenderKeepsOldFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("tree.xyz")
        try Data("old".utf8).write(to: target)
        let result = try statectl(["graph", "-o", "tree.xyz"], directory: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown format 'xyz'"))
        #expect(result.stderr.contains("note: formats: dot, mermaid,"))
        #expect(try Data(contentsOf: target) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tree.xyz"])
    }

    @Test("--trace with a broken script reports its errors and draws nothing")
    func brokenTrace() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("strat\n".utf8).write(to: directory.appendingPathComponent("bad.script"))
        let result = try statectl(["graph", "--trace", "bad.script", "-o", "tree.svg"], directory: directory)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("bad.script:1:1: error: unknown statement 'strat'"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("tree.svg").path))
    }

    @Test("--trace counts what the scripts took")
    func trace() throws {
        let result = try statectl(["graph", "-T", "dot", "--trace", "docs/examples/unobtrusive-error.script"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("label=\"YES ×2\""))
        #expect(result.stdout.contains("traced: 1 script, 2 decisions: docs/examples/unobtrusive-error.script"))
    }

    @Test("usage errors exit 2", arguments: [["graph", "--model", "Nope"], ["graph", "stray"], ["graph", "--tarce", "x"], ["graph", "-o"]])
    func usage(_ arguments: [String]) throws {
        let result = try statectl(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("statectl: error: "))
    }
}
