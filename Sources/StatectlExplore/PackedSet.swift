#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of byte strings that numbers its members in the order they were first inserted:
/// explore's store of configurations.
///
/// The bytes live end to end in one arena; an open-addressing table (linear probing) holds
/// member numbers, and a parallel array keeps each member's hash so that most probes
/// compare no bytes. Per member: its bytes, 8 bytes of offset, 4 of hash, and the table's
/// share of 4-byte slots (kept at most half full).
struct PackedSet {
    private var arena: [UInt8] = []
    /// Member i's bytes are arena[starts[i]..<starts[i + 1]].
    private var starts: [Int] = [0]
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

    /// Bytes held: the arena, offsets, hashes and table.
    var bytesUsed: Int { arena.capacity + starts.capacity * 8 + hashes.capacity * 4 + slots.count * 4 }

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
        slots[slot] = UInt32(member + 1)
        hashes.append(hash)
        arena.append(contentsOf: bytes)
        starts.append(arena.count)
        if hashes.count * 2 > slots.count { grow() }
        return (member, true)
    }

    private func equals(_ member: Int, _ bytes: [UInt8]) -> Bool {
        let start = starts[member], end = starts[member + 1]
        guard end - start == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { stored in
            bytes.withUnsafeBufferPointer { wanted in
                memcmpEqual(stored.baseAddress! + start, wanted.baseAddress!, wanted.count)
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
