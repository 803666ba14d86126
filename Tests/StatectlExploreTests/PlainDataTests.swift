import Testing
import StatectlSimulate

/// Explore copies a model that says it is plain data as bytes, with no retain or release
/// (`Simulator.exploreStep`). If a stored property holding a reference were added and
/// `isPlainData` not told of it, that copy would corrupt memory: these tests walk the
/// model's stored properties by reflection to catch it.
@Suite("models copied as plain data")
struct PlainDataTests {
    @Test("the reflection check tells references from plain data")
    func checkSeesReferences() {
        struct Plain { var a = 1; var b: (Int8, Bool) = (2, true); var c: [Int]? = nil }
        struct WithText { var a = 1; var name = "x" }
        final class Box {}
        #expect(holdsNoReference(Plain()))
        #expect(!holdsNoReference(Plain(c: [1])))
        #expect(!holdsNoReference(WithText()))
        #expect(!holdsNoReference(Box()))
        #expect(!holdsNoReference(Optional(Box()) as Any))
        #expect(holdsNoReference(Optional<Box>.none as Any))
    }

    @Test("a StatefulViewController that says it is plain data holds no reference, and steps as a copied one does",
          arguments: ["master", "3.0.1"])
    func statefulViewController(version: String) {
        // The read-back tests' events: custom keys, insets and removals spill each part.
        let walk = BruteForce<StatefulViewControllerModel>(prefix: ["hasContent = false"],
                                                           events: IdentityReadBackTests.events, version: version)
        var plain = 0, notPlain = 0
        var worker = Simulator(sink: RecordCollector(), version: version, model: StatefulViewControllerModel(version: version))
        walk.visit(depth: 3) { simulator, _ in
            var model = simulator.model
            if model.isPlainData {
                plain += 1
                #expect(holdsNoReference(model))
            } else {
                notPlain += 1
            }
            // A step from this model on a worker last used for another (plain or not) must
            // reach what a plain run of the same line reaches.
            for event in walk.events {
                var expected = simulator
                _ = expected.runLine(event, line: 2)
                var encoder = IdentityEncoder()
                let outcome = worker.exploreStep(from: &model, at: simulator.now, line: event, number: 2,
                                                 queueBound: nil, encoder: &encoder)
                var expectedEncoder = IdentityEncoder()
                if case .encoded = outcome {
                    expected.model.encodeIdentity(into: &expectedEncoder, now: expected.now)
                    #expect(encoder.bytes == expectedEncoder.bytes)
                } else {
                    #expect(expected.stopped)
                }
            }
        }
        #expect(plain > 100)
        #expect(notPlain > 100)
    }
}

/// True when `value` holds no reference: every stored property, through structs, tuples,
/// enums and optionals, is of a type that is copied as bytes, or an empty optional.
func holdsNoReference(_ value: Any) -> Bool {
    if _openExistential(value, do: isBitwiseCopyable) { return true }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct?, .tuple?, .optional?, .enum?:
        return mirror.children.allSatisfy { holdsNoReference($0.value) }
    default:
        return false
    }
}

private func isBitwiseCopyable<T>(_ value: T) -> Bool { _isPOD(T.self) }
