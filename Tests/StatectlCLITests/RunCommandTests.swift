import Foundation
import Testing
import StatectlSimulate
import StatectlRender

@Suite("statectl run")
struct RunCommandTests {
    @Test("prints the log of every example, equal to its golden file", arguments: [
        "first-load", "unobtrusive-error", "dropped-completion", "custom-state", "stale-placeholder", "queued-not-current",
    ])
    func examples(_ name: String) throws {
        let result = try statectl(["run", "docs/examples/\(name).script"])
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("docs/examples/\(name).golden"), encoding: .utf8)
        #expect(result.status == 0)
        #expect(result.stdout == golden)
        #expect(result.stderr.isEmpty)
    }

    @Test("a long script, read in many chunks and written in many blocks, logs what a line-by-line run logs")
    func longScript() throws {
        let lines = ["hasContent = false", "start", "expect state == loading", "end(animated: true)", "wait 300ms",
                     "end(error: \"offline\"); expect pending == 1", "wait 0.3s", "hasContent = true", "start(animated: true)", "wait 300ms"]
        let script = (0..<6_000).map { lines[$0 % lines.count] }.joined(separator: "\n") + "\n"
        #expect(script.utf8.count > 65_536)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("long.script")
        try script.write(to: path, atomically: true, encoding: .utf8)
        let result = try statectl(["run", path.path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)

        // The same script fed a line at a time in this process and rendered in place.
        let output = StringOutput()
        let inProcess = Script(mode: .run(TextLogRenderer(output.buffer)))
        for (index, line) in script.split(separator: "\n").enumerated() {
            #expect(inProcess.feed(line: Array(line.utf8), number: index + 1).isEmpty)
        }
        _ = inProcess.finish()
        let expected = output.text
        #expect(expected.utf8.count > 4 * 131_072)
        #expect(result.stdout == expected)

        let piped = try statectl(["run", "-"], input: Data(script.utf8))
        #expect(piped.stdout == expected)
    }

    @Test("a log written into a pipe (which run enlarges) is byte for byte the log written into a file")
    func pipedOutput() throws {
        let lines = ["hasContent = false", "start", "end(error: \"offline\")", "wait 300ms", "hasContent = true", "end"]
        let script = (0..<20_000).map { lines[$0 % lines.count] }.joined(separator: "\n") + "\n"
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("long.script")
        try script.write(to: path, atomically: true, encoding: .utf8)
        let intoFile = try statectl(["run", path.path])
        #expect(intoFile.status == 0)
        // More than a pipe holds even once enlarged, so the writer must wait for the reader.
        #expect(intoFile.stdoutBytes.count > 2 << 20)

        let process = Process()
        process.executableURL = statectlBinary
        process.arguments = ["run", path.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let piped = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(piped == intoFile.stdoutBytes)
    }

    @Test("a runtime error is reported at its line with a caret, the log stops, exit 1")
    func runtimeError() throws {
        let result = try statectl(["run", "docs/examples/custom-state-crash.txt"])
        let golden = try String(contentsOf: packageRoot.appendingPathComponent("docs/examples/custom-state-crash.golden"), encoding: .utf8)
        #expect(result.status == 1)
        #expect(result.stdout == golden)
        #expect(result.stderr.hasPrefix("""
        docs/examples/custom-state-crash.txt:5:1: error: setupInitialViewState() reads lastState, which holds the custom key 'custom': the library crashes here
            5 | setup
              | ^~~~~
        """))
    }

    @Test("a failed expect is reported with expected and actual values, the run goes on, exit 1")
    func failedExpect() throws {
        let result = try statectl(["run", "-"], input: Data("expect state == loading\nstart\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr == """
        <stdin>:1:1: error: expectation failed: state is content, expected loading
            1 | expect state == loading
              | ^~~~~~~~~~~~~~~~~~~~~~~

        """)
        #expect(result.stdout.contains("startLoading(animated: false)"))
    }

    @Test("script errors are all reported with file:line:col and a caret; nothing is simulated, exit 2")
    func scriptErrors() throws {
        let script = "strat\nexpect state == loadng\nwait 300\n"
        let result = try statectl(["run", "-"], input: Data(script.utf8))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
        <stdin>:1:1: error: unknown statement 'strat'
            1 | strat
              | ^~~~~
              = note: did you mean 'start'?
              = note: statements here, closest first: start, setup, wait, end, expect, model, bounds, addView, hasContent, transition, startLoading, endLoading, removeView, transitionToState, transitionViewStates, setupInitialViewState
        <stdin>:2:17: error: unknown state 'loadng'
            2 | expect state == loadng
              |                 ^~~~~~
              = note: did you mean 'loading'?
              = note: known states: content, empty, error, loading
        <stdin>:3:6: error: duration needs a unit
            3 | wait 300
              |      ^~~
              = note: write 300ms or 300s
        statectl: 3 errors in <stdin>; nothing was simulated

        """)
    }

    @Test("an unknown model suggests the nearest one")
    func unknownModel() throws {
        let result = try statectl(["run", "-"], input: Data("model StatefulViewControler\n".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.contains("<stdin>:1:7: error: unknown model 'StatefulViewControler'"))
        #expect(result.stderr.contains("did you mean 'StatefulViewController'?"))
    }

    @Test("invalid UTF-8 is an error at its column, not a crash")
    func invalidUTF8() throws {
        let result = try statectl(["run", "-"], input: Data([0x73, 0x74, 0x61, 0x72, 0x74, 0x20, 0xFF, 0x0A]))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("<stdin>:1:7: error: invalid UTF-8 byte 0xFF\n"))
    }

    @Test("CRLF line endings give the same log as LF")
    func crlf() throws {
        let lf = try statectl(["run", "-"], input: Data("hasContent = false\nstart\nexpect state == loading\n".utf8))
        let crlf = try statectl(["run", "-"], input: Data("hasContent = false\r\nstart\r\nexpect state == loading\r\n".utf8))
        #expect(crlf.status == 0)
        #expect(crlf.stdout == lf.stdout)
    }

    @Test("a pipe given as a path is read once, not streamed twice")
    func pipePath() throws {
        let piped = try statectl(["run", "/dev/stdin"], input: Data("hasContent = false\nstart\nexpect state == loading\n".utf8))
        let direct = try statectl(["run", "-"], input: Data("hasContent = false\nstart\nexpect state == loading\n".utf8))
        #expect(piped.status == 0)
        #expect(piped.stdout == direct.stdout)
        #expect(piped.stdout.contains("startLoading(animated: false)"))
    }

    @Test("an empty script is valid and prints only the final state")
    func emptyScript() throws {
        let result = try statectl(["run", "-"])
        #expect(result.status == 0)
        #expect(result.stdout == "     0ms      -  final             state: content, lastState: content, visible: [], completions: 0, dropped: 0, unobtrusiveErrors: 0\n")
    }

    @Test("--format jsonl prints one object per record, with t, kind and line; the last is final")
    func jsonLines() throws {
        let result = try statectl(["run", "--format", "jsonl", "docs/examples/first-load.script"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 47)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["t"] is Int)
            #expect(object["kind"] is String)
            #expect(object.keys.contains("line"))
        }
        let final = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect(final["kind"] as? String == "final")
        #expect(final["model"] as? String == "StatefulViewController@master")
        #expect(final["state"] as? String == "content")
        #expect(final["lastState"] as? String == "content")
        #expect(final["visible"] as? [String] == [])
        #expect(final["line"] is NSNull)
    }

    @Test("JSON Lines for StateViewController: callbacks name the method, final has state, transitioning, children")
    func stateViewControllerJSON() throws {
        let result = try statectl(["run", "--format", "jsonl", "docs/examples/StateViewController/last-request-wins.script"])
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let callbacks = objects.filter { $0["kind"] as? String == "callback" }
        let names = Set(callbacks.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["willTransition", "didTransition", "childWillAppear", "childDidAppear",
                                      "childWillDisappear", "childDidDisappear", "stateTransitionWillBegin", "stateTransitionDidEnd"]))
        let will = try #require(callbacks.first { $0["name"] as? String == "willTransition" })
        #expect(will["state"] is String && will["animated"] is Bool)
        let ended = try #require(callbacks.first { $0["name"] as? String == "stateTransitionDidEnd" })
        #expect(ended["child"] as? String == "List" && ended["isAppearing"] as? Bool == true)
        let final = try #require(objects.last)
        #expect(final["kind"] as? String == "final" && final["state"] as? String == "ready")
        #expect(final["transitioning"] as? Bool == false && final["children"] as? [String] == ["List"])
    }

    @Test("JSON Lines for JMStatefulTableViewController: state callbacks, requests, and the final table")
    func tableJSON() throws {
        let result = try statectl(["run", "--format", "jsonl", "docs/examples/JMStatefulTableViewController/overlapping-loads.script"])
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.contains { $0["kind"] as? String == "callback" && $0["name"] as? String == "willTransitionToState" && $0["state"] as? String == "loadingNextPage" })
        #expect(objects.filter { $0["kind"] as? String == "request" }.compactMap { $0["name"] as? String } == ["nextPage", "refresh", "nextPage"])
        let ignored = objects.filter { $0["kind"] as? String == "ignored" }
        #expect(ignored.map { $0["name"] as? String } == ["scrollToBottom", "scrollToBottom"])
        #expect(ignored.allSatisfy { ($0["reason"] as? String)?.contains("still loading") == true })
        let final = try #require(objects.last)
        #expect(final["pending"] as? [String] == ["nextPage", "refresh", "nextPage"])
        for key in ["state", "infiniteScrolling", "background", "scrollEnabled", "contentOffset"] { #expect(final[key] != nil) }
    }

    @Test("usage errors exit 2 with a hint", arguments: [
        (["run"], "statectl: error: run needs a script file (or - for standard input)"),
        (["run", "--fromat", "jsonl", "x"], "statectl: error: unknown option '--fromat'\n  note: did you mean '--format'?"),
        (["run", "--format", "xml", "x"], "statectl: error: unknown format 'xml'"),
        (["run", "no-such-file.script"], "statectl: error: cannot open 'no-such-file.script': No such file or directory"),
        (["run", "docs"], "statectl: error: cannot read 'docs': Is a directory"),
        (["rnu"], "statectl: error: unknown command 'rnu'\n  note: did you mean 'run'?"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try statectl(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message))
    }

    @Test("--help and --version are answers, not errors", arguments: [["--help"], ["run", "--help"], ["--version"], ["graph", "--help"], ["test", "--help"]])
    func help(_ arguments: [String]) throws {
        let result = try statectl(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("statectl"))
        #expect(result.stderr.isEmpty)
    }
}
