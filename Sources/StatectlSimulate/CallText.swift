import StatectlParse

/// The `statement` record's one field — the call as the log shows it — written as UTF-8
/// straight into its encoding (`FieldEncoder.encode(.call, string:)` gives the same bytes).
///
/// Every line a run has not seen before makes one; as a `String` built by interpolation and
/// then encoded, it was about a tenth of what such a line cost.
///
///     var text = CallText()
///     text.append("bounds(width: "); text.append(Int64(320)); text.append(")")
///     text.record()  // the encoded field for "bounds(width: 320)"
public struct CallText: ~Copyable {
    // The bytes in a buffer of its own, appended to through a pointer: as an array, each
    // append checked that the array was unshared and went through the generic path for a
    // sequence, about 90 instructions a piece; and reserving its room allocated an array
    // that `record` then handed on. Not copyable, so the buffer has one owner, who frees it.
    private var base: UnsafeMutableRawPointer
    private var count: Int
    private var capacity: Int
    /// Whether the text holds no control character, for the record's tag (`Tag.plainString`):
    /// true but after a text appended as it is (`append(text:)`) that holds one. Everything
    /// else a call text holds is a literal, a number or an escaped string.
    private var plain = true

    public init(capacity: Int = 128) {
        self.capacity = FieldEncoder.stringHeaderSize + max(capacity, 16)
        base = .allocate(byteCount: self.capacity, alignment: 8)
        // The length is filled in by `record`.
        FieldEncoder.storeStringHeader(.call, length: 0, plain: true, at: base)
        count = FieldEncoder.stringHeaderSize
    }

    deinit { base.deallocate() }

    /// Room for `extra` more bytes, returned as where they go.
    @inline(__always)
    private mutating func claim(_ extra: Int) -> UnsafeMutableRawPointer {
        if count &+ extra > capacity { grow(extra) }
        let at = base + count
        count &+= extra
        return at
    }

    // Never inlined: rare, and inlined into every claim it took registers (saved and restored
    // around every number appended) for a call to the allocator.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        capacity = max(capacity * 2, count + extra)
        base = base.movedToLarger(count: count, capacity: capacity)
    }

    /// The encoded field, its length filled in: the one array a call's record needs.
    public consuming func record() -> [UInt8] {
        FieldEncoder.storeStringHeader(.call, length: count - FieldEncoder.stringHeaderSize, plain: plain, at: base)
        // Not `init(unsafeUninitializedCapacity:)`: here that one looked the array's storage
        // type up at run time (about 500 instructions a record).
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The encoded field, its length filled in, in the buffer it was written in: the caller
    /// owns the buffer now, and deallocates it (a compiled statement keeps it for as long as
    /// it lives, with no array made and freed for it).
    public consuming func recordBuffer() -> UnsafeMutableRawBufferPointer {
        FieldEncoder.storeStringHeader(.call, length: count - FieldEncoder.stringHeaderSize, plain: plain, at: base)
        let buffer = UnsafeMutableRawBufferPointer(start: base, count: count)
        discard self
        return buffer
    }

    /// The encoded field, its length filled in, lent to `body` and freed after it: for a
    /// record written once, at once (`Simulator.run(_:span:problems:statementText:)`).
    public consuming func withRecord<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        FieldEncoder.storeStringHeader(.call, length: count - FieldEncoder.stringHeaderSize, plain: plain, at: base)
        // The buffer is this value's, alive until it is destroyed at the end of this call:
        // `body` must not keep the pointer (the sink copies what it keeps). An array made
        // from it was one more allocation for a record written once.
        return body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The encoded field, its length filled in, lent to `body`; the text stays, for
    /// `removeAll` to clear and the buffer to be written again (a run's statements compiled
    /// to run once share one: each allocated its own and freed it).
    public mutating func withRecordKept<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        FieldEncoder.storeStringHeader(.call, length: count - FieldEncoder.stringHeaderSize, plain: plain, at: base)
        return body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Empties the text, keeping the buffer (or, grown past `keptCapacity` for a long text,
    /// taking a buffer of the usual size: a 100 MB error's must not stay).
    public mutating func removeAll(keptCapacity: Int = 4096) {
        if capacity > keptCapacity { self = CallText() }
        count = FieldEncoder.stringHeaderSize
        plain = true
    }

    /// The text written so far.
    public var text: String {
        String(decoding: UnsafeRawBufferPointer(start: base + FieldEncoder.stringHeaderSize,
                                                count: count - FieldEncoder.stringHeaderSize), as: UTF8.self)
    }

    // Inlined, and copied with `copyBytes`: a literal's length is then a constant, and its
    // few bytes a store or two, where `copyMemory` called memcpy for every piece of a call.
    @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { utf8 in
            assert(!SWAR.hasByte(in: UnsafeRawBufferPointer(utf8), markedBy: SWAR.controlBytes), "a literal with a control character")
            guard let source = utf8.baseAddress else { return }
            claim(utf8.count).copyBytes(from: source, byteCount: utf8.count)
        }
    }

    @inline(__always)
    private mutating func append(byte: UInt8) {
        claim(1).storeBytes(of: byte, as: UInt8.self)
    }

    @inline(__always)
    private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        // Mostly a name or a short text: words, not a call to memcpy.
        claim(utf8.count).copyBytes(from: source, byteCount: utf8.count)
    }

    public mutating func append(_ value: Bool) { append(value ? "true" : "false") }

    /// `text` as it is, with nothing escaped (a description already spelled as a call).
    public mutating func append(text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if SWAR.hasByte(in: UnsafeRawBufferPointer(utf8), markedBy: SWAR.controlBytes) { plain = false }
            append(utf8)
        }
    }

    /// A whole number in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int64) {
        // Its length first, then its digits straight into their room (`writeDecimal`):
        // written one at a time into a buffer on the stack and then copied (a call to memcpy
        // for a length known only at run time), a number cost about 87 instructions.
        let length = Self.decimalLength(value)
        Self.writeDecimal(value, length: length, at: claim(length))
    }

    /// The record of a call written as `prefix`, `value` in decimal and `suffix` (`wait
    /// 300ms`), made straight into its array: made by a `CallText`, whose buffer was allocated
    /// and freed around the array copied from it, it cost about 590 instructions.
    @inline(__always)
    public static func record(_ prefix: StaticString, _ value: Int64, _ suffix: StaticString) -> [UInt8] {
        let valueLength = decimalLength(value)
        let length = prefix.utf8CodeUnitCount &+ valueLength &+ suffix.utf8CodeUnitCount
        // Written on the stack and copied into the array as `record()` copies: made with its
        // count, the array's storage type was looked up at run time (about 500 instructions).
        return withUnsafeTemporaryAllocation(byteCount: FieldEncoder.stringHeaderSize &+ length, alignment: 8) { bytes in
            // Safe: the header and the three pieces are `bytes.count` long, as counted above.
            let at = bytes.baseAddress!
            FieldEncoder.storeStringHeader(.call, length: length, plain: true, at: at)
            let prefixAt = at + FieldEncoder.stringHeaderSize
            prefixAt.copyBytes(from: prefix.utf8Start, byteCount: prefix.utf8CodeUnitCount)
            writeDecimal(value, length: valueLength, at: prefixAt + prefix.utf8CodeUnitCount)
            (prefixAt + prefix.utf8CodeUnitCount + valueLength).copyBytes(from: suffix.utf8Start, byteCount: suffix.utf8CodeUnitCount)
            return Array(UnsafeRawBufferPointer(bytes))
        }
    }

    /// How many bytes `value` takes in decimal, its sign included.
    @inline(__always)
    private static func decimalLength(_ value: Int64) -> Int {
        (value < 0 ? 1 : 0) &+ DecimalDigits.count(value.magnitude)
    }

    /// Writes `value` in decimal at `at`, in the `length` bytes `decimalLength` counts.
    @inline(__always)
    private static func writeDecimal(_ value: Int64, length: Int, at: UnsafeMutableRawPointer) {
        if value < 0 { at.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
        // Safe: the digits end where the room does, which is as long as `decimalLength` counts.
        DecimalDigits.store(value.magnitude, endingAt: at + length)
    }

    /// `nil`, or the text as `appendString` spells it.
    public mutating func appendString(_ text: String?) {
        if let text { appendString(text) } else { append("nil") }
    }

    /// `text` as `SwiftLiteral.string` spells it: in quotes, with `"`, `\` and control
    /// characters escaped. Byte by byte: every byte it escapes is ASCII.
    public mutating func appendString(_ text: String) {
        // The bytes where they lie, as `FieldEncoder` reads a text: `withUTF8` on a copy cost
        // about 80 instructions a text more.
        if text.utf8.withContiguousStorageIfAvailable({ appendString(utf8: $0) }) != nil { return }
        var text = text
        text.withUTF8 { appendString(utf8: $0) }
    }

    private mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        // Room for the text, its quotes and what a call writes after a string argument, at
        // once: grown again by the closing quote or the next argument, a long text (a 100 MB
        // error) was copied into a buffer twice its size, both held meanwhile.
        // (Short texts grow as everything else does.)
        let room = utf8.count &+ 2 &+ 128
        if utf8.count > 4096, count &+ room > capacity { grow(room) }
        // Most texts need no escape: then they and their quotes take one claim of room, and
        // their bytes are copied in one piece.
        guard Self.needsEscape(utf8) else {
            let at = claim(utf8.count &+ 2)
            at.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
            if let source = utf8.baseAddress { (at + 1).copyMemory(from: source, byteCount: utf8.count) }
            (at + 1 + utf8.count).storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
            return
        }
        append(byte: UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x09: append("\\t")
            case 0x0D: append("\\r")
            case 0..<0x20, 0x7F:
                append("\\u{")
                for digit in String(byte, radix: 16).utf8 { append(byte: digit) }
                append("}")
            default: append(byte: byte)
            }
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// Whether a byte of `utf8` is a control character, `"` or `\`: the bytes a JSON string
    /// escapes too, tested by the same word-at-a-time code.
    @inline(__always)
    private static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        SWAR.hasByte(in: UnsafeRawBufferPointer(utf8), markedBy: SWAR.escapeBytes)
    }

    /// A key as `SwiftLiteral.key` spells it: bare when it is an identifier, else a string.
    public mutating func appendKey(_ text: String) {
        guard SwiftLiteral.isIdentifier(text) else { return appendString(text) }
        var text = text
        text.withUTF8 { append($0) }
    }
}
