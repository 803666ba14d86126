/// Bytes made once for each case of a payload-free enum (a record kind, a field key), found
/// by the case's index: renderers write a kind's column or a key's JSON prefix with one
/// copy, where building it from the case's name each time cost more than the rest of a line.
final class CaseBytes<Case: CaseIterable>: @unchecked Sendable {
    // @unchecked: written only in init, read-only after, so tables can be shared statics.
    private static var width: Int { 64 }
    private let bytes: UnsafeMutablePointer<UInt8>
    private let counts: UnsafeMutablePointer<Int>

    init(_ make: (Case) -> [UInt8]) {
        precondition(MemoryLayout<Case>.size == 1, "\(Case.self) is expected to be stored in one byte")
        bytes = .allocate(capacity: 256 * Self.width)
        // Slots may be read whole, past their bytes (`OutputCursor.put(wordsFrom:count:)`).
        bytes.initialize(repeating: 0x20, count: 256 * Self.width)
        counts = .allocate(capacity: 256)
        counts.initialize(repeating: 0, count: 256)
        for value in Case.allCases {
            let made = make(value)
            precondition(made.count <= Self.width, "bytes for \(value) are too long")
            (bytes + Self.index(value) * Self.width).update(from: made, count: made.count)
            counts[Self.index(value)] = made.count
        }
    }

    deinit {
        bytes.deallocate()
        counts.deallocate()
    }

    /// A case's index: the one byte a case of a payload-free enum is stored as.
    @inline(__always)
    private static func index(_ value: Case) -> Int {
        withUnsafeBytes(of: value) { Int($0[0]) }
    }

    /// Where a case's bytes start, for a caller that knows their count: the slot holds 64
    /// bytes, all initialised.
    @inline(__always)
    func start(of value: Case) -> UnsafePointer<UInt8> {
        UnsafePointer(bytes + Self.index(value) * Self.width)
    }

    /// Where the slots start, for a holder that keeps the table alive and finds a case's
    /// slot from it (`start(of:in:)`) with one load less than through the table.
    var slots: UnsafePointer<UInt8> { UnsafePointer(bytes) }

    /// `start(of:)`, from `slots` (the table's, kept alive by the caller).
    @inline(__always)
    static func start(of value: Case, in slots: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        slots + index(value) * width
    }

    /// A case's bytes. The slot they start holds 64 bytes, all initialised.
    subscript(value: Case) -> UnsafeBufferPointer<UInt8> {
        let index = Self.index(value)
        return UnsafeBufferPointer(start: bytes + index * Self.width, count: counts[index])
    }
}
