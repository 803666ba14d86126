/// Writes a graph as a Mermaid flowchart, for Markdown that GitHub and GitLab render.
///
///     flowchart TD
///         hasContent{"hasContent?"}
///         hasContent -->|YES| errorWithContent
public enum MermaidRenderer {
    public static func render(_ graph: GraphDescription) -> String {
        var lines = ["---", "title: \(escapeTitle(graph.title))", "---", "flowchart TD"]
        for node in graph.nodes {
            var label = node.label
            if let count = node.count { label += "\n×\(count)" }
            let text = "\"" + escape(label) + "\""
            let shape: String
            switch node.role {
            case "question": shape = "{\(text)}"
            case "effect": shape = "[/\(text)/]"
            case "entry": shape = "([\(text)])"
            default: shape = "[\(text)]"
            }
            lines.append("    \(identifier(node.id))\(shape)")
        }
        for edge in graph.edges {
            var label = edge.label ?? ""
            if let count = edge.count, count > 0 { label += (label.isEmpty ? "" : " ") + "×\(count)" }
            let arrow = edge.count == 0 ? "-.->" : "-->"
            let labelText = label.isEmpty ? "" : "|\"\(escape(label))\"|"
            lines.append("    \(identifier(edge.from)) \(arrow)\(labelText) \(identifier(edge.to))")
        }
        if let legend = graph.legend {
            lines.append("    subgraph legend [\"\(escape(legend.title))\"]")
            for edge in legend.edges {
                let label = edge.attributes.last { $0.0 == "label" }?.1 ?? ""
                let arrow = edge.attributes.contains { $0 == ("style", "dashed") } ? "-.->" : "==>"
                lines.append("        \(identifier(edge.from))[\" \"] \(arrow)|\"\(escape(label))\"| \(identifier(edge.to))[\" \"]")
            }
            lines.append("    end")
        }
        // One class per outcome state, sorted so the output is stable.
        let states = Set(graph.nodes.compactMap(\.state)).sorted()
        for state in states {
            let color = DecisionGraph.stateColors[state] ?? "#000000"
            lines.append("    classDef state_\(identifier(state)) stroke:\(color),color:\(color)")
            let members = graph.nodes.filter { $0.state == state && $0.count != 0 }.map { identifier($0.id) }
            if !members.isEmpty { lines.append("    class \(members.joined(separator: ",")) state_\(identifier(state))") }
        }
        let untaken = graph.nodes.filter { $0.count == 0 }.map { identifier($0.id) }
        if !untaken.isEmpty {
            lines.append("    classDef untaken stroke:\(DecisionGraph.untraced),color:\(DecisionGraph.untraced),stroke-dasharray:4")
            lines.append("    class \(untaken.joined(separator: ",")) untaken")
        }
        // Links are numbered in the order they were declared: the tree's, then the legend's.
        let links = graph.edges.map { $0.count == 0 } + (graph.legend?.edges ?? []).map { $0.attributes.contains { $0 == ("style", "dashed") } }
        for (index, untaken) in links.enumerated() where untaken {
            lines.append("    linkStyle \(index) stroke:\(DecisionGraph.untraced),color:\(DecisionGraph.untraced)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid node ids: letters, digits and underscores only, and never the keyword `end`.
    static func identifier(_ id: String) -> String {
        if id.lowercased() == "end" { return "end_" }
        return String(id.unicodeScalars.map { scalar -> Character in
            let v = scalar.value
            let ok = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
            return ok ? Character(scalar) : "_"
        })
    }

    /// Text inside a quoted Mermaid label: entity codes for what would end or break it.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "&": result += "#amp;"
            case "#": result += "#35;"
            case "|": result += "#124;"
            case "\n": result += "<br/>"
            case "\r", "\t": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// The YAML front matter title: quoted, one line.
    static func escapeTitle(_ text: String) -> String {
        "\"" + text.replacingNewlines().replacingQuotes() + "\""
    }
}

private extension String {
    func replacingNewlines() -> String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " — ") }
    func replacingQuotes() -> String {
        var result = ""
        for character in self {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.append(character)
            }
        }
        return result
    }
}
