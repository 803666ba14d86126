import Testing
@testable import StatectlSimulate

@Suite("Encoded records")
struct RecordEncodingTests {
    static let everyKindOfValue = Record(time: 1_200, line: 7, kind: .began, fields: [
        Field(.job, .int(Int64.min)), Field(.until, .int(Int64.max)), Field(.animated, .bool(true)),
        Field(.completion, .bool(false)), Field(.from, .string("")), Field(.to, .string("é\u{1}\"x\"")),
        Field(.path, .strings([])), Field(.edges, .strings(["a", "", "ünïcode", String(repeating: "long ", count: 50)])),
        Field(.frame, .ints([0, -5, 375, 667])), Field(.error, .null), Field(.outcome, .ints([])),
    ])

    @Test("a record read back from its encoding equals the record")
    func roundTrip() {
        let record = Self.everyKindOfValue
        #expect(record.withView { Record($0) } == record)
        let empty = Record(time: 0, line: nil, kind: .containerAdded)
        #expect(empty.withView { Record($0) } == empty)
    }

    @Test("one string field encoded directly is the same bytes as through an encoder")
    func singleString() {
        for text in ["", "start", "endLoading(animated: true, error: \"é\u{1}\")", String(repeating: "long ", count: 100)] {
            #expect(FieldEncoder.encode(.call, string: text) == FieldEncoder.encode([Field(.call, .string(text))]))
        }
    }

    @Test("a string is tagged plain exactly when it holds no control character, wherever one sits")
    func plainTag() {
        func tag(_ encoded: [UInt8]) -> UInt8 { encoded[1] }
        for length in 0...40 {
            for position in 0..<max(length, 1) {
                for byte: UInt8 in [0x00, 0x01, 0x0A, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80] {
                    // Spaces around the byte: a space is the first byte above the controls.
                    var bytes = [UInt8](repeating: 0x20, count: length)
                    if length > 0 { bytes[position] = byte }
                    let text = String(decoding: bytes, as: UTF8.self)
                    let plain = !text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
                    let expected = plain ? Tag.plainString.rawValue : Tag.string.rawValue
                    #expect(tag(FieldEncoder.encode(.call, string: text)) == expected, "byte \(byte) at \(position) of \(length)")
                    #expect(tag(FieldEncoder.encode([Field(.call, .string(text))])) == expected, "byte \(byte) at \(position) of \(length)")
                    var call = CallText()
                    call.append(text: text)
                    #expect(tag(call.record()) == expected, "byte \(byte) at \(position) of \(length)")
                }
            }
        }
    }

    @Test("fields are found by key, in any order, and missing keys are nil")
    func lookup() {
        Self.everyKindOfValue.withView { view in
            #expect(view[.frame]?.value == .ints([0, -5, 375, 667]))
            #expect(view[.job]?.value == .int(Int64.min))
            #expect(view[.to]?.value == .string("é\u{1}\"x\""))
            #expect(view[.error]?.value == FieldValue.null)
            #expect(view[.animated]?.isTrue == true)
            #expect(view[.completion]?.isTrue == false)
            #expect(view[.target] == nil)
        }
    }

    @Test("the in-place readers take the next field only when its key and type match")
    func inPlaceReaders() {
        Self.everyKindOfValue.withView { view in
            var fields = view.fields.makeIterator()
            #expect(fields.nextInt(.until) == nil)
            #expect(fields.nextBool(.job) == nil)
            #expect(fields.offset == 0)
            #expect(fields.nextInt(.job) == Int64.min)
            #expect(fields.nextInt(.until) == Int64.max)
            #expect(fields.nextBool(.animated) == true)
            #expect(fields.nextBool(.completion) == false)
            #expect(fields.nextText(.from)?.string == "")
            #expect(fields.nextText(.to)?.string == "é\u{1}\"x\"")
            #expect(fields.nextFourInts(.frame) == nil)
            #expect(fields.next()?.key == .path)
            #expect(fields.next()?.key == .edges)
            #expect(fields.nextFourInts(.frame) == SIMD4(0, -5, 375, 667))
            #expect(fields.nextText(.error) == nil)
            #expect(fields.next()?.key == .error)
            #expect(fields.nextFourInts(.outcome) == nil)
            #expect(fields.next()?.key == .outcome)
            #expect(fields.next() == nil)
            #expect(fields.nextInt(.job) == nil)
        }
    }

    @Test("the encoder grows past its first block and starts afresh after removeAll")
    func growth() {
        let encoder = FieldEncoder(capacity: 8)
        let long = String(repeating: "x", count: 10_000)
        encoder.add(.message, long)
        encoder.add(.count, 3)
        var read = Array(EncodedFields(encoder.bytes)).map { Field($0.key, $0.value.value) }
        #expect(read == [Field(.message, .string(long)), Field(.count, .int(3))])
        encoder.removeAll()
        encoder.add(.passed, true)
        read = Array(EncodedFields(encoder.bytes)).map { Field($0.key, $0.value.value) }
        #expect(read == [Field(.passed, .bool(true))])
    }

    @Test("fields encoded once and added later read the same as fields added one by one")
    func preEncoded() {
        let fields = [Field(.entry, .string("startLoading")), Field(.path, .strings(["hasContent? NO", "loading? YES"]))]
        let encoder = FieldEncoder()
        encoder.add(encoded: FieldEncoder.encode(fields))
        encoder.add(.outcome, "loading")
        let read = Array(EncodedFields(encoder.bytes)).map { Field($0.key, $0.value.value) }
        #expect(read == fields + [Field(.outcome, .string("loading"))])
    }
}

@Suite("Feeding a script")
struct ScriptFeedingTests {
    static let script = """
        model StatefulViewController
        hasContent = false
        start; expect state == loading
        end(error: "offline")
        wait 300ms
        expect state == eror
        addView(custom)
        transition(to: custom)
        """

    /// Feeds the text in pieces of `size` bytes and collects what is reported, with its line.
    private func feedInChunks(_ text: [UInt8], size: Int, into script: Script) -> [String] {
        var reports: [String] = []
        let report: Script.Report = { diagnostic, line in
            reports.append("\(diagnostic.span.line): \(diagnostic.message) [\(String(decoding: line, as: UTF8.self))]")
        }
        var start = 0
        while start < text.count {
            let end = min(start + size, text.count)
            text[start..<end].withUnsafeBufferPointer { script.feed(chunk: $0, report: report) }
            start = end
        }
        script.endInput(report: report)
        return reports
    }

    @Test("chunks of any size, lines cut anywhere, give the same diagnostics as whole lines", arguments: [1, 2, 3, 7, 64, 4096])
    func chunked(_ size: Int) {
        let text = Array(Self.script.utf8)
        let wholeLines = simulate(Self.script).checkErrors.map { "\($0.span.line): \($0.message)" }
        let reports = feedInChunks(text, size: size, into: Script(mode: .check))
        #expect(reports.map { String($0.prefix { $0 != "[" }.dropLast()) } == wholeLines)
        #expect(reports == ["6: unknown state 'eror' [expect state == eror]"])
    }

    @Test("chunks of any size simulate exactly what whole lines do", arguments: [1, 5, 13, 4096])
    func chunkedRun(_ size: Int) {
        // No line break at the end: the last line comes from endInput.
        let valid = "hasContent = false\nstart; expect state == content\nend(error: \"offline\")\nwait 300ms\nexpect state == error"
        let collector = RecordCollector()
        let script = Script(mode: .run(collector))
        #expect(feedInChunks(Array(valid.utf8), size: size, into: script).isEmpty)
        _ = script.finish()
        #expect(collector.records == simulate(valid).records)
        #expect(collector.records.contains { $0.kind == .expect && $0.line == 5 })
    }
}

@Suite("Encoded lengths")
struct EncodedLengthTests {
    /// A key as the encoding stores it: its one byte in memory.
    private func byte(_ key: FieldKey) -> UInt8 { withUnsafeBytes(of: key) { $0[0] } }

    @Test("a string's length is a machine word: the key, the tag, the length, the bytes")
    func stringLayout() {
        var expected: [UInt8] = [byte(.call), Tag.plainString.rawValue]
        withUnsafeBytes(of: EncodedLength(3)) { expected += $0 }
        expected += Array("abc".utf8)
        #expect(FieldEncoder.encode(.call, string: "abc") == expected)
        #expect(FieldEncoder.encode([Field(.call, .string("abc"))]) == expected)
    }

    /// A real 4 GiB string would take the test three times that in memory (the text, its
    /// encoding, the copy read back); the reader is checked on a length alone instead, with
    /// no bytes behind it that it could touch.
    @Test("lengths past 4 GiB read back whole, and a list that long is stepped over")
    func lengthsPastFourGiB() {
        let huge = EncodedLength(1) << 32 + 5
        var header: [UInt8] = [byte(.error), Tag.string.rawValue]
        withUnsafeBytes(of: huge) { header += $0 }
        header.withUnsafeBytes { bytes in
            var fields = EncodedFields(bytes).makeIterator()
            guard case .string(let text)? = fields.next()?.value else {
                Issue.record("not read as a string")
                return
            }
            #expect(text.bytes.count == huge)
            #expect(text.bytes.baseAddress == bytes.baseAddress! + 2 + MemoryLayout<EncodedLength>.size)
        }
        var list: [UInt8] = [byte(.path), Tag.strings.rawValue]
        withUnsafeBytes(of: EncodedLength(2)) { list += $0 }
        withUnsafeBytes(of: huge) { list += $0 }
        list.withUnsafeBytes { bytes in
            var fields = EncodedFields(bytes).makeIterator()
            guard case .strings(let texts)? = fields.next()?.value else {
                Issue.record("not read as a list")
                return
            }
            #expect(texts.count == 2)
            #expect(fields.offset == 2 + 2 * MemoryLayout<EncodedLength>.size + huge)
        }
    }
}
