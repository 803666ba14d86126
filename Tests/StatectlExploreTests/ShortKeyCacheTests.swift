import Testing
@testable import StatectlExplore

/// The cache keeps a short string as its first and last words and its length: each test
/// checks that what it answers is what a set numbering the same strings answers.
@Suite("Short key cache")
struct ShortKeyCacheTests {
    @Test("a cached number is the set's for every string of 0 to 20 bytes over few byte values; longer and empty ones are never cached")
    func answersAsTheSet() {
        let cache = ShortKeyCache()
        let set = PackedSet(capacity: 16)
        var state: UInt64 = 7
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int((state >> 33) % 21)
            // Few distinct byte values: strings of one length share words, and many repeat.
            let bytes = (0..<length).map { index in UInt8(truncatingIfNeeded: (state >> UInt64(index * 3 % 60)) % 3) }
            bytes.withUnsafeBytes { bytes in
                let number = set.insert(bytes).index
                if let cached = cache.number(of: bytes) { #expect(cached == number) }
                cache.keep(number, for: bytes)
                if length == 0 || length > 16 {
                    #expect(cache.number(of: bytes) == nil)
                } else {
                    #expect(cache.number(of: bytes) == number)
                }
            }
        }
    }

    @Test("strings whose words agree but whose lengths differ are told apart")
    func lengthsDiffer() {
        let cache = ShortKeyCache()
        let eight = [UInt8](repeating: 1, count: 8)
        let nine = [UInt8](repeating: 1, count: 9)
        eight.withUnsafeBytes { cache.keep(3, for: $0) }
        #expect(nine.withUnsafeBytes { cache.number(of: $0) } != 3)
        #expect(eight.withUnsafeBytes { cache.number(of: $0) } == 3)
    }
}
