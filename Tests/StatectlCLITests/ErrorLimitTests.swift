import Foundation
import Testing

@Suite("Error floods")
struct ErrorLimitTests {
    private func script(errors: Int) throws -> (URL, URL) {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("flood.script")
        try ((0..<errors).map { "bogus\($0 % 7)" }.joined(separator: "\n") + "\n").write(to: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    private func shown(_ stderr: String) -> Int { stderr.components(separatedBy: ": error: ").count - 1 }

    @Test("run shows 20 errors by default, then how many more")
    func runDefault() throws {
        let (directory, path) = try script(errors: 30)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["run", path.path])
        #expect(result.status == 2)
        #expect(shown(result.stderr) == 20)
        #expect(result.stderr.contains("statectl: and 10 more errors (--max-errors 0 shows all)\n"))
        #expect(result.stderr.hasSuffix("statectl: 30 errors in \(path.path); nothing was simulated\n"))
    }

    @Test("--max-errors N shows N; 0 shows all", arguments: [(0, 30), (5, 5), (30, 30), (1, 1)])
    func runLimit(_ limit: Int, _ expected: Int) throws {
        let (directory, path) = try script(errors: 30)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["run", "--max-errors", String(limit), path.path])
        #expect(result.status == 2)
        #expect(shown(result.stderr) == expected)
        #expect(result.stderr.contains("more error") == (expected < 30))
    }

    @Test("--max-errors takes a whole number", arguments: ["-1", "x", "1.5", "99999999999999999999"])
    func badValue(_ value: String) throws {
        let result = try statectl(["run", "--max-errors=\(value)", "docs/examples/first-load.script"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-errors takes a whole number"))
    }

    @Test("test and graph --trace take the same limit")
    func testAndGraph() throws {
        let (directory, path) = try script(errors: 30)
        defer { try? FileManager.default.removeItem(at: directory) }
        let test = try statectl(["test", "--max-errors", "3", path.path])
        #expect(test.status == 1)
        #expect(shown(test.stdout) == 3)
        #expect(test.stdout.contains("and 27 more errors"))
        let graph = try statectl(["graph", "-T", "dot", "--trace", path.path])
        #expect(graph.status == 2)
        #expect(shown(graph.stderr) == 20)
        #expect(graph.stderr.contains("and 10 more errors"))
    }

    @Test("150,000 errors on one megabyte-long line print a window of it each, not the line")
    func longLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("long.script")
        try String(repeating: "bogus; ", count: 150_000).write(to: path, atomically: true, encoding: .utf8)
        let result = try statectl(["run", path.path])
        #expect(result.status == 2)
        #expect(result.stderr.utf8.count < 40_000)
        #expect(result.stderr.contains("and 149980 more errors"))
    }

    @Test("every input that once crashed statectl ends with 0, 1, 2 (or 3, explore's stop at a limit), never a signal")
    func failCases() throws {
        let directory = packageRoot.appendingPathComponent("Tests/FailCases")
        let cases = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        #expect(!cases.isEmpty)
        for name in cases {
            // Specs (`.spec`) go through explore, scripts through run.
            let arguments = name.hasSuffix(".spec")
                ? ["explore", "--max-configurations", "3000", "Tests/FailCases/\(name)"]
                : ["run", "Tests/FailCases/\(name)"]
            let result = try statectl(arguments)
            #expect([0, 1, 2, 3].contains(result.status), "\(name) exited with \(result.status)")
            #expect(result.status == 0 || !result.stderr.isEmpty, "\(name) failed without a message")
        }
    }
}
