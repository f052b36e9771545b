/// Bounds on what `JSONParser` accepts, so that hostile input costs bounded memory and time.
/// Every limit is checked while parsing; the first one exceeded ends the parse with a
/// `JSONParseError` at the byte where it tripped. The input's total size is the caller's to
/// bound (an HTTP body reader checks it before parsing).
public struct JSONLimits: Sendable, Equatable {
    /// The deepest nesting of arrays and objects allowed: `[]` is depth 1, `[[]]` depth 2.
    /// Values above `JSONLimits.maxSupportedDepth` are treated as that: a parsed value is
    /// destroyed and compared recursively, so its depth has to fit any thread's stack.
    public var maxDepth: Int
    /// The longest string (keys included), in bytes of UTF-8 after unescaping.
    public var maxStringBytes: Int
    /// The most members one object may have.
    public var maxMembers: Int
    /// The most elements one array may have.
    public var maxElements: Int
    /// The longest number literal, in bytes. Long literals are legal JSON but only cost time
    /// to convert; no number a client sends us needs more than a few dozen digits.
    public var maxNumberBytes: Int

    /// The deepest nesting any configuration gets (see `maxDepth`).
    public static let maxSupportedDepth = 512

    public init(maxDepth: Int = 32, maxStringBytes: Int = 65_536, maxMembers: Int = 1_024,
                maxElements: Int = 65_536, maxNumberBytes: Int = 256) {
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxMembers = maxMembers
        self.maxElements = maxElements
        self.maxNumberBytes = maxNumberBytes
    }

    /// `maxDepth` as the parser applies it.
    var effectiveDepth: Int { min(max(maxDepth, 0), Self.maxSupportedDepth) }
}

/// Why bytes are not acceptable JSON, and the byte offset (from 0) where that became clear:
/// the offending byte, or the input's length when it ended too early.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The input ended inside a value (or was empty).
        case unexpectedEnd
        /// A byte that cannot start or continue what was expected here.
        case unexpectedByte(UInt8)
        /// A complete value was followed by something other than whitespace.
        case trailingData
        /// A number with a superfluous leading zero, such as `01` or `-00.5`.
        case leadingZero
        /// A number missing digits after `-`, `.` or the exponent sign.
        case invalidNumber
        /// `NaN`, `Infinity` or `-Infinity`: not JSON (RFC 8259 §6).
        case nonFiniteNumber
        /// A backslash not followed by one of `" \ / b f n r t u`, or `\u` without four hex digits.
        case invalidEscape
        /// A `\u` escape of half a surrogate pair without its other half.
        case loneSurrogate
        /// Bytes in a string that are not well-formed UTF-8 (overlong forms, surrogates,
        /// beyond U+10FFFF, truncated sequences).
        case invalidUTF8
        /// A raw control character (U+0000 to U+001F) inside a string; it must be escaped.
        case controlCharacter
        /// An object named the same key twice. RFC 8259 §4 leaves the meaning open and
        /// parsers disagree (first wins, last wins), so a body that another component reads
        /// one way and we read the other is refused instead.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than `JSONLimits.maxDepth`.
        case tooDeep
        /// A string longer than `JSONLimits.maxStringBytes`.
        case stringTooLong
        /// A number literal longer than `JSONLimits.maxNumberBytes`.
        case numberTooLong
        /// An object with more than `JSONLimits.maxMembers` members.
        case tooManyMembers
        /// An array with more than `JSONLimits.maxElements` elements.
        case tooManyElements
    }

    public let reason: Reason
    public let offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A sentence safe to show a client: it quotes no input beyond one byte or a short key.
    public var description: String {
        "Invalid JSON at byte \(offset): \(reasonText)."
    }

    var reasonText: String {
        switch reason {
        case .unexpectedEnd: return "unexpected end of input"
        case .unexpectedByte(let byte):
            if (0x21...0x7E).contains(byte) { return "unexpected character '\(Character(Unicode.Scalar(byte)))'" }
            return "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
        case .trailingData: return "unexpected data after the value"
        case .leadingZero: return "numbers must not have leading zeros"
        case .invalidNumber: return "malformed number"
        case .nonFiniteNumber: return "NaN and Infinity are not JSON numbers"
        case .invalidEscape: return "invalid escape sequence"
        case .loneSurrogate: return "unpaired UTF-16 surrogate escape"
        case .invalidUTF8: return "invalid UTF-8"
        case .controlCharacter: return "control characters in strings must be escaped"
        case .duplicateKey(let key):
            return key.utf8.count <= 64 ? "duplicate key \"\(key)\"" : "duplicate key"
        case .tooDeep: return "nested too deeply"
        case .stringTooLong: return "string too long"
        case .numberTooLong: return "number too long"
        case .tooManyMembers: return "too many object members"
        case .tooManyElements: return "too many array elements"
        }
    }
}
