/// Every walk through StatefulViewController's decision tree, made once from the tree.
///
/// The inputs are three booleans, so each entry point has eight walks; taking them from
/// `DecisionTree.walk` up front keeps the tree the one source of truth while sparing the
/// simulator a walk (and its records' allocations) per call. Entry points are rows, by
/// their position in `entries`: explore decides on most steps, and looking a row up by
/// name compared strings each time.
struct DecisionTable {
    struct Decision {
        var target: MachineState
        /// Whether the walk passed handleErrorWhenContentAvailable.
        var unobtrusive: Bool
        /// The `decision` record's fields, encoded once for every record of this walk.
        var fields: [UInt8]
        /// The walk's number in the table: the record's `fieldsKey`.
        var number: Int
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
                                          unobtrusive: unobtrusive, fields: fields, number: decisions.count))
            }
        }
    }

    /// The walk from the entry point in row `row` of `entries`.
    func decision(row: Int, hasContent: Bool, loading: Bool, error: Bool) -> Decision {
        decisions[row * 8 + (hasContent ? 4 : 0) + (loading ? 2 : 0) + (error ? 1 : 0)]
    }
}

extension StatefulViewControllerModel {
    /// Rows of `decisionTable`, in the order of its entries.
    enum Row {
        static let setup = 0, start = 1, end = 2, transitionViewStates = 3
    }

    static let decisionTable = DecisionTable(
        tree: decisionTree, entries: [Entry.setup, Entry.start, Entry.end, Entry.transitionViewStates])
}
