/// A model's decision logic as data: the simulator walks it to decide, and `graph` draws it,
/// so the picture cannot drift from the behaviour.
///
/// Questions, effects and outcomes are named by keys that the owning model interprets;
/// the tree only knows how they connect.
public struct DecisionTree: Sendable {
    /// What a node is, which also decides how it is drawn.
    public enum Role: String, Sendable {
        case entry, question, effect, outcome
    }

    /// What walking through a node does.
    public enum Step: Sendable {
        /// An entry point (a method the user calls); goes on along `next`.
        case enter(next: Int)
        /// Asks the model the question `key`; goes on along `yes` or `no`.
        case ask(key: String, yes: Int, no: Int)
        /// Tells the model to perform the side effect `key`; goes on along `next`.
        case perform(key: String, next: Int)
        /// Ends the walk with the outcome `key`.
        case outcome(key: String)
    }

    public struct Node: Sendable {
        public var id: String
        public var label: String
        public var role: Role
        /// The state an outcome shows, for colouring; nil for other nodes.
        public var state: String?
        public var step: Step

        /// The label on one line, for logs: drawings may break it, a log line may not.
        public var oneLineLabel: String { label.split(separator: "\n").joined(separator: " ") }
    }

    public struct Edge: Sendable {
        public var id: String
        public var from: Int
        public var to: Int
        public var label: String?
    }

    public var name: String
    public var nodes: [Node]
    public var edges: [Edge]

    /// How a node is declared: its step names the nodes it leads to, and the edges follow.
    public enum Leads: Sendable {
        case enter(to: String, label: String?)
        case ask(key: String, yes: String, no: String)
        case perform(key: String, then: String)
        case outcome(key: String)
    }

    /// A node as written in a model's tree declaration.
    public struct Declaration: Sendable {
        public var id: String, label: String, role: Role, state: String?, leads: Leads
        public init(_ id: String, _ label: String, _ role: Role, state: String? = nil, _ leads: Leads) {
            self.id = id; self.label = label; self.role = role; self.state = state; self.leads = leads
        }
    }

    /// Builds the tree from declarations; edges are made in declaration order, so output is stable.
    public init(name: String, declarations: [Declaration]) {
        self.name = name
        var index: [String: Int] = [:]
        for (position, declaration) in declarations.enumerated() { index[declaration.id] = position }
        func node(_ id: String) -> Int {
            guard let position = index[id] else { preconditionFailure("decision tree \(name): no node \(id)") }
            return position
        }
        var edges: [Edge] = []
        func edge(_ from: Int, _ to: String, _ label: String?) -> Int {
            edges.append(Edge(id: "\(declarations[from].id)->\(to)", from: from, to: node(to), label: label))
            return edges.count - 1
        }
        var nodes: [Node] = []
        for (position, declaration) in declarations.enumerated() {
            let step: Step
            switch declaration.leads {
            case .enter(let to, let label): step = .enter(next: edge(position, to, label))
            case .ask(let key, let yes, let no): step = .ask(key: key, yes: edge(position, yes, "YES"), no: edge(position, no, "NO"))
            case .perform(let key, let then): step = .perform(key: key, next: edge(position, then, nil))
            case .outcome(let key): step = .outcome(key: key)
            }
            nodes.append(Node(id: declaration.id, label: declaration.label, role: declaration.role, state: declaration.state, step: step))
        }
        self.nodes = nodes
        self.edges = edges
    }

    /// What one walk through the tree did.
    public struct Walk: Sendable {
        public var outcome: String
        /// Indices into `edges`, in the order they were taken.
        public var edges: [Int]
        /// Human-readable steps: `hasContent? NO`, `loading? YES`.
        public var steps: [String]
    }

    public func index(ofNode id: String) -> Int? { nodes.firstIndex { $0.id == id } }

    /// The fields of the `decision` record for a walk from `entry`: its steps, the edges it
    /// took (what `graph --trace` counts) and its outcome.
    public func recordFields(entry: String, walk: Walk) -> [Field] {
        [Field(.entry, .string(entry)), Field(.path, .strings(walk.steps)),
         Field(.edges, .strings(walk.edges.map { edges[$0].id })), Field(.outcome, .string(walk.outcome))]
    }

    /// Walks from the entry node `entry`, asking `answer` at each question and calling
    /// `perform` at each effect, until an outcome.
    public func walk(from entry: Int, answer: (String) -> Bool, perform: (String) -> Void) -> Walk {
        var walk = Walk(outcome: "", edges: [], steps: [])
        var node = entry
        // A tree has no cycles; the bound only guards against a malformed one.
        for _ in 0...nodes.count {
            switch nodes[node].step {
            case .enter(let next):
                walk.edges.append(next)
                node = edges[next].to
            case .ask(let key, let yes, let no):
                let answered = answer(key)
                walk.steps.append("\(nodes[node].oneLineLabel) \(answered ? "YES" : "NO")")
                let edge = answered ? yes : no
                walk.edges.append(edge)
                node = edges[edge].to
            case .perform(let key, let next):
                perform(key)
                walk.steps.append(nodes[node].oneLineLabel)
                walk.edges.append(next)
                node = edges[next].to
            case .outcome(let key):
                walk.outcome = key
                return walk
            }
        }
        preconditionFailure("decision tree \(name) has a cycle")
    }
}
