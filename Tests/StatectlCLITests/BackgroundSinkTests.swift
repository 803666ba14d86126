import Testing
import StatectlSimulate
import StatectlRender
@testable import StatectlCLI

@Suite("Rendering on a second thread")
struct BackgroundSinkTests {
    /// Records of many sizes: some tiny, some longer than a whole block.
    private func sampleRecords(count: Int) -> [Record] {
        (0..<count).map { index in
            let text = String(repeating: "v", count: index % 7 == 0 ? 300 : index % 5)
            return Record(time: Int64(index * 10), line: index % 3 == 0 ? nil : index, kind: .viewAdded, fields: [
                Field(.view, .string(text)), Field(.frame, .ints([Int64(index), -1])), Field(.animated, .bool(index % 2 == 0)),
                Field(.path, .strings(index % 4 == 0 ? [] : ["a", text])),
            ])
        }
    }

    @Test("records arrive whole and in order, however small the blocks", arguments: [64, 256, 1 << 17])
    func order(_ blockSize: Int) {
        let records = sampleRecords(count: 2_000)
        let collector = RecordCollector()
        let sink = BackgroundSink(collector, blockSize: blockSize)
        for record in records { record.withView { sink.write($0) } }
        sink.finish()
        #expect(collector.records == records)
    }

    @Test("without a second thread, blocks are rendered in place, in order")
    func inPlace() {
        let records = sampleRecords(count: 1_000)
        let collector = RecordCollector()
        let sink = BackgroundSink(collector, blockSize: 128, threaded: false)
        for (index, record) in records.enumerated() {
            record.withView { sink.write($0) }
            // Rendering keeps up with writing: at most the block being filled is pending.
            #expect(collector.records.count >= index - 5)
        }
        sink.finish()
        #expect(collector.records == records)
    }

    @Test("a run that never fills a block is rendered when it finishes")
    func small() {
        let records = sampleRecords(count: 3)
        let collector = RecordCollector()
        let sink = BackgroundSink(collector)
        for record in records { record.withView { sink.write($0) } }
        #expect(collector.records.isEmpty)
        sink.finish()
        #expect(collector.records == records)
    }

    @Test("the text log made on the render thread is the one made in place")
    func textLog() {
        let records = sampleRecords(count: 500)
        let direct = StringOutput(), threaded = StringOutput()
        let renderer = TextLogRenderer(direct.buffer)
        for record in records { record.withView { renderer.write($0) } }
        let sink = BackgroundSink(TextLogRenderer(threaded.buffer), blockSize: 512)
        for record in records { record.withView { sink.write($0) } }
        sink.finish()
        #expect(threaded.text == direct.text)
    }
}
