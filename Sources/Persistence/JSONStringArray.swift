/// The JSON text of an array of strings, as stored in the `photo_urls`, `amenities` and
/// `house_rules` columns. Persistence does not depend on the JSON module, and needs only
/// this one shape.
///
/// Promises: `decode(encode(x)) == x` for every array of strings; `decode` accepts any
/// RFC 8259 array of strings (whitespace, every escape, `\uXXXX` including surrogate
/// pairs) and throws on anything else. Lone surrogates decode as U+FFFD.
enum JSONStringArray {
    struct SyntaxError: Error {}

    static func encode(_ strings: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                              hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    static func decode(_ text: String) throws -> [String] {
        var copy = text
        return try copy.withUTF8 { try decode($0) }
    }

    /// The array's first string alone (an empty array for an empty one), for readers that
    /// show one photo: the rest is not decoded, so not checked either.
    static func decodeFirst(_ input: UnsafeBufferPointer<UInt8>) throws -> [String] {
        var reader = Reader(input: input)
        reader.skipWhitespace()
        try reader.expect(UInt8(ascii: "["))
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "]") { return [] }
        return [try reader.string()]
    }

    static func decode(_ input: UnsafeBufferPointer<UInt8>) throws -> [String] {
        var reader = Reader(input: input)
        reader.skipWhitespace()
        try reader.expect(UInt8(ascii: "["))
        var strings: [String] = []
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "]") {
            reader.position += 1
        } else {
            while true {
                reader.skipWhitespace()
                strings.append(try reader.string())
                reader.skipWhitespace()
                guard let byte = reader.next() else { throw SyntaxError() }
                if byte == UInt8(ascii: "]") { break }
                guard byte == UInt8(ascii: ",") else { throw SyntaxError() }
            }
        }
        reader.skipWhitespace()
        guard reader.position == input.count else { throw SyntaxError() }
        return strings
    }

    private struct Reader {
        let input: UnsafeBufferPointer<UInt8>
        var position = 0

        func peek() -> UInt8? { position < input.count ? input[position] : nil }

        mutating func next() -> UInt8? {
            guard position < input.count else { return nil }
            defer { position += 1 }
            return input[position]
        }

        mutating func expect(_ byte: UInt8) throws {
            guard next() == byte else { throw SyntaxError() }
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        mutating func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            var bytes: [UInt8] = []
            while true {
                guard let byte = next() else { throw SyntaxError() }
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: bytes, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = next() else { throw SyntaxError() }
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
                    case UInt8(ascii: "b"): bytes.append(0x08)
                    case UInt8(ascii: "f"): bytes.append(0x0C)
                    case UInt8(ascii: "n"): bytes.append(0x0A)
                    case UInt8(ascii: "r"): bytes.append(0x0D)
                    case UInt8(ascii: "t"): bytes.append(0x09)
                    case UInt8(ascii: "u"): appendUTF8(of: try unicodeEscape(), to: &bytes)
                    default: throw SyntaxError()
                    }
                case 0..<0x20:
                    throw SyntaxError()  // control characters must be escaped
                default:
                    bytes.append(byte)
                }
            }
        }

        /// The scalar of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair.
        mutating func unicodeEscape() throws -> Unicode.Scalar {
            let first = try hex4()
            switch first {
            case 0xD800...0xDBFF:
                // A high surrogate: a low one must follow as another \u escape.
                let save = position
                if next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") {
                    let second = try hex4()
                    if (0xDC00...0xDFFF).contains(second) {
                        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        return Unicode.Scalar(value) ?? "\u{FFFD}"
                    }
                }
                position = save
                return "\u{FFFD}"
            case 0xDC00...0xDFFF:
                return "\u{FFFD}"
            default:
                return Unicode.Scalar(first) ?? "\u{FFFD}"
            }
        }

        mutating func hex4() throws -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = next() else { throw SyntaxError() }
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw SyntaxError()
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        func appendUTF8(of scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
            bytes.append(contentsOf: UTF8.encode(scalar)!)
        }
    }
}
