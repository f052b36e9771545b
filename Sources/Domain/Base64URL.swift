/// Base64 with the URL- and filename-safe alphabet (RFC 4648 §5: `-` and `_` instead of
/// `+` and `/`) and without `=` padding, as bearer tokens and URLs want it.
///
/// Decoding is strict, so that each byte string has exactly one accepted text: only the
/// 64 alphabet characters (no padding, whitespace or standard-alphabet `+` `/`), a length
/// that is not 1 mod 4 (no such encoding exists), and zero bits in the unused low bits of
/// the last character (RFC 4648 §3.5 lets decoders reject non-zero ones; we do).
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The encoding of `bytes`: `ceil(4 * count / 3)` characters, no padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(encodedLength(byteCount: input.count))
        var index = 0
        while index + 3 <= input.count {
            let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            for shift in [18, 12, 6, 0] as [UInt32] { output.append(alphabet[Int(group >> shift & 0x3F)]) }
            index += 3
        }
        switch input.count - index {
        case 1:
            let group = UInt32(input[index]) << 16
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
        case 2:
            let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Characters in the encoding of `byteCount` bytes.
    public static func encodedLength(byteCount: Int) -> Int {
        (byteCount * 4 + 2) / 3
    }

    /// The bytes `text` encodes; nil unless `text` is exactly what `encode` produces for
    /// some bytes (see the type's rules).
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = sextet(character) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // 2 or 4 bits left over from the last character must be zero.
        guard accumulator == 0 else { return nil }
        return output
    }

    /// The 6-bit value of one alphabet character; nil for any other byte.
    static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
