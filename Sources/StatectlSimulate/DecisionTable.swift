/// Every walk through a model's decision tree whose questions are yes-or-no inputs, by
/// entry point and answers, made once from the tree: the tree stays the one source of
/// truth, and a decision is a table look-up, not a walk (which compared node names as text
/// and allocated its record's fields on every call).
///
/// Inputs are bits, lowest first, each answering one or more of the tree's questions; an
/// entry point's walks are `1 << inputs.count` in a row. `Outcome` is what the model reads
/// of a walk, made with the table.
struct DecisionTable<Outcome: Sendable>: Sendable {
    // Unchecked: `fields` points at bytes that are never written after the table is made.
    struct Decision: @unchecked Sendable {
        var outcome: Outcome
        /// The `decision` record's fields, encoded once for every record of this walk; they
        /// lie in the table's `fieldBytes` and stay valid while the table does (the models'
        /// tables are static). A buffer, not an array: an array copied out of the table was
        /// retained and released on every decision.
        var fields: UnsafeRawBufferPointer
        /// The walk's number in the table: the record's `fieldsKey`.
        var number: Int
    }

    /// The question keys each input answers, by bit.
    let inputs: [[String]]
    private let entries: [String]
    private let decisions: [Decision]
    /// Owns every walk's fields, end to end.
    private let fieldBytes: FieldBytes
    /// `inputs.count`: a row's width is `1 << rowShift`.
    private let rowShift: Int

    /// `outcome` reads a walk and the effects it performed.
    init(tree: DecisionTree, entries: [String], inputs: [[String]], outcome: (DecisionTree.Walk, [String]) -> Outcome) {
        self.entries = entries
        self.inputs = inputs
        rowShift = inputs.count
        var walks: [(outcome: Outcome, fields: [UInt8])] = []
        for entry in entries {
            for answers in 0..<(1 << inputs.count) {
                var performed: [String] = []
                let walk = tree.walk(from: tree.index(ofNode: entry)!, answer: { question in
                    guard let bit = inputs.firstIndex(where: { $0.contains(question) }) else {
                        preconditionFailure("unknown question \(question)")
                    }
                    return answers & (1 << bit) != 0
                }, perform: { performed.append($0) })
                walks.append((outcome(walk, performed), FieldEncoder.encode(tree.recordFields(entry: entry, walk: walk))))
            }
        }
        fieldBytes = FieldBytes(walks.map(\.fields))
        var decisions: [Decision] = []
        var offset = 0
        for (number, walk) in walks.enumerated() {
            let fields = UnsafeRawBufferPointer(rebasing: fieldBytes.bytes[offset..<offset + walk.fields.count])
            decisions.append(Decision(outcome: walk.outcome, fields: fields, number: number))
            offset += walk.fields.count
        }
        self.decisions = decisions
    }

    /// The walk from the entry point in row `row` of `entries`, given the inputs' bits.
    /// A masking shift: `rowShift` is a few bits (the table has `1 << rowShift` walks a
    /// row), and the smart shift's checks for wide and negative amounts cost a decision
    /// (every step of explore takes one or two) a dozen instructions.
    @inline(__always)
    func decision(row: Int, answers: Int) -> Decision { decisions[row &<< rowShift | answers] }

    /// The walk from `entry` when `answer` answers the questions (the first each input
    /// stands for).
    func decision(from entry: String, answer: (String) -> Bool) -> Decision {
        guard let row = entries.firstIndex(of: entry) else { preconditionFailure("unknown entry \(entry)") }
        var answers = 0
        for bit in 0..<inputs.count where answer(inputs[bit][0]) { answers |= 1 << bit }
        return decision(row: row, answers: answers)
    }
}

/// Bytes that never change, end to end, freed with their owner: `DecisionTable`'s walks
/// point into them.
// Unchecked: the bytes are written once, in `init`, and only read after.
private final class FieldBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    init(_ parts: [[UInt8]]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, parts.reduce(0) { $0 + $1.count }), alignment: 1)
        var offset = 0
        for part in parts {
            UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + part.count]).copyBytes(from: part)
            offset += part.count
        }
        bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit { bytes.deallocate() }
}
