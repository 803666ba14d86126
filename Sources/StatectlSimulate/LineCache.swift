#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembers what recent lines compiled to, keyed by their bytes, so a script that repeats
/// itself (`wait 300ms`, `start`, `expect state == loading` …) is parsed and checked once
/// per distinct line rather than once per occurrence.
///
/// Sound because compiling a line depends only on its bytes and on the names declared so
/// far, and names are only ever added: a line that compiled cleanly compiles the same way
/// later. Only clean lines are stored. Direct-mapped with a fixed number of slots, so
/// memory stays bounded however long the script.
struct LineCache<Value> {
    private var keys: [[UInt8]]
    private var values: [Value?]
    private let mask: Int

    init(slots: Int = 1024) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        keys = Array(repeating: [], count: slots)
        values = Array(repeating: nil, count: slots)
        mask = slots - 1
    }

    func value(for line: UnsafeBufferPointer<UInt8>) -> Value? {
        let slot = Self.hash(line) & mask
        guard let value = values[slot] else { return nil }
        let matches = keys[slot].withUnsafeBufferPointer { key in
            key.count == line.count && (key.isEmpty || memcmp(key.baseAddress!, line.baseAddress!, key.count) == 0)
        }
        return matches ? value : nil
    }

    mutating func insert(_ value: Value, for line: UnsafeBufferPointer<UInt8>) {
        let slot = Self.hash(line) & mask
        keys[slot] = Array(line)
        values[slot] = value
    }

    /// A multiply-and-mix hash over the line, eight bytes at a time: lines are short and
    /// hashed twice each (check, then run), so a byte-at-a-time hash showed up in profiles.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E3779B97F4A7C15
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
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
