import StatectlSimulate
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of byte strings that numbers its members in the order they were first inserted:
/// explore's store of configurations, its observable states and decision walks.
///
/// The bytes live end to end in fixed-size chunks (a member never straddles two), each
/// after its number (4 bytes), a tag the user gives it (4 bytes: explore's store keeps a
/// configuration's observable state there, read with the member when a step finds it,
/// where an array beside would be a cache miss more) and its length (LEB128). An
/// open-addressing table (linear probing) holds per slot 32 bits of the member's hash and
/// its place (chunk and offset), so that a look-up touches the slot and the member's bytes
/// and nothing else: with millions of members each is a cache miss, and an array of places
/// between the two was a third. Members are read back in the order they were numbered (breadth-first, a
/// level after the one before), so that is a walk through the chunks; every 16th
/// member's place is kept for reading one out of order. Chunks, not one growing array: an
/// array that doubles holds up to twice what it needs, and both copies while it moves.
/// Per member: its bytes, length, number and tag, and the table's share of 8-byte slots
/// (kept at most 5/8 full).
///
/// A class over raw memory: explore inserts once per step, and through Swift arrays each
/// insert paid for bounds, uniqueness and exclusivity checks on the table, the chunk and
/// the places (a tenth of a search). The memory is only reached through this class, and
/// freed with it; the chunks never move, so a member's bytes stay where they are.
final class PackedSet {
    private static let offsetBits = 20
    private static let chunkSize = 1 << offsetBits
    /// Places are 32 bits, chunk number then offset, and a slot holds place + 1.
    static let maximumChunks = (1 << (32 - offsetBits)) - 1
    /// Chunks this set may take: `maximumChunks`, less in tests of what happens near it.
    private let chunkLimit: Int
    // Read and written on every step, from one thread: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var chunks: [UnsafeMutableRawPointer] = []
    /// Each chunk's size, to free it; 0 for one cut from an outgrown table, freed with it.
    private var chunkSizes: [Int] = []
    /// Tables the set outgrew, a mebibyte or more, kept as chunks: their pages are in
    /// memory already, where a fresh chunk's would be faulted in (and zeroed) again. The
    /// set fills them before it grows again (it stores more bytes a member than its table
    /// has), so all of them become chunks: a fifth of depth 10's page faults.
    private var outgrownTables: [(memory: UnsafeMutableRawPointer, byteCount: Int)] = []
    /// The chunks cut from `outgrownTables` not used yet.
    private var spareChunks: [UnsafeMutableRawPointer] = []
    /// Bytes used in each chunk but the last; the last's is `used`.
    @exclusivity(unchecked) private var chunkUsed: [Int] = []
    /// Bytes held by the chunks.
    @exclusivity(unchecked) private var chunkBytes = 0
    /// Bytes used in the last chunk, its size (0 before the first) and where it is.
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var lastChunkSize = 0
    @exclusivity(unchecked) private var lastChunk = UnsafeMutableRawPointer(bitPattern: 16)!
    /// The place of the last chunk's offset 0: made from the chunks' count with checked
    /// conversions, it cost about ten instructions a new member.
    @exclusivity(unchecked) private var lastChunkPlace: UInt32 = 0
    @exclusivity(unchecked) private(set) var count = 0
    /// The places of members 0, 16, 32, …
    @exclusivity(unchecked) private var landmarks = ChunkedColumn<UInt32>()
    /// The member inserted last (its number at 0, its tag at 4).
    @exclusivity(unchecked) private var newest = UnsafeMutableRawPointer(bitPattern: 16)!
    /// The member `member(_:)` read last, and its place.
    @exclusivity(unchecked) private var lastRead = (number: -1, place: UInt32(0))
    /// Hash << 32 | (place + 1); 0 is empty.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var mask: Int
    /// What `warm` loaded, summed: written so that the loads are not optimised away.
    @exclusivity(unchecked) private var warmed: UInt64 = 0

    init(capacity: Int = 1 << 12, chunkLimit: Int = PackedSet.maximumChunks) {
        self.chunkLimit = min(chunkLimit, Self.maximumChunks)
        var size = 16
        while size * 5 < capacity * 8 { size <<= 1 }
        slots = Self.emptySlots(size)
        mask = size - 1
    }

    deinit {
        releaseFilledMemory(slots, byteCount: (mask + 1) * 8)
        for (chunk, size) in zip(chunks, chunkSizes) where size > 0 { releaseFilledMemory(chunk, byteCount: size) }
        for table in outgrownTables { releaseFilledMemory(table.memory, byteCount: table.byteCount) }
    }

    /// Whether the set is within 64 chunks of the most its 32-bit places can reach: explore
    /// stops its search there, with a report, rather than trap on the next chunk.
    var isNearlyFull: Bool { chunks.count + 64 >= chunkLimit }

    /// Bytes held: the chunks (those cut from outgrown tables included, the rest of those
    /// tables, soon chunks too, not), landmarks and table.
    var bytesUsed: Int { chunkBytes + landmarks.bytesUsed + (mask + 1) * 8 }

    /// The member's number, and whether it was new.
    func insert(_ bytes: [UInt8]) -> (index: Int, inserted: Bool) {
        bytes.withUnsafeBytes { insert($0) }
    }

    /// The member's number, and whether it was new; `bytes` are copied in when new.
    func insert(_ bytes: UnsafeRawBufferPointer) -> (index: Int, inserted: Bool) {
        insert(bytes, hash: Self.hash(bytes))
    }

    /// What `insert(_:hash:)` takes: 32 bits of the bytes' hash.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 { UInt32(truncatingIfNeeded: hashBytes(bytes) >> 32) }

    /// Loads the first slot of each hash, then the member it holds when the hash matches,
    /// so that the cache misses of a batch of look-ups overlap instead of following one
    /// another: with millions of members each look-up misses twice (a sixth of a search
    /// spent waiting). Only reads; the loads are kept by summing them into `warmed`.
    func warm(_ hashes: UnsafeBufferPointer<UInt32>) {
        var sum: UInt64 = 0
        for hash in hashes {
            let slot = Int(hash) & mask
            sum &+= slots[slot]
            // A probe that starts late in its cache line (8 slots) often runs on into the next.
            if slot & 7 >= 4 { sum &+= slots[((slot | 7) &+ 1) & mask] }
        }
        for hash in hashes {
            let entry = slots[Int(hash) & mask]
            guard entry != 0, UInt32(truncatingIfNeeded: entry >> 32) == hash else { continue }
            sum &+= UInt64(address(of: UInt32(truncatingIfNeeded: entry) &- 1).load(fromByteOffset: 8, as: UInt8.self))
        }
        warmed = sum
    }

    /// The member's number, and whether it was new, given `hash(bytes)`.
    @inline(__always)
    func insert(_ bytes: UnsafeRawBufferPointer, hash: UInt32) -> (index: Int, inserted: Bool) {
        let (index, inserted, _) = insertReadingTag(bytes, hash: hash)
        return (index, inserted)
    }

    /// The member's number, whether it was new, and its tag (0 for a new member, until
    /// `tagNewest`), given `hash(bytes)`.
    func insertReadingTag(_ bytes: UnsafeRawBufferPointer, hash: UInt32) -> (index: Int, inserted: Bool, tag: UInt32) {
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let at = address(of: UInt32(truncatingIfNeeded: entry) &- 1)
                if Self.equals(at, bytes) {
                    return (Int(at.loadUnaligned(as: UInt32.self)), false, at.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                }
            }
            slot = (slot &+ 1) & mask
        }
        return (insertNew(bytes, hash: hash, slot: slot), true, 0)
    }

    /// Sets the tag of the member inserted last.
    func tagNewest(_ tag: UInt32) {
        precondition(count > 0, "no member to tag")
        newest.storeBytes(of: tag, toByteOffset: 4, as: UInt32.self)
    }

    /// Member `member`'s bytes, as `member(_:)`, and its tag, found once.
    func memberAndTag(_ member: Int) -> (bytes: UnsafeRawBufferPointer, tag: UInt32) {
        let at = locate(member)
        return (Self.bytes(at: at), at.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    }

    /// Member `member`'s tag. In numbering order, each is found from the one before.
    func tag(of member: Int) -> UInt32 {
        locate(member).loadUnaligned(fromByteOffset: 4, as: UInt32.self)
    }

    /// Appends `bytes`, not a member, and puts it in `slot`, empty, where its look-up ended;
    /// its number.
    @inline(never)
    private func insertNew(_ bytes: UnsafeRawBufferPointer, hash: UInt32, slot: Int) -> Int {
        let member = count
        precondition(member < Int(UInt32.max), "too many configurations for a 32-bit set")
        let place = append(bytes, number: UInt32(member))
        slots[slot] = UInt64(hash) << 32 | UInt64(place &+ 1)
        if member & 15 == 0 { landmarks.append(place) }
        count = member &+ 1
        if count &* 8 > (mask &+ 1) &* 5 { grow() }
        return member
    }

    /// Member `member`'s bytes, valid as long as the set: chunks never move. In numbering
    /// order, each is found from the one before.
    func member(_ member: Int) -> UnsafeRawBufferPointer {
        Self.bytes(at: locate(member))
    }

    /// Where member `member` begins (its number).
    private func locate(_ member: Int) -> UnsafeRawPointer {
        precondition(member >= 0 && member < count, "no member \(member)")
        var (number, place) = lastRead
        if number < 0 || member < number || member > number + 15 {
            number = member & ~15
            place = landmarks[member >> 4]
        }
        while number < member {
            place = next(after: place)
            number += 1
        }
        lastRead = (member, place)
        return UnsafeRawPointer(address(of: place))
    }

    /// Calls `body` with member's bytes.
    func withMember<Result>(_ member: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(self.member(member))
    }

    @inline(__always)
    private func address(of place: UInt32) -> UnsafeMutableRawPointer {
        chunks[Int(place >> Self.offsetBits)] + Int(place & UInt32(Self.chunkSize - 1))
    }

    /// The place of the member numbered after the one at `place`: the next in its chunk,
    /// or the first of the next chunk.
    private func next(after place: UInt32) -> UInt32 {
        let chunk = Int(place >> Self.offsetBits)
        let start = UnsafeRawPointer(address(of: place))
        let stored = Self.bytes(at: start)
        let end = Int(place & UInt32(Self.chunkSize - 1)) + start.distance(to: stored.baseAddress! + stored.count)
        let chunkEnd = chunk == chunks.count - 1 ? used : chunkUsed[chunk]
        return end < chunkEnd ? UInt32(chunk) << Self.offsetBits | UInt32(end) : UInt32(chunk + 1) << Self.offsetBits
    }

    /// Copies `bytes` after their number, a tag of 0 and their length to the last chunk, or
    /// a new one; their place. Inlined in its one caller, `insertNew`, itself apart.
    @inline(__always)
    private func append(_ bytes: UnsafeRawBufferPointer, number: UInt32) -> UInt32 {
        let length = bytes.count
        var prefix = 1
        while length >> (7 &* prefix) != 0 { prefix &+= 1 }
        let needed = 8 &+ prefix &+ length
        // With no chunk yet, the last chunk's size is 0.
        if lastChunkSize &- used < needed { addChunk(holding: needed) }
        let place = lastChunkPlace | UInt32(truncatingIfNeeded: used)
        var at = lastChunk + used
        newest = at
        at.storeBytes(of: number, as: UInt32.self)
        at.storeBytes(of: 0, toByteOffset: 4, as: UInt32.self)
        at += 8
        var remaining = length
        while remaining >= 0x80 {
            at.storeBytes(of: UInt8(truncatingIfNeeded: remaining) | 0x80, as: UInt8.self)
            at += 1
            remaining >>= 7
        }
        at.storeBytes(of: UInt8(remaining), as: UInt8.self)
        at += 1
        if let source = bytes.baseAddress { at.copyBytes(from: source, byteCount: length) }
        used &+= needed
        return place
    }

    /// A new last chunk, never outgrown, so never moved. What the last one had left is not
    /// used: members are small, so that is little. A member longer than a chunk has one of
    /// its own, from offset 0.
    private func addChunk(holding needed: Int) {
        precondition(chunks.count < chunkLimit, "too many configurations: their identities exceed 4 GiB")
        if !chunks.isEmpty { chunkUsed.append(used) }
        let size = max(Self.chunkSize, needed)
        if size == Self.chunkSize, let spare = spareChunks.popLast() {
            // Written before read, as any chunk: what the table left there does not matter.
            lastChunk = spare
            chunkSizes.append(0)
        } else {
            lastChunk = filledMemory(byteCount: size)
            chunkSizes.append(size)
        }
        chunks.append(lastChunk)
        lastChunkPlace = UInt32(chunks.count - 1) << Self.offsetBits
        chunkBytes &+= size
        lastChunkSize = size
        used = 0
    }

    /// The bytes of the member whose number is at `at` (its tag at 4, its length at 8).
    @inline(__always)
    private static func bytes(at: UnsafeRawPointer) -> UnsafeRawBufferPointer {
        // Identities are shorter than 128 bytes, their length one byte; decision walks, a few
        // hundred, take the loop.
        let first = at.load(fromByteOffset: 8, as: UInt8.self)
        if first < 0x80 { return UnsafeRawBufferPointer(start: at + 9, count: Int(first)) }
        var at = at + 8
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

    @inline(__always)
    private static func equals(_ at: UnsafeRawPointer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let stored = Self.bytes(at: at)
        return stored.count == bytes.count && sameBytes(stored, bytes)
    }

    /// A table of `size` empty slots: zeroed memory, a large table fresh pages, zero already,
    /// where writing the zeros was a pass over the whole table at each growth.
    private static func emptySlots(_ size: Int) -> UnsafeMutablePointer<UInt64> {
        filledMemory(byteCount: size * MemoryLayout<UInt64>.stride).bindMemory(to: UInt64.self, capacity: size)
    }

    private func grow() {
        let size = (mask &+ 1) &* 2
        let larger = Self.emptySlots(size)
        let newMask = size &- 1
        // The old table and its size in locals: read through the properties, they were loaded
        // again for every slot (the stores into `larger` might have changed them, for all the
        // compiler knew).
        let old = slots, oldSize = mask &+ 1
        var index = 0
        while index < oldSize {
            let entry = old[index]
            index &+= 1
            guard entry != 0 else { continue }
            var slot = Int(truncatingIfNeeded: entry >> 32) & newMask
            while larger[slot] != 0 { slot = (slot &+ 1) & newMask }
            larger[slot] = entry
        }
        let oldBytes = oldSize * MemoryLayout<UInt64>.stride
        if oldBytes >= Self.chunkSize {
            // A power of two, so a whole number of chunks.
            let memory = UnsafeMutableRawPointer(old)
            outgrownTables.append((memory, oldBytes))
            for offset in stride(from: 0, to: oldBytes, by: Self.chunkSize) { spareChunks.append(memory + offset) }
        } else {
            releaseFilledMemory(old, byteCount: oldBytes)
        }
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
    return tailWord(a, count) == tailWord(b, count)
}

/// Bytes 0..<count (count 1...7) as one word; two strings of the same length are equal
/// exactly when their words are: two overlapping 4-byte loads, or the first, middle and
/// last byte.
@inline(__always)
func tailWord(_ bytes: UnsafeRawPointer, _ count: Int) -> UInt64 {
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
            hash = fold(hash ^ tailWord(base, count), 0x9E37_79B9_7F4A_7C15)
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
