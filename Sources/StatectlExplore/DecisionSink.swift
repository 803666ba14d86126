import StatectlSimulate

/// The record sink explore runs the simulator into: it keeps only the `decision` records of
/// the current step (as small numbers, one per distinct walk), and drops every other record.
///
/// A walk's fields are the same bytes each time it is taken, so they are numbered once;
/// `BranchCoverage` reads each distinct walk once at the end.
final class DecisionSink: RecordSink {
    /// Walks seen so far, by their encoded fields.
    private var numbers: [[UInt8]: Int] = [:]
    /// The walks' records, by number, for `BranchCoverage`.
    private(set) var walks: [Record] = []
    /// Walks taken since `beginStep`, by number.
    private(set) var step: [Int] = []

    func beginStep() { step.removeAll(keepingCapacity: true) }

    func write(_ record: RecordView) {
        guard record.kind == .decision else { return }
        let bytes = [UInt8](record.fields.bytes)
        if let number = numbers[bytes] {
            step.append(number)
        } else {
            numbers[bytes] = walks.count
            step.append(walks.count)
            walks.append(Record(record))
        }
    }
}
