/// Byte classes of the HTTP grammar (RFC 9110 §5.6.2, RFC 9112 §2.2), as cheap switches
/// the optimizer turns into range checks.
enum ByteClass {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let sp: UInt8 = 0x20
    static let htab: UInt8 = 0x09

    /// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
    @inline(__always)
    static func isTchar(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: true
        default: false
        }
    }

    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool { b == sp || b == htab }

    /// A control character other than HTAB, or DEL: never allowed in a field value
    /// (field-vchar = VCHAR / obs-text, RFC 9110 §5.5).
    @inline(__always)
    static func isForbiddenInValue(_ b: UInt8) -> Bool { (b < 0x20 && b != htab) || b == 0x7F }

    @inline(__always)
    static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: Int(b &- 0x30)
        case 0x41...0x46: Int(b &- 0x41 &+ 10)
        case 0x61...0x66: Int(b &- 0x61 &+ 10)
        default: nil
        }
    }

    /// Characters allowed in a Host value or an absolute-form authority: uri-host [ ":" port ]
    /// (RFC 3986 §3.2.2: unreserved / pct-encoded / sub-delims, plus "[" "]" ":" for IP literals).
    @inline(__always)
    static func isHostByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"): true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="): true
        case UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"): true
        default: false
        }
    }

    /// ASCII case-insensitive comparison of `bytes` with a lowercase `ascii` literal.
    @inline(__always)
    static func equalsLowercase(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                _ lowercase: StaticString) -> Bool {
        guard end - start == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for i in 0..<(end - start) {
            let b = bytes[start + i]
            let folded = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
            if folded != expected[i] { return false }
        }
        return true
    }
}
