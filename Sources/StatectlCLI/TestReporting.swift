#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlRender

/// How `statectl test` shows its results: for people, for GitHub's pull requests, or as
/// JUnit XML for CI systems that read it.
enum Reporter: String {
    case text, github, junit
}

extension TestCommand {
    /// A diagnostic (syntax error, failed expect, runtime error) as an annotation at its line and column.
    func annotation(for located: LocatedDiagnostic, in script: String) -> GitHubAnnotation {
        let diagnostic = located.diagnostic
        let column = located.excerpt.column
        let message = ([diagnostic.message] + diagnostic.notes.map { "note: " + $0.message }).joined(separator: "\n")
        return GitHubAnnotation(file: relativePath(script), line: diagnostic.span.line, column: column,
                                title: "statectl test", message: message)
    }

    /// A changed log as an annotation on the golden file's first differing line, with both versions of it.
    func logDifference(script: String, golden: String, expected: String, actual: String) -> GitHubAnnotation {
        let old = UnifiedDiff.lines(expected), new = UnifiedDiff.lines(actual)
        var index = 0
        while index < old.count, index < new.count, old[index] == new[index] { index += 1 }
        func shown(_ lines: [String]) -> String {
            guard index < lines.count else { return "(end of log)" }
            let line = lines[index]
            return line.hasSuffix("\n") ? String(line.dropLast()) : line + " (no line break at the end)"
        }
        let message = "the log of \(script) differs from its golden file at line \(index + 1)\n"
            + "expected: \(shown(old))\n  actual: \(shown(new))\n"
            + "accept the change with: statectl test --update \(script)"
        return GitHubAnnotation(file: relativePath(golden), line: min(index + 1, max(old.count, 1)), column: 1,
                                title: "statectl test: log changed", message: message)
    }

    /// A path relative to the working directory, as GitHub resolves annotation paths
    /// against the checkout: an absolute path inside it loses the prefix, and `./` goes.
    func relativePath(_ path: String) -> String {
        var result = path
        if result.hasPrefix("/"), let directory = workingDirectory() {
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            if result.hasPrefix(prefix) { result = String(result.dropFirst(prefix.count)) }
        }
        while result.hasPrefix("./") { result = String(result.dropFirst(2)) }
        return result
    }

    private func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Double {
    /// A percentage as typed: 80 rather than 80.0.
    var formatted: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
