import StatectlParse

/// Remembers what recent lines compiled to, keyed by their bytes, so a script that repeats
/// itself (`wait 300ms`, `start`, `expect state == loading` …) is parsed and checked once
/// per distinct line rather than once per occurrence.
///
/// Sound because compiling a line depends only on its bytes and on the names declared so
/// far, and names are only ever added: a line that compiled cleanly compiles the same way
/// later, unless a statement of it can change meaning with a declaration
/// (`ScriptCompiler.lastMeaningCanChange`). Only clean lines without such statements are stored. Direct-mapped with a fixed number of slots, and
/// lines longer than `longestLine` are never stored, so memory stays bounded however long
/// the script and its lines.
///
/// `Value` is a class (a compiled line) or a statement's `Instruction`, an enum of one
/// reference: held unboxed, a statement found here is retained once to run, where its box
/// and the instruction in it were retained each.
final class LineCache<Value> {
    /// Longer lines are compiled every time; real scripts' lines are far shorter.
    static var longestLine: Int { 4096 }

    /// A stored line's bytes, kept outside Swift arrays so that comparing them retains nothing.
    private struct Key {
        var bytes: UnsafeMutablePointer<UInt8>?
        var count: Int
    }

    private let keys: UnsafeMutablePointer<Key>
    /// Per slot, the hash of the last line offered that was not yet worth storing.
    private let seen: UnsafeMutablePointer<Int>
    /// Each slot's value, nil where none is stored. Behind a pointer, as `keys`: as an array,
    /// every statement found (`withValue`, which lends it in place) first checked that the
    /// array was not shared, a call to the runtime.
    private let values: UnsafeMutablePointer<Value?>
    private let mask: Int

    init(slots: Int = 1024) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        keys = .allocate(capacity: slots)
        keys.initialize(repeating: Key(bytes: nil, count: 0), count: slots)
        seen = .allocate(capacity: slots)
        seen.initialize(repeating: 0, count: slots)
        values = .allocate(capacity: slots)
        values.initialize(repeating: nil, count: slots)
        mask = slots - 1
    }

    deinit {
        for slot in 0...mask { keys[slot].bytes?.deallocate() }
        keys.deallocate()
        seen.deallocate()
        values.deinitialize(count: mask + 1)
        values.deallocate()
    }

    /// Whether `line` is worth storing: true the second time a line with its hash is
    /// offered for its slot. A script whose lines never repeat then pays for no copies and
    /// evicts nothing that might repeat; a repeating line is compiled once more than it
    /// would be if every line were stored.
    func admits(_ line: UnsafeBufferPointer<UInt8>) -> Bool { admits(line, hash: Self.hash(line)) }

    // The variants taking `hash` (`LineCache.hash(line)`, the same for every cache) let a
    // caller that asks several caches about one line hash it once.

    func admits(_ line: UnsafeBufferPointer<UInt8>, hash: Int) -> Bool {
        if wouldAdmit(line, hash: hash) { return true }
        if line.count <= Self.longestLine { seen[hash & mask] = hash }
        return false
    }

    /// What `admits` would answer now, without recording the offer.
    func wouldAdmit(_ line: UnsafeBufferPointer<UInt8>, hash: Int) -> Bool {
        line.count <= Self.longestLine && seen[hash & mask] == hash
    }

    func value(for line: UnsafeBufferPointer<UInt8>) -> Value? { value(for: line, hash: Self.hash(line)) }

    // Inlined: every line asks (a miss for each line seen once), and the call cost as much
    // as the look-up.
    @inline(__always)
    func value(for line: UnsafeBufferPointer<UInt8>, hash: Int) -> Value? {
        guard let slot = slot(of: line, hash: hash) else { return nil }
        return values[slot]
    }

    /// `body` on the value stored for `line`, in place (nil when none is): in-out, the value
    /// is used with no copy retained and released around the call, as `value(for:)`'s is.
    /// `body` must not use the cache.
    @inline(__always)
    func withValue<Result>(for line: UnsafeBufferPointer<UInt8>, hash: Int, _ body: (inout Value) -> Result) -> Result? {
        guard let slot = slot(of: line, hash: hash) else { return nil }
        return body(&values[slot]!)
    }

    /// The slot holding `line`'s value, if one does.
    @inline(__always)
    private func slot(of line: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        guard line.count <= Self.longestLine else { return nil }
        let slot = hash & mask
        let key = keys[slot]
        guard let stored = key.bytes, key.count == line.count else { return nil }
        guard key.count == 0 || SWAR.equal(UnsafeRawPointer(stored), UnsafeRawPointer(line.baseAddress!), count: key.count) else { return nil }
        // A key is stored only with its value.
        return slot
    }

    func insert(_ value: Value, for line: UnsafeBufferPointer<UInt8>) { insert(value, for: line, hash: Self.hash(line)) }

    func insert(_ value: Value, for line: UnsafeBufferPointer<UInt8>, hash: Int) {
        guard line.count <= Self.longestLine else { return }
        let slot = hash & mask
        keys[slot].bytes?.deallocate()
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(line.count, 1))
        if let source = line.baseAddress { bytes.update(from: source, count: line.count) }
        keys[slot] = Key(bytes: bytes, count: line.count)
        values[slot] = value
    }

    /// A multiply-and-mix hash over the line, eight bytes at a time: lines are short and
    /// hashed twice each (check, then run), so a byte-at-a-time hash showed up in profiles.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E3779B97F4A7C15
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        // Wrapping arithmetic: an offset within a buffer's count cannot overflow, and the
        // checks cost a quarter of each word's mixing.
        while offset &+ 8 <= bytes.count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            if bytes.count >= 8 {
                // The last eight bytes, overlapping ones already mixed in: one load.
                tail = raw.loadUnaligned(fromByteOffset: bytes.count &- 8, as: UInt64.self)
            } else {
                for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            }
            hash = mix(hash ^ tail)
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0x9E3779B97F4A7C15)
        return product.high ^ product.low
    }
}
