#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of byte strings that numbers its members in the order they were first inserted:
/// explore's store of configurations, its observable states and decision walks.
///
/// The bytes live end to end in fixed-size chunks (a member never straddles two), each
/// after its length (LEB128). An open-addressing table (linear probing) holds per slot the
/// member's number and 32 bits of its hash, so that a probe touches one cache line and
/// compares bytes only when the hashes agree: with millions of members, the misses on a
/// separate array of hashes and on the member's place were a fifth of a search. Chunks, not
/// one growing array: an array that doubles holds up to twice what it needs, and both
/// copies while it moves. Per member: its bytes and length, 8 bytes of place, and the
/// table's share of 8-byte slots (kept at most 5/8 full).
///
/// A class over raw memory: explore inserts once per step, and through Swift arrays each
/// insert paid for bounds, uniqueness and exclusivity checks on the table, the chunk and
/// the places (a tenth of a search). The memory is only reached through this class, and
/// freed with it; the chunks never move, so a member's bytes stay where they are.
final class PackedSet {
    private static let chunkSize = 1 << 20
    // Read and written on every step, from one thread: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var chunks: [UnsafeMutableRawPointer] = []
    /// Bytes held by the chunks.
    @exclusivity(unchecked) private var chunkBytes = 0
    /// Where the next member goes in the last chunk, and how far it may go.
    @exclusivity(unchecked) private var free: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var freeEnd: UnsafeMutableRawPointer?
    /// Member i's length prefix.
    @exclusivity(unchecked) private var places: [UnsafeRawPointer] = []
    /// Hash << 32 | (member number + 1); 0 is empty.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var mask: Int

    init(capacity: Int = 1 << 12) {
        var size = 16
        while size * 5 < capacity * 8 { size <<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        mask = size - 1
    }

    deinit {
        slots.deallocate()
        for chunk in chunks { chunk.deallocate() }
    }

    var count: Int { places.count }

    /// Bytes held: the chunks, places and table.
    var bytesUsed: Int { chunkBytes + places.capacity * 8 + (mask + 1) * 8 }

    /// The member's number, and whether it was new.
    func insert(_ bytes: [UInt8]) -> (index: Int, inserted: Bool) {
        bytes.withUnsafeBytes { insert($0) }
    }

    /// The member's number, and whether it was new; `bytes` are copied in when new.
    func insert(_ bytes: UnsafeRawBufferPointer) -> (index: Int, inserted: Bool) {
        let hash = UInt32(truncatingIfNeeded: hashBytes(bytes) >> 32)
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let member = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1
                if Self.equals(places[member], bytes) { return (member, false) }
            }
            slot = (slot &+ 1) & mask
        }
        let member = places.count
        precondition(member < Int(UInt32.max) - 1, "too many configurations for a 32-bit set")
        slots[slot] = UInt64(hash) << 32 | UInt64(member &+ 1)
        places.append(UnsafeRawPointer(append(bytes)))
        if places.count &* 8 > (mask &+ 1) &* 5 { grow() }
        return (member, true)
    }

    /// Member `member`'s bytes, valid as long as the set: chunks never move.
    func member(_ member: Int) -> UnsafeRawBufferPointer { Self.member(at: places[member]) }

    /// Calls `body` with member's bytes.
    func withMember<Result>(_ member: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(self.member(member))
    }

    /// Copies `bytes` after their length to the last chunk, or a new one; where it put them.
    private func append(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutableRawPointer {
        var prefix = 1
        while bytes.count >> (7 &* prefix) != 0 { prefix &+= 1 }
        let needed = prefix &+ bytes.count
        if free == nil || free!.distance(to: freeEnd!) < needed {
            // A new chunk, never outgrown, so never moved. What the last one had left is
            // not used: members are small, so that is little.
            let size = max(Self.chunkSize, needed)
            let chunk = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            chunks.append(chunk)
            chunkBytes &+= size
            free = chunk
            freeEnd = chunk + size
        }
        let place = free!
        var at = place
        var remaining = bytes.count
        while remaining >= 0x80 {
            at.storeBytes(of: UInt8(truncatingIfNeeded: remaining) | 0x80, as: UInt8.self)
            at += 1
            remaining >>= 7
        }
        at.storeBytes(of: UInt8(remaining), as: UInt8.self)
        at += 1
        if let source = bytes.baseAddress { at.copyMemory(from: source, byteCount: bytes.count) }
        free = at + bytes.count
        return place
    }

    /// The member whose length prefix is at `place`.
    private static func member(at place: UnsafeRawPointer) -> UnsafeRawBufferPointer {
        var at = place
        var length = 0
        var shift = 0
        while true {
            let byte = at.load(as: UInt8.self)
            at += 1
            length |= Int(byte & 0x7F) << shift
            guard byte & 0x80 != 0 else { break }
            shift &+= 7
        }
        return UnsafeRawBufferPointer(start: at, count: length)
    }

    private static func equals(_ place: UnsafeRawPointer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let stored = member(at: place)
        return stored.count == bytes.count && sameBytes(stored, bytes)
    }

    private func grow() {
        let size = (mask &+ 1) &* 2
        let larger = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
        larger.initialize(repeating: 0, count: size)
        let newMask = size &- 1
        for old in 0...mask {
            let entry = slots[old]
            guard entry != 0 else { continue }
            var slot = Int(truncatingIfNeeded: entry >> 32) & newMask
            while larger[slot] != 0 { slot = (slot &+ 1) & newMask }
            larger[slot] = entry
        }
        slots.deallocate()
        slots = larger
        mask = newMask
    }
}

/// Whether two byte strings of the same length are equal: eight bytes at a time, the last
/// word overlapping the one before rather than a byte loop (identities are 10–30 bytes);
/// longer ones (decision walks, a few hundred bytes) by `memcmp`, which takes 32 at a time.
@inline(__always)
func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    let count = a.count
    guard count > 0, let a = a.baseAddress, let b = b.baseAddress else { return true }
    if count > 64 { return memcmp(a, b, count) == 0 }
    if count >= 8 {
        var offset = 0
        while offset &+ 8 < count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset &+= 8
        }
        return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }
    return tail(a, count) == tail(b, count)
}

/// Bytes 0..<count (count 1...7) as one word; two strings of the same length are equal
/// exactly when their words are: two overlapping 4-byte loads, or the first, middle and
/// last byte.
@inline(__always)
private func tail(_ bytes: UnsafeRawPointer, _ count: Int) -> UInt64 {
    if count >= 4 {
        return UInt64(bytes.loadUnaligned(as: UInt32.self)) << 32
            | UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
    }
    return UInt64(bytes.load(as: UInt8.self)) << 16
        | UInt64(bytes.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
        | UInt64(bytes.load(fromByteOffset: count &- 1, as: UInt8.self))
}

/// Sixteen bytes at a time, the two words multiplied together full width and the halves of
/// the product xored into the state (the last block overlapping the one before instead of
/// a byte loop); then a final fold, so that every bit of the result, the high ones that
/// pick a slot included, depends on every byte. Two strings of one length give the same
/// words only when they are equal, and the length is mixed in. A multiply per 16 bytes:
/// decision walks, hashed on most steps, are a few hundred.
@inline(__always)
func hashBytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var hash = 0x243F_6A88_85A3_08D3 ^ UInt64(truncatingIfNeeded: count)
    if count > 0, let base = bytes.baseAddress {
        func word(_ offset: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        if count > 16 {
            var offset = 0
            while offset &+ 16 < count {
                hash = fold(word(offset) ^ hash, word(offset &+ 8) ^ 0x9E37_79B9_7F4A_7C15)
                offset &+= 16
            }
            hash = fold(word(count &- 16) ^ hash, word(count &- 8) ^ 0x9E37_79B9_7F4A_7C15)
        } else if count >= 8 {
            hash = fold(word(0) ^ hash, word(count &- 8) ^ 0x9E37_79B9_7F4A_7C15)
        } else {
            hash = fold(hash ^ tail(base, count), 0x9E37_79B9_7F4A_7C15)
        }
    }
    return fold(hash, 0xD6E8_FEB8_6659_FD93)
}

/// The product's two halves xored: every bit of `value` reaches the middle bits.
@inline(__always)
private func fold(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
    let product = value.multipliedFullWidth(by: multiplier)
    return product.high ^ product.low
}
