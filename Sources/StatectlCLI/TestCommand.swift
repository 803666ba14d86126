#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlRender

/// `statectl test`: checks scripts against their golden transition logs.
struct TestCommand {
    static let spec = CommandSpec(
        name: "test", summary: "check scripts against their golden logs",
        usage: "[--update [--force]] [--junit FILE] [PATH…]",
        description: """
        Runs every script and compares its text log with its golden file: the script's \
        path with the extension replaced by .golden. A directory is searched recursively \
        for *.script files; a file named here may have any extension. Default PATH: .

        A test passes when the script parses, every expect holds, and the log equals the \
        golden file byte for byte. A mismatch prints a unified diff. The last line is \
        exactly 'N passed, N failed'.
        """,
        options: [
            OptionSpec(nil, "update", help: "write missing or changed golden files (never for a script with errors or failed expectations); refused when CI is set"),
            OptionSpec(nil, "force", help: "allow --update when CI is set"),
            OptionSpec(nil, "junit", value: "FILE", .file, help: "also write a JUnit XML report to FILE"),
        ],
        operands: .file,
        examples: [("test tests/", "check every *.script under tests/"),
                   ("test --update tests/new.script", "record (or re-record) one script's golden log"),
                   ("test --junit report.xml", "also write a report for CI")],
        exitStatus: "0 all passed; 1 any failed; 2 a usage error.",
        seeAlso: ["statectl help run", "man statectl", "the guide ci.md"],
        run: { arguments, console throws(CommandLineExit) in
            try TestCommand(arguments: arguments, environment: console.environment).execute(console: console)
        })

    var paths: [String] = []
    var update = false
    var force = false
    var junit: String?
    let underCI: Bool

    init(arguments: [String], environment: [String: String]) throws(CommandLineExit) {
        underCI = environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        var lexer = ArgumentLexer(arguments)
        while let token = lexer.next() {
            switch token {
            case .short("h"), .long("help", nil): throw .help(HelpText.command(Self.spec))
            case .long("update", nil): update = true
            case .long("force", nil): force = true
            case .long("junit", let inline): junit = try lexer.value(for: "--junit", inline: inline, command: "test")
            case .value(let path): paths.append(path)
            default: throw Self.spec.unknownOption(token)
            }
        }
        if paths.isEmpty { paths = ["."] }
        if update, underCI, !force {
            throw .usage(UsageError("--update is refused when CI is set: golden files are not rewritten in CI",
                                    notes: ["run it locally and commit the goldens, or add --force"]), command: "test")
        }
    }

    /// How one script fared.
    struct Outcome {
        var path: String
        var passed: Bool
        var message: String
        var details: String
        var note: String?
    }

    func execute(console: Console) -> Int32 {
        var scripts: [String] = []
        for path in paths {
            if isDirectory(path) {
                scripts += findScripts(under: path)
            } else if access(path, F_OK) == 0 {
                scripts.append(path)
            } else {
                console.error("no such file or directory: '\(path)'")
                return 2
            }
        }
        let colored = console.wantsColor(onStandardError: false)
        var outcomes: [Outcome] = []
        for script in scripts {
            let outcome = check(script, colored: colored)
            outcomes.append(outcome)
            let status = outcome.passed ? paint("PASS", "32", colored) : paint("FAIL", "31", colored)
            console.out.write("\(status) \(script)" + (outcome.note.map { " (\($0))" } ?? "") + "\n")
            if !outcome.passed {
                console.out.write(indent(outcome.details))
            }
        }
        if scripts.isEmpty {
            console.err.write("statectl: note: no *.script files found in \(paths.joined(separator: ", "))\n")
        }
        let failed = outcomes.count { !$0.passed }
        console.out.write("\(outcomes.count - failed) passed, \(failed) failed\n")
        if let junit {
            let report = JUnitReport(suiteName: "statectl", cases: outcomes.map {
                JUnitReport.Case(name: $0.path, failure: $0.passed ? nil : ($0.message, $0.details))
            })
            do {
                try writeFileAtomically(junit, Array(report.xml().utf8))
            } catch {
                console.out.flush()
                console.error(error.message)
                return 1
            }
        }
        return failed == 0 ? 0 : 1
    }

    private func check(_ script: String, colored: Bool) -> Outcome {
        let golden = goldenPath(for: script)
        let log = StringOutput()
        let result: ScriptResult
        do {
            result = try executeScript(try ScriptSource.at(script), into: TextLogRenderer(log.buffer))
        } catch {
            return Outcome(path: script, passed: false, message: error.message, details: error.message + "\n")
        }
        let formatter = DiagnosticFormatter(colored: false)
        let problems = (result.errors + result.failures).map {
            formatter.format($0.diagnostic, path: script, sourceLine: $0.sourceLine)
        }.joined()
        if result.errorCount > 0 {
            return Outcome(path: script, passed: false, message: "the script has \(result.errorCount) error(s)", details: problems)
        }
        if result.exitStatus != 0 {
            let message = result.outcome?.runtimeError == true ? "a runtime error stopped the script" : "an expectation failed"
            return Outcome(path: script, passed: false, message: message, details: problems)
        }
        let actual = log.text
        let expected: String?
        do {
            expected = String(decoding: try readFile(golden), as: UTF8.self)
        } catch {
            expected = nil
        }
        if update {
            guard expected != actual else { return Outcome(path: script, passed: true, message: "", details: "") }
            do {
                try writeFileAtomically(golden, Array(actual.utf8))
            } catch {
                return Outcome(path: script, passed: false, message: error.message, details: error.message + "\n")
            }
            return Outcome(path: script, passed: true, message: "", details: "",
                           note: expected == nil ? "golden created: \(golden)" : "golden updated: \(golden)")
        }
        guard let expected else {
            let message = "missing golden file \(golden)"
            return Outcome(path: script, passed: false, message: message,
                           details: message + "\nrecord it with: statectl test --update \(script)\n")
        }
        guard let diff = UnifiedDiff.diff(expected: expected, actual: actual, expectedName: golden,
                                          actualName: "\(script) (actual log)", colored: colored) else {
            return Outcome(path: script, passed: true, message: "", details: "")
        }
        return Outcome(path: script, passed: false, message: "the log differs from \(golden)",
                       details: diff + "accept the change with: statectl test --update \(script)\n")
    }

    /// The script's path with its extension replaced by `.golden`.
    func goldenPath(for script: String) -> String {
        let slash = script.lastIndex(of: "/").map { script.index(after: $0) } ?? script.startIndex
        if let dot = script[slash...].lastIndex(of: "."), dot != slash {
            return String(script[..<dot]) + ".golden"
        }
        return script + ".golden"
    }

    /// `*.script` files below `directory`, sorted, skipping hidden folders and build output.
    private func findScripts(under directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            names.append(name)
        }
        var found: [String] = []
        for name in names.sorted() {
            let path = directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
            if isDirectory(path) {
                found += findScripts(under: path)
            } else if name.hasSuffix(".script") {
                found.append(path)
            }
        }
        return found
    }

    private func indent(_ text: String) -> String {
        UnifiedDiff.lines(text).map { "    " + $0 }.joined()
    }

    private func paint(_ text: String, _ code: String, _ colored: Bool) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
