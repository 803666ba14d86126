import StatectlSimulate

/// The record sink explore runs the simulator into: it keeps only the `decision` records of
/// the current step (as small numbers, one per distinct walk), and drops every other record.
///
/// A walk's fields are the same bytes each time it is taken, so they are numbered once;
/// `BranchCoverage` reads each distinct walk once at the end.
final class DecisionSink: RecordSink {
    /// Everything that changes, in one stored property, unchecked: the search reads and
    /// writes it on every step from its one thread, and the dynamic exclusivity check of
    /// each access was a twentieth of a search.
    @exclusivity(unchecked) private var state = Walks()

    /// The walks' records, by number, for `BranchCoverage`.
    var walks: [Record] { state.records }
    /// Walks taken since `beginStep`, by number.
    var step: ArraySlice<Int> { state.taken[state.stepStart...] }
    /// Where the walks taken since `beginStep` lie among those taken since `beginBatch`.
    var stepRange: Range<Int> { state.stepStart..<state.taken.count }

    /// Explore reads nothing else: the models' other records are never encoded.
    let onlyKind: RecordKind? = .decision

    /// Forgets the walks taken: explore's steps from one configuration keep theirs, end to
    /// end, until all of them are stored (`StepBatch`), where emptying a list per step and
    /// copying it out cost more than the step's decisions.
    func beginBatch() {
        state.taken.removeAll(keepingCapacity: true)
        state.stepStart = 0
    }

    func beginStep() { state.stepStart = state.taken.count }

    /// The `index`th walk taken since `beginBatch`.
    func taken(_ index: Int) -> Int { state.taken[index] }

    func write(_ record: RecordView) {
        guard record.kind == .decision else { return }
        state.note(record)
    }
}

private struct Walks {
    /// Walks seen so far, numbered by their encoded fields, looked up in place: a walk is
    /// taken on most steps.
    var fields = PackedSet(capacity: 64)
    /// Walk numbers by the record's `fieldsKey` (+ 1; 0 not yet seen): a model that keys
    /// its walks spares the sink hashing a few hundred bytes per decision.
    var byKey: [Int] = []
    var records: [Record] = []
    /// Walks taken since the batch began; the step's from `stepStart`.
    var taken: [Int] = []
    var stepStart = 0

    mutating func note(_ record: RecordView) {
        if let key = record.fieldsKey, key < byKey.count, byKey[key] != 0 {
            taken.append(byKey[key] - 1)
            return
        }
        let (number, isNew) = fields.insert(record.fields.bytes)
        if isNew { records.append(Record(record)) }
        taken.append(number)
        if let key = record.fieldsKey {
            if key >= byKey.count { byKey += Array(repeating: 0, count: key + 1 - byKey.count) }
            byKey[key] = number + 1
        }
    }
}
