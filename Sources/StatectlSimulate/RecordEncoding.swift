import StatectlParse

/// Records as a simulation hands them to its sink: fields encoded into one reused block of
/// bytes, read through views that borrow it.
///
/// A long run makes millions of records. As values (`[Field]`, strings) each cost a heap
/// allocation and a reference count per string, copied into the record and out again:
/// most of what `statectl run` spent. Encoded, a record costs a few byte copies, and
/// reading it back costs none.
///
/// The encoding of one field: the key, a tag, then the payload:
/// `int` 8 bytes; `bool` 1 byte; `string` a length and the UTF-8 bytes; `strings` a count,
/// a length of what follows, then that many strings; `ints` a count and 8 bytes each;
/// `null` nothing. Lengths and counts are `EncodedLength`s. Multi-byte values are in the
/// machine's byte order: the bytes never leave the process.
///
/// A string that holds no control character (below 0x20, or 0x7F) is tagged `plainString`,
/// any other `string`: found as the encoder copies it, known for a literal, or kept by the
/// writer of a call text (`CallText`). It reads as any `string`; a text log copies it without
/// checking each word for characters to escape, which most texts never hold.
@usableFromInline
enum Tag: UInt8 {
    case int, bool, string, strings, ints, null
    /// `string` with its high bit set, so that a reader of either compares the key and the
    /// tag with that bit set (`EncodedFields.Iterator.nextTextAndPlain`).
    case plainString = 0x82
}

/// A length or count inside an encoding: a machine word, as long as any buffer can be, so
/// that no text a script can hold (a 4 GiB string, or a list of long keys) overflows it.
public typealias EncodedLength = Int

/// Its size in bytes; computed, so that inlined readers in other modules fold it to a constant.
@inlinable
var lengthSize: Int { MemoryLayout<EncodedLength>.size }

/// Encodes a record's fields; reused from record to record, so it allocates only to grow.
public final class FieldEncoder {
    // Touched for every field of every record, from one thread: no dynamic exclusivity checks.
    // Where the next field goes and where the buffer ends, not a count and a capacity: a
    // field's store through a raw pointer makes every property be loaded again for the
    // next, and as offsets the next field's place took the base as well (a load and an add
    // fewer a field: 24 instructions a distinct line of `run`).
    @exclusivity(unchecked) private var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var cursor: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var end: UnsafeMutableRawPointer

    public init(capacity: Int = 256) {
        base = .allocate(byteCount: capacity, alignment: 8)
        cursor = base
        end = base + capacity
    }

    deinit { base.deallocate() }

    /// The number of bytes encoded since `removeAll`.
    private var count: Int { cursor - base }

    /// The fields encoded since `removeAll`.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    public func removeAll() { cursor = base }

    /// Room for `size` more bytes, returned as where they go.
    @inline(__always)
    private func claim(_ size: Int) -> UnsafeMutableRawPointer {
        // A size is a field's, far below what could carry a pointer past the address space.
        if cursor + size > end { grow(size) }
        let at = cursor
        cursor = at + size
        return at
    }

    // Not `movedToLarger`, though it is the same: through it, `run` cost 26 more
    // instructions a statement (this encoder is on every record's path). Never inlined:
    // inlined at each field, it made the fields' code longer for a path a run takes a few times.
    @inline(never)
    private func grow(_ size: Int) {
        let count = count
        let capacity = max((end - base) * 2, count + size)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        larger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = larger
        cursor = larger + count
        end = larger + capacity
    }

    /// Stores `size` more bytes with `write`, given where they go, and only then counts them
    /// in. Counted in first (`claim`), the cursor was loaded again for the next field: the
    /// compiler cannot tell the field's stores from the encoder's properties. Stored after
    /// them, it is passed on to the next field in a register.
    @inline(__always)
    private func append(_ size: Int, _ write: (UnsafeMutableRawPointer) -> Void) {
        if cursor + size > end { grow(size) }
        let at = cursor
        write(at)
        cursor = at + size
    }

    /// A field of a fixed size: its key and tag, and the payload `write` stores.
    @inline(__always)
    private func append(_ key: FieldKey, _ tag: Tag, payload: Int, _ write: (UnsafeMutableRawPointer) -> Void) {
        append(2 + payload) { at in
            at.storeBytes(of: key, as: FieldKey.self)
            at.storeBytes(of: tag.rawValue, toByteOffset: 1, as: UInt8.self)
            write(at + 2)
        }
    }

    /// A list's key and tag, the room for its payload's head claimed (its items follow).
    @inline(__always)
    private func header(_ key: FieldKey, _ tag: Tag, payload: Int) -> UnsafeMutableRawPointer {
        let at = claim(2 + payload)
        at.storeBytes(of: key, as: FieldKey.self)
        at.storeBytes(of: tag.rawValue, toByteOffset: 1, as: UInt8.self)
        return at + 2
    }

    // The small adds inlined where records are made: a call's saving of registers cost
    // about as much as storing the field.
    @inline(__always)
    public func add(_ key: FieldKey, _ value: Int64) {
        append(key, .int, payload: 8) { $0.storeBytes(of: value, as: Int64.self) }
    }

    public func add(_ key: FieldKey, _ value: Int) { add(key, Int64(value)) }

    @inline(__always)
    public func add(_ key: FieldKey, _ value: Bool) {
        append(key, .bool, payload: 1) { $0.storeBytes(of: value ? 1 : 0, as: UInt8.self) }
    }

    // Inlined too: most texts are short, and read through a span where the caller has them.
    @inline(__always)
    public func add(_ key: FieldKey, _ value: String) {
        // The bytes where they lie, as `appendText(_: String)` reads them.
        if value.utf8.withContiguousStorageIfAvailable({ addText(key, UnsafeRawBufferPointer($0)) }) != nil { return }
        var value = value
        value.withUTF8 { addText(key, UnsafeRawBufferPointer($0)) }
    }

    /// A text known where the record is made (a state's name): its bytes copied as they
    /// lie, with no `String` read. A literal holds no control character: tagged plain.
    @inline(__always)
    public func add(_ key: FieldKey, _ value: StaticString) {
        value.withUTF8Buffer { utf8 in
            assert(!SWAR.hasByte(in: UnsafeRawBufferPointer(utf8), markedBy: SWAR.controlBytes), "a literal field with a control character")
            addText(key, UnsafeRawBufferPointer(utf8), knownPlain: true)
        }
    }

    /// A string field: its key, tag, length and bytes in one claim of room. Claimed as a
    /// header and then a text, the encoder's end and cursor were loaded, compared and
    /// stored twice for every text a record holds. Its tag says whether it is plain: known
    /// (`knownPlain`), or checked on the copy.
    @inline(__always)
    private func addText(_ key: FieldKey, _ utf8: UnsafeRawBufferPointer, knownPlain: Bool = false) {
        append(Self.stringHeaderSize + utf8.count) { at in
            // The length first: a short text's check reads it (`isPlain`).
            at.storeBytes(of: utf8.count, toByteOffset: 2, as: EncodedLength.self)
            let text = at + Self.stringHeaderSize
            if let source = utf8.baseAddress { text.copyBytes(from: source, byteCount: utf8.count) }
            Self.storeKeyAndTag(key, plain: knownPlain || Self.isPlain(text, count: utf8.count), at: at)
        }
    }

    /// Whether the `count` bytes at `text`, a string field's, hold no control character (its
    /// tag). Unsafe: the eight bytes before `text` (its length, stored first) are read with
    /// a short text's word, as the text log reads it, and then masked.
    @inline(__always)
    static func isPlain(_ text: UnsafeRawPointer, count: Int) -> Bool {
        guard count < 8 else { return isPlain(long: text, count: count) }
        guard count > 0 else { return true }
        let word = text.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        // The bytes before the text made harmless ('a'), so that no borrow from them marks
        // a byte of it: the tag is a function of the text alone.
        let kept = UInt64.max &<< UInt64(truncatingIfNeeded: 64 &- 8 &* count)
        return SWAR.controlBytes(word & kept | 0x6161_6161_6161_6161 & ~kept) == 0
    }

    /// `isPlain` of a text of eight bytes or more, by the word test every text check shares.
    // Apart: inlined, a loop at every text added made each record's code longer for the few
    // texts of a word or more (a view's key, an error) that records hold.
    @inline(never)
    static func isPlain(long text: UnsafeRawPointer, count: Int) -> Bool {
        !SWAR.hasByte(in: UnsafeRawBufferPointer(start: text, count: count), markedBy: SWAR.controlBytes)
    }

    /// A list of four integers (a frame), with no array made for them.
    public func add(_ key: FieldKey, _ values: SIMD4<Int64>) {
        append(key, .ints, payload: lengthSize + 8 * 4) { at in
            at.storeBytes(of: 4, as: EncodedLength.self)
            for index in 0..<4 { at.storeBytes(of: values[index], toByteOffset: lengthSize + 8 * index, as: Int64.self) }
        }
    }

    public func add(_ key: FieldKey, _ values: [String]) {
        let at = header(key, .strings, payload: 2 * lengthSize) - base
        let start = count
        for value in values { appendText(value) }
        // The list's byte length lets a reader step over it without reading each text.
        (base + at).storeBytes(of: values.count, as: EncodedLength.self)
        (base + at).storeBytes(of: count - start, toByteOffset: lengthSize, as: EncodedLength.self)
    }

    public func add(_ key: FieldKey, _ values: [Int64]) {
        var at = header(key, .ints, payload: lengthSize + 8 * values.count)
        at.storeBytes(of: values.count, as: EncodedLength.self)
        at += lengthSize
        for value in values {
            at.storeBytes(of: value, as: Int64.self)
            at += 8
        }
    }

    public func addNull(_ key: FieldKey) { append(key, .null, payload: 0) { _ in } }

    public func add(_ key: FieldKey, _ value: FieldValue) {
        switch value {
        case .int(let value): add(key, value)
        case .bool(let value): add(key, value)
        case .string(let value): add(key, value)
        case .strings(let values): add(key, values)
        case .ints(let values): add(key, values)
        case .null: addNull(key)
        }
    }

    public func add(_ field: Field) { add(field.key, field.value) }

    /// A value an `expect` read or wanted: a name as a string, names as strings, a count as
    /// an int, a flag as a bool; with no `FieldValue` made (and its text retained) on the way.
    public func add(_ key: FieldKey, _ value: ObservedValue) {
        switch value {
        case .name(let name): add(key, name)
        case .names(let names): add(key, names)
        case .count(let count): add(key, count)
        case .flag(let flag): add(key, flag)
        }
    }

    /// Fields encoded earlier (`encode(_:)`), such as a decision's, which never change.
    public func add(encoded: [UInt8]) {
        encoded.withUnsafeBytes { source in
            guard let start = source.baseAddress else { return }
            // An expectation's prefix is a few words: no call to memcpy.
            append(source.count) { $0.copyBytes(from: start, byteCount: source.count) }
        }
    }

    /// The encoding of `fields`, to add many times over with `add(encoded:)`.
    public static func encode(_ fields: [Field]) -> [UInt8] {
        let encoder = FieldEncoder()
        for field in fields { encoder.add(field) }
        return Array(encoder.bytes)
    }

    /// The encoding of one string field, as `encode([Field(key, .string(text))])` gives it,
    /// written straight into the array: a compiled statement's record is made this way once
    /// per line, and an encoder and a list of fields for it cost more than the bytes.
    public static func encode(_ key: FieldKey, string text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { utf8 in
            [UInt8](unsafeUninitializedCapacity: stringHeaderSize + utf8.count) { buffer, initialized in
                let at = UnsafeMutableRawPointer(buffer.baseAddress!)
                at.storeBytes(of: utf8.count, toByteOffset: 2, as: EncodedLength.self)
                if let source = utf8.baseAddress { (at + stringHeaderSize).copyMemory(from: source, byteCount: utf8.count) }
                storeKeyAndTag(key, plain: isPlain(at + stringHeaderSize, count: utf8.count), at: at)
                initialized = stringHeaderSize + utf8.count
            }
        }
    }

    /// The size of a string field's key, tag and length, which its UTF-8 bytes follow.
    static var stringHeaderSize: Int { 2 + lengthSize }

    /// Writes a string field's key, tag and length at `at` (`stringHeaderSize` bytes), for
    /// those who write its text themselves (`CallText`). `plain`: the text holds no control
    /// character (`Tag.plainString`).
    @inline(__always)
    static func storeStringHeader(_ key: FieldKey, length: Int, plain: Bool, at: UnsafeMutableRawPointer) {
        storeKeyAndTag(key, plain: plain, at: at)
        at.storeBytes(of: length, toByteOffset: 2, as: EncodedLength.self)
    }

    /// A string field's key and tag, its first two bytes.
    @inline(__always)
    static func storeKeyAndTag(_ key: FieldKey, plain: Bool, at: UnsafeMutableRawPointer) {
        at.storeBytes(of: key, as: FieldKey.self)
        at.storeBytes(of: (plain ? Tag.plainString : Tag.string).rawValue, toByteOffset: 1, as: UInt8.self)
    }

    @inline(__always)
    private func appendText(_ text: String) {
        // The bytes where they lie (a short string's copied to the stack), with no retain:
        // the UTF-8 view's span cost a call to find its storage, about 30 instructions a text.
        if text.utf8.withContiguousStorageIfAvailable({ appendText(UnsafeRawBufferPointer($0)) }) != nil { return }
        var text = text
        text.withUTF8 { appendText(UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    private func appendText(_ utf8: UnsafeRawBufferPointer) {
        let at = claim(lengthSize + utf8.count)
        at.storeBytes(of: utf8.count, as: EncodedLength.self)
        if let source = utf8.baseAddress { (at + lengthSize).copyBytes(from: source, byteCount: utf8.count) }
    }
}

/// UTF-8 text inside an encoded record.
public struct EncodedText {
    public let bytes: UnsafeRawBufferPointer

    @inlinable
    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The eight bytes that end where the text ends, little-endian: a text shorter than that
    /// in the high bytes, the last bytes of its length (which every text follows) below it.
    /// A short text read with one load, never past the record.
    @inlinable
    public var lastWord: UInt64 { (bytes.baseAddress! + (bytes.count &- 8)).loadUnaligned(as: UInt64.self) }

    /// Reads the text whose length is at `at`; returns it and where it ends.
    @inlinable
    static func read(at: UnsafeRawPointer) -> (EncodedText, UnsafeRawPointer) {
        let length = at.loadUnaligned(as: EncodedLength.self)
        return (EncodedText(bytes: UnsafeRawBufferPointer(start: at + lengthSize, count: length)), at + lengthSize + length)
    }
}

/// A list of texts inside an encoded record. Small (a pointer and a count) so that a
/// `FieldView` is cheap to pass around.
public struct EncodedTextList: Sequence {
    @usableFromInline let start: UnsafeRawPointer
    public let count: Int

    @inlinable
    init(start: UnsafeRawPointer, count: Int) {
        self.start = start
        self.count = count
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var at: UnsafeRawPointer
        @usableFromInline var remaining: Int

        @inlinable
        init(at: UnsafeRawPointer, remaining: Int) {
            self.at = at
            self.remaining = remaining
        }

        @inlinable
        public mutating func next() -> EncodedText? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let (text, after) = EncodedText.read(at: at)
            at = after
            return text
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(at: start, remaining: count) }
}

/// A list of integers inside an encoded record.
public struct EncodedIntList: RandomAccessCollection {
    @usableFromInline let start: UnsafeRawPointer
    public let count: Int

    @inlinable
    init(start: UnsafeRawPointer, count: Int) {
        self.start = start
        self.count = count
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Int64 {
        precondition(position >= 0 && position < count, "index out of range")
        return start.loadUnaligned(fromByteOffset: 8 * position, as: Int64.self)
    }
}

/// A field's value inside an encoded record: like `FieldValue`, but borrowing its bytes.
public enum FieldView {
    case int(Int64)
    case bool(Bool)
    case string(EncodedText)
    case strings(EncodedTextList)
    case ints(EncodedIntList)
    case null

    /// The value, copied out of the record.
    public var value: FieldValue {
        switch self {
        case .int(let value): return .int(value)
        case .bool(let value): return .bool(value)
        case .string(let text): return .string(text.string)
        case .strings(let texts): return .strings(texts.map(\.string))
        case .ints(let values): return .ints(Array(values))
        case .null: return .null
        }
    }

    @inlinable
    public var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }
}

/// A record's encoded fields, in the order they were added.
public struct EncodedFields: Sequence {
    public let bytes: UnsafeRawBufferPointer

    @inlinable
    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let block: UnsafeRawBufferPointer
        /// The byte offset of the next field; readers may move it to search from there.
        public var offset: Int

        @inlinable
        init(block: UnsafeRawBufferPointer, offset: Int) {
            self.block = block
            self.offset = offset
        }

        @inlinable
        public mutating func next() -> (key: FieldKey, value: FieldView)? {
            guard offset < block.count, let base = block.baseAddress else { return nil }
            let key = block.load(fromByteOffset: offset, as: FieldKey.self)
            let tag = Tag(rawValue: block.load(fromByteOffset: offset + 1, as: UInt8.self))!
            let at = base + offset + 2
            let value: FieldView
            // Lengths are the encoder's own, each within a buffer: wrapping sums, with no
            // overflow checks on every field read.
            let size: Int
            switch tag {
            case .int:
                value = .int(at.loadUnaligned(as: Int64.self))
                size = 8
            case .bool:
                value = .bool(at.load(as: UInt8.self) != 0)
                size = 1
            case .string, .plainString:
                let (text, _) = EncodedText.read(at: at)
                value = .string(text)
                size = lengthSize &+ text.bytes.count
            case .strings:
                let count = at.loadUnaligned(as: EncodedLength.self)
                value = .strings(EncodedTextList(start: at + 2 * lengthSize, count: count))
                size = 2 &* lengthSize &+ at.loadUnaligned(fromByteOffset: lengthSize, as: EncodedLength.self)
            case .ints:
                let count = at.loadUnaligned(as: EncodedLength.self)
                value = .ints(EncodedIntList(start: at + lengthSize, count: count))
                size = lengthSize &+ 8 &* count
            case .null:
                value = .null
                size = 0
            }
            offset &+= 2 &+ size
            return (key, value)
        }

        /// Whether the next field is `key` with `tag`: its two bytes compared as one word, no decoding.
        @inlinable @inline(__always)
        func nextIs(_ key: FieldKey, _ tag: Tag, payload: Int) -> Bool {
            guard offset &+ 2 &+ payload <= block.count, let base = block.baseAddress else { return false }
            // The key's one byte, then the tag's: little-endian, the tag is the high byte.
            let keyByte = withUnsafeBytes(of: key) { UInt16($0[0]) }
            return base.loadUnaligned(fromByteOffset: offset, as: UInt16.self) == keyByte | UInt16(tag.rawValue) &<< 8
        }

        // The three readers below take the next field only if it is the one asked for, with
        // the type the reader reads; otherwise they return nil and leave the cursor, and the
        // caller reads the field in general (`next`, a search). A renderer that knows the
        // order a kind's fields are made in reads each one in a few instructions this way,
        // where decoding it into a `FieldView` and switching on that cost some 35.

        /// The next field's number, if it is `key` holding an `int`.
        @inlinable @inline(__always)
        public mutating func nextInt(_ key: FieldKey) -> Int64? {
            guard nextIs(key, .int, payload: 8), let base = block.baseAddress else { return nil }
            let value = base.loadUnaligned(fromByteOffset: offset &+ 2, as: Int64.self)
            offset &+= 10
            return value
        }

        /// The next field's flag, if it is `key` holding a `bool`.
        @inlinable @inline(__always)
        public mutating func nextBool(_ key: FieldKey) -> Bool? {
            guard nextIs(key, .bool, payload: 1), let base = block.baseAddress else { return nil }
            let value = base.load(fromByteOffset: offset &+ 2, as: UInt8.self) != 0
            offset &+= 3
            return value
        }

        /// The next field's text, if it is `key` holding a `string` or a `plainString`.
        @inlinable @inline(__always)
        public mutating func nextText(_ key: FieldKey) -> EncodedText? { nextTextAndPlain(key)?.text }

        /// `nextText`, and whether the text is tagged plain: it holds no control character.
        @inlinable @inline(__always)
        public mutating func nextTextAndPlain(_ key: FieldKey) -> (text: EncodedText, plain: Bool)? {
            guard offset &+ 2 &+ lengthSize <= block.count, let base = block.baseAddress else { return nil }
            // Both tags compared at once: `plainString` is `string` with the high bit set. The
            // key byte, then the tag: read as little-endian, the tag is the high byte anywhere.
            let keyByte = withUnsafeBytes(of: key) { UInt16($0[0]) }
            let keyAndTag = UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            guard keyAndTag | 0x8000 == keyByte | UInt16(Tag.plainString.rawValue) &<< 8 else { return nil }
            let (text, _) = EncodedText.read(at: base + (offset &+ 2))
            offset &+= 2 &+ lengthSize &+ text.bytes.count
            return (text, keyAndTag >= 0x8000)
        }

        /// The next field's four numbers (a frame), if it is `key` holding `ints`, four of them.
        @inlinable @inline(__always)
        public mutating func nextFourInts(_ key: FieldKey) -> SIMD4<Int64>? {
            guard nextIs(key, .ints, payload: lengthSize &+ 32), let base = block.baseAddress,
                  base.loadUnaligned(fromByteOffset: offset &+ 2, as: EncodedLength.self) == 4 else { return nil }
            let values = base.loadUnaligned(fromByteOffset: offset &+ 2 &+ lengthSize, as: SIMD4<Int64>.self)
            offset &+= 2 &+ lengthSize &+ 32
            return values
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(block: bytes, offset: 0) }
}

/// A record as its sink sees it: time, line and kind, and fields that borrow the
/// simulator's buffer. Valid only during `RecordSink.write`; `Record(view)` keeps one.
public struct RecordView {
    public var time: Int64
    /// `line`, with `RecordView.none` for none: a sink that compares it with the last
    /// record's (the text log, at every record) reads one word, where the optional's flag
    /// took a compare and a move more.
    public var lineNumber: Int
    public var fields: EncodedFields
    /// `fieldsKey`, with `RecordView.none` for none, for the same reason: a negative
    /// number (none) then fails the same unsigned compare as one past a table's end.
    public var fieldsKeyNumber: Int
    public var kind: RecordKind

    /// The stored form of a missing line or key (no line or key is that number).
    public static var none: Int { Int.min }

    public var line: Int? {
        get { lineNumber == Self.none ? nil : lineNumber }
        set { lineNumber = newValue ?? Self.none }
    }

    /// A number the model gives these exact fields, the same each time it records them
    /// (a walk through its decision table), or nil: a sink that numbers distinct records
    /// (explore's) looks it up instead of hashing the bytes.
    public var fieldsKey: Int? {
        get { fieldsKeyNumber == Self.none ? nil : fieldsKeyNumber }
        set { fieldsKeyNumber = newValue ?? Self.none }
    }

    @inlinable
    public init(time: Int64, line: Int?, kind: RecordKind, fields: EncodedFields, fieldsKey: Int? = nil) {
        self.init(time: time, lineNumber: line ?? Self.none, kind: kind, fields: fields, fieldsKeyNumber: fieldsKey ?? Self.none)
    }

    /// The view with its line and key in their stored form (`RecordView.none` for none).
    @inlinable
    public init(time: Int64, lineNumber: Int, kind: RecordKind, fields: EncodedFields, fieldsKeyNumber: Int = RecordView.none) {
        self.time = time
        self.lineNumber = lineNumber
        self.kind = kind
        self.fields = fields
        self.fieldsKeyNumber = fieldsKeyNumber
    }

    @inlinable
    public subscript(key: FieldKey) -> FieldView? {
        for field in fields where field.key == key { return field.value }
        return nil
    }
}

extension Record {
    /// A record that owns copies of the view's values.
    public init(_ view: RecordView) {
        self.init(time: view.time, line: view.line, kind: view.kind,
                  fields: view.fields.map { Field($0.key, $0.value.value) })
    }

    /// Calls `body` with this record encoded, as a sink would see it.
    public func withView<Result>(_ body: (RecordView) throws -> Result) rethrows -> Result {
        let encoder = FieldEncoder()
        for field in fields { encoder.add(field) }
        return try withExtendedLifetime(encoder) {
            try body(RecordView(time: time, line: line, kind: kind, fields: EncodedFields(encoder.bytes)))
        }
    }
}
