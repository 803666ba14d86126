import Testing
@testable import StatectlSimulate

private final class Box {
    let name: String
    init(_ name: String) { self.name = name }
}

@Suite("Line cache")
struct LineCacheTests {
    private func lookup(_ cache: LineCache<Box>, _ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { cache.value(for: $0)?.name }
    }

    private func store(_ cache: LineCache<Box>, _ text: String) {
        Array(text.utf8).withUnsafeBufferPointer { cache.insert(Box(text), for: $0) }
    }

    @Test("a stored line is found by its exact bytes, and only by them")
    func exact() {
        let cache = LineCache<Box>(slots: 64)
        for line in ["", "start", "wait 300ms", "expect state == loading", "end(error: \"offline\")"] { store(cache, line) }
        #expect(lookup(cache, "start") == "start")
        #expect(lookup(cache, "") == "")
        #expect(lookup(cache, "expect state == loading") == "expect state == loading")
        #expect(lookup(cache, "start ") == nil)
        #expect(lookup(cache, "Start") == nil)
        #expect(lookup(cache, "expect state == loadinG") == nil)
    }

    @Test("with one slot, a new line replaces the old one and memory stays bounded")
    func replacement() {
        let cache = LineCache<Box>(slots: 1)
        store(cache, "start")
        store(cache, "end")
        #expect(lookup(cache, "end") == "end")
        #expect(lookup(cache, "start") == nil)
    }

    @Test("a line longer than the limit is never stored, so the cache stays small")
    func longLines() {
        let cache = LineCache<Box>(slots: 8)
        let long = String(repeating: "x", count: LineCache<Box>.longestLine + 1)
        let limit = String(repeating: "y", count: LineCache<Box>.longestLine)
        store(cache, long)
        store(cache, limit)
        #expect(lookup(cache, long) == nil)
        #expect(lookup(cache, limit) == limit)
    }

    @Test("a line is worth storing only once it has been offered before, and a line met once evicts nothing")
    func admission() {
        let cache = LineCache<Box>(slots: 1)
        func admits(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { cache.admits($0) } }
        #expect(!admits("start"))
        #expect(admits("start"))
        store(cache, "start")
        #expect(!admits("wait 301ms"))
        #expect(lookup(cache, "start") == "start")
        #expect(!admits(String(repeating: "x", count: LineCache<Box>.longestLine + 1)))
    }

    @Test("lines that differ in one byte, anywhere, hash apart almost always")
    func spread() {
        var hashes = Set<Int>()
        for position in 0..<24 {
            var bytes = [UInt8](repeating: 0x61, count: 24)
            bytes[position] = 0x62
            hashes.insert(bytes.withUnsafeBufferPointer { LineCache<Box>.hash($0) } & 1023)
        }
        #expect(hashes.count >= 20)
    }
}
