import StatectlExplore
import StatectlRender

/// An exploration's report, as text for people and as one JSON object for tools.
struct ExploreReport {
    var result: ExploreResult
    var seconds: Double
    /// The memory limit the search had, for the report of a search it stopped.
    var maxBytes: Int? = nil

    /// The counterexample script's header; its events' line numbers follow from it.
    static func counterexampleHeader(_ property: ExploreResult.PropertyResult) -> [String] {
        ["Counterexample to '\(property.text)'" + (property.line.map { " (spec line \($0))" } ?? "") + ", found by statectl explore.",
         "'statectl run' stops with exit status 1 at the last line."]
    }

    static func counterexampleScript(_ property: ExploreResult.PropertyResult, _ result: ExploreResult) -> String {
        var text = result.script(for: property.counterexample ?? [], header: counterexampleHeader(property))
        if let expect = property.failingExpect { text += expect + "\n" }
        return text
    }

    static func counterexampleName(_ property: ExploreResult.PropertyResult) -> String {
        property.line.map { "line-\($0).script" } ?? "runtime-error.script"
    }

    /// Line number, in the counterexample script, of its first event.
    func firstEventLine(_ property: ExploreResult.PropertyResult) -> Int {
        Self.counterexampleHeader(property).count + result.prefix.count + 1
    }

    var boundText: String {
        var parts: [String] = []
        if let depth = result.depth { parts.append("depth \(depth)") }
        if let queue = result.queue { parts.append("queue \(queue)") }
        return parts.joined(separator: ", ")
    }

    var bytesPerConfiguration: Int { result.configurations == 0 ? 0 : result.storeBytes / result.configurations }

    func text() -> String {
        var lines: [String] = []
        func row(_ label: String, _ value: String) {
            lines.append(label + String(repeating: " ", count: max(1, 20 - label.count)) + value)
        }
        row("model", result.model)
        row("events", "\(result.events.count)" + (result.eventsWereDefault ? " (the model's default alphabet)" : "") + ": "
            + result.events.joined(separator: " | "))
        row("bound", boundText)
        let exhausted: String
        if result.stoppedBy == "max-memory" {
            let limit = maxBytes.map { " (\(MemorySize.describe($0)))" } ?? ""
            exhausted = "no: stopped at --max-memory\(limit) after \(result.levels) levels (a partial report)"
        } else if result.stoppedBy == "store-capacity" {
            exhausted = "no: the store of configurations reached its 4 GiB limit after \(result.levels) levels (a partial report)"
        } else if result.stoppedAtLimit {
            exhausted = "no: stopped at --max-configurations after \(result.levels) levels (a partial report)"
        } else if result.complete {
            exhausted = "yes: every reachable configuration within the bound was explored"
        } else {
            exhausted = "no: configurations at depth \(result.depth ?? 0) were not expanded"
        }
        row("exhausted", exhausted)
        row("configurations", "\(result.configurations)")
        row("observable states", "\(result.observableStates.count)")
        row("steps", "\(result.steps)")
        row("branches", "\(result.branches.taken) of \(result.branches.total) reachable")
        row("time", Self.formatSeconds(seconds))
        lines.append("properties")
        for property in result.properties {
            let verdict = property.holds ? "holds    " : "VIOLATED "
            lines.append("  " + verdict + property.text + (property.line.map { "   (line \($0))" } ?? ""))
            guard !property.holds, let events = property.counterexample else { continue }
            let noun = events.count == 1 ? "event" : "events"
            lines.append("           shortest counterexample: \(events.count) \(noun) after the prefix")
            let first = firstEventLine(property)
            for (offset, event) in events.enumerated() {
                lines.append("           \(first + offset)  \(result.events[event])")
            }
            if let message = property.message { lines.append("           " + message) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        func quoted(_ text: String) -> String { JSONLinesRenderer.quoted(text) }
        func optional(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        var fields: [String] = []
        fields.append("\"model\":" + quoted(result.model))
        fields.append("\"events\":[" + result.events.map(quoted).joined(separator: ",") + "]")
        fields.append("\"depth\":" + optional(result.depth))
        fields.append("\"queue\":" + optional(result.queue))
        fields.append("\"complete\":\(result.complete)")
        fields.append("\"stoppedAtLimit\":\(result.stoppedAtLimit)")
        fields.append("\"stoppedBy\":" + (result.stoppedBy.map(quoted) ?? "null"))
        fields.append("\"configurations\":\(result.configurations)")
        fields.append("\"observableStates\":\(result.observableStates.count)")
        fields.append("\"observableTransitions\":\(result.transitions.reduce(0) { $0 + $1.events.count })")
        fields.append("\"steps\":\(result.steps)")
        let reachable = result.branches.tree.edges.indices.filter { result.branches.counts[$0] > 0 }.map { quoted(result.branches.tree.edges[$0].id) }
        fields.append("\"branches\":{\"reachable\":\(result.branches.taken),\"total\":\(result.branches.total),"
                      + "\"reachableIDs\":[" + reachable.joined(separator: ",") + "]}")
        fields.append("\"seconds\":" + Self.formatSeconds(seconds, unit: false))
        fields.append("\"bytesPerConfiguration\":\(bytesPerConfiguration)")
        let properties = result.properties.map { property in
            let counterexample = property.counterexample.map { "[" + $0.map { quoted(result.events[$0]) }.joined(separator: ",") + "]" } ?? "null"
            return "{\"text\":\(quoted(property.text)),\"line\":\(optional(property.line)),\"holds\":\(property.holds),"
                + "\"counterexample\":\(property.holds ? "null" : counterexample),\"message\":\(property.message.map(quoted) ?? "null")}"
        }
        fields.append("\"properties\":[" + properties.joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    /// Three decimals without Foundation.
    static func formatSeconds(_ seconds: Double, unit: Bool = true) -> String {
        let thousandths = Int((seconds * 1000).rounded())
        var fraction = String(thousandths % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        return "\(thousandths / 1000).\(fraction)" + (unit ? " s" : "")
    }
}

/// The observable state graph: one node per observable state, one edge per pair of states
/// a step joins, labelled with the events that take it (and how often).
enum StateGraph {
    static func describe(_ result: ExploreResult) -> GraphDescription {
        let title = "\(result.model): \(result.observableStates.count) observable states"
        let nodes = result.observableStates.enumerated().map { index, state in
            let label = state.values.map { "\($0.property) \($0.value)" }.joined(separator: "\n")
            var attributes: [(String, String)] = [("label", label)]
            if state.depth == 0 { attributes += [("style", "bold"), ("peripheries", "2")] }
            return GraphDescription.Node(id: "s\(index)", label: label, role: "state", state: nil, count: nil, attributes: attributes)
        }
        let edges = result.transitions.enumerated().map { index, transition in
            let total = transition.events.reduce(0) { $0 + $1.count }
            let shown = transition.events.prefix(4).map { result.events[$0.event] }
            var label = shown.joined(separator: "\n")
            if transition.events.count > shown.count { label += "\n+\(transition.events.count - shown.count) more" }
            label += "\n×\(total)"
            var attributes: [(String, String)] = [("label", label)]
            // Rank by shortest-path depth: only edges one level down place nodes.
            let from = result.observableStates[transition.from].depth, to = result.observableStates[transition.to].depth
            if to != from + 1 { attributes.append(("weight", "0")) }
            if transition.from == transition.to { attributes.append(("color", "#9a9a9a")) }
            return GraphDescription.Edge(id: "t\(index)", from: "s\(transition.from)", to: "s\(transition.to)",
                                         label: label, count: total, attributes: attributes)
        }
        return GraphDescription(
            name: "states", title: title,
            graphAttributes: [("rankdir", "TB"), ("labelloc", "t"), ("fontname", "Helvetica"), ("fontsize", "16"),
                              ("nodesep", "0.4"), ("ranksep", "0.6"), ("label", title)],
            nodeDefaults: [("label", "\\N"), ("fontname", "Helvetica"), ("fontsize", "11"), ("shape", "box"), ("style", "rounded"),
                           ("margin", "0.12,0.05")],
            edgeDefaults: [("fontname", "Helvetica"), ("fontsize", "9"), ("arrowsize", "0.6")],
            nodes: nodes, edges: edges)
    }
}
