import Testing
@testable import StatectlExplore

/// The store compares and hashes eight bytes at a time, the last word overlapping the one
/// before, and keeps members in raw chunks: each test checks one of those against the plain
/// answer, so a byte skipped or read twice fails it.
@Suite("Packed set")
struct PackedSetTests {
    /// Deterministic bytes, so a failure reproduces.
    private struct Bytes {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func member(maxLength: Int) -> [UInt8] {
            let length = Int(next() % UInt64(maxLength + 1))
            // Few distinct byte values: many members share long runs, and many repeat.
            return (0..<length).map { _ in UInt8(next() % 3) }
        }
    }

    @Test("warming a batch of look-ups changes nothing: members inserted with their hash after it are numbered as without")
    func warmingChangesNothing() {
        let warmed = PackedSet(capacity: 16)
        let plain = PackedSet(capacity: 16)
        var bytes = Bytes(state: 11)
        for _ in 0..<2_000 {
            let batch = (0..<9).map { _ in bytes.member(maxLength: 24) }
            let hashes = batch.map { member in member.withUnsafeBytes { PackedSet.hash($0) } }
            hashes.withUnsafeBufferPointer { warmed.warm($0) }
            for (member, hash) in zip(batch, hashes) {
                let expected = plain.insert(member)
                let got = member.withUnsafeBytes { warmed.insert($0, hash: hash) }
                #expect(got == expected)
            }
        }
        #expect(warmed.count == plain.count)
    }

    @Test("numbers members in the order first inserted, as a dictionary would, across growth and chunks")
    func matchesDictionary() {
        let set = PackedSet(capacity: 16)
        var reference: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        var bytes = Bytes(state: 7)
        // Up to 300 bytes: lengths of two LEB128 bytes; ~20,000 members fill more than one 1 MiB chunk.
        for _ in 0..<60_000 {
            let member = bytes.member(maxLength: bytes.next() % 10 == 0 ? 300 : 24)
            let (index, inserted) = set.insert(member)
            if let known = reference[member] {
                #expect(index == known && !inserted)
            } else {
                #expect(index == order.count && inserted)
                reference[member] = order.count
                order.append(member)
            }
        }
        #expect(set.count == order.count)
        #expect(set.bytesUsed > 1 << 20)
        // In order (each found from the one before, across chunks), backwards and scattered
        // (from the nearest kept place).
        for (index, member) in order.enumerated() {
            #expect(Array(set.member(index)) == member)
        }
        for index in order.indices.reversed() where index % 7 == 0 {
            #expect(Array(set.member(index)) == order[index])
        }
        for _ in 0..<2_000 {
            let index = Int(bytes.next() % UInt64(order.count))
            #expect(Array(set.member(index)) == order[index])
        }
    }

    @Test("compares every byte: strings of 0 to 40 bytes that differ in any one byte are different members")
    func everyByteCompared() {
        for length in 0...40 {
            let set = PackedSet()
            let base = [UInt8](repeating: 0x5A, count: length)
            #expect(set.insert(base) == (0, true))
            for position in 0..<length {
                var changed = base
                changed[position] ^= 0x01
                #expect(set.insert(changed) == (position + 1, true), "length \(length), byte \(position)")
                base.withUnsafeBytes { a in changed.withUnsafeBytes { b in #expect(!sameBytes(a, b)) } }
            }
            #expect(set.insert(base) == (0, false))
        }
    }

    @Test("hashes every byte, wherever the bytes lie in memory")
    func everyByteHashed() {
        for length in 1...40 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let hash = base.withUnsafeBytes { hashBytes($0) }
            for position in 0..<length {
                var changed = base
                changed[position] ^= 0x80
                #expect(changed.withUnsafeBytes { hashBytes($0) } != hash, "length \(length), byte \(position)")
            }
            // The same bytes one byte further into a buffer: loads are unaligned.
            let shifted = [0xFF] + base
            #expect(shifted.withUnsafeBytes { hashBytes(UnsafeRawBufferPointer(rebasing: $0[1...])) } == hash)
        }
        // The length is part of the hash: zeros of different lengths differ.
        let zeros = (0...16).map { [UInt8](repeating: 0, count: $0).withUnsafeBytes { hashBytes($0) } }
        #expect(Set(zeros).count == zeros.count)
    }

    @Test("members whose hashes agree in the slot and the stored bits are still told apart")
    func collidingHashes() {
        // Members that share the 32 bits the table keeps (the slot comes from them too): by
        // the birthday bound, a few hundred thousand tries find three pairs.
        var byBits: [UInt32: [UInt8]] = [:]
        var colliding: [([UInt8], [UInt8])] = []
        var counter: UInt32 = 0
        while colliding.count < 3 {
            let member = withUnsafeBytes(of: counter.littleEndian) { Array($0) } + [0x42]
            let bits = UInt32(truncatingIfNeeded: member.withUnsafeBytes { hashBytes($0) } >> 32)
            if let other = byBits[bits] { colliding.append((other, member)) } else { byBits[bits] = member }
            counter += 1
        }
        let set = PackedSet(capacity: 16)
        for (first, second) in colliding {
            let a = set.insert(first), b = set.insert(second)
            #expect(a.inserted && b.inserted && a.index != b.index)
            #expect(set.insert(first) == (a.index, false))
            #expect(set.insert(second) == (b.index, false))
        }
    }

    @Test("tells when it comes within 64 chunks of its limit, before an insert would pass it")
    func nearlyFull() {
        let set = PackedSet(capacity: 16, chunkLimit: 70)
        // 600 KiB members: one to a 1 MiB chunk.
        var chunksFilled = 0
        while !set.isNearlyFull {
            _ = set.insert([UInt8](repeating: UInt8(chunksFilled & 0xFF), count: 600 << 10) + [UInt8(chunksFilled >> 8)])
            chunksFilled += 1
            #expect(chunksFilled <= 6)
        }
        #expect(chunksFilled == 6)
        #expect(set.count == 6)
    }

    @Test("a member's tag is 0 until set, then read back with the member when found again and by number, in any order")
    func tags() {
        let set = PackedSet(capacity: 16)
        var bytes = Bytes(state: 11)
        var tags: [Int: UInt32] = [:]
        for _ in 0..<5_000 {
            let member = bytes.member(maxLength: 140)
            let hash = member.withUnsafeBytes { PackedSet.hash($0) }
            let (index, inserted, tag) = member.withUnsafeBytes { set.insertReadingTag($0, hash: hash) }
            if inserted {
                #expect(tag == 0)
                tags[index] = UInt32(truncatingIfNeeded: index &* 2_654_435_761)
                set.tagNewest(tags[index]!)
            } else {
                #expect(tag == tags[index])
            }
        }
        for index in (0..<set.count).reversed() { #expect(set.tag(of: index) == tags[index]) }
        for index in 0..<set.count { #expect(set.tag(of: index) == tags[index]) }
    }
}
