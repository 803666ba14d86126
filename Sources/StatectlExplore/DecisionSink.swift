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
    /// Walks seen so far, by a hash of their encoded fields (checked against `fields`).
    private var numbers = HashIndex()
    private var fields: [[UInt8]] = []
    /// The walks' records, by number, for `BranchCoverage`.
    private(set) var walks: [Record] = []
    /// Walks taken since `beginStep`, by number.
    private(set) var step: [Int] = []

    /// Explore reads nothing else: the models' other records are never encoded.
    let onlyKind: RecordKind? = .decision

    func beginStep() { step.removeAll(keepingCapacity: true) }

    func write(_ record: RecordView) {
        guard record.kind == .decision else { return }
        let bytes = record.fields.bytes
        // Hashing the bytes in place: a walk is taken on most steps, and an array per
        // record (with the standard hasher, byte by byte) was a tenth of the search.
        let hash = hashBytes(bytes)
        let (number, inserted) = numbers.number(for: hash, orInsert: walks.count)
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
        step.append(walks.count)
        fields.append([UInt8](bytes))
        walks.append(Record(record))
    }
}

private func same(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard stored.count == bytes.count else { return false }
    guard !bytes.isEmpty else { return true }
    return stored.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
}
