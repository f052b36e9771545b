/// A strict JSON parser: UTF-8 bytes in (RFC 8259, one value, optional surrounding
/// whitespace), a `JSONValue` or a `JSONParseError` with a byte offset out.
///
/// Strict means: anything RFC 8259 does not allow is an error, and so is what it allows but
/// leaves ambiguous (duplicate object keys). Refused: trailing data, leading zeros, `+`,
/// NaN/Infinity, invalid escapes, unpaired surrogate escapes, ill-formed UTF-8, raw control
/// characters in strings, a byte-order mark. Every limit of `JSONLimits` is enforced while
/// parsing, never after.
///
/// Promises: never traps on any input; iterative (an explicit stack, not recursion), so the
/// nesting of the input never reaches the call stack; memory is bounded by the input's size
/// and the limits.
public struct JSONParser: Sendable {
    public var limits: JSONLimits

    public init(limits: JSONLimits = JSONLimits()) {
        self.limits = limits
    }

    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(buffer, limits: limits)
            do throws(JSONParseError) {
                return .success(try scanner.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var scanner = Scanner(bytes.assumingMemoryBound(to: UInt8.self), limits: limits)
        return try scanner.document()
    }
}

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let comma = UInt8(ascii: ",")
private let colon = UInt8(ascii: ":")
private let minus = UInt8(ascii: "-")
private let zero = UInt8(ascii: "0")
private let nine = UInt8(ascii: "9")

/// The parse of one document. Lives for one call of `JSONParser.parse`.
private struct Scanner {
    /// An array or object still open, with what has been read of it.
    struct Container {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        /// The key of the member whose value is being read.
        var pendingKey = ""
        /// Keys seen so far, kept only once an object is big enough for a linear search to
        /// cost more than hashing.
        var keySet: Set<String> = []
    }

    /// Objects up to this many members are searched linearly for a duplicate key.
    static let linearKeySearchLimit = 16

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    let maxDepth: Int
    var index = 0
    /// A string's bytes while it is unescaped; reused for every string of the document.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
        maxDepth = limits.effectiveDepth
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        var stack: [Container] = []
        var value: JSONValue
        nextValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard stack.count < maxDepth else { throw JSONParseError(.tooDeep, at: index) }
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject(members: []))
                } else {
                    var container = Container(isObject: true)
                    try readKey(into: &container)
                    stack.append(container)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                guard stack.count < maxDepth else { throw JSONParseError(.tooDeep, at: index) }
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    guard limits.maxElements > 0 else { throw JSONParseError(.tooManyElements, at: index) }
                    stack.append(Container(isObject: false))
                    continue nextValue
                }
            case quote:
                value = .string(try string())
            case minus, zero...nine:
                value = .number(try number())
            case UInt8(ascii: "t"):
                try literal("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                value = .null
            case let byte:
                if startsWith("NaN") || startsWith("Infinity") { throw JSONParseError(.nonFiniteNumber, at: index) }
                throw JSONParseError(.unexpectedByte(byte), at: index)
            }

            // A value is complete: it ends the document or joins the innermost container,
            // which may then close too.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    guard index == bytes.count else { throw JSONParseError(.trailingData, at: index) }
                    return value
                }
                let top = stack.count - 1
                let isObject = stack[top].isObject
                if isObject {
                    stack[top].members.append(JSONObject.Member(key: stack[top].pendingKey, value: value))
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
                let byte = bytes[index]
                if byte == comma {
                    index += 1
                    skipWhitespace()
                    if isObject {
                        try readKey(into: &stack[top])
                    } else if stack[top].elements.count >= limits.maxElements {
                        throw JSONParseError(.tooManyElements, at: index)
                    }
                    continue nextValue
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw JSONParseError(.unexpectedByte(byte), at: index)
                }
                index += 1
                let closed = stack.removeLast()
                value = isObject ? .object(JSONObject(members: closed.members)) : .array(closed.elements)
            }
        }
    }

    // MARK: tokens

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func startsWith(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard bytes.count - index >= length else { return false }
        for offset in 0..<length where bytes[index + offset] != text.utf8Start[offset] { return false }
        return true
    }

    /// `true`, `false` or `null`, whose first byte has been seen.
    mutating func literal(_ text: StaticString) throws(JSONParseError) {
        for offset in 0..<text.utf8CodeUnitCount {
            guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
            guard bytes[index] == text.utf8Start[offset] else {
                throw JSONParseError(.unexpectedByte(bytes[index]), at: index)
            }
            index += 1
        }
    }

    /// A member's key and its colon, at the current (non-whitespace) position; the key is
    /// checked against the object's member count and its other keys.
    mutating func readKey(into container: inout Container) throws(JSONParseError) {
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        guard bytes[index] == quote else { throw JSONParseError(.unexpectedByte(bytes[index]), at: index) }
        let keyStart = index
        guard container.members.count < limits.maxMembers else { throw JSONParseError(.tooManyMembers, at: keyStart) }
        let key = try string()
        let members = container.members
        if members.count < Self.linearKeySearchLimit {
            if members.contains(where: { $0.key == key }) { throw JSONParseError(.duplicateKey(key), at: keyStart) }
        } else {
            if container.keySet.isEmpty { container.keySet = Set(members.lazy.map(\.key)) }
            guard container.keySet.insert(key).inserted else { throw JSONParseError(.duplicateKey(key), at: keyStart) }
        }
        container.pendingKey = key
        skipWhitespace()
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        guard bytes[index] == colon else { throw JSONParseError(.unexpectedByte(bytes[index]), at: index) }
        index += 1
    }

    /// A number literal (RFC 8259 §6), validated and kept as text.
    mutating func number() throws(JSONParseError) -> JSONNumber {
        let start = index
        if bytes[index] == minus {
            index += 1
            if startsWith("Infinity") { throw JSONParseError(.nonFiniteNumber, at: start) }
        }
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        if bytes[index] == zero {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) { throw JSONParseError(.leadingZero, at: index) }
        } else {
            guard try digits() else { throw JSONParseError(.invalidNumber, at: index) }
        }
        var isInteger = true
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard try digits() else { throw JSONParseError(.invalidNumber, at: index) }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == minus) { index += 1 }
            guard try digits() else { throw JSONParseError(.invalidNumber, at: index) }
        }
        guard index - start <= limits.maxNumberBytes else {
            throw JSONParseError(.numberTooLong, at: start + limits.maxNumberBytes)
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(literal: literal, isIntegerLiteral: isInteger)
    }

    /// Skips one or more digits; false when there is none. Throws `unexpectedEnd` at the end
    /// of input, where a digit was required.
    mutating func digits() throws(JSONParseError) -> Bool {
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        let start = index
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        return index > start
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    /// A string at the opening quote: unescaped, its UTF-8 validated, its length bounded.
    mutating func string() throws(JSONParseError) -> String {
        index += 1   // the opening quote
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            // Checked before each piece is added, so a piece never takes the string past it.
            if byte == backslash {
                try escape()
            } else if byte < 0x20 {
                throw JSONParseError(.controlCharacter, at: index)
            } else if byte < 0x80 {
                guard scratch.count < limits.maxStringBytes else { throw JSONParseError(.stringTooLong, at: index) }
                scratch.append(byte)
                index += 1
            } else {
                try multiByteSequence()
            }
        }
    }

    /// One UTF-8 sequence of 2 to 4 bytes, well-formed per Unicode Table 3-7: no overlong
    /// forms, no UTF-16 surrogates, nothing above U+10FFFF.
    mutating func multiByteSequence() throws(JSONParseError) {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw JSONParseError(.invalidUTF8, at: index)
        }
        for offset in 1..<length {
            let position = index + offset
            guard position < bytes.count else { throw JSONParseError(.unexpectedEnd, at: position) }
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(bytes[position]) else { throw JSONParseError(.invalidUTF8, at: position) }
        }
        guard scratch.count + length <= limits.maxStringBytes else { throw JSONParseError(.stringTooLong, at: index) }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
        index += length
    }

    /// An escape at its backslash.
    mutating func escape() throws(JSONParseError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        let decoded: UInt8
        switch bytes[index] {
        case quote: decoded = quote
        case backslash: decoded = backslash
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            index += 1
            try unicodeEscape(start: start)
            return
        default:
            throw JSONParseError(.invalidEscape, at: index)
        }
        guard scratch.count < limits.maxStringBytes else { throw JSONParseError(.stringTooLong, at: start) }
        scratch.append(decoded)
        index += 1
    }

    /// The four hex digits after `\u` (and, for a high surrogate, the `\uXXXX` of its low
    /// half), appended as UTF-8.
    mutating func unicodeEscape(start: Int) throws(JSONParseError) {
        var scalar = UInt32(try hexQuad())
        switch scalar {
        case 0xD800...0xDBFF:
            // Only a low surrogate escape may follow a high one.
            guard bytes.count - index >= 2, bytes[index] == backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(.loneSurrogate, at: index)
            }
            let secondStart = index
            index += 2
            let low = UInt32(try hexQuad())
            guard (0xDC00...0xDFFF).contains(low) else { throw JSONParseError(.loneSurrogate, at: secondStart) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONParseError(.loneSurrogate, at: start)
        default:
            break
        }
        var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let length: Int
        switch scalar {
        case 0..<0x80:
            encoded.0 = UInt8(scalar); length = 1
        case 0x80..<0x800:
            encoded = (0xC0 | UInt8(scalar >> 6), 0x80 | UInt8(scalar & 0x3F), 0, 0); length = 2
        case 0x800..<0x10000:
            encoded = (0xE0 | UInt8(scalar >> 12), 0x80 | UInt8((scalar >> 6) & 0x3F), 0x80 | UInt8(scalar & 0x3F), 0)
            length = 3
        default:
            encoded = (0xF0 | UInt8(scalar >> 18), 0x80 | UInt8((scalar >> 12) & 0x3F),
                       0x80 | UInt8((scalar >> 6) & 0x3F), 0x80 | UInt8(scalar & 0x3F))
            length = 4
        }
        guard scratch.count + length <= limits.maxStringBytes else { throw JSONParseError(.stringTooLong, at: start) }
        withUnsafeBytes(of: &encoded) { scratch.append(contentsOf: $0.prefix(length)) }
    }

    /// Four hex digits, either case.
    mutating func hexQuad() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case zero...nine: digit = byte - zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidEscape, at: index)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
