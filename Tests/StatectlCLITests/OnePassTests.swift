import Foundation
import Testing
@testable import StatectlCLI
import StatectlRender

/// `run`'s one checked pass (output that can be taken back) against its two passes (check,
/// then run): the same diagnostics, outcome and log, and after an error the same output.
@Suite("statectl run in one pass")
struct OnePassTests {
    /// A script that passes, one whose expectations fail (exit 1), one stopped by a runtime
    /// error (exit 1), and ones with errors: on the last line, a runtime error before an
    /// error, and the last line an error without a line break (found by `endInput`).
    static let scripts: [(name: String, text: String, status: Int32)] = [
        ("sound", "model StatefulViewController\nhasContent = false\nsetup\nstart\nexpect state == loading\nend(animated: true)\n"
            + "wait 300ms\nexpect state == empty\nstart(animated: true)\nwait 300ms\nhasContent = true; end\nwait 300ms\nexpect state == content\n", 0),
        ("failing", "startLoading\nexpect state == empty\nendLoading(error: \"x\"); expect state == loading\nwait 1s\nexpect state == content\n", 1),
        ("runtime-error", "addView(custom)\ntransition(to: custom)\nsetup\nstartLoading\nexpect state == loading\n", 1),
        ("error-last", "startLoading\nexpect state == loading\nendLoading(error: \"x\")\nwait 1s\nexpect state == error\nbogus\n", 2),
        ("runtime-then-error", "addView(custom)\ntransition(to: custom)\nsetup\nstartLoading\nexpect stat == x\n", 2),
        ("error-unterminated", "startLoading\nexpect state == empty\nwait 1s\nendLoading(hasContent: 1)", 2),
    ]

    /// The shell command for each kind of standard output, and the same through a pipe
    /// (two passes), whose output is the reference. `S` is the script, `out` and `err`
    /// the files compared; `out` starts with "prior\n" for the append case.
    static let outputs: [(kind: String, onePass: String, twoPasses: String)] = [
        ("a new file", "\"$B\" run S > out 2> err", "\"$B\" run S 2> err | cat > out"),
        ("a file opened to append, with content", "\"$B\" run S >> out 2> err", "\"$B\" run S 2> err | cat >> out"),
        ("a file with standard error", "\"$B\" run S > out 2>&1", "\"$B\" run S 2>&1 | cat > out"),
        ("a file to append, with standard error", "\"$B\" run S >> out 2>&1", "\"$B\" run S 2>&1 | cat >> out"),
        ("/dev/null", "\"$B\" run S > /dev/null 2> err", "\"$B\" run S 2> err | cat > /dev/null"),
        ("a pipe", "\"$B\" run S 2> err | cat > out", "\"$B\" run S 2> err | cat > out"),
    ]

    @Test("every kind of output ends as two passes leave it, for sound scripts and scripts with errors",
          arguments: 0..<outputs.count, 0..<scripts.count)
    func outputKinds(_ outputIndex: Int, _ scriptIndex: Int) throws {
        let output = Self.outputs[outputIndex], script = Self.scripts[scriptIndex]
        let one = try shell(output.onePass, script: script.text)
        let two = try shell(output.twoPasses, script: script.text)
        #expect(one.status == two.status, "\(script.name) into \(output.kind)")
        #expect(one.out == two.out, "\(script.name) into \(output.kind)")
        #expect(one.err == two.err, "\(script.name) into \(output.kind)")
        #expect(one.status == script.status, "\(script.name) into \(output.kind)")
        if one.status == 2, output.kind != "/dev/null" {
            // Nothing of the log is left, only the prior content and the diagnostics.
            #expect(!one.out.contains("final"), "\(script.name) into \(output.kind)")
        }
    }

    /// Runs `command` in bash (with pipefail, so that a pipe's status is statectl's) in a
    /// fresh directory holding the script `S`, an `out` file starting "prior\n" and an empty `err`.
    private func shell(_ command: String, script: String) throws -> (status: Int32, out: String, err: String) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try script.write(to: directory.appendingPathComponent("S"), atomically: true, encoding: .utf8)
        try "prior\n".write(to: directory.appendingPathComponent("out"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("err"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "set -o pipefail; " + command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["B"] = statectlBinary.path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        let out = try String(contentsOf: directory.appendingPathComponent("out"), encoding: .utf8)
        let err = try String(contentsOf: directory.appendingPathComponent("err"), encoding: .utf8)
        return (process.terminationStatus, out, err)
    }

    @Test("a log that cannot be written (a full device) is an error, exit 2, whatever the script")
    func unwritableLog() throws {
        let sound = Self.scripts.first { $0.name == "sound" }!.text
        let result = try shell("\"$B\" run S > /dev/full 2> err", script: sound)
        #expect(result.status == 2)
        #expect(result.err == "statectl: error: cannot write the log to standard output: No space left on device\n")
    }

    @Test("a file with bytes after its offset (1<> file) is not overwritten: two passes")
    func readWriteFile() throws {
        let bad = Self.scripts.first { $0.name == "error-last" }!.text
        let result = try shell("\"$B\" run S 1<> out 2> err", script: bad)
        #expect(result.status == 2)
        #expect(result.out == "prior\n")
    }

    /// Every example script and the fuzz seeds `scripts/fuzz.sh` starts from, each also with
    /// errors added: at the end, in the middle, and at the end without a line break. (Not the
    /// corpus fuzzing grows in .build: the test must not depend on what a checkout ran before.)
    static func corpus() throws -> [(name: String, bytes: [UInt8])] {
        var files: [URL] = []
        for folder in ["docs/examples", "Tests", "scripts/bench-explore"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where !url.hasDirectoryPath {
                let name = url.lastPathComponent
                if name.hasSuffix(".script") || name.hasSuffix(".spec") { files.append(url) }
            }
        }
        var result: [(String, [UInt8])] = handmade.map { ($0, Array($0.utf8)) }
        for file in files.sorted(by: { $0.path < $1.path }) {
            let bytes = Array(try Data(contentsOf: file))
            guard bytes.count < 1 << 20 else { continue }
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            let middle = lines.count / 2
            let withError = Array(lines[..<middle].joined(separator: [0x0A])) + Array("\nexpect stat == x\n".utf8)
                + Array(lines[middle...].joined(separator: [0x0A]))
            result.append((file.path, bytes))
            result.append((file.path + " + bogus", bytes + Array("\nbogus\n".utf8)))
            result.append((file.path + " + error in the middle", withError))
            result.append((file.path + " + unterminated error", bytes + Array("\nstartLoading(x: 1)".utf8)))
        }
        return result
    }

    /// Lines of several statements, one of which does not parse on its own: the run has
    /// compiled (and run) those before it, some declaring names that an earlier one reads.
    static let handmade = [
        "startLoading\nexpect state == foo; addView(foo); end(\nexpect state == bar\n",
        "startLoading\naddView(foo); expect state == foo; end(\n",
        "addView(a); transition(to: b); expect state == b; ((\nexpect state == c\n",
        "startLoading; expect state == nope; wait 1s; x(\nbogus\n",
        "startLoading; wait 1s\nexpect state == loading; addView(k); wait 2s; expect visible == [k]; end(\n",
        // A failed expectation, then an error on the same line: only the error is reported.
        "startLoading\nexpect state == empty; expect stat == x\nexpect state == error\n",
        "startLoading\nexpect state == empty; expect stat == x # why\n",
        "startLoading\nexpect state == empty; expect stat == x\nexpect state == empty; expect stat == x\n",
    ]

    @Test("one checked pass and two passes give the same diagnostics, outcome and log", arguments: [0, 1, 20])
    func differential(_ maxErrors: Int) throws {
        let corpus = try Self.corpus()
        #expect(corpus.count > 100)
        for (name, bytes) in corpus {
            let two = try execute(bytes, maxErrors: maxErrors, passes: .checkThenRun)
            let one = try execute(bytes, maxErrors: maxErrors, passes: .checkedRun)
            #expect(one.diagnostics == two.diagnostics, "\(name)")
            #expect(one.summary == two.summary, "\(name)")
            // After an error the one pass's log is the caller's to take back.
            if two.summary.errorCount == 0 { #expect(one.log == two.log, "\(name)") }
        }
    }

    private func execute(_ bytes: [UInt8], maxErrors: Int, passes: ScriptPasses) throws
        -> (diagnostics: [String], summary: Summary, log: [UInt8]) {
        let log = StringOutput()
        let source = ScriptSource.memory(bytes, name: "s.script")
        let result = try executeScript(source, into: TextLogRenderer(log.buffer), maxErrors: maxErrors, passes: passes)
        log.buffer.flush()
        let formatter = DiagnosticFormatter(colored: false)
        let diagnostics = (result.errors + result.failures).map {
            formatter.format($0.diagnostic, path: "s.script", excerpt: $0.excerpt)
        } + [moreErrorsLine(result) ?? ""]
        let summary = Summary(errorCount: result.errorCount, failureCount: result.failureCount,
                              failedExpectations: result.outcome?.failedExpectations, runtimeError: result.outcome?.runtimeError,
                              model: result.model?.name, exitStatus: result.exitStatus)
        return (diagnostics, summary, log.bytes)
    }

    struct Summary: Equatable {
        var errorCount: Int
        var failureCount: Int
        var failedExpectations: Int?
        var runtimeError: Bool?
        var model: String?
        var exitStatus: Int32
    }
}
