/// Finds the first byte that breaks UTF-8, so a diagnostic can point at it.
enum UTF8Validation {
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        // Script lines are mostly ASCII: step over sixteen such bytes at a time (two words
        // or-ed, one test), then eight.
        while index &+ 16 <= count,
              (raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 {
            index &+= 16
        }
        while index < count {
            // Wrapping arithmetic here as above: indices within a buffer's count cannot overflow.
            if index &+ 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index &+= 8
                continue
            }
            // The last few bytes: when the line's last eight (some checked already) are ASCII,
            // the line is done with one load rather than a byte at a time.
            if index &+ 8 > count, count >= 8,
               raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                return nil
            }
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
            default: return index
            }
            for offset in 1..<length {
                guard index + offset < count, bytes[index + offset] & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
            if scalar < minimum || (0xD800...0xDFFF).contains(scalar) || scalar > 0x10FFFF { return index }
            index += length
        }
        return nil
    }
}
