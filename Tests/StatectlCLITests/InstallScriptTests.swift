import Foundation
import Testing

/// scripts/install.sh's layout, with the binary these tests run (a release build is too slow
/// for the suite; the README and the report record `bash scripts/install.sh --prefix /tmp/x`).
@Suite("scripts/install.sh")
struct InstallScriptTests {
    func run(_ executable: String, _ arguments: [String], directory: URL = packageRoot) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("installs the binary, the man page, three completions and the guides under the prefix")
    func layout() throws {
        let prefix = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let installed = try run("/bin/bash", ["scripts/install.sh", "--prefix", prefix.path, "--binary", statectlBinary.path])
        #expect(installed.status == 0, "\(installed.output)")
        let files = ["bin/statectl", "share/man/man1/statectl.1", "share/bash-completion/completions/statectl",
                     "share/zsh/site-functions/_statectl", "share/fish/vendor_completions.d/statectl.fish",
                     "share/doc/statectl/README.md", "share/doc/statectl/graph.md", "share/doc/statectl/models/StatefulViewController.md"]
        for file in files { #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)") }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/statectl").path))
        let version = try run(prefix.appendingPathComponent("bin/statectl").path, ["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("statectl "))
        let leftovers = FileManager.default.enumerator(atPath: prefix.path)?.compactMap { $0 as? String }.filter { $0.contains(".tmp.") }
        #expect(leftovers == [])
        // man renders the page without warnings, where man is installed.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let page = try run("/usr/bin/man", ["--warnings", "-l", "-P", "cat", prefix.appendingPathComponent("share/man/man1/statectl.1").path])
            #expect(page.status == 0)
            #expect(page.output.contains("statectl graph"))
            #expect(!page.output.contains("warning"), "\(page.output)")
        }
    }

    @Test("an unknown argument is refused with the usage, exit 2")
    func badArgument() throws {
        let result = try run("/bin/bash", ["scripts/install.sh", "--prefx", "/tmp/nowhere"])
        #expect(result.status == 2)
        #expect(result.output.contains("usage: scripts/install.sh [--prefix DIR] [--binary FILE]"))
    }
}
