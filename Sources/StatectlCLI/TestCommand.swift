#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlSimulate
import StatectlRender

/// `statectl test`: checks scripts against their golden transition logs.
struct TestCommand {
    static let spec = CommandSpec(
        name: "test", summary: "check scripts against their golden logs",
        usage: "[--update [--force]] [--junit FILE] [--reporter NAME] [--coverage] [--coverage-json FILE] [--min-coverage P] [--max-errors N] [PATH…]",
        description: """
        Runs every script and compares its text log with its golden file: the script's \
        path with the extension replaced by .golden. A directory is searched recursively \
        for *.script files; a file named here may have any extension. Default PATH: .

        A test passes when the script parses, every expect holds, and the log equals the \
        golden file byte for byte. A mismatch prints a unified diff. The summary line is \
        exactly 'N passed, N failed'; --coverage adds the decision branches the scripts took after it.
        """,
        options: [
            OptionSpec(nil, "update", help: "write missing or changed golden files (never for a script with errors or failed expectations); refused when CI is set"),
            OptionSpec(nil, "force", help: "allow --update when CI is set"),
            OptionSpec(nil, "junit", value: "FILE", .file, help: "also write a JUnit XML report to FILE"),
            OptionSpec(nil, "reporter", value: "NAME", .choice(["text", "github", "junit"]),
                       help: "text (default); github: also a GitHub Actions annotation for each failure; junit: the JUnit XML report on standard output"),
            OptionSpec(nil, "coverage", help: "after the summary, the decision branches the scripts took, per model, and every branch none took"),
            OptionSpec(nil, "coverage-json", value: "FILE", .file, help: "write that coverage to FILE as JSON, with the scripts per branch"),
            OptionSpec(nil, "min-coverage", value: "P", .text, help: "fail (exit 1) when a model's coverage is below P percent; implies --coverage"),
            maxErrorsOption,
        ],
        operands: .file,
        examples: [("test tests/", "check every *.script under tests/"),
                   ("test --update tests/new.script", "record (or re-record) one script's golden log"),
                   ("test --junit report.xml", "also write a report for CI"),
                   ("test --coverage --min-coverage 80 tests/", "fail when the scripts take under 80% of a model's branches")],
        exitStatus: "0 all passed; 1 any failed, or coverage below --min-coverage; 2 a usage error, a path that does not exist, or no scripts found.",
        seeAlso: ["statectl help run", "man statectl", "the guide ci.md"],
        run: { arguments, console throws(CommandLineExit) in
            try TestCommand(arguments: arguments, environment: console.environment).execute(console: console)
        })

    var paths: [String] = []
    var update = false
    var force = false
    var junit: String?
    var reporter = Reporter.text
    var coverage = false
    var coverageJSON: String?
    var minimumCoverage: Double?
    var maxErrors = defaultMaxErrors
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
            case .long("reporter", let inline):
                let name = try lexer.value(for: "--reporter", inline: inline, command: "test")
                guard let chosen = Reporter(rawValue: name) else {
                    throw .usage(UsageError("unknown reporter '\(name)'", notes: ["reporters: text, github, junit"]), command: "test")
                }
                reporter = chosen
            case .long("coverage", nil): coverage = true
            case .long("coverage-json", let inline):
                coverageJSON = try lexer.value(for: "--coverage-json", inline: inline, command: "test")
            case .long("min-coverage", let inline):
                let text = try lexer.value(for: "--min-coverage", inline: inline, command: "test")
                let number = text.hasSuffix("%") ? String(text.dropLast()) : text
                guard let value = Double(number), value >= 0, value <= 100 else {
                    throw .usage(UsageError("--min-coverage takes a percentage from 0 to 100, not '\(text)'"), command: "test")
                }
                minimumCoverage = value
                coverage = true
            case .long("max-errors", let inline): maxErrors = try readMaxErrors(&lexer, inline: inline, command: "test")
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
        /// Where the failure shows in a pull request (`--reporter github`).
        var annotations: [GitHubAnnotation] = []
    }

    func execute(console: Console) -> Int32 {
        let found: [String]
        do { found = try scripts(in: paths) } catch {
            console.error(error.message, notes: error.notes)
            return 2
        }
        // With the JUnit report on standard output, everything meant for people goes to the other stream.
        let people = reporter == .junit ? console.err : console.out
        let colored = reporter != .junit && console.wantsColor(onStandardError: false)
        var suite = SuiteCoverage()
        var outcomes: [Outcome] = []
        for script in found {
            let outcome = check(script, colored: colored, coverage: &suite)
            outcomes.append(outcome)
            guard reporter != .junit else { continue }
            if reporter == .github {
                for annotation in outcome.annotations { console.out.write(annotation.command) }
            }
            let status = outcome.passed ? paint("PASS", "32", colored) : paint("FAIL", "31", colored)
            console.out.write("\(status) \(script)" + (outcome.note.map { " (\($0))" } ?? "") + "\n")
            if !outcome.passed {
                console.out.write(indent(outcome.details))
            }
        }
        let failed = outcomes.count { !$0.passed }
        let report = JUnitReport(suiteName: "statectl", cases: outcomes.map {
            JUnitReport.Case(name: $0.path, failure: $0.passed ? nil : ($0.message, $0.details))
        })
        if reporter == .junit { console.out.write(report.xml()) }
        people.write("\(outcomes.count - failed) passed, \(failed) failed\n")
        var status: Int32 = failed == 0 ? 0 : 1
        if coverage { people.write(CoverageReport.text(suite)) }
        if let minimumCoverage {
            for entry in suite.models where !CoverageReport.meets(entry.branches, minimum: minimumCoverage) {
                console.out.flush()
                console.error("coverage of \(entry.model) is \(CoverageReport.percent(entry.branches))%, below the minimum \(minimumCoverage.formatted)%",
                              notes: ["write scripts that take the untaken branches listed above"])
                status = 1
            }
        }
        var files: [(String, String)] = []
        if let junit { files.append((junit, report.xml())) }
        if let coverageJSON { files.append((coverageJSON, CoverageReport.json(suite))) }
        for (path, text) in files {
            do {
                try writeFileAtomically(path, Array(text.utf8))
            } catch {
                console.out.flush()
                console.error(error.message)
                status = 1
            }
        }
        return status
    }

    private func check(_ script: String, colored: Bool, coverage suite: inout SuiteCoverage) -> Outcome {
        let golden = goldenPath(for: script)
        let log = StringOutput()
        let renderer = TextLogRenderer(log.buffer)
        var counter: CoverageSink?
        let result: ScriptResult
        do {
            result = try executeScript(try ScriptSource.at(script), maxErrors: maxErrors) { model in
                guard coverage || coverageJSON != nil else { return renderer }
                counter = CoverageSink(tree: model.decisionTree, forwardingTo: renderer)
                return counter!
            }
        } catch {
            return Outcome(path: script, passed: false, message: error.message, details: error.message + "\n",
                           annotations: [GitHubAnnotation(file: relativePath(script), title: "statectl test", message: error.message)])
        }
        if let counter, let model = result.model {
            suite.add(counter.coverage, model: model.name, script: script)
        }
        let formatter = DiagnosticFormatter(colored: false)
        let problems = (result.errors + result.failures).map {
            formatter.format($0.diagnostic, path: script, excerpt: $0.excerpt)
        }.joined() + (moreErrorsLine(result) ?? "")
        let annotations = (result.errors + result.failures).map { annotation(for: $0, in: script) }
        if result.errorCount > 0 {
            return Outcome(path: script, passed: false, message: "the script has \(result.errorCount) error(s)", details: problems,
                           annotations: annotations)
        }
        if result.exitStatus != 0 {
            let message = result.outcome?.runtimeError == true ? "a runtime error stopped the script" : "an expectation failed"
            return Outcome(path: script, passed: false, message: message, details: problems, annotations: annotations)
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
                return Outcome(path: script, passed: false, message: error.message, details: error.message + "\n",
                               annotations: [GitHubAnnotation(file: relativePath(golden), title: "statectl test", message: error.message)])
            }
            return Outcome(path: script, passed: true, message: "", details: "",
                           note: expected == nil ? "golden created: \(golden)" : "golden updated: \(golden)")
        }
        guard let expected else {
            let message = "missing golden file \(golden)"
            let hint = "record it with: statectl test --update \(script)"
            return Outcome(path: script, passed: false, message: message, details: message + "\n" + hint + "\n",
                           annotations: [GitHubAnnotation(file: relativePath(script), line: 1, column: 1, title: "statectl test: missing golden",
                                                          message: message + "\n" + hint)])
        }
        guard let diff = UnifiedDiff.diff(expected: expected, actual: actual, expectedName: golden,
                                          actualName: "\(script) (actual log)", colored: colored) else {
            return Outcome(path: script, passed: true, message: "", details: "")
        }
        return Outcome(path: script, passed: false, message: "the log differs from \(golden)",
                       details: diff + "accept the change with: statectl test --update \(script)\n",
                       annotations: [logDifference(script: script, golden: golden, expected: expected, actual: actual)])
    }

    /// The script's path with its extension replaced by `.golden`.
    func goldenPath(for script: String) -> String {
        let slash = script.lastIndex(of: "/").map { script.index(after: $0) } ?? script.startIndex
        if let dot = script[slash...].lastIndex(of: "."), dot != slash {
            return String(script[..<dot]) + ".golden"
        }
        return script + ".golden"
    }

    private func indent(_ text: String) -> String {
        UnifiedDiff.lines(text).map { "    " + $0 }.joined()
    }

    private func paint(_ text: String, _ code: String, _ colored: Bool) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
