import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A folder of two small scripts whose branches are counted by hand below, with their goldens.
private func smallSuite() throws -> URL {
    let directory = try temporaryDirectory()
    // a: startLoading() → hasContent? —NO→ loading? —YES→ show loading view (3 branches).
    try Data("hasContent = false\nstart\n".utf8).write(to: directory.appendingPathComponent("a.script"))
    // b, twice: endLoading(error:) → hasContent? —YES→ error? —YES→ handleErrorWhenContentAvailable → show content (4).
    try Data("hasContent = true\nend(error: \"x\")\nend(error: \"y\")\n".utf8).write(to: directory.appendingPathComponent("b.script"))
    let recorded = try statectl(["test", "--update"], directory: directory)
    #expect(recorded.status == 0)
    return directory
}

/// The branches a and b leave untaken, in the tree's order.
private let untakenBySmallSuite = """
      untaken: setupInitialViewState() → hasContent?
      untaken: transitionViewStates(loading:error:) → hasContent?
      untaken: error? —NO→ show content (hide placeholders)
      untaken: loading? —NO→ error?
      untaken: error? —YES→ show error view
      untaken: error? —NO→ show empty view

    """

@Suite("statectl test --coverage")
struct CoverageTests {
    @Test("7 of the 13 branches, counted by hand, then the untaken ones in tree order")
    func countsBranches() throws {
        let directory = try smallSuite()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["test", "--coverage", "."], directory: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "PASS a.script\nPASS b.script\n2 passed, 0 failed\n"
            + "coverage: 7 of 13 decision branches (53.8%) in StatefulViewController\n" + untakenBySmallSuite)
    }

    @Test("one line per model used, models in name order")
    func perModel() throws {
        let result = try statectl(["test", "--coverage", "docs/examples"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("coverage: ") }
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix(" in JMStatefulTableViewController"))
        #expect(lines[1].hasSuffix(" in StateViewController"))
        #expect(lines[2].hasSuffix(" in StatefulViewController"))
    }

    @Test("docs/ci.md quotes the figure CI prints for docs/examples")
    func figureInDocs() throws {
        let result = try statectl(["test", "--coverage", "docs/examples"])
        #expect(result.status == 0)
        let summary = try #require(result.stdout.range(of: "\n", options: .backwards, range: result.stdout.startIndex..<result.stdout.range(of: "\ncoverage: ")!.lowerBound))
        let tail = String(result.stdout[summary.upperBound...])
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(doc.contains("$ statectl test --coverage docs/examples\n"))
        #expect(doc.contains(tail + "```\n"), "update the coverage block in docs/ci.md to:\n\(tail)")
    }

    @Test("--coverage-json gives each branch its count and the scripts that took it")
    func json() throws {
        let directory = try smallSuite()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["test", "--coverage-json", "out/coverage.json", "."], directory: directory)
        #expect(result.status == 1, "the folder out/ does not exist")
        #expect(result.stderr.hasPrefix("statectl: error: cannot write 'out/coverage.json'"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
        let written = try statectl(["test", "--coverage-json", "coverage.json", "."], directory: directory)
        #expect(written.status == 0)
        #expect(!written.stdout.contains("coverage:"), "JSON alone does not print the coverage lines")
        let data = try Data(contentsOf: directory.appendingPathComponent("coverage.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let models = try #require(document["models"] as? [[String: Any]])
        #expect(models.count == 1)
        let model = models[0]
        #expect(model["model"] as? String == "StatefulViewController")
        #expect(model["branchesTaken"] as? Int == 7)
        #expect(model["branchesTotal"] as? Int == 13)
        let branches = try #require(model["branches"] as? [[String: Any]])
        func branch(_ id: String) -> [String: Any]? { branches.first { $0["id"] as? String == id } }
        #expect(branch("hasContent->errorWithContent")?["taken"] as? Int == 2)
        #expect(branch("hasContent->errorWithContent")?["scripts"] as? [String] == ["b.script"])
        #expect(branch("hasContent->loading")?["taken"] as? Int == 1)
        #expect(branch("hasContent->loading")?["scripts"] as? [String] == ["a.script"])
        #expect(branch("error->showError")?["taken"] as? Int == 0)
        #expect(branch("error->showError")?["scripts"] as? [String] == [])
        #expect(branch("hasContent->loading")?["name"] as? String == "hasContent? —NO→ loading?")
    }

    @Test("--min-coverage: at or above passes, below fails with the figure and the list", arguments: [
        ("53", Int32(0)), ("53.8", 0), ("53.9", 1), ("100", 1), ("0", 0),
    ])
    func threshold(_ minimum: String, _ status: Int32) throws {
        let directory = try smallSuite()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["test", "--min-coverage", minimum, "."], directory: directory)
        #expect(result.status == status)
        #expect(result.stdout.hasSuffix("coverage: 7 of 13 decision branches (53.8%) in StatefulViewController\n" + untakenBySmallSuite))
        if status == 1 {
            #expect(result.stderr.hasPrefix("statectl: error: coverage of StatefulViewController is 53.8%, below the minimum \(minimum)%\n"))
        } else {
            #expect(result.stderr.isEmpty)
        }
    }

    @Test("a threshold that is not a percentage is a usage error", arguments: ["abc", "101", "-1", "nan", ""])
    func badThreshold(_ minimum: String) throws {
        let result = try statectl(["test", "--min-coverage", minimum, "docs/examples"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("statectl: error: --min-coverage takes a percentage from 0 to 100"))
    }

    @Test("zero scripts found is exit 2 with a hint about the extension; so is a path that does not exist")
    func zeroScripts() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try Data("start\n".utf8).write(to: directory.appendingPathComponent("empty/first-load.txt"))
        let none = try statectl(["test", "empty"], directory: directory)
        #expect(none.status == 2)
        #expect(none.stderr == "statectl: error: no scripts found in empty\n"
            + "  note: a folder is searched for files ending in .script; name a file to use another extension\n")
        #expect(none.stdout.isEmpty)
        let missing = try statectl(["test", "--coverage", "empty", "nowhere"], directory: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("statectl: error: no such file or directory: 'nowhere'"))
    }
}

@Suite("statectl test --reporter")
struct ReporterTests {
    @Test("github: an annotation at the failed expect's line and column, then the usual output")
    func githubExpect() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("start\n  expect state == loading\n".utf8).write(to: directory.appendingPathComponent("expect.script"))
        let result = try statectl(["test", "--reporter", "github", directory.appendingPathComponent("expect.script").path],
                                  directory: directory)
        #expect(result.status == 1)
        let first = try #require(result.stdout.split(separator: "\n").first)
        // The absolute path given is made relative to the working directory, as GitHub wants.
        #expect(first.hasPrefix("::error file=expect.script,line=2,col=3,title=statectl test::expectation failed: state is content, expected loading"))
        #expect(result.stdout.contains("\nFAIL "))
        #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test("github: a changed log is annotated on the golden file's first differing line")
    func githubLog() throws {
        let directory = try smallSuite()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("a.golden")
        var lines = try String(contentsOf: golden, encoding: .utf8).components(separatedBy: "\n")
        lines[3] = lines[3].replacingOccurrences(of: "#1", with: "#7")
        try Data(lines.joined(separator: "\n").utf8).write(to: golden)
        let result = try statectl(["test", "--reporter", "github", "./a.script"], directory: directory)
        #expect(result.status == 1)
        let annotation = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") })
        #expect(annotation.hasPrefix("::error file=a.golden,line=4,col=1,title=statectl test%3A log changed::the log of ./a.script differs from its golden file at line 4%0Aexpected: "))
        #expect(annotation.contains("#7"))
        #expect(!annotation.contains("\r"))
    }

    @Test("junit: the JUnit report on standard output, the summary on standard error")
    func junit() throws {
        let directory = try smallSuite()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("strat\n".utf8).write(to: directory.appendingPathComponent("bad.script"))
        let result = try statectl(["test", "--reporter", "junit", "--coverage", "."], directory: directory)
        #expect(result.status == 1)
        let document = try XMLDocument(data: result.stdoutBytes)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(result.stderr.hasPrefix("2 passed, 1 failed\ncoverage: 7 of 13"))
    }

    @Test("an unknown reporter is a usage error")
    func unknownReporter() throws {
        let result = try statectl(["test", "--reporter", "tap", "docs/examples"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("statectl: error: unknown reporter 'tap'\n  note: reporters: text, github, junit"))
    }
}
