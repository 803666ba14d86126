#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of byte strings that numbers its members in the order they were first inserted:
/// explore's store of configurations.
///
/// The bytes live end to end in fixed-size chunks (a member never straddles two); an
/// open-addressing table (linear probing) holds member numbers, and a parallel array keeps
/// each member's hash so that most probes compare no bytes. Chunks, not one growing array:
/// an array that doubles holds up to twice what it needs, and both copies while it
/// moves, which was most of the peak memory of a large search. Per member: its bytes, 8
/// bytes of place, 4 of length, 4 of hash, and the table's share of 4-byte slots (kept
/// at most half full).
struct PackedSet {
    private static let chunkSize = 1 << 20
    private var chunks: [[UInt8]] = []
    private var chunkBytes = 0
    /// Member i's bytes: chunk `places[i] >> 32`, from offset `places[i] & 0xFFFF_FFFF`,
    /// `lengths[i]` of them.
    private var places: [UInt64] = []
    private var lengths: [UInt32] = []
    private var hashes: [UInt32] = []
    /// Member number + 1; 0 is empty.
    private var slots: [UInt32]
    private var mask: Int

    init(capacity: Int = 1 << 12) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    var count: Int { hashes.count }

    /// Bytes held: the chunks, places, lengths, hashes and table.
    var bytesUsed: Int { chunkBytes + places.capacity * 8 + lengths.capacity * 4 + hashes.capacity * 4 + slots.count * 4 }

    /// The member's number, and whether it was new.
    mutating func insert(_ bytes: [UInt8]) -> (index: Int, inserted: Bool) {
        let hash = Self.hash(bytes)
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let member = Int(slots[slot] - 1)
            if hashes[member] == hash, equals(member, bytes) { return (member, false) }
            slot = (slot + 1) & mask
        }
        let member = hashes.count
        precondition(member < Int(UInt32.max) - 1, "too many configurations for a 32-bit set")
        precondition(bytes.count < Int(UInt32.max), "a configuration of 4 GiB")
        slots[slot] = UInt32(member + 1)
        hashes.append(hash)
        if chunks.isEmpty || chunks[chunks.count - 1].count + bytes.count > chunks[chunks.count - 1].capacity {
            // A new chunk, reserved once and never outgrown, so never moved.
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.chunkSize, bytes.count))
            chunkBytes += chunk.capacity
            chunks.append(chunk)
        }
        let chunk = chunks.count - 1
        places.append(UInt64(chunk) << 32 | UInt64(chunks[chunk].count))
        lengths.append(UInt32(bytes.count))
        chunks[chunk].append(contentsOf: bytes)
        if hashes.count * 2 > slots.count { grow() }
        return (member, true)
    }

    /// Calls `body` with member's bytes, valid only during the call.
    func withMember<Result>(_ member: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let place = places[member]
        let start = Int(place & 0xFFFF_FFFF)
        return chunks[Int(place >> 32)].withUnsafeBytes { chunk in
            body(UnsafeRawBufferPointer(rebasing: chunk[start..<start + Int(lengths[member])]))
        }
    }

    private func equals(_ member: Int, _ bytes: [UInt8]) -> Bool {
        guard Int(lengths[member]) == bytes.count else { return false }
        let place = places[member]
        let start = Int(place & 0xFFFF_FFFF)
        return chunks[Int(place >> 32)].withUnsafeBufferPointer { stored in
            bytes.withUnsafeBufferPointer { wanted in
                wanted.isEmpty || memcmpEqual(stored.baseAddress! + start, wanted.baseAddress!, wanted.count)
            }
        }
    }

    private mutating func grow() {
        let size = slots.count * 2
        var larger = [UInt32](repeating: 0, count: size)
        let newMask = size - 1
        for member in hashes.indices {
            var slot = Int(hashes[member]) & newMask
            while larger[slot] != 0 { slot = (slot + 1) & newMask }
            larger[slot] = UInt32(member + 1)
        }
        slots = larger
        mask = newMask
    }

    static func hash(_ bytes: [UInt8]) -> UInt32 {
        UInt32(truncatingIfNeeded: bytes.withUnsafeBytes { hashBytes($0) })
    }
}

/// Eight bytes at a time, multiply and rotate, then a final mix so that the low bits (a
/// table's slot) depend on every byte.
func hashBytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= bytes.count {
        let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        hash = ((hash ^ word) &* 0x9E37_79B9_7F4A_7C15)
        hash = (hash << 29) | (hash >> 35)
        offset += 8
    }
    while offset < bytes.count {
        hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01b3
        offset += 1
    }
    hash ^= hash >> 33
    hash = hash &* 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    return hash
}

private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    memcmp(a, b, count) == 0
}
