import StatectlSimulate

/// Turns a decision tree (and optionally a trace) into the graph `statectl graph` draws,
/// styled after StatefulViewController's README picture: entry points and outcomes as
/// boxes, questions as diamonds with YES/NO edges, outcomes coloured by state.
public enum DecisionGraph {
    /// Outline and text colour for each state's outcome.
    static let stateColors = ["content": "#1f8dd6", "loading": "#8e5cc7", "error": "#d64541", "empty": "#9a9a9a"]
    static let untraced = "#c8c8c8"

    /// The tree, and with `trace` how often the traced scripts took each branch: the
    /// coverage picture. The counts are `BranchCoverage`'s, the ones `test --coverage` reports.
    public static func describe(_ tree: DecisionTree, trace: SuiteCoverage.ModelCoverage? = nil) -> GraphDescription {
        var nodeCounts: [Int: Int] = [:]
        var decisions = 0
        if let trace {
            for (position, edge) in tree.edges.enumerated() {
                let count = trace.branches.counts[position]
                nodeCounts[edge.to, default: 0] += count
                // Every walk starts on an entry's edge: their counts add up to the decisions made.
                if tree.nodes[edge.from].role == .entry {
                    nodeCounts[edge.from, default: 0] += count
                    decisions += count
                }
            }
        }
        var title = "\(tree.name) decision tree"
        if let trace {
            // A short title: one script by its name, many by their number (the legend says the rest).
            let scripts = trace.scripts.count == 1 ? trace.scripts[0] : "\(trace.scripts.count) scripts"
            title += "\ntraced: \(scripts), \(decisions) \(decisions == 1 ? "decision" : "decisions"), \(trace.branches.taken) of \(trace.branches.total)"
                + " branches taken (\(CoverageReport.percent(trace.branches))%)"
        }
        let nodes = tree.nodes.enumerated().map { index, node in
            let count = trace == nil ? nil : nodeCounts[index] ?? 0
            return GraphDescription.Node(id: node.id, label: node.label, role: node.role.rawValue, state: node.state,
                                         count: count, attributes: nodeAttributes(node, count: count))
        }
        precondition(trace.map { $0.branches.counts.count == tree.edges.count } ?? true, "a trace of another tree")
        let edges = tree.edges.enumerated().map { position, edge in
            let count = trace.map { $0.branches.counts[position] }
            return GraphDescription.Edge(id: edge.id, from: tree.nodes[edge.from].id, to: tree.nodes[edge.to].id,
                                         label: edge.label, count: count, attributes: edgeAttributes(edge.label, count: count))
        }
        return GraphDescription(
            name: tree.name, title: title,
            graphAttributes: [("rankdir", "TB"), ("labelloc", "t"), ("fontname", "Helvetica"), ("fontsize", "16"),
                              ("nodesep", "0.5"), ("ranksep", "0.45"), ("label", title)],
            // Graphviz's own default, declared so the DOT is the same whether or not a
            // layout context has run before in this process (gvContext sets it globally).
            nodeDefaults: [("label", "\\N"), ("fontname", "Helvetica"), ("fontsize", "12"), ("shape", "box"), ("margin", "0.15,0.06")],
            edgeDefaults: [("fontname", "Helvetica"), ("fontsize", "11"), ("arrowsize", "0.7")],
            nodes: nodes, edges: edges, legend: trace == nil ? nil : legend)
    }

    /// What a traced picture's line styles mean: two sample branches beside the tree.
    static let legend: GraphDescription.Legend = {
        func point(_ id: String) -> GraphDescription.Node {
            GraphDescription.Node(id: id, label: "", role: "legend", state: nil, count: nil,
                                  attributes: [("label", ""), ("shape", "point"), ("width", "0.06")])
        }
        func sample(_ id: String, count: Int) -> GraphDescription.Edge {
            var attributes = edgeAttributes(nil, count: count)
            attributes.removeAll { $0.0 == "label" }
            attributes.append(("label", count == 0 ? "untaken" : "taken ×N times"))
            return GraphDescription.Edge(id: id, from: id + "From", to: id + "To", label: nil, count: nil, attributes: attributes)
        }
        return GraphDescription.Legend(
            title: "legend",
            nodes: [point("legendTakenFrom"), point("legendTakenTo"), point("legendUntakenFrom"), point("legendUntakenTo")],
            edges: [sample("legendTaken", count: 4), sample("legendUntaken", count: 0)])
    }()

    static func nodeAttributes(_ node: DecisionTree.Node, count: Int?) -> [(String, String)] {
        var label = node.label
        if let count { label += "\n×\(count)" }
        var attributes: [(String, String)] = [("label", label)]
        switch node.role {
        case .entry: attributes += [("shape", "box"), ("style", "bold")]
        case .question: attributes += [("shape", "diamond"), ("margin", "0.05,0.03")]
        case .effect:
            let color = node.state.flatMap { stateColors[$0] } ?? "black"
            attributes += [("shape", "note"), ("fontcolor", color), ("color", color)]
        case .outcome:
            let color = node.state.flatMap { stateColors[$0] } ?? "black"
            attributes += [("shape", "box"), ("color", color), ("fontcolor", color)]
        }
        if count == 0 { attributes += [("color", untraced), ("fontcolor", untraced), ("style", "dashed")] }
        return attributes
    }

    static func edgeAttributes(_ label: String?, count: Int?) -> [(String, String)] {
        var attributes: [(String, String)] = []
        var text = label ?? ""
        if let count, count > 0 { text += (text.isEmpty ? "" : " ") + "×\(count)" }
        if !text.isEmpty { attributes.append(("label", text)) }
        if let count {
            if count == 0 {
                attributes += [("color", untraced), ("fontcolor", untraced), ("style", "dashed")]
            } else {
                // Thicker for busier edges, within reason.
                let width = min(5.0, 1.0 + Double(count).squareRoot() / 2)
                attributes += [("penwidth", String(format1(width))), ("color", "black")]
            }
        }
        return attributes
    }

    /// One decimal place without Foundation: 2.25 → "2.3".
    static func format1(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
