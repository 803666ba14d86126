import Testing
@testable import StatectlSimulate

/// Explore keeps a level's configurations only as identities and reads each back before
/// expanding it, so a model read back must be the same configuration with the same future.
@Suite("identities read back")
struct IdentityReadBackTests {
    /// Events that change the store, replace a view on screen, remove one, use a custom key
    /// and change the bounds, besides the usual ones: the parts of the identity that the
    /// benchmark's alphabet never touches.
    static let events = ["start(animated: true)", "end", "end(error: \"e\")", "hasContent = true",
                         "addView(loading, top: 10)", "removeView(error)", "addView(spinner)",
                         "transition(to: spinner, animated: true)", "transition(to: none)",
                         "bounds(width: 100, height: 200)", "wait 100ms", "wait 300ms"]

    @Test("a StatefulViewController read back encodes the same and takes every event to the same configuration",
          arguments: ["master", "3.0.1"])
    func statefulViewController(version: String) {
        let walk = BruteForce<StatefulViewControllerModel>(prefix: ["hasContent = false"], events: Self.events, version: version)
        let components = IdentityComponents()
        var checked = 0
        walk.visit(depth: 3) { simulator, _ in
            for table in [components, nil] {
                let bytes = identity(of: simulator, components: table)
                let readBack = bytes.withUnsafeBytes { bytes in
                    var decoder = IdentityDecoder(bytes, components: table)
                    return StatefulViewControllerModel.decodeIdentity(&decoder)
                }
                guard let readBack else {
                    Issue.record("\(version): \(bytes) cannot be read back")
                    return
                }
                let copy = Simulator(sink: RecordCollector(), version: version, model: readBack)
                #expect(identity(of: copy, components: table) == bytes)
                expectSameFuture(simulator, copy, walk: walk, components: table)
            }
            checked += 1
        }
        #expect(checked > 1000)
    }

    @Test("the common form's shortcut reads back the model the general reading makes",
          arguments: ["master", "3.0.1"])
    func commonFormShortcut(version: String) {
        let walk = BruteForce<StatefulViewControllerModel>(prefix: ["hasContent = false"], events: Self.events, version: version)
        let components = IdentityComponents()
        var shortcut = 0, declined = 0
        walk.visit(depth: 3) { simulator, _ in
            let bytes = identity(of: simulator, components: components)
            func read(_ decode: (inout IdentityDecoder) -> StatefulViewControllerModel?) -> StatefulViewControllerModel? {
                bytes.withUnsafeBytes { bytes in
                    var decoder = IdentityDecoder(bytes, components: components)
                    return decode(&decoder)
                }
            }
            guard let general = read(ViewStateMachine.decodeAnyIdentity) else {
                Issue.record("\(version): \(bytes) cannot be read back")
                return
            }
            guard let common = read({ decoder in
                var model = StatefulViewControllerModel()
                return ViewStateMachine.decodeCommonIdentity(&decoder, into: &model) ? model : nil
            }) else { declined += 1; return }
            shortcut += 1
            let fromGeneral = Simulator(sink: RecordCollector(), version: version, model: general)
            let fromCommon = Simulator(sink: RecordCollector(), version: version, model: common)
            #expect(identity(of: fromCommon, components: components) == bytes)
            expectSameFuture(fromGeneral, fromCommon, walk: walk, components: components, counters: true)
        }
        #expect(shortcut > 500)
        #expect(declined > 100)
    }

    /// Explore takes a new configuration's observable state from the first one with the same
    /// `observableWord`, so the word must tell apart every two models whose observable bytes differ.
    @Test("models with the same observable word write the same observable state", arguments: ["master", "3.0.1"])
    func observableWord(version: String) {
        let walk = BruteForce<StatefulViewControllerModel>(prefix: ["hasContent = false"], events: Self.events, version: version)
        var observableByWord: [UInt64: [UInt8]] = [:]
        var worded = 0, unworded = 0
        walk.visit(depth: 3) { simulator, _ in
            var model = simulator.model
            var encoder = IdentityEncoder()
            let encoded = model.encodeObservable(into: &encoder)
            #expect(encoded)
            let word = model.observableWord()
            guard word != 0 else { unworded += 1; return }
            worded += 1
            if let known = observableByWord[word] {
                #expect(known == encoder.bytes, "\(version): word \(String(word, radix: 16))")
            } else {
                observableByWord[word] = encoder.bytes
            }
        }
        #expect(worded > 1000)
        #expect(unworded > 0)
    }

    /// Every event takes `one` and `other` to the same configuration (and, with `counters`,
    /// the same readings of every property, counters too).
    private func expectSameFuture(_ one: Simulator<StatefulViewControllerModel>, _ other: Simulator<StatefulViewControllerModel>,
                                  walk: BruteForce<StatefulViewControllerModel>, components: IdentityComponents?,
                                  counters: Bool = false) {
        for event in walk.events {
            var one = one, other = other
            _ = one.runLine(event, line: 1)
            _ = other.runLine(event, line: 1)
            #expect(one.stopped == other.stopped)
            #expect(identity(of: one, components: components) == identity(of: other, components: components))
            guard counters else { continue }
            #expect(walk.observable(one.model) == walk.observable(other.model))
            for counter in StatefulViewControllerModel.counters {
                #expect((try? one.model.observe(counter))?.text == (try? other.model.observe(counter))?.text)
            }
        }
    }

    private func identity(of simulator: Simulator<StatefulViewControllerModel>, components: IdentityComponents?) -> [UInt8] {
        var encoder = IdentityEncoder(components: components)
        simulator.model.encodeIdentity(into: &encoder, now: simulator.now)
        return encoder.bytes
    }
}

/// The encoder writes into a raw block that grows; the bytes are the documented format.
@Suite("identity encoder")
struct IdentityEncoderTests {
    @Test("numbers are zig-zag LEB128 and read back, at every width, across growth of the block")
    func numbersRoundTrip() {
        let values: [Int64] = [0, 1, -1, 63, -64, 64, -65, 127, 128, 300, -300, 8_191, 8_192, Int64(Int32.max),
                               Int64(Int32.min), Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        var encoder = IdentityEncoder()
        // Far more than the block's first 256 bytes.
        for _ in 0..<40 { for value in values { encoder.add(value) } }
        encoder.add("a string longer than what is left of the block after all those numbers, so that it grows mid-string " + String(repeating: "x", count: 300))
        let bytes = encoder.bytes
        #expect(bytes.count == encoder.count)
        bytes.withUnsafeBytes { raw in
            var decoder = IdentityDecoder(raw)
            for _ in 0..<40 { for value in values { #expect(decoder.int64() == value) } }
            #expect(decoder.string().hasSuffix(String(repeating: "x", count: 300)))
            #expect(decoder.isAtEnd && !decoder.failed)
        }
        var small = IdentityEncoder()
        small.add(Int64(300))
        small.add(Int64(-1))
        small.add(byte: 0xAB)
        #expect(small.bytes == [0xD8, 0x04, 0x01, 0xAB])
        small.removeAll()
        #expect(small.bytes.isEmpty && small.view.isEmpty)
    }
}
