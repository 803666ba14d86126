/// Every walk through StatefulViewController's decision tree, made once from the tree.
///
/// The inputs are three booleans, so each entry point has eight walks; taking them from
/// `DecisionTree.walk` up front keeps the tree the one source of truth while sparing the
/// simulator a walk (and its records' allocations) per call.
struct DecisionTable {
    struct Decision {
        var target: MachineState
        /// Whether the walk passed handleErrorWhenContentAvailable.
        var unobtrusive: Bool
        /// The `decision` record's fields, encoded once for every record of this walk.
        var fields: [UInt8]
    }

    private var entries: [String]
    private var decisions: [Decision]

    init(tree: DecisionTree, entries: [String]) {
        self.entries = entries
        decisions = []
        for entry in entries {
            for inputs in 0..<8 {
                let hasContent = inputs & 4 != 0, loading = inputs & 2 != 0, error = inputs & 1 != 0
                var unobtrusive = false
                let walk = tree.walk(from: tree.index(ofNode: entry)!, answer: { question in
                    switch question {
                    case StatefulViewControllerModel.Question.hasContent: return hasContent
                    case StatefulViewControllerModel.Question.loading: return loading
                    case StatefulViewControllerModel.Question.error,
                         StatefulViewControllerModel.Question.errorWithContent: return error
                    default: preconditionFailure("unknown question \(question)")
                    }
                }, perform: { _ in unobtrusive = true })
                let fields = FieldEncoder.encode(tree.recordFields(entry: entry, walk: walk))
                decisions.append(Decision(target: walk.outcome == "content" ? .none : .view(walk.outcome),
                                          unobtrusive: unobtrusive, fields: fields))
            }
        }
    }

    func decision(entry: String, hasContent: Bool, loading: Bool, error: Bool) -> Decision {
        let row = entries.firstIndex(of: entry)!
        return decisions[row * 8 + (hasContent ? 4 : 0) + (loading ? 2 : 0) + (error ? 1 : 0)]
    }
}

extension StatefulViewControllerModel {
    static let decisionTable = DecisionTable(
        tree: decisionTree, entries: [Entry.setup, Entry.start, Entry.end, Entry.transitionViewStates])
}
