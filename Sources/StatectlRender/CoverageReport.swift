import StatectlSimulate

/// How `test --coverage` tells a suite's branch coverage: a summary line per model with
/// the untaken branches under it, or the whole count as JSON for other tools.
public enum CoverageReport {
    /// `coverage: 19 of 25 decision branches (76%) in StatefulViewController`, then one
    /// `  untaken: …` line per branch never taken, in tree order.
    public static func text(_ suite: SuiteCoverage) -> String {
        var text = ""
        for entry in suite.models {
            text += line(entry.branches, model: entry.model) + "\n"
            for position in entry.branches.untaken {
                text += "  untaken: \(entry.branches.name(ofBranch: position))\n"
            }
        }
        return text
    }

    /// The summary line alone.
    public static func line(_ coverage: BranchCoverage, model: String) -> String {
        "coverage: \(coverage.taken) of \(coverage.total) decision branches (\(percent(coverage))%) in \(model)"
    }

    /// Whether `coverage` reaches `minimum` percent, compared exactly (not the rounded figure).
    public static func meets(_ coverage: BranchCoverage, minimum: Double) -> Bool {
        Double(coverage.taken) * 100 >= minimum * Double(coverage.total)
    }

    /// The share of branches taken, rounded down to a tenth so that a figure never claims
    /// more than was taken: 76, 66.6, 100. A tree without branches is fully covered.
    public static func percent(_ coverage: BranchCoverage) -> String {
        guard coverage.total > 0 else { return "100" }
        let tenths = coverage.taken * 1000 / coverage.total
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// The suite's coverage as one JSON document, keys in a fixed order:
    /// per model, its figures and every branch with how often it was taken and by which scripts.
    public static func json(_ suite: SuiteCoverage) -> String {
        var json = "{\n  \"models\": ["
        for (index, entry) in suite.models.enumerated() {
            let coverage = entry.branches, tree = coverage.tree
            json += index == 0 ? "\n" : ",\n"
            json += "    {\n"
            json += "      \"model\": \(quoted(entry.model)),\n"
            json += "      \"scripts\": \(entry.scripts.count),\n"
            json += "      \"branchesTaken\": \(coverage.taken),\n"
            json += "      \"branchesTotal\": \(coverage.total),\n"
            json += "      \"percent\": \(percent(coverage)),\n"
            json += "      \"branches\": ["
            for (position, edge) in tree.edges.enumerated() {
                json += position == 0 ? "\n" : ",\n"
                json += "        {\"id\": \(quoted(edge.id)), \"name\": \(quoted(coverage.name(ofBranch: position))), "
                json += "\"from\": \(quoted(tree.nodes[edge.from].id)), \"to\": \(quoted(tree.nodes[edge.to].id)), "
                json += "\"label\": \(edge.label.map(quoted) ?? "null"), \"taken\": \(coverage.counts[position]), "
                json += "\"scripts\": [" + entry.scriptsByBranch[position].map(quoted).joined(separator: ", ") + "]}"
            }
            json += "\n      ]\n    }"
        }
        json += suite.models.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return json
    }

    private static func quoted(_ text: String) -> String { JSONLinesRenderer.quoted(text) }
}
