/// Packs a configuration into bytes: what explore hashes and stores for each one.
///
/// Small numbers take one byte (LEB128, zig-zag for signs); a string is its length then its
/// UTF-8. Two configurations are the same exactly when their bytes are.
public struct IdentityEncoder {
    public private(set) var bytes: [UInt8] = []
    /// Where components go, when they are stored once and referred to by number.
    public let components: IdentityComponents?

    public init(components: IdentityComponents? = nil) {
        self.components = components
        bytes.reserveCapacity(64)
    }

    /// A part of the configuration that seldom changes and is long (StatefulViewController's
    /// view store): with `components`, written once to that table and here as its number,
    /// which is most of a stored configuration's bytes saved (Spin calls this collapse
    /// compression); without, written in place.
    public mutating func addComponent(_ encode: (inout IdentityEncoder) -> Void) {
        let start = bytes.count
        encode(&self)
        guard let components else { return }
        let number = components.number(of: bytes[start...])
        bytes.removeSubrange(start...)
        add(number)
    }

    /// A component known to be number `number` of `components` (`IdentityDecoder.lastComponent`
    /// said so when the model was read back, and it has not changed since): nothing to encode.
    /// False, and nothing written, when this encoder has another table or none.
    public mutating func addComponent(_ known: IdentityComponents.Reference) -> Bool {
        guard let components, ObjectIdentifier(components) == known.table else { return false }
        add(known.number)
        return true
    }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public mutating func add(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func add(byte: UInt8) { bytes.append(byte) }

    public mutating func add(_ value: Int64) {
        var zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while zigzag >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    public mutating func add(_ value: Int) { add(Int64(value)) }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func add(_ text: String?) {
        add(text != nil)
        if let text { add(text) }
    }

    /// An observed value, for properties that join the identity because the spec reads them.
    public mutating func add(_ value: ObservedValue) {
        switch value {
        case .name(let name): bytes.append(0); add(name)
        case .names(let names): bytes.append(1); add(names.count); for name in names { add(name) }
        case .count(let count): bytes.append(2); add(count)
        case .flag(let flag): bytes.append(3); add(flag)
        }
    }
}

/// Reads back what `IdentityEncoder` wrote. Malformed bytes read as zeros and set `failed`:
/// identities come from the encoder, so a failure is a bug that a test catches.
public struct IdentityDecoder {
    private let bytes: UnsafeRawBufferPointer
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

    /// Marks the bytes as not what the encoder writes.
    public mutating func fail() { failed = true }

    public mutating func bool() -> Bool { byte() != 0 }

    public mutating func int64() -> Int64 {
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

    public mutating func string() -> String {
        let count = int()
        guard count >= 0, count <= bytes.count - offset else { failed = true; return "" }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        offset += count
        return text
    }

    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { failed = true; return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }
}

/// The components of a search's configurations, each stored once and numbered in the
/// order first met. A class: the encoder and decoder of one search share it.
public final class IdentityComponents {
    /// Slices, so that looking up the encoder's bytes copies nothing.
    private var numbers: [ArraySlice<UInt8>: Int] = [:]
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

    func number(of bytes: ArraySlice<UInt8>) -> Int {
        if let number = numbers[bytes] { return number }
        let member = Array(bytes)
        numbers[member[...]] = members.count
        members.append(member)
        return members.count - 1
    }

    /// Members as read back by `IdentityDecoder.sharedComponent`, by number.
    private var values: [Int: AnyObject] = [:]
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    func value<Value>(_ number: Int, as type: Value.Type) -> Value? {
        (values[number] as? Box<Value>)?.value
    }

    func keep<Value>(_ value: Value, for number: Int) { values[number] = Box(value) }

    func withMember<Result>(_ number: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        members[number].withUnsafeBytes(body)
    }
}
