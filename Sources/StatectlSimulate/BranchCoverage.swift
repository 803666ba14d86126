/// Which branches of a model's decision tree a set of runs took, counted from the
/// `decision` records those runs produced.
///
/// A branch is an edge of the tree: an entry's way in, a question's YES or NO, an
/// effect's way on. `test --coverage`, `graph --trace` and `explore` all count through
/// this type, so "N of M branches" means the same thing everywhere.
///
///     var coverage = BranchCoverage(tree: StatefulViewControllerModel.decisionTree)
///     for record in records { coverage.add(record) }
///     print(coverage.taken, "of", coverage.total)
public struct BranchCoverage: Sendable {
    public let tree: DecisionTree
    /// How often each edge was taken, indexed like `tree.edges`.
    public private(set) var counts: [Int]
    private let indexByID: [String: Int]

    public init(tree: DecisionTree) {
        self.tree = tree
        counts = Array(repeating: 0, count: tree.edges.count)
        var index: [String: Int] = [:]
        for (position, edge) in tree.edges.enumerated() { index[edge.id] = position }
        indexByID = index
    }

    /// Counts the edges a `decision` record names; other records are ignored.
    public mutating func add(_ record: RecordView) {
        guard record.kind == .decision, case .strings(let edges)? = record[.edges] else { return }
        for edge in edges { add(edgeID: edge.string) }
    }

    public mutating func add(_ record: Record) {
        guard record.kind == .decision, case .strings(let edges)? = record[.edges] else { return }
        for edge in edges { add(edgeID: edge) }
    }

    /// Counts one edge by its id (`DecisionTree.Edge.id`); an id the tree does not have
    /// (a record from another model) is ignored.
    public mutating func add(edgeID: String) {
        if let position = indexByID[edgeID] { counts[position] += 1 }
    }

    /// Adds another count of the same tree, such as one script's to a suite's.
    public mutating func merge(_ other: BranchCoverage) {
        precondition(other.counts.count == counts.count, "coverage of different trees")
        for position in counts.indices { counts[position] += other.counts[position] }
    }

    /// Branches in the tree.
    public var total: Int { counts.count }
    /// Branches taken at least once.
    public var taken: Int { counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) } }
    /// Edge indices never taken, in tree order.
    public var untaken: [Int] { counts.indices.filter { counts[$0] == 0 } }

    /// A branch as people read it, with the labels `graph` draws:
    /// `hasContent? —YES→ error?`, `startLoading() → hasContent?`.
    public func name(ofBranch position: Int) -> String {
        let edge = tree.edges[position]
        let from = tree.nodes[edge.from].oneLineLabel, to = tree.nodes[edge.to].oneLineLabel
        switch tree.nodes[edge.from].step {
        case .ask: return "\(from) —\(edge.label ?? "")→ \(to)"
        default: return "\(from) → \(to)"
        }
    }
}
