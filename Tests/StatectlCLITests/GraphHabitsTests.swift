import Foundation
import Testing

/// `graph` as Graphviz users type it. The refusals are pinned by transcripts/graphviz-habits.md;
/// these tests check the files written and the terminal case, which needs a pseudo-terminal.
@Suite("statectl graph: Graphviz habits")
struct GraphHabitsTests {
    @Test("-Tsvg and -ofile glued write the file as the spaced spellings do")
    func glued() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try statectl(["graph", "-Tdot", "-oglued.dot"], directory: directory).status == 0)
        #expect(try statectl(["graph", "-T", "dot", "-o", "spaced.dot"], directory: directory).status == 0)
        let glued = try Data(contentsOf: directory.appendingPathComponent("glued.dot"))
        #expect(glued == (try Data(contentsOf: directory.appendingPathComponent("spaced.dot"))))
        #expect(glued.starts(with: Data("digraph".utf8)))
    }

    @Test("-T that contradicts the extension writes nothing")
    func contradictionWritesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try statectl(["graph", "-Tsvg", "-o", "tree.png"], directory: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("-T svg contradicts the extension of 'tree.png' (png)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// Runs statectl with its standard output on a pseudo-terminal, through script(1).
    func onTerminal(_ arguments: [String]) throws -> (status: Int32, output: String)? {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { return nil }
        let command = ([statectlBinary.path] + arguments).joined(separator: " ")
        let process = Process()
        process.executableURL = script
        process.arguments = ["-qec", command, "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("a binary format for a terminal is refused with a hint; text formats and pipes are fine", arguments: ["png", "pdf"])
    func binaryToTerminal(_ format: String) throws {
        guard let refused = try onTerminal(["graph", "-T\(format)"]) else { return }  // no script(1) here
        #expect(refused.status == 2)
        #expect(refused.output.contains("\(format) is binary and standard output is a terminal"))
        #expect(refused.output.contains("-o tree.\(format)"))
        #expect(try onTerminal(["graph", "-Tsvg"])?.status == 0)
        let piped = try statectl(["graph", "-T\(format)"])
        #expect(piped.status == 0)
        #expect(piped.stdoutBytes.count > 100)
    }
}
