import Foundation
import Testing

private let spec = """
    # can two placeholders ever be on screen at once?
    model StatefulViewController
    hasContent = false
    events start, start(animated: true), end, end(error: "e"), setup, hasContent = true, hasContent = false, wait 100ms, wait 300ms
    depth 4
    always state == lastState when settled
    never visible == [error, loading]

    """

private func writeSpec(_ text: String, in directory: URL, name: String = "screen.spec") throws -> String {
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite("statectl explore")
struct ExploreCommandTests {
    @Test("the text report gives the verdicts and a counterexample with line numbers; exit 1 when violated")
    func textReport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["explore", try writeSpec(spec, in: directory)])
        #expect(result.status == 1)
        #expect(result.stdout.contains("holds    always state == lastState when settled   (line 6)"))
        #expect(result.stdout.contains("VIOLATED never visible == [error, loading]   (line 7)"))
        #expect(result.stdout.contains("5  start\n"))
        #expect(result.stdout.contains("6  end(error: \"e\")\n"))
        #expect(result.stdout.contains("branches            12 of 13 reachable"))
    }

    @Test("--format json has the documented keys")
    func json() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["explore", "--format", "json", try writeSpec(spec, in: directory)])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
        for key in ["model", "depth", "complete", "configurations", "observableStates", "steps", "branches", "seconds", "properties"] {
            #expect(object[key] != nil, "\(key)")
        }
        let properties = try #require(object["properties"] as? [[String: Any]])
        #expect(properties.count == 3)
        #expect(properties[1]["holds"] as? Bool == false)
        #expect(properties[1]["counterexample"] as? [String] == ["start", "end(error: \"e\")"])
        #expect(properties[0]["counterexample"] is NSNull)
    }

    @Test("--counterexamples writes scripts that statectl run fails at their last line")
    func counterexamples() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeSpec(spec, in: directory)
        let out = directory.appendingPathComponent("cx").path
        _ = try statectl(["explore", "--counterexamples", out, path])
        let script = out + "/line-7.script"
        let run = try statectl(["run", script])
        #expect(run.status == 1)
        let lastLine = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n").count
        #expect(run.stderr.contains("line-7.script:\(lastLine):1: error: expectation failed"))
    }

    @Test("--emit-tests writes a suite that statectl test passes")
    func emitTests() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = directory.appendingPathComponent("suite").path
        let explore = try statectl(["explore", "--emit-tests", suite, try writeSpec(spec.replacingOccurrences(of: "depth 4", with: "depth 2"), in: directory)])
        #expect(explore.status == 1)
        let test = try statectl(["test", suite])
        #expect(test.status == 0)
        #expect(test.stdout.hasSuffix(" passed, 0 failed\n"))
        #expect(!test.stdout.hasPrefix("0 passed"))
    }

    @Test("statectl test --coverage on an emitted suite takes exactly the branches explore reports reachable", arguments: [
        "model StatefulViewController\nhasContent = false\ndepth 3\n",
        "model StateViewController\nstate loading: Spinner\nstate ready: List\nappearanceState = loading\ndepth 3\n",
        "model JMStatefulTableViewController\ndepth 3\n",
    ])
    func suiteCoverage(spec: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let suite = directory.appendingPathComponent("suite").path
        let explore = try statectl(["explore", "--format", "json", "--emit-tests", suite, try writeSpec(spec, in: directory)])
        let report = try #require(try JSONSerialization.jsonObject(with: explore.stdoutBytes) as? [String: Any])
        let branches = try #require(report["branches"] as? [String: Any])
        let reachable = Set(try #require(branches["reachableIDs"] as? [String]))
        #expect(reachable.count == branches["reachable"] as? Int)
        let coverageFile = directory.appendingPathComponent("coverage.json")
        let test = try statectl(["test", "--coverage-json", coverageFile.path, suite])
        #expect(test.status == 0, "\(test.stdout)")
        let coverage = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: coverageFile)) as? [String: Any])
        let models = try #require(coverage["models"] as? [[String: Any]])
        #expect(models.count == 1)
        let taken = Set((models.first?["branches"] as? [[String: Any]] ?? []).filter { ($0["taken"] as? Int ?? 0) > 0 }.compactMap { $0["id"] as? String })
        #expect(taken == reachable)
    }

    @Test("-o draws the observable state graph as DOT, Mermaid or through Graphviz")
    func stateGraph() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeSpec(spec.replacingOccurrences(of: "depth 4", with: "depth 1"), in: directory)
        for name in ["states.dot", "states.mmd", "states.svg"] {
            let out = directory.appendingPathComponent(name).path
            let result = try statectl(["explore", "-o", out, path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains(name.hasSuffix(".dot") ? "digraph states" : name.hasSuffix(".mmd") ? "flowchart" : "<svg"))
        }
    }

    @Test("a bad spec exits 2 with file:line:col and a caret, and explores nothing")
    func badSpec() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["explore", try writeSpec("model StatefulViewController\ndepth 3\nnever state == lodaing\n", in: directory)])
        #expect(result.status == 2)
        #expect(result.stderr.contains("screen.spec:3:16: error: unknown state 'lodaing'"))
        #expect(result.stderr.contains("^~~~~~~"))
        #expect(result.stdout.isEmpty)
    }

    @Test("--max-configurations stops with a partial report and exit 3")
    func maxConfigurations() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try writeSpec("model StatefulViewController\nhasContent = false\nevents start, end, wait 300ms\ndepth 20\n", in: directory)
        let result = try statectl(["explore", "--max-configurations", "5", path])
        #expect(result.status == 3)
        #expect(result.stdout.contains("stopped at --max-configurations"))
    }

    @Test("--max-memory stops a search that outgrows it with a partial report and exit 3, and says which limit")
    func maxMemory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The default alphabet to depth 9 is half a million configurations: far past 1 MiB
        // at the first check (every 65,536 steps).
        let path = try writeSpec("model StatefulViewController\nhasContent = false\ndepth 9\n", in: directory)
        let text = try statectl(["explore", "--max-memory", "1M", path])
        #expect(text.status == 3)
        #expect(text.stdout.contains("stopped at --max-memory (1 MiB) after"))
        let json = try statectl(["explore", "--format", "json", "--max-memory=1MiB", path])
        #expect(json.status == 3)
        #expect(json.stdout.contains("\"stoppedAtLimit\":true,\"stoppedBy\":\"max-memory\""))
        let roomy = try statectl(["explore", "--format", "json", "--max-memory", "4G", try writeSpec(spec, in: directory, name: "small.spec")])
        #expect(roomy.stdout.contains("\"stoppedAtLimit\":false,\"stoppedBy\":null"))
    }

    @Test("--max-memory takes K, M, G and T, with or without iB, or bytes; anything else exits 2", arguments: [
        ("0", false), ("-1", false), ("1.5G", false), ("4iB", false), ("G", false), ("12X", false), ("99999999T", false),
        ("1048576", true), ("1024K", true), ("1M", true), ("1MiB", true), ("1mb", false), ("1MB", true),
    ])
    func memorySizes(size: String, accepted: Bool) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["explore", "--format", "json", "--max-memory", size, try writeSpec(spec, in: directory)])
        #expect((result.status != 2) == accepted, "\(size): exit \(result.status), \(result.stderr)")
        if !accepted { #expect(result.stderr.contains("--max-memory takes a size such as 512M or 4G")) }
    }

    @Test("usage errors exit 2; --help exits 0")
    func usage() throws {
        #expect(try statectl(["explore"]).status == 2)
        #expect(try statectl(["explore", "--frmat", "json", "x"]).stderr.contains("did you mean '--format'"))
        #expect(try statectl(["explore", "--max-configurations", "0", "x"]).status == 2)
        #expect(try statectl(["explore", "/nonexistent/spec"]).status == 2)
        let help = try statectl(["explore", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: statectl explore"))
    }
}
