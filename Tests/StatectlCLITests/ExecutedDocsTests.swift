import Foundation
import Testing

/// The documentation's examples are executed, so they cannot drift from the tool; so are
/// the CLI transcripts under transcripts/ (help, suggestions, Graphviz habits, timing notes).
@Suite("executed documentation")
struct ExecutedDocsTests {
    /// README.md, every Markdown file under docs/, and the transcripts, relative to the root.
    static let documents: [String] = {
        var found = ["README.md"]
        for folder in ["docs", "Tests/StatectlCLITests/transcripts"] {
            let root = packageRoot.appendingPathComponent(folder)
            let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            found += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return found
    }()

    @Test("every statectl and console block runs and shows what the tool prints", arguments: documents)
    func document(_ path: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let document = ExecutedDocument(path: path, text: text)
        for drift in try document.check() {
            Issue.record(Comment(rawValue: "\(path):\(drift.line): \(drift.message)"),
                         sourceLocation: SourceLocation(fileID: "statectl/\(path)", filePath: packageRoot.appendingPathComponent(path).path,
                                                        line: drift.line, column: 1))
        }
    }

    @Test("a drifting block is reported at its file and line")
    func driftIsLocated() throws {
        let text = """
        # Title

        ```statectl
        start
        expect state == loading
        ```

        ```statectl
        hasContent = false
        start
        ```

        ```console
        $ statectl run block.script
        this is not the log
        $ echo $?
        0
        ```

        """
        let drifts = try ExecutedDocument(path: "example.md", text: text).check()
        #expect(drifts.map(\.line) == [3, 14])
        #expect(drifts.first?.message.contains("exits 1") == true)
        #expect(drifts.last?.message.contains("but the document shows") == true)
    }

    @Test("inline code that starts a line is no fence; a fence left open is a drift")
    func fences() throws {
        let text = "```` ```statectl ```` blocks run.\n\n```statectl\nstrat\n"
        let document = ExecutedDocument(path: "open.md", text: text)
        #expect(document.blocks.isEmpty)
        #expect(try document.check().map(\.line) == [3])
    }

    @Test("'...' stands for any run of lines, and nothing else does")
    func ellipsis() {
        #expect(ExecutedDocument.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        #expect(ExecutedDocument.matches(["a", "..."], ["a"]))
        #expect(!ExecutedDocument.matches(["a", "...", "d"], ["a", "b", "c"]))
        #expect(!ExecutedDocument.matches(["a"], ["a", "b"]))
    }
}
