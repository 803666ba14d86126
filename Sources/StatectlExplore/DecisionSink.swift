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
    /// The walks taken since `beginBatch`, by number, where the simulator takes a walk it
    /// knows by its key without calling the sink.
    private let walksTaken = NumberedRecordTally()
    var tally: NumberedRecordTally? { walksTaken }
    /// The tally's numbers, read directly: the search reads the count and the walks taken for
    /// every step, and through the tally each read took a load more.
    private let taken: UnsafeMutablePointer<NumberedRecordTally.Numbers>

    /// The walks' records, by number, for `BranchCoverage`.
    var walks: [Record] { state.records }
    /// How many distinct walks were taken so far: every walk taken is numbered below this.
    var walkCount: Int { state.records.count }
    /// Where the walks taken since `beginStep` lie among those taken since `beginBatch`.
    var stepRange: Range<Int> { state.stepStart..<taken.pointee.count }

    init() { taken = walksTaken.numbers }

    /// Explore reads nothing else: the models' other records are never encoded.
    let onlyKind: RecordKind? = .decision

    /// Forgets the walks taken: explore's steps from one configuration keep theirs, end to
    /// end, until all of them are stored (`StepBatch`), where emptying a list per step and
    /// copying it out cost more than the step's decisions.
    func beginBatch() {
        walksTaken.removeAll()
        state.stepStart = 0
    }

    func beginStep() { state.stepStart = taken.pointee.count }

    /// The `index`th walk taken since `beginBatch`.
    func taken(_ index: Int) -> Int { taken.pointee[index] }

    // Inlined in the protocol witness that the simulator calls for every record.
    @inline(__always)
    func write(_ record: RecordView) {
        guard record.kind == .decision else { return }
        if let key = record.fieldsKey, walksTaken.take(key: key) { return }
        state.noteFirst(record, in: walksTaken)
    }

    /// A decision as the model records it, numbered, whose number the tally does not know
    /// yet (the simulator takes the others there).
    func write(_ kind: RecordKind, fields: UnsafeRawBufferPointer, fieldsKey: Int, time: Int64, lineNumber: Int) {
        guard kind == .decision else { return }
        if walksTaken.take(key: fieldsKey) { return }
        state.noteFirst(RecordView(time: time, lineNumber: lineNumber, kind: kind, fields: EncodedFields(fields), fieldsKeyNumber: fieldsKey),
                        in: walksTaken)
    }
}

private struct Walks {
    /// Walks seen so far, numbered by their encoded fields, looked up in place.
    var fields = PackedSet(capacity: 64)
    var records: [Record] = []
    /// Where the step's walks begin in the tally.
    var stepStart = 0

    /// A walk whose key the tally does not know (or that has none): numbered by its fields,
    /// taken, and its key numbered.
    @inline(never)
    mutating func noteFirst(_ record: RecordView, in tally: NumberedRecordTally) {
        let (number, isNew) = fields.insert(record.fields.bytes)
        if isNew { records.append(Record(record)) }
        tally.append(number)
        if let key = record.fieldsKey { tally.number(key: key, as: number) }
    }
}
