/// Branch coverage of a suite of scripts: one `BranchCoverage` per model the scripts
/// simulate, and which scripts took each branch. `test --coverage` reports it and
/// `graph --trace` draws it.
///
///     var suite = SuiteCoverage()
///     suite.add(oneRun, model: "StatefulViewController", script: "first-load.script")
///     suite.models[0].branches.taken
public struct SuiteCoverage: Sendable {
    /// What the scripts of one model took.
    public struct ModelCoverage: Sendable {
        public let model: String
        public private(set) var branches: BranchCoverage
        /// The scripts that took each branch, indexed like `branches.tree.edges`, in the
        /// order the scripts were added.
        public private(set) var scriptsByBranch: [[String]]
        /// Every script counted, taking branches or not, in the order added.
        public private(set) var scripts: [String] = []

        init(model: String, tree: DecisionTree) {
            self.model = model
            branches = BranchCoverage(tree: tree)
            scriptsByBranch = Array(repeating: [], count: tree.edges.count)
        }

        mutating func add(_ run: BranchCoverage, script: String) {
            branches.merge(run)
            scripts.append(script)
            for position in run.counts.indices where run.counts[position] > 0 {
                scriptsByBranch[position].append(script)
            }
        }
    }

    /// One entry per model, sorted by name so output does not depend on the scripts' order.
    public private(set) var models: [ModelCoverage] = []

    public init() {}

    /// Adds one script's run of `model`.
    public mutating func add(_ run: BranchCoverage, model: String, script: String) {
        // The same name with another tree (a model whose logic differs by version) counts apart.
        if let position = models.firstIndex(where: { $0.model == model && $0.branches.tree.edges.map(\.id) == run.tree.edges.map(\.id) }) {
            models[position].add(run, script: script)
            return
        }
        var entry = ModelCoverage(model: model, tree: run.tree)
        entry.add(run, script: script)
        models.append(entry)
        models.sort { $0.model < $1.model }
    }

    public func coverage(ofModel name: String) -> ModelCoverage? {
        models.first { $0.model == name }
    }
}

/// Passes records on to another sink and counts the decisions among them on the way: the
/// coverage of a run from the records it produces anyway, without walking the tree again.
public final class CoverageSink: RecordSink {
    public private(set) var coverage: BranchCoverage
    private let next: RecordSink?

    public init(tree: DecisionTree, forwardingTo next: RecordSink? = nil) {
        coverage = BranchCoverage(tree: tree)
        self.next = next
    }

    public func write(_ record: RecordView) {
        coverage.add(record)
        next?.write(record)
    }
}
