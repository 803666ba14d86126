#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CGraphviz
import Synchronization
import StatectlRender

/// A Graphviz failure, with Graphviz's own message when it gave one.
public struct GraphvizError: Error, Sendable {
    public var message: String
}

/// The one place statectl touches Graphviz's C API. Every C resource made here (context,
/// graph, C strings, rendered data, error text) is freed here, once; callers see bytes.
///
/// Graphviz keeps global state (error level, error count, last error text), so calls are
/// serialised through one lock and errors are reset before each call.
public enum Graphviz {
    private static let lock = Mutex(())
    /// Formats every Graphviz build renders, checked without listing plugins.
    static let commonFormats: Set<String> = ["svg", "png", "pdf", "ps", "json", "xdot", "plain"]

    /// The graph as built, before layout, in DOT: deterministic, fit for golden files.
    public static func dot(_ description: GraphDescription) throws(GraphvizError) -> [UInt8] {
        try lock.withLock { _ throws(GraphvizError) in
            try withGraph(description) { graph throws(GraphvizError) in try write(graph) }
        }
    }

    /// Lays the graph out with `dot` and renders it in `format` (svg, png, pdf, …).
    public static func render(_ description: GraphDescription, format: String) throws(GraphvizError) -> [UInt8] {
        try lock.withLock { _ throws(GraphvizError) in
            try withContext { context throws(GraphvizError) in
                // Asking Graphviz for its device list loads every plugin; a known format
                // is tried directly, and the list is consulted only to explain a failure.
                guard Self.commonFormats.contains(format) || devices(context).contains(format) else {
                    throw GraphvizError(message: "unknown format '\(format)'")
                }
                return try withGraph(description) { graph throws(GraphvizError) in
                    try call("layout") { gvLayout(context, graph, "dot") }
                    defer { gvFreeLayout(context, graph) }
                    var data: UnsafeMutablePointer<CChar>?
                    var length: UInt32 = 0
                    try call("rendering \(format)") { gvRenderData(context, graph, format, &data, &length) }
                    defer { gvFreeRenderData(data) }
                    guard let data else { throw GraphvizError(message: "Graphviz rendered no \(format) data") }
                    return Array(UnsafeRawBufferPointer(start: data, count: Int(length)).bindMemory(to: UInt8.self))
                }
            }
        }
    }

    /// The output formats this Graphviz installation can render, sorted.
    public static func formats() throws(GraphvizError) -> [String] {
        try lock.withLock { _ throws(GraphvizError) in
            try withContext { context in devices(context).sorted() }
        }
    }

    // MARK: - Resources

    private static func withContext<T>(_ body: (OpaquePointer) throws(GraphvizError) -> T) throws(GraphvizError) -> T {
        resetErrors()
        guard let context = gvContext() else { throw lastError(or: "cannot create a Graphviz context") }
        defer { gvFreeContext(context) }
        return try body(context)
    }

    /// Builds the graph with cgraph calls: no DOT text is formatted by hand.
    private static func withGraph<T>(_ description: GraphDescription,
                                     _ body: (UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) -> T) throws(GraphvizError) -> T {
        resetErrors()
        let graph: UnsafeMutablePointer<Agraph_t>? = description.name.withCString { name in
            // What cgraph's global Agdirected holds, built here so no C global is touched.
            var kind = Agdesc_t()
            kind.directed = 1
            kind.maingraph = 1
            return agopen(UnsafeMutablePointer(mutating: name), kind, nil)
        }
        guard let graph else { throw lastError(or: "cannot create a graph") }
        defer { agclose(graph) }
        for (key, value) in description.graphAttributes { set(graph, key, value) }
        // Defaults are declared on the graph so every node and edge shares them.
        for (key, value) in description.nodeDefaults { declare(graph, AGNODE, key, value) }
        for (key, value) in description.edgeDefaults { declare(graph, AGEDGE, key, value) }
        var nodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
        // The legend is drawn loose beside the tree, not boxed in a cluster: dot's cluster
        // layout leaks memory on every render in the Graphviz versions statectl supports.
        let legend = description.legend
        for node in description.nodes + (legend?.nodes ?? []) {
            guard let made = node.id.withCString({ agnode(graph, UnsafeMutablePointer(mutating: $0), 1) }) else {
                throw lastError(or: "cannot create node \(node.id)")
            }
            nodes[node.id] = made
            for (key, value) in node.attributes { set(made, key, value) }
        }
        for edge in description.edges + (legend?.edges ?? []) {
            guard let from = nodes[edge.from], let to = nodes[edge.to] else {
                throw GraphvizError(message: "edge \(edge.id) joins unknown nodes")
            }
            guard let made = edge.id.withCString({ agedge(graph, from, to, UnsafeMutablePointer(mutating: $0), 1) }) else {
                throw lastError(or: "cannot create edge \(edge.id)")
            }
            for (key, value) in edge.attributes { set(made, key, value) }
        }
        return try body(graph)
    }

    /// Sets an attribute on a graph, node or edge, declaring it with an empty default if new.
    private static func set(_ object: UnsafeMutableRawPointer, _ key: String, _ value: String) {
        let escaped = escapeLabel(key, value)
        key.withCString { key in
            escaped.withCString { value in
                "".withCString { empty in
                    _ = agsafeset(object, UnsafeMutablePointer(mutating: key), UnsafeMutablePointer(mutating: value),
                                  UnsafeMutablePointer(mutating: empty))
                }
            }
        }
    }

    private static func set<T>(_ object: UnsafeMutablePointer<T>, _ key: String, _ value: String) {
        set(UnsafeMutableRawPointer(object), key, value)
    }

    private static func declare(_ graph: UnsafeMutablePointer<Agraph_t>, _ kind: Int32, _ key: String, _ value: String) {
        key.withCString { key in
            value.withCString { value in
                _ = agattr(graph, kind, UnsafeMutablePointer(mutating: key), UnsafeMutablePointer(mutating: value))
            }
        }
    }

    /// Graphviz reads backslash sequences (`\N`, `\G`, `\l`) and character entities (`&amp;`)
    /// in labels; text from users must not trigger them. A newline becomes a centred line break.
    static func escapeLabel(_ key: String, _ value: String) -> String {
        guard key == "label" else { return value }
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "&": result += "&amp;"
            case "\n": result += "\\n"
            case "\r": continue
            default: result.append(character)
            }
        }
        return result
    }

    private static func write(_ graph: UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { throw GraphvizError(message: "cannot open a memory stream") }
        let status = agwrite(graph, UnsafeMutableRawPointer(stream))
        fclose(stream)
        defer { free(buffer) }
        guard status == 0, agerrors() == 0, let buffer else { throw lastError(or: "cannot write the graph as DOT") }
        return Array(UnsafeRawBufferPointer(start: buffer, count: size).bindMemory(to: UInt8.self))
    }

    /// The render devices ("svg", "png", …) Graphviz has plugins for.
    private static func devices(_ context: OpaquePointer) -> Set<String> {
        var count: Int32 = 0
        guard let list = gvPluginList(context, "device", &count, nil) else { return [] }
        defer { free(list) }
        var result = Set<String>()
        for index in 0..<Int(count) {
            guard let entry = list[index] else { continue }
            // Entries may read "png:cairo"; the part before the colon is the format.
            let text = String(decoding: UnsafeRawBufferPointer(start: entry, count: strlen(entry)).bindMemory(to: UInt8.self), as: UTF8.self)
            result.insert(String(text.split(separator: ":").first ?? ""))
            free(entry)
        }
        // Window-opening devices and Graphviz's own laid-out DOT ("dot": statectl's dot is the
        // graph before layout) are not offered.
        result.subtract(["", "dot", "gtk", "x11", "xlib"])
        return result
    }

    // MARK: - Errors

    /// Graphviz keeps errors globally: silence its printing and start each call clean.
    private static func resetErrors() {
        _ = agseterrf { _ in 0 }
        _ = agseterr(AGMAX)
        _ = agreseterrors()
    }

    private static func call(_ what: String, _ body: () -> Int32) throws(GraphvizError) {
        resetErrors()
        if body() != 0 || agerrors() > 0 { throw lastError(or: "Graphviz failed while \(what)") }
    }

    private static func lastError(or fallback: String) -> GraphvizError {
        guard let text = aglasterr() else { return GraphvizError(message: fallback) }
        defer { free(text) }
        let message = String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)).bindMemory(to: UInt8.self), as: UTF8.self)
        let trimmed = message.split(whereSeparator: { $0 == "\n" }).joined(separator: "; ")
        return GraphvizError(message: trimmed.isEmpty ? fallback : "Graphviz: " + trimmed)
    }
}

extension Graphviz {
    /// Reads DOT text back with cgraph and counts its nodes and edges; a check that what
    /// statectl wrote is valid DOT.
    public static func parse(dot: [UInt8]) throws(GraphvizError) -> (nodes: Int, edges: Int) {
        try lock.withLock { _ throws(GraphvizError) in
            resetErrors()
            guard let graph = (dot + [0]).withUnsafeBufferPointer({ buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { agmemread($0) }
            }) else { throw lastError(or: "not valid DOT") }
            defer { agclose(graph) }
            return (Int(agnnodes(graph)), Int(agnedges(graph)))
        }
    }
}
