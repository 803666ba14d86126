/// Packs a configuration into bytes: what explore hashes and stores for each one.
///
/// Small numbers take one byte (LEB128, zig-zag for signs); a string is its length then its
/// UTF-8. Two configurations are the same exactly when their bytes are.
///
/// Explore encodes a configuration on every step, so the bytes go into one block that is
/// reused and only grows: each write checks the room left once and stores in place (an
/// array checked its uniqueness and capacity for every byte, most of an identity's cost).
/// Noncopyable, so that the block has one owner and is freed with it.
public struct IdentityEncoder: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// Bytes written since `removeAll`.
    public private(set) var count = 0
    /// Where components go, when they are stored once and referred to by number.
    public let components: IdentityComponents?
    /// Its identity, compared on every step without retaining it.
    private let componentsTable: ObjectIdentifier?

    public init(components: IdentityComponents? = nil) {
        self.components = components
        componentsTable = components.map(ObjectIdentifier.init)
        capacity = 256
        base = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    /// The bytes written since `removeAll`, valid until the next write.
    public var view: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// A copy of them.
    public var bytes: [UInt8] { Array(view) }

    /// Where `size` more bytes go (not counted yet).
    @inline(__always)
    private mutating func room(_ size: Int) -> UnsafeMutableRawPointer {
        if capacity &- count < size { grow(size) }
        return base + count
    }

    private mutating func grow(_ size: Int) {
        capacity = max(capacity * 2, count + size)
        base = base.movedToLarger(count: count, capacity: capacity)
    }

    /// A part of the configuration that seldom changes and is long (StatefulViewController's
    /// view store): with `components`, written once to that table and here as its number,
    /// which is most of a stored configuration's bytes saved (Spin calls this collapse
    /// compression); without, written in place.
    public mutating func addComponent(_ encode: (inout IdentityEncoder) -> Void) {
        let start = count
        encode(&self)
        guard let components else { return }
        let number = components.number(of: UnsafeRawBufferPointer(start: base + start, count: count - start))
        count = start
        add(number)
    }

    /// A component known to be number `number` of `components` (`IdentityDecoder.lastComponent`
    /// said so when the model was read back, and it has not changed since): nothing to encode.
    /// False, and nothing written, when this encoder has another table or none.
    @inline(__always)
    public mutating func addComponent(_ known: IdentityComponents.Reference) -> Bool {
        guard componentsTable == known.table else { return false }
        add(known.number)
        return true
    }

    /// Whether `known` is a member of this encoder's table.
    @inline(__always)
    public func holds(_ known: IdentityComponents.Reference) -> Bool { componentsTable == known.table }

    /// Room for `maximum` bytes, to be written through a cursor that checks nothing, and
    /// kept by `commit` (nothing else written meanwhile), or dropped by not committing. For
    /// a model's common case, where the longest it can write is known: a step's identity is
    /// then a few plain stores. (Not a method taking a closure: the closure's capture of the
    /// model copied it on every step.)
    @inline(__always)
    public mutating func cursor(maximum: Int) -> IdentityCursor {
        let start = room(maximum)
        return IdentityCursor(at: start, end: start + maximum)
    }

    /// Keeps what was written through `cursor`, this encoder's latest.
    @inline(__always)
    public mutating func commit(_ cursor: IdentityCursor) {
        count = base.distance(to: cursor.at)
    }

    public mutating func removeAll() { count = 0 }

    @inline(__always)
    public mutating func add(_ value: Bool) { add(byte: value ? 1 : 0) }

    @inline(__always)
    public mutating func add(byte: UInt8) {
        room(1).storeBytes(of: byte, as: UInt8.self)
        count &+= 1
    }

    /// Zig-zag LEB128: a number in -64..<64 in one byte.
    @inline(__always)
    public mutating func add(_ value: Int64) {
        let zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        if zigzag < 0x80 { add(byte: UInt8(truncatingIfNeeded: zigzag)) } else { add(long: zigzag) }
    }

    private mutating func add(long zigzag: UInt64) {
        var zigzag = zigzag
        let at = room(10)
        var length = 0
        while zigzag >= 0x80 {
            at.storeBytes(of: UInt8(truncatingIfNeeded: zigzag) | 0x80, toByteOffset: length, as: UInt8.self)
            zigzag >>= 7
            length &+= 1
        }
        at.storeBytes(of: UInt8(truncatingIfNeeded: zigzag), toByteOffset: length, as: UInt8.self)
        count &+= length &+ 1
    }

    @inline(__always)
    public mutating func add(_ value: Int) { add(Int64(value)) }

    public mutating func add(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ add(utf8: UnsafeRawBufferPointer($0)) }) { return done }
        var text = text
        text.withUTF8 { add(utf8: UnsafeRawBufferPointer($0)) }
    }

    private mutating func add(utf8: UnsafeRawBufferPointer) {
        add(utf8.count)
        guard let source = utf8.baseAddress else { return }
        room(utf8.count).copyMemory(from: source, byteCount: utf8.count)
        count &+= utf8.count
    }

    public mutating func add(_ text: String?) {
        add(text != nil)
        if let text { add(text) }
    }

    /// An observed value, for properties that join the identity because the spec reads them.
    public mutating func add(_ value: ObservedValue) {
        switch value {
        case .name(let name): add(byte: 0); add(name)
        case .names(let names): add(byte: 1); add(names.count); for name in names { add(name) }
        case .count(let count): add(byte: 2); add(count)
        case .flag(let flag): add(byte: 3); add(flag)
        }
    }
}

/// Writes into room an `IdentityEncoder` made (`cursor(maximum:)`), in the encoder's format,
/// without checking it: the caller made room for the most it writes.
public struct IdentityCursor {
    /// The most bytes a number takes.
    public static let longest = 10
    fileprivate var at: UnsafeMutableRawPointer
    fileprivate let end: UnsafeMutableRawPointer

    fileprivate init(at: UnsafeMutableRawPointer, end: UnsafeMutableRawPointer) {
        self.at = at
        self.end = end
    }

    @inline(__always)
    public mutating func put(byte: UInt8) {
        assert(at < end, "an identity cursor wrote past its room")
        at.storeBytes(of: byte, as: UInt8.self)
        at += 1
    }

    /// The low `byteCount` bytes of `word` (0...8), least significant first. Stores all eight
    /// (the room must hold them; those past `byteCount` are overwritten or not kept): one
    /// store, where a byte at a time took a few instructions each.
    @inline(__always)
    public mutating func put(word: UInt64, byteCount: Int) {
        assert(at + 8 <= end, "an identity cursor wrote past its room")
        at.storeBytes(of: word.littleEndian, as: UInt64.self)
        at += byteCount
    }

    /// As `IdentityEncoder.add(_:)`: zig-zag LEB128.
    @inline(__always)
    public mutating func put(_ value: Int) { put(Int64(value)) }

    @inline(__always)
    public mutating func put(_ value: Int64) {
        var zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        // Two bytes in one store: a job's remaining time (up to 300 ms), written on nearly
        // every step, takes two, and the loop's round cost as much again. Within the room made,
        // which counts `longest` bytes for a number.
        if zigzag >= 0x80, zigzag < 0x4000 {
            assert(at + 2 <= end, "an identity cursor wrote past its room")
            at.storeBytes(of: UInt16(truncatingIfNeeded: zigzag & 0x7F | 0x80 | (zigzag >> 7) << 8).littleEndian, as: UInt16.self)
            at += 2
            return
        }
        while zigzag >= 0x80 {
            put(byte: UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        put(byte: UInt8(truncatingIfNeeded: zigzag))
    }
}

/// Reads back what `IdentityEncoder` wrote. Malformed bytes read as zeros and set `failed`:
/// identities come from the encoder, so a failure is a bug that a test catches.
public struct IdentityDecoder {
    private var bytes: UnsafeRawBufferPointer
    private var offset = 0
    public private(set) var failed = false
    private let components: IdentityComponents?
    /// The component `component` read last, when it came from a table.
    public private(set) var lastComponent: IdentityComponents.Reference?

    /// `bytes` must outlive the decoder; `components`: the table the encoder used.
    public init(_ bytes: UnsafeRawBufferPointer, components: IdentityComponents? = nil) {
        self.bytes = bytes
        self.components = components
    }

    /// Reads `bytes` from their start, as a new decoder with the same table would: explore
    /// reads every configuration it expands with one decoder, where a decoder made for each
    /// retained and released the table.
    public mutating func restart(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        offset = 0
        failed = false
        lastComponent = nil
    }

    /// Reads what `IdentityEncoder.addComponent` wrote, as `component` does, but reads each
    /// member of the table once: later reads return the value read then.
    public mutating func sharedComponent<Value>(_ decode: (inout IdentityDecoder) -> Value) -> Value {
        guard let components else { return decode(&self) }
        let start = offset
        let number = int()
        if number >= 0, let value = components.value(number, as: Value.self) {
            lastComponent = IdentityComponents.Reference(table: ObjectIdentifier(components), number: number)
            return value
        }
        offset = start
        let value = component(decode)
        if !failed { components.keep(value, for: number) }
        return value
    }

    /// Where the decoder is, to go back to (`rewind(to:)`) when a reading turns out not to
    /// apply: a copy of the decoder kept for that retained and released its table, for every
    /// configuration explore reads back.
    public struct Position {
        fileprivate let offset: Int
        fileprivate let failed: Bool
        fileprivate let lastComponent: IdentityComponents.Reference?
    }

    public var position: Position { Position(offset: offset, failed: failed, lastComponent: lastComponent) }

    public mutating func rewind(to position: Position) {
        offset = position.offset
        failed = position.failed
        lastComponent = position.lastComponent
    }

    /// Whether the component at the cursor is `known`, a member of this decoder's table:
    /// if so, reads past its number as `sharedComponent` would, and the caller keeps the
    /// value it has; else reads nothing. Explore reads back one configuration after another
    /// into the same model, and most share the store the last one had: looking it up in the
    /// table again cost a tenth of reading a configuration back.
    @inline(__always)
    public mutating func skipComponent(ifItIs known: IdentityComponents.Reference?) -> Bool {
        guard let known, let components, ObjectIdentifier(components) == known.table,
              offset < bytes.count, let base = bytes.baseAddress else { return false }
        // A number below 64 is one byte, zig-zag; any other is left to the general reading.
        let byte = base.load(fromByteOffset: offset, as: UInt8.self)
        guard byte < 0x80, Int(byte >> 1) == known.number, byte & 1 == 0 else { return false }
        offset &+= 1
        lastComponent = known
        return true
    }

    /// Reads what `IdentityEncoder.addComponent` wrote.
    public mutating func component<Value>(_ decode: (inout IdentityDecoder) -> Value) -> Value {
        guard let components else { return decode(&self) }
        let number = int()
        guard number >= 0, number < components.count else {
            failed = true
            var empty = IdentityDecoder(UnsafeRawBufferPointer(start: nil, count: 0))
            return decode(&empty)
        }
        lastComponent = IdentityComponents.Reference(table: ObjectIdentifier(components), number: number)
        return components.withMember(number) { bytes in
            var inner = IdentityDecoder(bytes)
            let value = decode(&inner)
            if inner.failed || !inner.isAtEnd { failed = true }
            return value
        }
    }

    public var isAtEnd: Bool { offset == bytes.count }

    /// Bytes not read yet.
    public var bytesLeft: Int { bytes.count - offset }

    /// Marks the bytes as not what the encoder writes.
    public mutating func fail() { failed = true }

    public mutating func bool() -> Bool { byte() != 0 }

    /// Inlined where a number is one or two bytes (a job's remaining time, read back for
    /// nearly every configuration explore expands); longer ones take the loop.
    @inline(__always)
    public mutating func int64() -> Int64 {
        // Both bytes loaded lie within `bytes` (offset + 1 below the count).
        if let base = bytes.baseAddress, offset &+ 1 < bytes.count {
            let low = UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
            let high = UInt64(base.load(fromByteOffset: offset &+ 1, as: UInt8.self))
            if low < 0x80 || high < 0x80 {
                let zigzag = low < 0x80 ? low : low & 0x7F | high << 7
                offset &+= low < 0x80 ? 1 : 2
                return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
            }
        }
        return int64Looping()
    }

    private mutating func int64Looping() -> Int64 {
        var zigzag: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = byte()
            zigzag |= UInt64(next & 0x7F) << shift
            guard next & 0x80 != 0, shift < 63 else { break }
            shift += 7
        }
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    public mutating func int() -> Int { Int(int64()) }

    /// A count of things of at least a byte each: negative, or more than the bytes left, fails
    /// and reads as 0.
    public mutating func count() -> Int {
        let count = int()
        guard count >= 0, count <= bytes.count - offset else { failed = true; return 0 }
        return count
    }

    public mutating func string() -> String {
        let count = int()
        guard count >= 0, count <= bytes.count - offset else { failed = true; return "" }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        offset += count
        return text
    }

    /// `byteCount` bytes (0...8), least significant first, as `IdentityCursor.put(word:byteCount:)`
    /// writes them: one load where eight bytes remain.
    @inline(__always)
    public mutating func word(byteCount: Int) -> UInt64 {
        let remaining = bytes.count &- offset
        guard byteCount >= 0, byteCount <= 8, byteCount <= remaining, let base = bytes.baseAddress else {
            if byteCount != 0 { failed = true }
            return 0
        }
        var word: UInt64 = 0
        let mask = byteCount == 0 ? 0 : UInt64.max &>> (64 &- 8 &* byteCount)
        if remaining >= 8 {
            word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & mask
        } else if bytes.count >= 8 {
            // Near the end (the queue's bits usually are): the last eight bytes, shifted down to
            // the cursor, rather than a byte at a time. They lie within `bytes` (eight at least).
            let last = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: bytes.count &- 8, as: UInt64.self))
            word = last &>> UInt64(8 &* (8 &- remaining)) & mask
        } else {
            for index in 0..<byteCount {
                word |= UInt64(base.load(fromByteOffset: offset &+ index, as: UInt8.self)) << (8 &* index)
            }
        }
        offset &+= byteCount
        return word
    }

    /// Inlined: reading a configuration back takes a byte at a time, and each call saved and
    /// restored registers around a load (checked against the count here, not again by a
    /// subscript).
    @inline(__always)
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count, let base = bytes.baseAddress else { failed = true; return 0 }
        let byte = base.load(fromByteOffset: offset, as: UInt8.self)
        offset &+= 1
        return byte
    }
}

/// The components of a search's configurations, each stored once and numbered in the
/// order first met. A class: the encoder and decoder of one search share it.
public final class IdentityComponents {
    private var numbers: [[UInt8]: Int] = [:]
    private var members: [[UInt8]] = []

    public init() {}

    /// A member of a table, as a model read back from it may remember it. The table's
    /// identity, so that a model never takes a number from one search into another (the
    /// search keeps its table alive as long as any model it read back, so the address is
    /// not reused meanwhile).
    public struct Reference: Equatable, Sendable {
        let table: ObjectIdentifier
        let number: Int
    }

    public var count: Int { members.count }
    /// Bytes held by the members.
    public var bytesUsed: Int { members.reduce(0) { $0 + $1.count } }

    func number(of bytes: UnsafeRawBufferPointer) -> Int {
        let member = Array(bytes)
        if let number = numbers[member] { return number }
        numbers[member] = members.count
        members.append(member)
        return members.count - 1
    }

    /// Members as read back by `IdentityDecoder.sharedComponent`, by number: an array, as
    /// explore reads one for every configuration it expands.
    // Read for every configuration explore expands, from one thread: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var values: [AnyObject?] = []
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    func value<Value>(_ number: Int, as type: Value.Type) -> Value? {
        guard number < values.count, let box = values[number] else { return nil }
        // The type compared, not cast: a dynamic cast was most of reading a configuration's
        // store back, and a search keeps one type in its table.
        guard ObjectIdentifier(Swift.type(of: box)) == ObjectIdentifier(Box<Value>.self) else { return nil }
        return unsafeDowncast(box, to: Box<Value>.self).value
    }

    func keep<Value>(_ value: Value, for number: Int) {
        if number >= values.count { values += Array(repeating: nil, count: number + 1 - values.count) }
        values[number] = Box(value)
    }

    func withMember<Result>(_ number: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        members[number].withUnsafeBytes(body)
    }
}
