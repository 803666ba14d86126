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
    /// How many distinct walks were taken so far: every walk taken is numbered below this.
    var walkCount: Int { state.records.count }
    /// Where the walks taken since `beginStep` lie among those taken since `beginBatch`.
    var stepRange: Range<Int> { state.stepStart..<state.takenCount }

    /// Explore reads nothing else: the models' other records are never encoded.
    let onlyKind: RecordKind? = .decision

    /// Forgets the walks taken: explore's steps from one configuration keep theirs, end to
    /// end, until all of them are stored (`StepBatch`), where emptying a list per step and
    /// copying it out cost more than the step's decisions.
    func beginBatch() {
        state.takenCount = 0
        state.stepStart = 0
    }

    func beginStep() { state.stepStart = state.takenCount }

    /// The `index`th walk taken since `beginBatch`.
    func taken(_ index: Int) -> Int {
        precondition(index >= 0 && index < state.takenCount, "no walk \(index) taken")
        return state.taken[index]
    }

    // Inlined in the protocol witness that the simulator calls for every record.
    @inline(__always)
    func write(_ record: RecordView) {
        guard record.kind == .decision else { return }
        state.note(record)
    }

    /// A decision as the model records it, numbered: its walk found by the number, the view
    /// made only for a number not seen yet.
    @inline(__always)
    func write(_ kind: RecordKind, fields: UnsafeRawBufferPointer, fieldsKey: Int, time: Int64, line: Int?) {
        guard kind == .decision else { return }
        if let walk = state.walk(key: fieldsKey) {
            state.take(walk)
        } else {
            state.noteFirst(RecordView(time: time, line: line, kind: kind, fields: EncodedFields(fields), fieldsKey: fieldsKey))
        }
    }

    deinit { state.taken.deallocate() }
}

private struct Walks {
    /// Walks seen so far, numbered by their encoded fields, looked up in place: a walk is
    /// taken on most steps.
    var fields = PackedSet(capacity: 64)
    /// Walk numbers by the record's `fieldsKey` (+ 1; 0 not yet seen): a model that keys
    /// its walks spares the sink hashing a few hundred bytes per decision.
    var byKey: [Int] = []
    var records: [Record] = []
    /// Walks taken since the batch began, the first `takenCount` of raw memory that the sink
    /// frees; the step's from `stepStart`. Raw: a walk is taken on most steps, and an
    /// array's append checked its uniqueness each time.
    var taken = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    var takenCapacity = 64
    var takenCount = 0
    var stepStart = 0

    /// The walk numbered by `key`, once met.
    @inline(__always)
    func walk(key: Int) -> Int? {
        guard key >= 0, key < byKey.count, byKey[key] != 0 else { return nil }
        return byKey[key] &- 1
    }

    @inline(__always)
    mutating func note(_ record: RecordView) {
        if let key = record.fieldsKey, let walk = walk(key: key) {
            take(walk)
        } else {
            noteFirst(record)
        }
    }

    /// `note` for a walk whose key is not yet known.
    @inline(never)
    mutating func noteFirst(_ record: RecordView) {
        let (number, isNew) = fields.insert(record.fields.bytes)
        if isNew { records.append(Record(record)) }
        take(number)
        if let key = record.fieldsKey {
            if key >= byKey.count { byKey += Array(repeating: 0, count: key + 1 - byKey.count) }
            byKey[key] = number + 1
        }
    }

    @inline(__always)
    mutating func take(_ walk: Int) {
        if takenCount == takenCapacity { growTaken() }
        taken[takenCount] = walk
        takenCount &+= 1
    }

    /// Twice the room for walks taken. Apart, so that `write`, called for every decision,
    /// saves and restores no registers for the allocation's call.
    @inline(never)
    mutating func growTaken() {
        let larger = UnsafeMutablePointer<Int>.allocate(capacity: takenCapacity * 2)
        larger.initialize(from: taken, count: takenCount)
        taken.deallocate()
        taken = larger
        takenCapacity *= 2
    }
}
