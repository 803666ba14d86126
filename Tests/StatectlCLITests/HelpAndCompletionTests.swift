import Foundation
import Testing

/// Help, the manual page and the completion scripts, all made from the command specs.
/// Their text is pinned by transcripts/help.md; these tests check what a transcript cannot.
@Suite("help, man page and completion")
struct HelpAndCompletionTests {
    static let commands = ["run", "graph", "test", "help", "completion"]

    @Test("'statectl help COMMAND' prints exactly 'statectl COMMAND --help', with every section", arguments: commands)
    func helpEqualsDashDashHelp(_ command: String) throws {
        let viaHelp = try statectl(["help", command]), viaFlag = try statectl([command, "--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        let headings = viaHelp.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.hasSuffix(":") }
        #expect(headings.filter { ["Options:", "Examples:", "Exit status:", "See also:"].contains($0) }
                == ["Options:", "Examples:", "Exit status:", "See also:"])
        #expect(viaHelp.stdout.hasPrefix("Usage: statectl \(command) "))
    }

    @Test("no help names a path that only exists in the repository", arguments: [[]] + commands.map { [$0] })
    func noRepositoryPaths(_ topic: [String]) throws {
        let text = try statectl(["help"] + topic).stdout
        for path in ["docs/", "Sources/", "scripts/", ".build"] { #expect(!text.contains(path), "help \(topic) names \(path)") }
    }

    @Test("-V, --version and the first line of --help give the one version")
    func version() throws {
        let short = try statectl(["-V"]).stdout, long = try statectl(["--version"]).stdout
        #expect(short == long)
        #expect(short.hasPrefix("statectl ") && short.hasSuffix("\n"))
        let version = short.dropFirst("statectl ".count).dropLast()
        #expect(try statectl(["--help"]).stdout.hasPrefix("statectl \(version): "))
        #expect(try statectl(["help", "--man"]).stdout.contains("\"statectl \(version)\""))
    }

    @Test("the manual page is roff that man renders, with every command and flag")
    func manPage() throws {
        let page = try statectl(["help", "--man"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH STATECTL 1 "))
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "SEE ALSO"] { #expect(page.stdout.contains(".SH \(heading)\n")) }
        for flag in ["\\-\\-format", "\\-\\-output", "\\-\\-trace", "\\-\\-junit", "\\-\\-update", "\\-\\-model"] { #expect(page.stdout.contains(flag)) }
        // No line may start with a stray control character (a '.' or a quote from the text).
        let controls = page.stdout.split(separator: "\n").filter { $0.hasPrefix(".") }.map { $0.split(separator: " ").first! }
        #expect(Set(controls).isSubset(of: [".TH", ".SH", ".SS", ".PP", ".TP", ".B", ".BR", ".I", ".br"]))
    }

    @Test("each shell's completion script is valid for that shell", arguments: ["bash", "zsh", "fish"])
    func syntax(_ shell: String) throws {
        let script = try statectl(["completion", shell])
        #expect(script.status == 0)
        guard let checker = ["bash": "/bin/bash", "zsh": "/bin/zsh", "fish": "/usr/bin/fish"][shell],
              FileManager.default.isExecutableFile(atPath: checker) else { return }  // shell not installed here
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("completion")
        try script.stdoutBytes.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: checker)
        process.arguments = ["-n", file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// What bash offers after `words` (the last one being completed).
    func bashCompletions(_ words: [String], in directory: URL) throws -> [String] {
        let script = try statectl(["completion", "bash"]).stdout
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
        \(script)
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _statectl
        printf '%s\\n' "${COMPREPLY[@]}" | sort
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", driver]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = statectlBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("bash completes commands, flags, formats, models and file arguments")
    func bashCompletes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("first.script"))
        #expect(try bashCompletions(["statectl", "gr"], in: directory) == ["graph"])
        #expect(try bashCompletions(["statectl", "run", "--f"], in: directory) == ["--format"])
        #expect(try bashCompletions(["statectl", "run", "--format", ""], in: directory) == ["jsonl", "text"])
        #expect(try bashCompletions(["statectl", "graph", "--model", "State"], in: directory).sorted()
                == ["StateViewController", "StatefulViewController", "StatefulViewController@3.0.1", "StatefulViewController@master"])
        #expect(try bashCompletions(["statectl", "graph", "-T", "sv"], in: directory).contains("svg"))
        #expect(try bashCompletions(["statectl", "run", "fi"], in: directory) == ["first.script"])
        #expect(try bashCompletions(["statectl", "run", "--format", "=", "j"], in: directory) == ["jsonl"])
        #expect(try bashCompletions(["statectl", "help", "c"], in: directory) == ["completion"])
        #expect(try bashCompletions(["statectl", "completion", "z"], in: directory) == ["zsh"])
    }

    @Test("fish completes commands, models, formats and flags")
    func fishCompletes() throws {
        let fish = URL(fileURLWithPath: "/usr/bin/fish")
        guard FileManager.default.isExecutableFile(atPath: fish.path) else { return }  // fish not installed here
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("statectl.fish")
        try statectl(["completion", "fish"]).stdoutBytes.write(to: file)
        func complete(_ line: String) throws -> [String] {
            let process = Process()
            process.executableURL = fish
            process.arguments = ["--no-config", "-c", "source \(file.path); complete -C '\(line)'"]
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = statectlBinary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("statectl gr") == ["graph"])
        #expect(try complete("statectl graph --model State").sorted()
                == ["StateViewController", "StatefulViewController", "StatefulViewController@3.0.1", "StatefulViewController@master"])
        #expect(try complete("statectl graph -T sv").contains("svg"))
        #expect(try complete("statectl run --format ").sorted() == ["jsonl", "text"])
        #expect(try complete("statectl completion ").sorted() == ["bash", "fish", "zsh"])
    }
}
