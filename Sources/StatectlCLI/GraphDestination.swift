import StatectlParse
import StatectlSimulate
import StatectlRender
import StatectlGraphviz

/// Graphviz users' habits for `graph`'s output, and the two mistakes they let through:
/// a `-T` that contradicts the file's extension, and a binary picture sent to a terminal.
extension GraphCommand {
    /// Formats whose output is not text: they would garble a terminal.
    static let binaryFormats: Set<String> = [
        "png", "pdf", "jpg", "jpeg", "jpe", "gif", "bmp", "ico", "tif", "tiff", "webp", "svgz",
        "gd", "gd2", "wbmp", "exr", "jp2", "pict", "pct", "psd", "sgi", "tga", "vrml", "kitty", "kittyz",
    ]

    /// Spellings that name the same format, so `-T jpeg -o a.jpg` is no contradiction.
    static func canonical(_ format: String) -> String {
        switch format {
        case "gv": return "dot"
        case "mmd": return "mermaid"
        case "jpeg", "jpe": return "jpg"
        case "tiff": return "tif"
        default: return format
        }
    }

    /// The output file's extension, lowercased, if it has one.
    var outputExtension: String? {
        guard let output, output != "-" else { return nil }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Refuses `-T svg -o tree.png` (a PNG name holding SVG) and a binary format for a terminal.
    func checkDestination(format: String, terminal: Bool) throws(CommandLineExit) {
        if let written = self.format, let ext = outputExtension, Self.canonical(ext) != Self.canonical(format) {
            // Only an extension that names a format contradicts; `-T svg -o tree.out` is fine.
            let known = Set(["dot", "gv", "mmd", "mermaid"] + ((try? Graphviz.formats()) ?? []))
            if known.contains(ext) {
                throw .usage(UsageError("-T \(written) contradicts the extension of '\(output!)' (\(ext))",
                                        notes: ["drop -T to write \(ext), or name the file for \(format)"]), command: "graph")
            }
        }
        if output == nil || output == "-", terminal, Self.binaryFormats.contains(format) {
            throw .usage(UsageError("\(format) is binary and standard output is a terminal",
                                    notes: ["write it to a file with -o tree.\(format), or pipe it: statectl graph -T\(format) | …"]),
                         command: "graph")
        }
    }

    /// A model by name, ignoring case: `--model stateviewcontroller` is StateViewController.
    /// A version after `@` (`StatefulViewController@3.0.1`) is checked against the catalog;
    /// every version of a model has the same tree.
    static func model(named spelled: String) throws(CommandLineExit) -> any SimulationModel.Type {
        guard let at = spelled.firstIndex(of: "@") else { return try model(withoutVersion: spelled) }
        let model = try model(withoutVersion: String(spelled[..<at]))
        if case .failure(let error) = ModelCatalog.choice(named: model.name, version: String(spelled[spelled.index(after: at)...])) {
            throw .usage(UsageError(error.message, notes: error.notes), command: "graph")
        }
        return model
    }

    private static func model(withoutVersion name: String) throws(CommandLineExit) -> any SimulationModel.Type {
        if let model = ModelCatalog.model(named: name) { return model }
        let names = ModelCatalog.models.map { $0.name }
        if let model = ModelCatalog.models.first(where: { $0.name.lowercased() == name.lowercased() }) { return model }
        // A typo, or the start of a long name: `StatefulView` for StatefulViewController.
        let prefixed = names.filter { $0.lowercased().hasPrefix(name.lowercased()) }
        let near = Suggestion.nearest(to: name, in: names) ?? (prefixed.count == 1 ? prefixed[0] : nil)
        var notes = near.map { ["did you mean '\($0)'?"] } ?? []
        notes.append("models: " + names.joined(separator: ", "))
        throw .usage(UsageError("unknown model '\(name)'", notes: notes), command: "graph")
    }
}

/// A graph in `format`: Mermaid and DOT are written without a layout; anything else is laid
/// out and rendered by Graphviz. Shared by `graph` and `explore -o`.
func renderGraph(_ description: GraphDescription, format: String) throws(GraphvizError) -> [UInt8] {
    switch format {
    case "mermaid": return Array(MermaidRenderer.render(description).utf8)
    case "dot": return try Graphviz.dot(description)
    default: return try Graphviz.render(description, format: format)
    }
}
