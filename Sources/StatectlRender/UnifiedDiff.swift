/// A unified diff (`diff -u` style) between two texts, built on the standard library's
/// `CollectionDifference`.
///
///     --- expected/path.golden
///     +++ actual
///     @@ -3,7 +3,7 @@
public enum UnifiedDiff {
    /// One line of the edit script.
    enum Line: Equatable {
        case same(String), removed(String), added(String)

        var isSame: Bool { if case .same = self { return true } else { return false } }
    }

    /// The diff of `expected` and `actual`, or nil if they are equal.
    public static func diff(expected: String, actual: String, expectedName: String, actualName: String,
                            context: Int = 3, colored: Bool = false) -> String? {
        guard expected != actual else { return nil }
        let old = lines(expected), new = lines(actual)
        let script = editScript(old: old, new: new)
        var output = colorize("--- \(expectedName)\n+++ \(actualName)\n", "1", colored)
        for hunk in hunks(script, context: context) {
            output += colorize(hunk.header, "36", colored) + "\n"
            for line in hunk.lines {
                switch line {
                case .same(let text): output += " " + show(text)
                case .removed(let text): output += colorize("-" + show(text), "31", colored)
                case .added(let text): output += colorize("+" + show(text), "32", colored)
                }
            }
        }
        return output
    }

    /// Lines with their terminators, so a missing final newline shows as a difference.
    public static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" { result.append(current); current = "" }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private static func show(_ line: String) -> String {
        line.hasSuffix("\n") ? line : line + "\n\\ No newline at end of file\n"
    }

    /// Walks both texts in step, using the difference's removals and insertions.
    static func editScript(old: [String], new: [String]) -> [Line] {
        let difference = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                script.append(.removed(old[i])); i += 1
            } else if j < new.count, inserted.contains(j) {
                script.append(.added(new[j])); j += 1
            } else if i < old.count, j < new.count {
                script.append(.same(old[i])); i += 1; j += 1
            } else if i < old.count {
                script.append(.removed(old[i])); i += 1
            } else {
                script.append(.added(new[j])); j += 1
            }
        }
        return script
    }

    struct Hunk {
        var header: String
        var lines: [Line]
    }

    /// Groups changes with `context` unchanged lines around them; nearby groups merge.
    static func hunks(_ script: [Line], context: Int) -> [Hunk] {
        let changed = script.indices.filter { !script[$0].isSame }
        guard !changed.isEmpty else { return [] }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(script.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { range in
            var oldLine = 0, newLine = 0
            for line in script[..<range.lowerBound] {
                switch line {
                case .same: oldLine += 1; newLine += 1
                case .removed: oldLine += 1
                case .added: newLine += 1
                }
            }
            let lines = Array(script[range])
            let oldCount = lines.count { if case .added = $0 { return false } else { return true } }
            let newCount = lines.count { if case .removed = $0 { return false } else { return true } }
            // diff -u numbers an empty side by the line before it.
            let oldStart = oldCount == 0 ? oldLine : oldLine + 1
            let newStart = newCount == 0 ? newLine : newLine + 1
            return Hunk(header: "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@", lines: lines)
        }
    }

    private static func colorize(_ text: String, _ code: String, _ colored: Bool) -> String {
        guard colored else { return text }
        // Colour each line on its own so a pager never carries colour across lines.
        return lines(text).map { line in
            let body = line.hasSuffix("\n") ? String(line.dropLast()) : line
            return "\u{1B}[\(code)m\(body)\u{1B}[0m" + (line.hasSuffix("\n") ? "\n" : "")
        }.joined()
    }
}
