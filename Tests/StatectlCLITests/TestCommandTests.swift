import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A scratch folder holding copies of two examples and their goldens.
private func fixture() throws -> URL {
    let directory = try temporaryDirectory()
    for name in ["dropped-completion", "unobtrusive-error"] {
        for ext in ["script", "golden"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("docs/examples/\(name).\(ext)"),
                                             to: directory.appendingPathComponent("\(name).\(ext)"))
        }
    }
    return directory
}

private func write(_ text: String, to url: URL) throws { try text.write(to: url, atomically: true, encoding: .utf8) }
private func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

@Suite("statectl test")
struct TestCommandTests {
    @Test("all passing: one line per test, the exact summary, exit 0")
    func allPassing() throws {
        let directory = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["test"], directory: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "PASS dropped-completion.script\nPASS unobtrusive-error.script\n2 passed, 0 failed\n")
    }

    @Test("the project's own examples pass")
    func dogfood() throws {
        let result = try statectl(["test", "docs/examples"])
        // Every script there, however many examples are added.
        let scripts = FileManager.default.enumerator(atPath: "docs/examples")?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".script") }.count ?? 0
        #expect(scripts > 0)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\(scripts) passed, 0 failed\n"))
    }

    @Test("a changed log fails with a unified diff, exit 1")
    func changedLog() throws {
        let directory = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("unobtrusive-error.golden")
        try write(try read(golden).replacingOccurrences(of: "(#1)", with: "(#9)"), to: golden)
        let result = try statectl(["test", "unobtrusive-error.script"], directory: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL unobtrusive-error.script\n"))
        #expect(result.stdout.contains("    --- unobtrusive-error.golden\n    +++ unobtrusive-error.script (actual log)\n    @@ -"))
        #expect(result.stdout.contains("    -     0ms      5  unobtrusiveError  handleErrorWhenContentAvailable(\"offline\") (#9)\n"))
        #expect(result.stdout.contains("    +     0ms      5  unobtrusiveError  handleErrorWhenContentAvailable(\"offline\") (#1)\n"))
        #expect(!result.stdout.contains("\u{1B}["), "no colour when not on a terminal")
        #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test("a missing golden fails with a hint to record it")
    func missingGolden() throws {
        let directory = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("dropped-completion.golden"))
        let result = try statectl(["test"], directory: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL dropped-completion.script\n    missing golden file dropped-completion.golden\n    record it with: statectl test --update dropped-completion.script\n"))
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test("a failing expect and a syntax error fail, with their diagnostics")
    func failures() throws {
        let directory = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("start\nexpect state == loading\n", to: directory.appendingPathComponent("expect.script"))
        try write("strat\n", to: directory.appendingPathComponent("syntax.script"))
        let result = try statectl(["test"], directory: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL expect.script\n    expect.script:2:1: error: expectation failed: state is content, expected loading\n"))
        #expect(result.stdout.contains("FAIL syntax.script\n    syntax.script:1:1: error: unknown statement 'strat'\n"))
        #expect(result.stdout.hasSuffix("2 passed, 2 failed\n"))
    }

    @Test("--update creates and changes goldens, and never writes one for a failing script")
    func update() throws {
        let directory = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let changed = directory.appendingPathComponent("unobtrusive-error.golden")
        let original = try read(changed)
        try write("stale\n", to: changed)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("dropped-completion.golden"))
        try write("expect state == loading\n", to: directory.appendingPathComponent("failing.script"))
        let result = try statectl(["test", "--update"], directory: directory)
        #expect(result.status == 1)
        #expect(result.stdout.contains("PASS dropped-completion.script (golden created: dropped-completion.golden)\n"))
        #expect(result.stdout.contains("PASS unobtrusive-error.script (golden updated: unobtrusive-error.golden)\n"))
        #expect(try read(changed) == original)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("failing.golden").path))
        let again = try statectl(["test", "dropped-completion.script", "unobtrusive-error.script"], directory: directory)
        #expect(again.status == 0)
    }

    @Test("--update is refused under CI unless forced")
    func updateUnderCI() throws {
        let directory = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try statectl(["test", "--update"], directory: directory, environment: ["CI": "true"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("statectl: error: --update is refused when CI is set"))
        let forced = try statectl(["test", "--update", "--force"], directory: directory, environment: ["CI": "true"])
        #expect(forced.status == 0)
    }

    @Test("--junit writes a report that parses as XML with the right counts")
    func junit() throws {
        let directory = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("strat <&> \"\n", to: directory.appendingPathComponent("bad.script"))
        let result = try statectl(["test", "--junit", "report.xml"], directory: directory)
        #expect(result.status == 1)
        let document = try XMLDocument(contentsOf: directory.appendingPathComponent("report.xml"))
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == 1)
        #expect(failures.first?.stringValue?.contains("unexpected character '<'") == true)
    }

    @Test("a path that does not exist is a usage error")
    func missingPath() throws {
        let result = try statectl(["test", "no/such/dir"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("statectl: error: no such file or directory: 'no/such/dir'"))
    }
}
