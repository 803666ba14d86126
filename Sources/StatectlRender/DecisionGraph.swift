import StatectlSimulate

/// How often traced runs took each edge of a decision tree.
public struct DecisionTrace: Sendable {
    public private(set) var edgeCounts: [String: Int] = [:]
    public private(set) var scripts: [String] = []
    public private(set) var decisions = 0

    public init() {}

    /// Counts the edges named by `decision` records (their `edges` field).
    public mutating func add(_ records: [Record], script: String) {
        scripts.append(script)
        for record in records {
            guard case .strings(let edges)? = record[.edges] else { continue }
            decisions += 1
            for edge in edges { edgeCounts[edge, default: 0] += 1 }
        }
    }
}

/// Turns a decision tree (and optionally a trace) into the graph `statectl graph` draws,
/// styled after StatefulViewController's README picture: entry points and outcomes as
/// boxes, questions as diamonds with YES/NO edges, outcomes coloured by state.
public enum DecisionGraph {
    /// Outline and text colour for each state's outcome.
    static let stateColors = ["content": "#1f8dd6", "loading": "#8e5cc7", "error": "#d64541", "empty": "#9a9a9a"]
    static let untraced = "#c8c8c8"

    public static func describe(_ tree: DecisionTree, trace: DecisionTrace? = nil) -> GraphDescription {
        var nodeCounts: [Int: Int] = [:]
        if let trace {
            for edge in tree.edges {
                let count = trace.edgeCounts[edge.id] ?? 0
                nodeCounts[edge.to, default: 0] += count
                if tree.nodes[edge.from].role == .entry { nodeCounts[edge.from, default: 0] += count }
            }
        }
        var title = "\(tree.name) decision tree"
        if let trace {
            let noun = trace.scripts.count == 1 ? "script" : "scripts"
            title += "\ntraced: \(trace.scripts.count) \(noun), \(trace.decisions) decisions: " + trace.scripts.joined(separator: ", ")
        }
        let nodes = tree.nodes.enumerated().map { index, node in
            let count = trace == nil ? nil : nodeCounts[index] ?? 0
            return GraphDescription.Node(id: node.id, label: node.label, role: node.role.rawValue, state: node.state,
                                         count: count, attributes: nodeAttributes(node, count: count))
        }
        let edges = tree.edges.map { edge in
            let count = trace.map { $0.edgeCounts[edge.id] ?? 0 }
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
            nodes: nodes, edges: edges)
    }

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
