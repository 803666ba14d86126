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
        #expect(result.stdout.contains("traced: docs/examples/unobtrusive-error.script, 2 decisions, 6 of 13 branches taken (46.1%)"))
    }

    /// A folder of three StatefulViewController scripts, one in a subfolder, and two StateViewController ones.
    private func mixedModels() throws -> URL {
        let directory = try temporaryDirectory()
        let files = [
            "first.script": "hasContent = false\nstart\n",
            "second.script": "end(error: \"x\")\n",
            "more/third.script": "setup\n",
            "views/a.script": "model StateViewController\nstate loading: Spinner\nappearanceState = loading\nappear\n",
            "views/b.script": "model StateViewController\nstate loading: Spinner\nappearanceState = loading\nappear\n",
        ]
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    @Test("--trace takes folders and scripts together; the title counts them rather than listing them")
    func traceFolders() throws {
        let directory = try mixedModels()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["graph", "-T", "dot", "--trace", "first.script", "--trace", "more/"], directory: directory)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("digraph StatefulViewController {"))
        #expect(result.stdout.contains("traced: 2 scripts, "))
        #expect(result.stdout.contains("legendTakenFrom -> legendTakenTo"))
        let folder = try statectl(["graph", "-T", "dot", "--trace", "views/a.script", "--trace", "views"], directory: directory)
        #expect(folder.status == 0)
        #expect(folder.stdout.hasPrefix("digraph StateViewController {"), "the model comes from the scripts, without --model")
        #expect(folder.stdout.contains("traced: 3 scripts, "), "a script named twice counts twice")
    }

    @Test("scripts of different models are refused, naming them; --model picks one and leaves the others out")
    func traceModels() throws {
        let directory = try mixedModels()
        defer { try? FileManager.default.removeItem(at: directory) }
        let mixed = try statectl(["graph", "-T", "dot", "--trace", "."], directory: directory)
        #expect(mixed.status == 2)
        #expect(mixed.stderr == "statectl: error: the traced scripts simulate different models: StateViewController (2 scripts), StatefulViewController (3 scripts)\n"
            + "  note: draw one of them with --model StateViewController\n")
        #expect(mixed.stdout.isEmpty)
        let chosen = try statectl(["graph", "-T", "dot", "--model", "StatefulViewController", "--trace", "."], directory: directory)
        #expect(chosen.status == 0)
        #expect(chosen.stdout.hasPrefix("digraph StatefulViewController {"))
        #expect(chosen.stdout.contains("traced: 3 scripts, "))
        #expect(chosen.stderr == "statectl: note: left out 2 traced scripts of other models: StateViewController\n")
        let none = try statectl(["graph", "-T", "dot", "--model", "JMStatefulTableViewController", "--trace", "first.script"], directory: directory)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("statectl: error: no traced script simulates JMStatefulTableViewController\n  note: the scripts simulate StatefulViewController (1 script)"))
    }

    @Test("a model line and the default select the same model: the catalog decides, not the text")
    func traceInference() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("model StatefulViewController\nhasContent = false\nstart\n".utf8).write(to: directory.appendingPathComponent("named.script"))
        try Data("# no model line: the default\nend\n".utf8).write(to: directory.appendingPathComponent("default.script"))
        let result = try statectl(["graph", "-T", "dot", "--trace", "."], directory: directory)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("digraph StatefulViewController {"))
        #expect(result.stdout.contains("traced: 2 scripts, 2 decisions, "))
    }

    @Test("a traced script stopped by a runtime error: exit 1 with its diagnostic, the picture drawn up to it")
    func traceRuntimeError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("hasContent = false\nstart\naddView(custom)\ntransition(to: custom)\nsetup\nend\n".utf8)
            .write(to: directory.appendingPathComponent("crash.script"))
        let result = try statectl(["graph", "--trace", "crash.script", "-o", "tree.dot"], directory: directory)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("crash.script:5:1: error: setupInitialViewState() reads lastState"))
        let dot = try String(contentsOf: directory.appendingPathComponent("tree.dot"), encoding: .utf8)
        #expect(dot.contains("traced: crash.script, 1 decision, "), "start's walk, before the error; end never ran")
        #expect(dot.contains("label=\"NO ×1\""))
    }

    @Test("--trace of a folder without scripts, or of a path that does not exist, exits 2")
    func traceNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let none = try statectl(["graph", "--trace", ".", "-o", "tree.svg"], directory: directory)
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("statectl: error: no scripts found in .\n  note: a folder is searched for files ending in .script"))
        let missing = try statectl(["graph", "--trace", "missing.script", "-o", "tree.svg"], directory: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("statectl: error: no such file or directory: 'missing.script'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("usage errors exit 2", arguments: [["graph", "--model", "Nope"], ["graph", "stray"], ["graph", "--tarce", "x"], ["graph", "-o"]])
    func usage(_ arguments: [String]) throws {
        let result = try statectl(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("statectl: error: "))
    }
}

@Suite("Pictures in the docs")
struct DocsPictureTests {
    /// The docs' Mermaid tree is generated by statectl; if the logic changes, this fails
    /// until the picture is regenerated (`statectl graph -o docs/decision-tree.mmd`).
    @Test("docs/decision-tree.mmd is what statectl draws today")
    func mermaidInDocs() throws {
        let result = try statectl(["graph", "-T", "mermaid"])
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/decision-tree.mmd"), encoding: .utf8)
        #expect(result.stdout == committed)
    }
}
