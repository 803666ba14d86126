import StatectlSimulate

/// Renders records as the transition log people read and golden files hold: one line a
/// record, aligned columns (time, script line, kind, what happened), nothing that varies
/// between machines or runs.
///
///          0ms      3  queued            #2 → loading (animated)
public final class TextLogRenderer: RecordSink {
    private let out: OutputBuffer
    /// The time and line columns of the last record. Most records share their turn's time
    /// and line with the record before, so these bytes are made once and copied after.
    /// (A pointer rather than an array, so that copying them retains nothing.) A new line in
    /// the same turn keeps the time too: that part is copied, the line written.
    /// After the two parts, from `columnsCapacity` on, the last line column made, kept apart
    /// from the time: a new time on the same line copies it, and the next line counts it on.
    private let columns = UnsafeMutablePointer<UInt8>.allocate(capacity: TextLogRenderer.columnsCapacity + TextLogRenderer.columnsCapacity / 2)
    private var columnsCount = 0
    /// Where the line column starts in `columns`.
    private var timeColumnCount = 0
    /// The time and line (`RecordView.lineNumber`) the kept columns show: plain numbers, not
    /// an optional pair, so that each record compares two words. From the start, the time
    /// column of time 0 is kept and no line (`noLine`).
    private var columnsTime: Int64 = 0
    private var columnsLine = TextLogRenderer.noLine
    /// The line the kept line column shows, as `lineNumber` (`noLine`: none made yet), and its
    /// length: a plain number, where an optional took a few more instructions each record.
    private var lineColumnFor = TextLogRenderer.noLine
    private var lineColumnCount = 0
    /// Room for two 20-digit numbers, a sign, "ms" and the gaps.
    private static let columnsCapacity = 64
    /// The kind column (name, padding, gap) of every kind: the slots of a table that lives
    /// as long as the process (`CaseBytes.slots`). Held by each renderer: read as a static on
    /// every record, the table went through `swift_once` each time, and as the table, it took
    /// one load more.
    private let kindColumnSlots = TextLogRenderer.kindColumnTable.slots
    private static let kindColumnTable = CaseBytes<RecordKind> { kind in
        precondition(kind.rawValue.utf8.count <= 16, "a kind's name is longer than its column")
        return Array(kind.rawValue.utf8) + Array(repeating: 0x20, count: kindColumnWidth - kind.rawValue.utf8.count)
    }
    /// Every kind's column is as wide: a name of at most 16 bytes, padded, and the gap. One
    /// width, a constant, so that each record neither loads its kind's count nor adds it.
    private static var kindColumnWidth: Int { 18 }

    /// The last view frame written, and its text (`writeFrame`): a pointer, as `columns`.
    private var lastFrame: SIMD4<Int64>?
    private let frameColumn = UnsafeMutablePointer<UInt8>.allocate(capacity: TextLogRenderer.frameCapacity)
    private var frameColumnCount = 0
    /// Room for four 20-digit numbers with their signs, the commas and the parentheses.
    private static let frameCapacity = 96

    /// The last job number written, with its `#`, and how long that is (0: none yet).
    private var lastJob: Int64 = 0
    private let jobColumn = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
    private var jobColumnCount = 0

    /// The messages of records whose fields the model numbered (`RecordView.fieldsKey`: a
    /// walk through its decision table, the same text every time), by that number: a
    /// decision is written once and copied after. (A renderer serves one run, so one model
    /// numbers them.) Each entry is where its bytes lie in `keyedMessageBytes`, and the kind
    /// it was written for (count -1: none yet).
    @exclusivity(unchecked) private var keyedMessages: [(start: Int, count: Int, kind: RecordKind)] = []
    @exclusivity(unchecked) private var keyedMessageBytes: [UInt8] = []
    /// Numbers past this are written every time: the table stays small whatever a model numbers.
    private static let keyedMessageLimit = 4_096

    public init(_ out: OutputBuffer) {
        self.out = out
        // Read as whole words (`OutputCursor.put(wordsFrom:count:)`), past what is kept.
        columns.initialize(repeating: 0x20, count: Self.columnsCapacity + Self.columnsCapacity / 2)
        jobColumn.initialize(repeating: 0x20, count: 32)
        frameColumn.initialize(repeating: 0x20, count: Self.frameCapacity)
        // Time 0's column, written as any other (room for its words past it).
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * Self.columnsCapacity)
        _ = writeTimeColumn(0, at: OutputCursor(at: scratch, end: scratch + Self.columnsCapacity))
        scratch.deallocate()
    }

    deinit {
        columns.deallocate()
        frameColumn.deallocate()
        jobColumn.deallocate()
    }

    public func write(_ record: RecordView) {
        // Room for the columns (at most 64 bytes: a time column of at most 24, a line column
        // of at most 21), the kind column's 32 stored bytes and a message's fixed pieces
        // (`messageRoom`), made sure of once: they are then stored with no check each.
        var line = startLine(record, room: Self.messageRoom)
        // One unsigned compare for both bounds: a negative key (and none) is past the limit.
        let key = record.fieldsKeyNumber
        if UInt(bitPattern: key) < UInt(Self.keyedMessageLimit) {
            line = writeKeyedMessage(record, key: key, at: line)
        } else {
            line = writeMessage(record, at: line)
        }
        out.endLine(line)
    }

    /// A record the model numbered (a decision) whose message is kept: copied in a function
    /// of its own, with none of `write`'s registers to save (the default passed a view to
    /// `write`, which found it kept there). Any other (not kept yet, or kept for another
    /// kind) is written through `write`.
    public func write(_ kind: RecordKind, fields: UnsafeRawBufferPointer, fieldsKey: Int, time: Int64, lineNumber: Int) {
        let record = RecordView(time: time, lineNumber: lineNumber, kind: kind, fields: EncodedFields(fields), fieldsKeyNumber: fieldsKey)
        guard UInt(bitPattern: fieldsKey) < UInt(Self.keyedMessageLimit),
              let kept = keptMessage(fieldsKey, of: kind) else { return write(record) }
        // With room for the line break after it (`OutputBuffer.endLine`).
        var line = startLine(record, room: kept.count &+ 1)
        put(keptMessage: kept, &line)
        out.endLine(line)
    }

    /// Where the message kept for `key` lies in `keyedMessageBytes`, if one is kept for a
    /// record of `kind`. Read once, through the table's buffer: each subscript of the array
    /// checked its bounds again, and its count was a call.
    @inline(__always)
    private func keptMessage(_ key: Int, of kind: RecordKind) -> (start: Int, count: Int)? {
        guard let kept = keyedMessages.withUnsafeBufferPointer({ key < $0.count ? $0[key] : nil }),
              kept.count >= 0, kept.kind == kind else { return nil }
        return (kept.start, kept.count)
    }

    /// A kept message copied at the cursor, which has room for it.
    @inline(__always)
    private func put(keptMessage kept: (start: Int, count: Int), _ line: inout OutputCursor) {
        keyedMessageBytes.withUnsafeBufferPointer { line.put($0.baseAddress! + kept.start, count: kept.count) }
    }

    /// A cursor with room for a record's columns and `room` bytes more, the time, line and
    /// kind columns put.
    @inline(__always)
    private func startLine(_ record: RecordView, room: Int) -> OutputCursor {
        var line = out.cursor(room: Self.columnsCapacity &+ 32 &+ room)
        if columnsTime == record.time {
            if columnsLine == record.lineNumber {
                // `columns` holds at least 32 bytes.
                line.put(kept: columns, count: columnsCount)
            } else {
                line.put(wordsFrom: columns, count: timeColumnCount)
                line = writeLineColumn(record.lineNumber, at: line)
            }
        } else {
            line = writeColumns(record.time, record.lineNumber, at: line)
        }
        // A table slot holds 64 bytes, read as 32.
        line.put(wordsFrom: CaseBytes.start(of: record.kind, in: kindColumnSlots), count: Self.kindColumnWidth)
        return line
    }

    /// The message of a record with a `fieldsKey`: copied from the last one with that key,
    /// or written and kept (`writeAndKeepMessage`, apart: with the message's writing inlined
    /// here, the copy saved and restored every register that writing uses).
    private func writeKeyedMessage(_ record: RecordView, key: Int, at line: OutputCursor) -> OutputCursor {
        var line = line
        guard let kept = keptMessage(key, of: record.kind) else { return writeAndKeepMessage(record, key: key, at: line) }
        // With room for the line break after it (`OutputBuffer.endLine`).
        if line.room <= kept.count { line = out.cursor(after: line, room: kept.count &+ 1) }
        put(keptMessage: kept, &line)
        return line
    }

    @inline(never)
    private func writeAndKeepMessage(_ record: RecordView, key: Int, at line: OutputCursor) -> OutputCursor {
        var line = line
        let start = out.position(of: line)
        let flushes = out.flushes
        line = writeMessage(record, at: line)
        // A message long enough to be written through the buffer is not kept.
        guard out.flushes == flushes else { return line }
        let written = out.written(since: start, to: line)
        if key >= keyedMessages.count {
            keyedMessages += repeatElement((start: 0, count: -1, kind: record.kind), count: key + 1 - keyedMessages.count)
        }
        keyedMessages[key] = (keyedMessageBytes.count, written.count, record.kind)
        keyedMessageBytes.append(contentsOf: written)
        return line
    }

    /// `     300ms      5  `: time right-aligned in 8, line in 5, each followed by a gap.
    /// Each part is kept in `columns` as it is written (room for both made sure of by `write`).
    /// Both afresh in one call, the line column's inlined (`lineColumn`): as two calls, each
    /// saved and restored registers.
    @inline(never)
    private func writeColumns(_ time: Int64, _ line: Int, at cursor: OutputCursor) -> OutputCursor {
        lineColumn(line, at: writeTimeColumn(time, at: cursor))
    }

    @inline(__always)
    private func writeTimeColumn(_ time: Int64, at line: OutputCursor) -> OutputCursor {
        var line = line
        let start = line.at
        line.put(numberFromRight: time, rightAlignedIn: 6)
        line.put("ms  " as StaticString)
        timeColumnCount = min(line.at - start, Self.columnsCapacity / 2)
        // A few bytes: `copyBytes`' words, not a call to memmove (as for the line column below).
        UnsafeMutableRawPointer(columns).copyBytes(from: start, byteCount: timeColumnCount)
        columnsCount = timeColumnCount
        columnsTime = time
        columnsLine = Self.noLine
        return line
    }

    @inline(never)
    private func writeLineColumn(_ line: Int, at cursor: OutputCursor) -> OutputCursor { lineColumn(line, at: cursor) }

    @inline(__always)
    private func lineColumn(_ line: Int, at cursor: OutputCursor) -> OutputCursor {
        var cursor = cursor
        let lineColumn = columns + Self.columnsCapacity
        if line == lineColumnFor {
            // The same line as the last column made (the time changed), or `-` again: copied below.
        } else if line == lineColumnFor &+ 1, lineColumnFor >= 0, Self.countOn(lineColumn, last: lineColumnCount &- 3) {
            // The next line, the usual case: the last column counted on by one; copied below.
            lineColumnFor = line
        } else {
            return writeNewLineColumn(line, at: cursor)
        }
        // The last 32 bytes of `columns`, the column at most 32.
        cursor.put(wordsFrom: lineColumn, count: lineColumnCount)
        keepLineColumn(line)
        return cursor
    }

    /// A line column neither the last one nor the next, written and kept. Apart, so that the
    /// usual columns (copied, or counted on) save no registers for writing a number.
    @inline(never)
    private func writeNewLineColumn(_ line: Int, at cursor: OutputCursor) -> OutputCursor {
        var cursor = cursor
        let start = cursor.at
        if line != RecordView.none { cursor.put(number: Int64(line), rightAlignedIn: 5) } else { cursor.put("    -" as StaticString) }
        cursor.put("  " as StaticString)
        lineColumnCount = min(cursor.at - start, Self.columnsCapacity / 2)
        UnsafeMutableRawPointer(columns + Self.columnsCapacity).copyBytes(from: start, byteCount: lineColumnCount)
        lineColumnFor = line
        keepLineColumn(line)
        return cursor
    }

    /// Adds one to the non-negative number whose last digit is at `last`, in place (a kept
    /// column): the carry stops at a digit below 9, or at padding (a space), which becomes a
    /// 1. False when it reaches anything else (every digit was a 9 and nothing is left for
    /// the number to grow into): the caller then writes the number afresh over what this left.
    @inline(__always)
    private static func countOn(_ bytes: UnsafeMutablePointer<UInt8>, last: Int) -> Bool {
        var index = last
        while index >= 0, bytes[index] == UInt8(ascii: "9") {
            bytes[index] = UInt8(ascii: "0")
            index &-= 1
        }
        guard index >= 0 else { return false }
        switch bytes[index] {
        case UInt8(ascii: "0")..<UInt8(ascii: "9"): bytes[index] &+= 1
        case 0x20: bytes[index] = UInt8(ascii: "1")
        default: return false
        }
        return true
    }

    /// The kept line column, after the time in `columns`.
    @inline(__always)
    private func keepLineColumn(_ line: Int) {
        // As 32 bytes whatever the column's length (at most 32): the time's part ends by 32,
        // so they land below the kept column, from which they are all loaded first.
        let kept = UnsafeRawPointer(columns + Self.columnsCapacity)
        let first = kept.loadUnaligned(as: SIMD2<UInt64>.self), second = kept.loadUnaligned(fromByteOffset: 16, as: SIMD2<UInt64>.self)
        UnsafeMutableRawPointer(columns + timeColumnCount).storeBytes(of: first, as: SIMD2<UInt64>.self)
        UnsafeMutableRawPointer(columns + timeColumnCount).storeBytes(of: second, toByteOffset: 16, as: SIMD2<UInt64>.self)
        columnsCount = timeColumnCount &+ lineColumnCount
        columnsLine = line
    }

    /// `columnsLine` when no line column is kept: no record's `lineNumber` (a line is
    /// counted from 1, and none is `RecordView.none`).
    private static var noLine: Int { -1 }

    /// The log line for one record, without its line break.
    public static func line(for record: Record) -> String {
        let output = StringOutput()
        record.withView { TextLogRenderer(output.buffer).write($0) }
        return String(output.text.dropLast())
    }

    typealias FieldCursor = EncodedFields.Iterator

    // A field cursor is never passed `inout` to a call that is not inlined: with its address
    // passed anywhere, `write` kept it on the stack, and loaded and stored its offset at
    // every field read. Such calls take it by value and return where it ends.

    /// The field `key`, searched from the cursor on and then from the start: fields are
    /// mostly read in the order they were made, so a search usually matches at once.
    @inline(__always)
    private static func find(_ key: FieldKey, in fields: inout FieldCursor) -> FieldView? {
        let found = find(key, from: fields)
        fields = found.after
        return found.value
    }

    private static func find(_ key: FieldKey, from start: FieldCursor) -> (value: FieldView?, after: FieldCursor) {
        var fields = start
        let resume = fields.offset
        while let field = fields.next() {
            if field.key == key { return (field.value, fields) }
        }
        fields.offset = 0
        while fields.offset < resume, let field = fields.next() {
            if field.key == key { return (field.value, fields) }
        }
        return (nil, fields)
    }

    private func value(_ key: FieldKey, _ fields: inout FieldCursor) { write(Self.find(key, in: &fields) ?? .null) }

    // The common kinds' messages are stored through an `OutputCursor`. Anything rare (a
    // field searched for, a kind seldom recorded) is written through the buffer: the
    // cursor's bytes committed first, a cursor taken after. Functions that are not inlined
    // take the cursor and return it, never `inout`: its address passed to a call, every byte
    // stored made the compiler load it again.

    /// Room for what a common kind's message writes between two pieces of unbounded length
    /// (a text of a word or more, a value searched for), each of which makes sure of this
    /// room again after it: its fixed texts, numbers (21 bytes at most), short texts (8
    /// stored), a job (21) and a frame (88). The longest, a view added's, is 8 + 13 + 88 +
    /// 11 = 120 bytes, and the line break after it; a fixed piece is then stored with no
    /// check (`OutputCursor` asserts the room in debug builds, which the tests run).
    private static let messageRoom = 160

    @inline(__always)
    private func put(_ text: StaticString, _ line: inout OutputCursor) { line.put(text) }

    @inline(__always)
    private func put(_ byte: UInt8, _ line: inout OutputCursor) { line.put(byte) }

    @inline(__always)
    private func put(number: Int64, _ line: inout OutputCursor) { line.put(number: number) }

    /// A text of a record with no tag of its own (an item of a list), checked as it is put.
    /// One shorter than a word is read with one load (`EncodedText.lastWord`)
    /// and stored with one; the others, and any to escape, in a call (`writeText`): inlined
    /// everywhere a text is written, the longer texts' loop made the message's function too
    /// large for its helpers to be inlined.
    @inline(__always)
    private func put(text: EncodedText, _ line: inout OutputCursor) {
        let count = text.bytes.count
        if count > 0, count < 8, line.put(checkingShort: count, endingWord: text.lastWord) { return }
        line = writeText(text, at: line)
    }

    /// A text read with its tag (`EncodedFields.Iterator.nextTextAndPlain`): a plain one
    /// (`Tag.plainString`, most) is copied with no check for characters to escape, a short
    /// one with one load, a shift and one store. Any other in a call (`writeText`): inlined
    /// too, its check took registers that every text's path then saved.
    @inline(__always)
    private func put(text: EncodedText, plain: Bool, _ line: inout OutputCursor) {
        let count = text.bytes.count
        if plain, count < 8 {
            // Its room is there: a short text is at most a word. (An empty one stores the
            // word of its length, which counts nothing in and is overwritten after.)
            line.put(plainShort: count, endingWord: text.lastWord)
            return
        }
        line = plain ? writePlainText(text, at: line) : writeText(text, at: line)
    }

    /// A plain text of a word or more: copied at the cursor when it fits with `messageRoom`
    /// after it, else written through the buffer as any text is (it finds nothing to escape).
    @inline(never)
    private func writePlainText(_ text: EncodedText, at line: OutputCursor) -> OutputCursor {
        guard text.bytes.count &+ 8 &+ Self.messageRoom <= line.room else { return writeTextThroughBuffer(text, at: line) }
        var line = line
        line.put(plain: text.bytes)
        return line
    }

    /// A text with room for it and `messageRoom` after, and nothing to escape, is copied here
    /// with no call (so no registers saved); the others in `writeTextThroughBuffer`. One of 16
    /// bytes or more (a statement's, mostly) here, a shorter one in `writeShortText`: with
    /// both here, every text saved and restored the registers the shorter ones' copy takes.
    @inline(never)
    private func writeText(_ text: EncodedText, at line: OutputCursor) -> OutputCursor {
        var copied = line
        if text.bytes.count >= 16, text.bytes.count &+ 8 &+ Self.messageRoom <= line.room, copied.put(checking: text.bytes) { return copied }
        return writeShortText(text, at: line)
    }

    @inline(never)
    private func writeShortText(_ text: EncodedText, at line: OutputCursor) -> OutputCursor {
        var copied = line
        if !text.bytes.isEmpty, text.bytes.count < 16, text.bytes.count &+ 8 &+ Self.messageRoom <= line.room, copied.put(checking: text.bytes) { return copied }
        return writeTextThroughBuffer(text, at: line)
    }

    @inline(never)
    private func writeTextThroughBuffer(_ text: EncodedText, at line: OutputCursor) -> OutputCursor {
        let line = out.write(text.bytes, escapingControlsWith: TextLogRenderer.escapeControls, at: line)
        return line.room < Self.messageRoom ? out.cursor(after: line, room: Self.messageRoom) : line
    }

    /// `"text"`, as a JSON string literal (`JSONLinesRenderer.writeQuoted`): a text with
    /// nothing to escape copied between its quotes at the cursor, any other through the buffer.
    @inline(never)
    private func writeQuoted(_ text: EncodedText, at line: OutputCursor) -> OutputCursor {
        let bytes = text.bytes
        if !bytes.isEmpty, bytes.count &+ 10 &+ Self.messageRoom <= line.room {
            // Copied and checked in one pass (`put(checking:forJSON:)`), as a log's texts are.
            var quoted = line
            quoted.put(UInt8(ascii: "\""))
            if quoted.put(checking: bytes, forJSON: true) {
                quoted.put(UInt8(ascii: "\""))
                return quoted
            }
        }
        out.commit(line)
        JSONLinesRenderer.writeQuoted(bytes, to: out)
        return out.cursor(room: Self.messageRoom)
    }

    /// The field `key`, searched for and written through the buffer (`writeValue`).
    @inline(__always)
    private func value(_ key: FieldKey, _ fields: inout FieldCursor, at line: OutputCursor) -> OutputCursor {
        let written = writeValue(key, fields, at: line)
        fields.offset = written.offset
        return written.line
    }

    @inline(never)
    private func writeValue(_ key: FieldKey, _ start: FieldCursor, at line: OutputCursor) -> (line: OutputCursor, offset: Int) {
        var fields = start
        out.commit(line)
        value(key, &fields)
        return (out.cursor(room: Self.messageRoom), fields.offset)
    }

    // The readers below take the next field in place when it is the one asked for, of the
    // type expected: no decoding and no search. Anything else goes through `find`, which
    // starts from the same place, so the output is the same either way.

    @inline(__always)
    private func number(_ key: FieldKey, _ fields: inout FieldCursor, _ line: inout OutputCursor) {
        if let number = fields.nextInt(key) { put(number: number, &line) } else { line = value(key, &fields, at: line) }
    }

    @inline(__always)
    private func text(_ key: FieldKey, _ fields: inout FieldCursor, _ line: inout OutputCursor) {
        if let text = fields.nextTextAndPlain(key) { put(text: text.text, plain: text.plain, &line) } else { line = value(key, &fields, at: line) }
    }

    @inline(__always)
    private func flag(_ key: FieldKey, _ fields: inout FieldCursor) -> Bool {
        if let flag = fields.nextBool(key) { return flag }
        return Self.find(key, in: &fields)?.isTrue ?? false
    }

    /// `#2`: a job's number, copied from the last one written when it is the same job (a
    /// job is queued, begins and completes: three records, often in a row), or counted on
    /// from it when it is the next.
    @inline(__always)
    private func job(_ fields: inout FieldCursor, _ line: inout OutputCursor) {
        if let job = fields.nextInt(.job) {
            if job == lastJob, jobColumnCount > 0 {
                line.put(wordsFrom: jobColumn, count: jobColumnCount)
            } else if job == lastJob &+ 1, lastJob > 0, jobColumnCount > 0, Self.countOn(jobColumn, last: jobColumnCount &- 1) {
                // The next job, the usual case: the last one's number counted on by one.
                lastJob = job
                line.put(wordsFrom: jobColumn, count: jobColumnCount)
            } else {
                line = writeJob(job, at: line)
            }
        } else {
            put(UInt8(ascii: "#"), &line)
            line = value(.job, &fields, at: line)
        }
    }

    /// `#2`, written and kept for `job(_:_:)`.
    private func writeJob(_ job: Int64, at line: OutputCursor) -> OutputCursor {
        var line = line
        let start = line.at
        line.put(UInt8(ascii: "#"))
        line.put(number: job)
        // At most 21 bytes ('#', a sign and 19 digits), in a 32-byte buffer read whole.
        jobColumnCount = line.at - start
        UnsafeMutableRawPointer(jobColumn).copyBytes(from: start, byteCount: jobColumnCount)
        lastJob = job
        return line
    }

    /// `#2 → loading`: a transition job and where it goes.
    @inline(__always)
    private func jobToTarget(_ fields: inout FieldCursor, _ line: inout OutputCursor) {
        job(&fields, &line)
        put(" → " as StaticString, &line)
        text(.target, &fields, &line)
    }

    /// `(0, 0, 320, 480)`, as any list of numbers is written: copied from the last frame
    /// written when it is the same (views on one screen share their bounds), else written
    /// and kept.
    /// (A kept frame longer than 32 bytes, of numbers far larger than a screen's, is written
    /// again: with a longer copy here, every frame copied saved and restored registers for it.)
    private func writeFrame(_ frame: SIMD4<Int64>, at line: OutputCursor) -> OutputCursor {
        var line = line
        if frame == lastFrame, frameColumnCount <= 32 {
            // `frameColumn` holds 96 bytes, all initialised.
            line.put(wordsFrom: frameColumn, count: frameColumnCount)
            return line
        }
        return writeNewFrame(frame, at: line)
    }

    /// A frame not the last one: written and kept (apart, so that a copy saves no registers for it).
    @inline(never)
    private func writeNewFrame(_ frame: SIMD4<Int64>, at line: OutputCursor) -> OutputCursor {
        var line = line
        let start = line.at
        line.put(UInt8(ascii: "("))
        for index in 0..<4 {
            if index > 0 { line.put(", " as StaticString) }
            line.put(number: frame[index])
        }
        line.put(UInt8(ascii: ")"))
        frameColumnCount = line.at - start
        // At most 88 bytes: '(', four numbers of at most 20 bytes, three ", " and ')'.
        assert(frameColumnCount <= Self.frameCapacity, "a frame longer than its kept column")
        UnsafeMutableRawPointer(frameColumn).copyBytes(from: start, byteCount: frameColumnCount)
        lastFrame = frame
        return line
    }

    // Inlined into `write`: a call for every record, its registers saved and restored and
    // its cursor passed, cost more than any one piece of the message.
    @inline(__always)
    private func writeMessage(_ record: RecordView, at cursor: OutputCursor) -> OutputCursor {
        var line = cursor
        // Fields are read in the order each model makes a kind's fields, so each read
        // usually takes the next field. (Helpers that take the field cursor `inout`, not
        // nested functions: capturing it, they went through dynamic exclusivity checks.)
        var fields = record.fields.makeIterator()
        switch record.kind {
        case .statement:
            text(.call, &fields, &line)
        case .queued:
            jobToTarget(&fields, &line)
            put(flag(.animated, &fields) ? " (animated)" as StaticString : " (not animated)", &line)
        case .began:
            job(&fields, &line)
            put(UInt8(ascii: " "), &line)
            text(.from, &fields, &line)
            put(" → " as StaticString, &line)
            text(.to, &fields, &line)
            if flag(.animated, &fields) {
                put(", animated until " as StaticString, &line)
                number(.until, &fields, &line)
                put("ms" as StaticString, &line)
            } else {
                put(", not animated" as StaticString, &line)
            }
        case .dropped:
            jobToTarget(&fields, &line)
            put(": already current, completion never called" as StaticString, &line)
        case .completed:
            jobToTarget(&fields, &line)
            if flag(.completion, &fields) {
                put("; completion called (" as StaticString, &line)
                number(.completions, &fields, &line)
                put(" so far)" as StaticString, &line)
            } else {
                put("; no completion handler" as StaticString, &line)
            }
        case .containerAdded:
            put("container view added to the backing view" as StaticString, &line)
        case .containerRemoved:
            put("container view removed from the backing view" as StaticString, &line)
        case .viewAdded:
            text(.view, &fields, &line)
            put(" view, frame " as StaticString, &line)
            if let frame = fields.nextFourInts(.frame) {
                line = writeFrame(frame, at: line)
            } else {
                line = value(.frame, &fields, at: line)
            }
            if flag(.animated, &fields) { put(", fading in" as StaticString, &line) }
        case .viewRemoved:
            text(.view, &fields, &line)
            put(" view" as StaticString, &line)
        case .expect:
            text(.property, &fields, &line)
            put(UInt8(ascii: " "), &line)
            text(.comparison, &fields, &line)
            put(UInt8(ascii: " "), &line)
            // A state's name or a count, mostly: read in place when it is either.
            if let text = fields.nextTextAndPlain(.expected) {
                put(text: text.text, plain: text.plain, &line)
            } else if let number = fields.nextInt(.expected) {
                put(number: number, &line)
            } else {
                let written = writeExpectedList(fields, at: line)
                line = written.line
                fields.offset = written.offset
            }
            // The actual value comes before `passed` and is shown only when it failed: stepped
            // over in place when it is a text or a number (searched for when it is needed).
            if fields.nextText(.actual) == nil { _ = fields.nextInt(.actual) }
            if flag(.passed, &fields) {
                put(": ok" as StaticString, &line)
            } else {
                put(": FAILED (actual: " as StaticString, &line)
                line = value(.actual, &fields, at: line)
                put(UInt8(ascii: ")"), &line)
            }
        case .unobtrusiveError:
            put("handleErrorWhenContentAvailable(" as StaticString, &line)
            var error = fields.nextText(.error)
            if error == nil, case .string(let found)? = Self.find(.error, in: &fields) { error = found }
            if let error { line = writeQuoted(error, at: line) }
            put(") (#" as StaticString, &line)
            number(.count, &fields, &line)
            put(UInt8(ascii: ")"), &line)
        default:
            out.commit(line)
            writeRareMessage(record)
            // Room for the line break (`OutputBuffer.endLine`).
            line = out.cursor(room: 1)
        }
        return line
    }

    /// `[error, loading]`: an expectation's list of names (`visible == [error]`), put at the
    /// cursor as any text is, its actual value (a list too) stepped over. Through the buffer
    /// (`value`), a list cost some 400 instructions, and `passed` was then searched for. Any
    /// other value is written through the buffer. (Apart: with the stepping over inlined,
    /// `write` saved more registers for every record.)
    @inline(never)
    private func writeExpectedList(_ start: FieldCursor, at line: OutputCursor) -> (line: OutputCursor, offset: Int) {
        var line = line
        var fields = start
        let resume = fields.offset
        if let field = fields.next(), field.key == .expected, case .strings(let texts) = field.value {
            put(UInt8(ascii: "["), &line)
            var first = true
            for text in texts {
                if !first { put(", " as StaticString, &line) }
                first = false
                put(text: text, &line)
                // A short text is put with no room made after it: make it before the next piece.
                if line.room < Self.messageRoom { line = out.cursor(after: line, room: Self.messageRoom) }
            }
            put(UInt8(ascii: "]"), &line)
            Self.skip(.actual, &fields)
            return (line, fields.offset)
        }
        fields.offset = resume
        line = value(.expected, &fields, at: line)
        return (line, fields.offset)
    }

    /// Steps over the next field if it is `key`, whatever it holds.
    @inline(__always)
    private static func skip(_ key: FieldKey, _ fields: inout FieldCursor) {
        let resume = fields.offset
        if let field = fields.next(), field.key == key { return }
        fields.offset = resume
    }

    /// The message of a kind `writeMessage` leaves to the buffer, written through it.
    private func writeRareMessage(_ record: RecordView) {
        var fields = record.fields.makeIterator()
        switch record.kind {
        case .statement, .queued, .began, .dropped, .completed, .containerAdded, .containerRemoved, .viewAdded, .viewRemoved, .expect, .unobtrusiveError:
            preconditionFailure("\(record.kind) is written by writeMessage")
        case .decision:
            value(.entry, &fields)
            out.write(": " as StaticString)
            if case .strings(let path)? = Self.find(.path, in: &fields) {
                for step in path {
                    out.write(step.bytes)
                    out.write(" → " as StaticString)
                }
            }
            value(.outcome, &fields)
        case .noView:
            out.write("no view configured for '" as StaticString)
            value(.view, &fields)
            out.write(UInt8(ascii: "'"))
        case .runtimeError:
            value(.message, &fields)
        case .callback:
            writeCallback(record)
        case .request:
            value(.name, &fields)
            out.write(" → delegate (pending: " as StaticString)
            value(.pending, &fields)
            out.write(UInt8(ascii: ")"))
        case .table:
            value(.change, &fields)
            out.write(record[.value].map { if case .string = $0 { return ": " } else { return " = " } } ?? ": ")
            value(.value, &fields)
        case .ignored:
            value(.name, &fields)
            out.write(": " as StaticString)
            value(.reason, &fields)
        case .tableEffects:
            out.write("backgroundView = " as StaticString)
            value(.backgroundView, &fields)
            out.write(flag(.separators, &fields) ? ", separators on" as StaticString : ", separators off")
            out.write(flag(.scrollEnabled, &fields) ? ", scrolling on" as StaticString : ", scrolling off")
            out.write(flag(.headerFooterHidden, &fields) ? ", header/footer hidden" as StaticString : ", header/footer shown")
            if flag(.infiniteScrollingStopped, &fields) { out.write(", infinite scrolling stopped" as StaticString) }
            out.write(", reloadData" as StaticString)
        case .containment:
            if record[.call]?.value == .string("addChild") {
                out.write("addChild(" as StaticString)
                value(.child, &fields)
                out.write(UInt8(ascii: ")"))
            } else {
                value(.child, &fields)
                out.write(UInt8(ascii: "."))
                value(.call, &fields)
            }
        case .final:
            // Its fields as `key: value`, in order. The model is left out: the script's
            // `model` line names it, and golden logs stay as they were before it was a field.
            var first = true
            for field in record.fields where field.key != .model {
                if !first { out.write(", " as StaticString) }
                first = false
                out.write(field.key.rawValue)
                out.write(": " as StaticString)
                write(field.value)
            }
        }
    }

    /// A library callback as the call it is: `willTransition(to: ready, animated: true)`,
    /// `childWillAppear(B, animated: false)`, `B.stateTransitionDidEnd(isAppearing: true)`.
    private func writeCallback(_ record: RecordView) {
        func value(_ key: FieldKey) { write(record[key] ?? .null) }
        if record[.isAppearing] != nil {
            value(.child)
            out.write(UInt8(ascii: "."))
            value(.name)
            out.write("(isAppearing: " as StaticString)
            value(.isAppearing)
        } else if record[.state] != nil, record[.animated] == nil {
            value(.name)
            out.write(UInt8(ascii: "("))
            value(.state)
        } else if record[.state] != nil {
            value(.name)
            out.write(record[.name]?.value == .string("didTransition") ? "(from: " as StaticString : "(to: ")
            value(.state)
            out.write(", animated: " as StaticString)
            value(.animated)
        } else {
            value(.name)
            out.write(UInt8(ascii: "("))
            value(.child)
            out.write(", animated: " as StaticString)
            value(.animated)
        }
        out.write(UInt8(ascii: ")"))
    }

    /// Texts and numbers, most of what a log writes, here where it is inlined; lists and the
    /// rest apart: a call for every value cost more than most values take to write.
    @inline(__always)
    private func write(_ value: FieldView) {
        switch value {
        case .int(let number): out.write(number: number)
        case .string(let text): out.write(text.bytes, escapingControlsWith: TextLogRenderer.escapeControls)
        default: writeOther(value)
        }
    }

    private func writeOther(_ value: FieldView) {
        switch value {
        case .int, .string: write(value)
        case .bool(let flag): out.write(flag ? "true" as StaticString : "false")
        case .strings(let texts):
            out.write(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { out.write(", " as StaticString) }
                out.write(text.bytes, escapingControlsWith: TextLogRenderer.escapeControls)
            }
            out.write(UInt8(ascii: "]"))
        case .ints(let numbers):
            out.write(UInt8(ascii: "("))
            for (index, number) in numbers.enumerated() {
                if index > 0 { out.write(", " as StaticString) }
                out.write(number: number)
            }
            out.write(UInt8(ascii: ")"))
        case .null: out.write("nil" as StaticString)
        }
    }

    /// Keeps a record on one line whatever a script's strings hold.
    static func escapeControls(_ text: String) -> String {
        var copy = text
        let clean = copy.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x7F { return false }
            return true
        }
        guard !clean else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
