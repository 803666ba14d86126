import Foundation
import Testing

/// The versions of a model as the command line sees them: `model X@version` lines and
/// `--model X@version`, with their errors as golden stderr beside the examples (docs/examples/StatefulViewController/*.txt).
@Suite("statectl and model versions")
struct ModelVersionCommandTests {
    private static let directory = packageRoot.appendingPathComponent("docs/examples/StatefulViewController")

    @Test("errors about versions, and strings in diagnostics, match their golden stderr", arguments: [
        ("unknown-version", Int32(2)), ("container-3.0.1", 2), ("unversioned-model", 2), ("escaped-diagnostic", 1),
    ])
    func transcripts(_ name: String, status: Int32) throws {
        let result = try statectl(["run", "\(name).txt"], directory: Self.directory, environment: ["NO_COLOR": "1"])
        let golden = try String(contentsOf: Self.directory.appendingPathComponent("\(name).stderr"), encoding: .utf8)
        #expect(result.status == status)
        #expect(result.stderr == golden)
    }

    @Test("a runtime error's message with a line break stays one log line, text and JSON")
    func escapedRuntimeError() throws {
        let text = try statectl(["run", "escaped-diagnostic.txt"], directory: Self.directory)
        let errorLine = try #require(text.stdout.split(separator: "\n").first { $0.contains("runtimeError") })
        #expect(errorLine.hasSuffix("holds the custom key \"a\\nb\": the library crashes here"))
        let json = try statectl(["run", "--format", "jsonl", "escaped-diagnostic.txt"], directory: Self.directory)
        for line in json.stdout.split(separator: "\n") {
            #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        }
    }

    @Test("the JSON final record names the version the script chose")
    func jsonFinalRecord() throws {
        let result = try statectl(["run", "--format", "jsonl", "docs/examples/StatefulViewController/live-store-3.0.1.script"])
        #expect(result.status == 0)
        let final = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.split(separator: "\n").last!.utf8)) as? [String: Any])
        #expect(final["model"] as? String == "StatefulViewController@3.0.1")
    }

    @Test("graph --model takes a version, and refuses an unknown one with exit 2")
    func graphModel() throws {
        let known = try statectl(["graph", "--model", "StatefulViewController@3.0.1", "-T", "mermaid"])
        #expect(known.status == 0)
        let plain = try statectl(["graph", "-T", "mermaid"])
        #expect(known.stdout == plain.stdout, "every version has the same decision tree")
        let unknown = try statectl(["graph", "--model", "StatefulViewController@9", "-T", "mermaid"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown version '9' of StatefulViewController"))
        #expect(unknown.stderr.contains("known versions: master (the default), 3.0.1"))
    }
}
