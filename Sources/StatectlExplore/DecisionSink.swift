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
    var step: [Int] { state.step }

    /// Explore reads nothing else: the models' other records are never encoded.
    let onlyKind: RecordKind? = .decision

    func beginStep() { state.step.removeAll(keepingCapacity: true) }

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
    var step: [Int] = []

    mutating func note(_ record: RecordView) {
        if let key = record.fieldsKey, key < byKey.count, byKey[key] != 0 {
            step.append(byKey[key] - 1)
            return
        }
        let (number, isNew) = fields.insert(record.fields.bytes)
        if isNew { records.append(Record(record)) }
        step.append(number)
        if let key = record.fieldsKey {
            if key >= byKey.count { byKey += Array(repeating: 0, count: key + 1 - byKey.count) }
            byKey[key] = number + 1
        }
    }
}
