#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    /// Walks seen so far, by a hash of their encoded fields (checked against `fields`).
    var numbers = HashIndex()
    var fields: [[UInt8]] = []
    var records: [Record] = []
    var step: [Int] = []

    mutating func note(_ record: RecordView) {
        let bytes = record.fields.bytes
        // Hashing the bytes in place: a walk is taken on most steps, and an array per
        // record (with the standard hasher, byte by byte) was a tenth of the search.
        let hash = hashBytes(bytes)
        let (number, inserted) = numbers.number(for: hash, orInsert: records.count)
        if !inserted {
            if same(fields[number], bytes) {
                step.append(number)
                return
            }
            // Two walks with one 64-bit hash: the first keeps the slot.
            if let number = fields.firstIndex(where: { same($0, bytes) }) {
                step.append(number)
                return
            }
        }
        step.append(records.count)
        fields.append([UInt8](bytes))
        records.append(Record(record))
    }
}

private func same(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard stored.count == bytes.count else { return false }
    guard !bytes.isEmpty else { return true }
    return stored.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
}
