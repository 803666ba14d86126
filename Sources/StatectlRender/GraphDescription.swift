/// A graph to draw, as plain data: nodes and edges with Graphviz-style attributes in a
/// fixed order. Built once from a model's decision tree; the Graphviz wrapper and the
/// Mermaid renderer both draw it, so the two pictures show the same thing.
public struct GraphDescription: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        public var id: String
        public var label: String
        public var role: String
        /// The state an outcome shows, for colouring.
        public var state: String?
        /// How often a traced run passed through it; nil when not tracing.
        public var count: Int?
        public var attributes: [(String, String)]

        public init(id: String, label: String, role: String, state: String?, count: Int?, attributes: [(String, String)]) {
            self.id = id
            self.label = label
            self.role = role
            self.state = state
            self.count = count
            self.attributes = attributes
        }

        public static func == (a: Node, b: Node) -> Bool {
            a.id == b.id && a.label == b.label && a.role == b.role && a.state == b.state && a.count == b.count
                && a.attributes.elementsEqual(b.attributes, by: ==)
        }
    }

    public struct Edge: Sendable, Equatable {
        public var id: String
        public var from: String
        public var to: String
        public var label: String?
        public var count: Int?
        public var attributes: [(String, String)]

        public init(id: String, from: String, to: String, label: String?, count: Int?, attributes: [(String, String)]) {
            self.id = id
            self.from = from
            self.to = to
            self.label = label
            self.count = count
            self.attributes = attributes
        }

        public static func == (a: Edge, b: Edge) -> Bool {
            a.id == b.id && a.from == b.from && a.to == b.to && a.label == b.label && a.count == b.count
                && a.attributes.elementsEqual(b.attributes, by: ==)
        }
    }

    public var name: String
    public var title: String
    public var graphAttributes: [(String, String)]
    public var nodeDefaults: [(String, String)]
    public var edgeDefaults: [(String, String)]
    public var nodes: [Node]
    public var edges: [Edge]
    /// A boxed key drawn beside the graph (what a traced picture's styles mean), or nil.
    public var legend: Legend?

    public struct Legend: Sendable, Equatable {
        public var title: String
        public var nodes: [Node]
        public var edges: [Edge]
    }

    /// A graph to draw; `graph` builds one from a decision tree, `explore` from its state graph.
    public init(name: String, title: String, graphAttributes: [(String, String)], nodeDefaults: [(String, String)],
                edgeDefaults: [(String, String)], nodes: [Node], edges: [Edge], legend: Legend? = nil) {
        self.legend = legend
        self.name = name
        self.title = title
        self.graphAttributes = graphAttributes
        self.nodeDefaults = nodeDefaults
        self.edgeDefaults = edgeDefaults
        self.nodes = nodes
        self.edges = edges
    }

    public static func == (a: GraphDescription, b: GraphDescription) -> Bool {
        a.name == b.name && a.title == b.title && a.nodes == b.nodes && a.edges == b.edges && a.legend == b.legend
            && a.graphAttributes.elementsEqual(b.graphAttributes, by: ==)
            && a.nodeDefaults.elementsEqual(b.nodeDefaults, by: ==)
            && a.edgeDefaults.elementsEqual(b.edgeDefaults, by: ==)
    }
}
