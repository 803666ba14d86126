import Foundation

/// A Markdown file whose examples are executed: every ```statectl block is a script and
/// every ```console block a transcript of `$ statectl …` commands with their output.
///
/// - A ```statectl block whose first line is `# PATH` of a file in the repository must
///   equal that file (with or without that first line); any other is written to a scratch directory (as PATH when its
///   first line names one ending in .script, else as `block.script`).
/// - A ```statectl block right before a ```console block is what that transcript runs;
///   one on its own must run cleanly (exit 0).
/// - In a transcript, `$ statectl ARGS` runs in the scratch directory (which links
///   `docs` and `Tests` to the repository's) and its standard output then standard error
///   must equal the lines below it; a line `...` stands for any number of lines.
///   `$ echo $?` shows the last exit status. `< FILE` feeds standard input.
struct ExecutedDocument {
    struct Block {
        var info: String
        var line: Int
        var text: String
    }

    /// A place in the document that does not do what it shows.
    struct Drift: CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    let path: String
    let blocks: [Block]

    init(path: String, text: String) {
        self.path = path
        var blocks: [Block] = []
        var open: (fence: String, info: String, line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if var current = open {
                if trimmed.hasPrefix(current.fence), trimmed.allSatisfy({ $0 == "`" || $0 == "~" }) {
                    blocks.append(Block(info: current.info, line: current.line, text: current.lines.map { $0 + "\n" }.joined()))
                    open = nil
                } else {
                    current.lines.append(String(line))
                    open = current
                }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let fence = String(trimmed.prefix { $0 == "`" || $0 == "~" })
                // CommonMark: a backtick fence's info string holds no backtick (that is inline code).
                if fence.hasPrefix("`"), trimmed.dropFirst(fence.count).contains("`") { continue }
                let info = trimmed.dropFirst(fence.count).split(separator: " ").first.map(String.init) ?? ""
                open = (fence, info, index + 1, [])
            }
        }
        self.blocks = blocks
        unclosedLine = open?.line
    }

    /// The line of a fence never closed, which would hide every example after it.
    let unclosedLine: Int?

    static let scriptInfos: Set<String> = ["statectl", "statectl-script"]

    var hasExamples: Bool { blocks.contains { Self.scriptInfos.contains($0.info) || $0.info == "console" } }

    /// Runs every example; returns what drifted, each with the line of its block.
    func check() throws -> [Drift] {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["docs", "Tests"] {
            try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent(name),
                                                       withDestinationURL: packageRoot.appendingPathComponent(name))
        }
        var drifts: [Drift] = []
        if let unclosedLine { drifts.append(Drift(line: unclosedLine, message: "this fence is never closed")) }
        for (index, block) in blocks.enumerated() {
            if Self.scriptInfos.contains(block.info) {
                let name = try place(block, in: scratch, drifts: &drifts)
                let followedByTranscript = index + 1 < blocks.count && blocks[index + 1].info == "console"
                if !followedByTranscript {
                    let result = try statectl(["run", name], directory: scratch, environment: ["NO_COLOR": "1"])
                    if result.status != 0 {
                        drifts.append(Drift(line: block.line, message: "the script exits \(result.status), not 0:\n\(result.stderr)"))
                    }
                }
            } else if block.info == "console" {
                drifts += try runTranscript(block, in: scratch)
            }
        }
        return drifts
    }

    /// Writes a script block where transcripts find it, or compares it with the file it names.
    private func place(_ block: Block, in scratch: URL, drifts: inout [Drift]) throws -> String {
        let firstLine = block.text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        var name = "block.script"
        if firstLine.hasPrefix("# "), let named = firstLine.dropFirst(2).split(separator: " ").first, named.hasSuffix(".script") {
            name = String(named)
            let inRepository = packageRoot.appendingPathComponent(name)
            if let existing = try? String(contentsOf: inRepository, encoding: .utf8) {
                let body = block.text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().joined()
                if existing != block.text && existing != body {
                    drifts.append(Drift(line: block.line, message: "the block differs from \(name)"))
                }
                return name
            }
        }
        let url = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(block.text.utf8).write(to: url)
        return name
    }

    private func runTranscript(_ block: Block, in scratch: URL) throws -> [Drift] {
        var drifts: [Drift] = []
        var lastStatus: Int32 = 0
        let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        var index = lines.startIndex
        while index < lines.endIndex {
            let commandLine = lines[index]
            guard commandLine.hasPrefix("$ ") else {
                drifts.append(Drift(line: block.line + 1 + index, message: "expected a '$ ' command line, found '\(commandLine)'"))
                return drifts
            }
            var expected: [String] = []
            index += 1
            while index < lines.endIndex, !lines[index].hasPrefix("$ ") {
                expected.append(lines[index])
                index += 1
            }
            let lineNumber = block.line + 1 + (index - expected.count - 1)
            var words = Self.words(String(commandLine.dropFirst(2)))
            let actual: String
            if words == ["echo", "$?"] {
                actual = "\(lastStatus)\n"
            } else if words.first == "statectl" {
                var input = Data()
                if let redirect = words.firstIndex(of: "<"), redirect + 1 < words.count {
                    input = try Data(contentsOf: scratch.appendingPathComponent(words[redirect + 1]))
                    words.removeSubrange(redirect...(redirect + 1))
                }
                let result = try statectl(Array(words.dropFirst()), input: input, directory: scratch, environment: ["NO_COLOR": "1"])
                lastStatus = result.status
                actual = result.stdout + result.stderr
            } else {
                drifts.append(Drift(line: lineNumber, message: "only 'statectl …' and 'echo $?' can be executed: '\(commandLine)'"))
                continue
            }
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if !Self.matches(expected[...], Array(actualLines.last == "" ? actualLines.dropLast() : actualLines[...])[...]) {
                drifts.append(Drift(line: lineNumber, message: "'\(commandLine)' printed:\n\(actual)\nbut the document shows:\n"
                                    + expected.map { $0 + "\n" }.joined()))
            }
        }
        return drifts
    }

    /// Expected lines against actual ones, where `...` matches any run of lines.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            for skip in 0...actual.count where matches(expected.dropFirst(), actual.dropFirst(skip)) { return true }
            return false
        }
        guard let line = actual.first, line == first else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    /// A command line split into words; single and double quotes group, as in a shell.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
