import StatectlSimulate

/// The record sink explore runs the simulator into: it keeps only the `decision` records of
/// the current step (as small numbers, one per distinct walk), and drops every other record.
///
/// A walk's fields are the same bytes each time it is taken, so they are numbered once;
/// `BranchCoverage` reads each distinct walk once at the end.
final class DecisionSink: RecordSink {
    /// Everything that changes, in one stored property: each record then costs the class
    /// one dynamic exclusivity check, not one per property it touches (they were a twentieth
    /// of a search).
    private var state = Walks()

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
    var records: [Record] = []
    var step: [Int] = []

    mutating func note(_ record: RecordView) {
        let (number, isNew) = fields.insert(record.fields.bytes)
        if isNew { records.append(Record(record)) }
        step.append(number)
    }
}
