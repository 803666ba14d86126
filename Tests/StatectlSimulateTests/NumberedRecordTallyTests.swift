import Testing
@testable import StatectlSimulate

/// A tally takes a record by its key once the sink numbered the key, and the simulator
/// writes to the sink only the records whose keys it does not know.
@Suite("Numbered record tally")
struct NumberedRecordTallyTests {
    /// Collects what reaches it and numbers each key it meets, as explore's sink does.
    private final class NumberingSink: RecordSink {
        let numberingTally = NumberedRecordTally()
        var written: [Int] = []
        var tally: NumberedRecordTally? { numberingTally }
        func write(_ record: RecordView) {
            guard let key = record.fieldsKey else { return }
            written.append(key)
            numberingTally.append(key * 10)
            numberingTally.number(key: key, as: key * 10)
        }
    }

    @Test("an unknown key is not taken; a numbered one is, as its number, in order")
    func takesNumberedKeys() {
        let tally = NumberedRecordTally()
        #expect(!tally.take(key: 3))
        #expect(!tally.take(key: -1))
        tally.number(key: 3, as: 0)
        tally.number(key: 1, as: 7)
        #expect(tally.take(key: 3))
        #expect(tally.take(key: 1))
        #expect(!tally.take(key: 2))
        #expect(tally.count == 2)
        #expect(tally[0] == 0 && tally[1] == 7)
        tally.removeAll()
        #expect(tally.count == 0)
        #expect(tally.take(key: 1))
        #expect(tally[0] == 7)
    }

    @Test("taking more than its first room keeps every number in order")
    func grows() {
        let tally = NumberedRecordTally()
        tally.number(key: 0, as: 5)
        for number in 0..<200 { tally.append(number) }
        #expect(tally.take(key: 0))
        #expect(tally.count == 201)
        #expect((0..<200).allSatisfy { tally[$0] == $0 })
        #expect(tally[200] == 5)
    }

    @Test("the simulator writes a numbered record to the sink only until the sink numbered its key")
    func effectsTakeKnownKeys() throws {
        let sink = NumberingSink()
        var effects = Effects(sink: sink)
        let fields: [UInt8] = [1, 2, 3]
        fields.withUnsafeBytes { bytes in
            for key in [4, 2, 4, 4, 2] { effects.record(.decision, encoded: bytes, fieldsKey: key) }
        }
        #expect(sink.written == [4, 2])
        #expect((0..<sink.numberingTally.count).map { sink.numberingTally[$0] } == [40, 20, 40, 40, 20])
    }
}
