/// Every walk through StateViewController's decision tree, by entry point and the answers
/// to its questions, made once from the tree: the tree stays the one source of truth, and
/// a decision is a table look-up instead of a walk that compared node names as text
/// (half of an explore of this model went there).
///
/// The answers are five yes-or-no inputs, so each entry point has 32 walks. A decision asks
/// the model all five; every answer is a plain read of its state.
struct StateViewControllerWalks {
    struct Walk {
        var outcome: String
        /// The `decision` record's fields, encoded once.
        var fields: [UInt8]
        /// The walk's number in the table: the record's `fieldsKey`.
        var number: Int
    }

    /// The questions, by the bit their answer takes in a walk's inputs.
    let questions: [String]
    private let entries: [String]
    private let walks: [Walk]

    init(tree: DecisionTree, entries: [String], questions: [String]) {
        self.questions = questions
        self.entries = entries
        var walks: [Walk] = []
        for entry in entries {
            for inputs in 0..<(1 << questions.count) {
                let walk = tree.walk(from: tree.index(ofNode: entry)!, answer: { question in
                    guard let bit = questions.firstIndex(of: question) else { preconditionFailure("unknown question \(question)") }
                    return inputs & (1 << bit) != 0
                }, perform: { _ in })
                walks.append(Walk(outcome: walk.outcome, fields: FieldEncoder.encode(tree.recordFields(entry: entry, walk: walk)),
                                  number: walks.count))
            }
        }
        self.walks = walks
    }

    /// The walk from `entry` when `answer` answers the questions.
    func walk(from entry: String, answer: (String) -> Bool) -> Walk {
        guard let row = entries.firstIndex(of: entry) else { preconditionFailure("unknown entry \(entry)") }
        var inputs = 0
        for bit in 0..<questions.count where answer(questions[bit]) { inputs |= 1 << bit }
        return walks[row << questions.count | inputs]
    }
}

extension StateViewControllerModel {
    static let walks = StateViewControllerWalks(
        tree: decisionTree, entries: [Entry.request, Entry.appearance, Entry.end],
        questions: [Question.transitioning, Question.animated, Question.inAppearanceTransition,
                    Question.childrenInTransit, Question.pending])
}
