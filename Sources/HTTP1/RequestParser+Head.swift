extension RequestParser {
    // MARK: request line

    /// Parses `method SP request-target SP HTTP-version` in buffer[readIndex..<end].
    mutating func parseRequestLine(end: Int) throws(HTTPParseError) {
        let start = readIndex
        let parts: (method: String, target: String, version: HTTPVersion) = try buffer.withUnsafeBufferPointer {
            p throws(HTTPParseError) in
            // RFC 9112 §3: method = token, followed by exactly one SP.
            var i = start
            while i < end && ByteClass.isTchar(p[i]) { i += 1 }
            if i == start || i == end || p[i] != ByteClass.sp {
                throw .invalidMethod
            }
            let methodEnd = i
            i += 1
            let targetStart = i
            while i < end && p[i] != ByteClass.sp { i += 1 }
            let targetEnd = i
            // RFC 9112 §3: single SP between the parts; no empty target.
            if targetEnd == targetStart { throw .badRequest("invalid request line: extra whitespace") }
            if i == end { throw .badRequest("invalid request line: missing HTTP version") }
            i += 1
            let version = try Self.parseVersion(p, from: i, to: end)

            // RFC 9112 §3.2: request-target is visible ASCII only; whitespace, control
            // characters and non-ASCII bytes are 400.
            for j in targetStart..<targetEnd where p[j] < 0x21 || p[j] > 0x7E {
                throw .badRequest("invalid character in request-target")
            }
            let method = String(decoding: UnsafeBufferPointer(rebasing: p[start..<methodEnd]), as: UTF8.self)
            let target = try Self.originForm(p, from: targetStart, to: targetEnd, method: method)
            return (method, target, version)
        }
        head.method = HTTPMethod(rawValue: parts.method)
        head.target = parts.target
        head.version = parts.version
    }

    /// HTTP-version = "HTTP" "/" DIGIT "." DIGIT (RFC 9112 §2.3).
    private static func parseVersion(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        throws(HTTPParseError) -> HTTPVersion {
        if p[start..<end].contains(ByteClass.sp) { throw .badRequest("invalid request line: extra whitespace") }
        guard end - start == 8,
              p[start] == UInt8(ascii: "H"), p[start + 1] == UInt8(ascii: "T"),
              p[start + 2] == UInt8(ascii: "T"), p[start + 3] == UInt8(ascii: "P"),
              p[start + 4] == UInt8(ascii: "/"), p[start + 6] == UInt8(ascii: "."),
              (0x30...0x39).contains(p[start + 5]), (0x30...0x39).contains(p[start + 7])
        else { throw .badRequest("malformed HTTP version") }
        let major = Int(p[start + 5] - 0x30)
        let minor = Int(p[start + 7] - 0x30)
        // RFC 9110 §2.5: only major version 1 is implemented (HTTP/0.9, 2.0, 3.0: 505) ...
        guard major == 1 else {
            throw HTTPParseError(status: .httpVersionNotSupported, reason: "HTTP version not supported")
        }
        // ... and a higher minor version within it is processed as the highest we implement.
        return minor == 0 ? .http1_0 : .http1_1
    }

    /// The origin-form of the request-target (RFC 9112 §3.2), or "*".
    private static func originForm(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                                   method: String) throws(HTTPParseError) -> String {
        // RFC 9112 §3.2.3: authority-form is only for CONNECT, which this server does not do.
        if method == "CONNECT" {
            throw HTTPParseError(status: .notImplemented, reason: "CONNECT is not supported")
        }
        // RFC 9112 §3.2.1: origin-form = absolute-path [ "?" query ].
        if p[start] == UInt8(ascii: "/") {
            return String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
        }
        // RFC 9112 §3.2.4: asterisk-form only with OPTIONS.
        if end - start == 1 && p[start] == UInt8(ascii: "*") {
            guard method == "OPTIONS" else { throw .badRequest("asterisk-form target is only allowed with OPTIONS") }
            return "*"
        }
        // RFC 9112 §3.2.2: absolute-form; a server MUST accept it. Only the path and query are
        // kept (the authority is validated, then ignored like the Host header, §3.2.2 allows it).
        var i = start
        let scheme: Int
        if end - start > 7 && ByteClass.equalsLowercase(p, start, start + 7, "http://") {
            scheme = 7
        } else if end - start > 8 && ByteClass.equalsLowercase(p, start, start + 8, "https://") {
            scheme = 8
        } else {
            throw .badRequest("invalid request-target")
        }
        i += scheme
        let authorityStart = i
        while i < end && p[i] != UInt8(ascii: "/") && p[i] != UInt8(ascii: "?") {
            // RFC 9110 §4.2.4: userinfo in an http(s) URI is treated as an error.
            guard ByteClass.isHostByte(p[i]) else { throw .badRequest("invalid authority in request-target") }
            i += 1
        }
        if i == authorityStart { throw .badRequest("invalid authority in request-target") }
        if i == end { return "/" }
        let rest = String(decoding: UnsafeBufferPointer(rebasing: p[i..<end]), as: UTF8.self)
        return p[i] == UInt8(ascii: "?") ? "/" + rest : rest
    }

    // MARK: header fields

    /// Parses `field-name ":" OWS field-value OWS` in buffer[readIndex..<end] and appends it.
    mutating func parseHeaderField(end: Int) throws(HTTPParseError) {
        let start = readIndex
        let version = head.version
        let (name, value, kind) = try buffer.withUnsafeBufferPointer {
            p throws(HTTPParseError) -> (String, String, FieldKind) in
            let (nameEnd, valueStart, valueEnd) = try Self.splitField(p, start: start, end: end)
            let kind = FieldKind(p, start, nameEnd)
            if kind == .host {
                // RFC 9112 §3.2: a Host field with an invalid value is 400.
                for j in valueStart..<valueEnd where !ByteClass.isHostByte(p[j]) {
                    throw .badRequest("invalid Host header")
                }
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: p[start..<nameEnd]), as: UTF8.self)
            let value = String(decoding: UnsafeBufferPointer(rebasing: p[valueStart..<valueEnd]), as: UTF8.self)
            return (name, value, kind)
        }
        switch kind {
        case .host: head.hostCount += 1
        case .contentLength: head.contentLengths.append(value)
        case .transferEncoding: head.transferEncodings.append(value)
        case .expect: if version == .http1_1 { head.expectations.append(value) }
        case .other: break
        }
        head.headers.append(name: name, value: value)
    }

    /// Validates a trailer field line (RFC 9112 §7.1.2) without keeping it.
    mutating func validateTrailerField(end: Int) throws(HTTPParseError) {
        let start = readIndex
        try buffer.withUnsafeBufferPointer { p throws(HTTPParseError) in
            _ = try Self.splitField(p, start: start, end: end)
        }
    }

    /// Returns (end of name, start of value, end of value) or throws the rule broken.
    private static func splitField(_ p: UnsafeBufferPointer<UInt8>, start: Int, end: Int)
        throws(HTTPParseError) -> (Int, Int, Int) {
        // RFC 9112 §5.2: obs-fold (a line starting with whitespace) is rejected with 400;
        // so is whitespace before the first field line (§2.2).
        if ByteClass.isWhitespace(p[start]) { throw .badRequest("obsolete line folding in header") }
        var i = start
        while i < end && ByteClass.isTchar(p[i]) { i += 1 }
        // RFC 9110 §5.1: field-name = token, non-empty.
        if i == start { throw .badRequest("invalid header field name") }
        if i == end { throw .badRequest("header field without colon") }
        // RFC 9112 §5.1: no whitespace between field name and colon, 400.
        if ByteClass.isWhitespace(p[i]) { throw .badRequest("whitespace between header field name and colon") }
        if p[i] != UInt8(ascii: ":") { throw .badRequest("invalid header field name") }
        let nameEnd = i
        i += 1
        // RFC 9112 §5.1: leading and trailing OWS are not part of the value.
        while i < end && ByteClass.isWhitespace(p[i]) { i += 1 }
        var valueEnd = end
        while valueEnd > i && ByteClass.isWhitespace(p[valueEnd - 1]) { valueEnd -= 1 }
        // RFC 9110 §5.5: field-vchar = VCHAR / obs-text; NUL, CR, LF and other controls are 400.
        for j in i..<valueEnd where ByteClass.isForbiddenInValue(p[j]) {
            if p[j] == ByteClass.cr { throw .badRequest("bare CR in header") }  // RFC 9112 §2.2
            throw .badRequest("invalid character in header field value")
        }
        return (nameEnd, i, valueEnd)
    }
}
