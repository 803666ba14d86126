/// The `statement` record's one field — the call as the log shows it — written as UTF-8
/// straight into its encoding (`FieldEncoder.encode(.call, string:)` gives the same bytes).
///
/// Every line a run has not seen before makes one; as a `String` built by interpolation and
/// then encoded, it was about a tenth of what such a line cost.
///
///     var text = CallText()
///     text.append("bounds(width: "); text.append(Int64(320)); text.append(")")
///     text.record()  // the encoded field for "bounds(width: 320)"
public struct CallText {
    /// The field's key, tag and (until `record`) zero length: the encoding of an empty text.
    private static let header = FieldEncoder.encode(.call, string: "")
    private var bytes: [UInt8]

    public init(capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(Self.header.count + capacity)
        bytes.append(contentsOf: Self.header)
    }

    /// The encoded field, its length filled in (in place: the bytes are not copied).
    public consuming func record() -> [UInt8] {
        let length: EncodedLength = bytes.count - Self.header.count
        // The header ends with the length, in the machine's byte order, as `FieldEncoder` writes it.
        // Through one buffer, not `bytes[i] = …` a byte at a time: each of those checked that
        // the array was not shared, a third of what writing a short call's text cost.
        let lengthStart = Self.header.count - lengthSize
        withUnsafeBytes(of: length) { lengthBytes in
            bytes.withUnsafeMutableBufferPointer { field in
                for index in 0..<lengthSize { field[lengthStart + index] = lengthBytes[index] }
            }
        }
        return bytes
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes[Self.header.count...], as: UTF8.self) }

    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ value: Bool) { append(value ? "true" : "false") }

    /// A whole number in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(truncatingIfNeeded: magnitude / divisor % 10) + 0x30)
            divisor /= 10
        } while divisor > 0
    }

    /// `nil`, or the text as `appendString` spells it.
    public mutating func appendString(_ text: String?) {
        if let text { appendString(text) } else { append("nil") }
    }

    /// `text` as `SwiftLiteral.string` spells it: in quotes, with `"`, `\` and control
    /// characters escaped. Byte by byte: every byte it escapes is ASCII.
    public mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { appendString(utf8: $0) }
    }

    private mutating func appendString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        // Most texts need no escape: then their bytes are copied in one piece.
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x09: append("\\t")
            case 0x0D: append("\\r")
            case 0..<0x20, 0x7F:
                append("\\u{")
                bytes.append(contentsOf: String(byte, radix: 16).utf8)
                append("}")
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A key as `SwiftLiteral.key` spells it: bare when it is an identifier, else a string.
    public mutating func appendKey(_ text: String) {
        if SwiftLiteral.isIdentifier(text) { bytes.append(contentsOf: text.utf8) } else { appendString(text) }
    }
}
