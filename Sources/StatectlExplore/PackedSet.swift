#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of byte strings that numbers its members in the order they were first inserted:
/// explore's store of configurations, its observable states and decision walks, and the
/// identity components.
///
/// The bytes live end to end in fixed-size chunks (a member never straddles two), each
/// after its length (LEB128). An open-addressing table (linear probing) holds per slot the
/// member's number and 32 bits of its hash, so that a probe touches one cache line and
/// compares bytes only when the hashes agree: with millions of members, the misses on a
/// separate array of hashes and on the member's place were a fifth of a search. Chunks, not
/// one growing array: an array that doubles holds up to twice what it needs, and both
/// copies while it moves. Per member: its bytes and length, 8 bytes of place, and the
/// table's share of 8-byte slots (kept at most 5/8 full).
struct PackedSet {
    private static let chunkSize = 1 << 20
    private var chunks: [[UInt8]] = []
    private var chunkBytes = 0
    /// Member i's length and bytes: chunk `places[i] >> 32`, from offset `places[i] & 0xFFFF_FFFF`.
    private var places: [UInt64] = []
    /// Hash << 32 | (member number + 1); 0 is empty.
    private var slots: [UInt64]
    private var mask: Int

    init(capacity: Int = 1 << 12) {
        var size = 16
        while size * 5 < capacity * 8 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    var count: Int { places.count }

    /// Bytes held: the chunks, places and table.
    var bytesUsed: Int { chunkBytes + places.capacity * 8 + slots.count * 8 }

    /// The member's number, and whether it was new.
    mutating func insert(_ bytes: [UInt8]) -> (index: Int, inserted: Bool) {
        bytes.withUnsafeBytes { insert($0) }
    }

    /// The member's number, and whether it was new; `bytes` are copied in when new.
    mutating func insert(_ bytes: UnsafeRawBufferPointer) -> (index: Int, inserted: Bool) {
        let hash = UInt32(truncatingIfNeeded: hashBytes(bytes))
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let member = Int(entry & 0xFFFF_FFFF) - 1
                if equals(member, bytes) { return (member, false) }
            }
            slot = (slot + 1) & mask
        }
        let member = places.count
        precondition(member < Int(UInt32.max) - 1, "too many configurations for a 32-bit set")
        slots[slot] = UInt64(hash) << 32 | UInt64(member + 1)
        var prefix = 1
        while bytes.count >> (7 * prefix) != 0 { prefix += 1 }
        let needed = prefix + bytes.count
        if chunks.isEmpty || chunks[chunks.count - 1].count + needed > chunks[chunks.count - 1].capacity {
            // A new chunk, reserved once and never outgrown, so never moved.
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.chunkSize, needed))
            chunkBytes += chunk.capacity
            chunks.append(chunk)
        }
        let chunk = chunks.count - 1
        places.append(UInt64(chunk) << 32 | UInt64(chunks[chunk].count))
        var remaining = bytes.count
        while remaining >= 0x80 {
            chunks[chunk].append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        chunks[chunk].append(UInt8(remaining))
        chunks[chunk].append(contentsOf: bytes)
        if places.count * 8 > slots.count * 5 { grow() }
        return (member, true)
    }

    /// Calls `body` with member's bytes, valid only during the call.
    func withMember<Result>(_ member: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let place = places[member]
        return chunks[Int(place >> 32)].withUnsafeBytes { chunk in
            body(Self.member(in: chunk, at: Int(place & 0xFFFF_FFFF)))
        }
    }

    private func equals(_ member: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let place = places[member]
        return chunks[Int(place >> 32)].withUnsafeBytes { chunk in
            let stored = Self.member(in: chunk, at: Int(place & 0xFFFF_FFFF))
            return stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
    }

    /// The member whose length prefix starts at `offset`.
    private static func member(in chunk: UnsafeRawBufferPointer, at offset: Int) -> UnsafeRawBufferPointer {
        var offset = offset
        var length = 0
        var shift = 0
        while true {
            let byte = chunk[offset]
            offset += 1
            length |= Int(byte & 0x7F) << shift
            guard byte & 0x80 != 0 else { break }
            shift += 7
        }
        return UnsafeRawBufferPointer(rebasing: chunk[offset..<offset + length])
    }

    private mutating func grow() {
        let size = slots.count * 2
        var larger = [UInt64](repeating: 0, count: size)
        let newMask = size - 1
        for entry in slots where entry != 0 {
            var slot = Int(entry >> 32) & newMask
            while larger[slot] != 0 { slot = (slot + 1) & newMask }
            larger[slot] = entry
        }
        slots = larger
        mask = newMask
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
