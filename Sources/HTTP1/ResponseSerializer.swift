/// Turns an `HTTPResponse` into HTTP/1.1 wire bytes (RFC 9112 §4, §6), appended to one
/// contiguous buffer so the server can send it with a single write.
///
/// The serializer owns the `Date` and `Connection` fields: any given in `response.headers`
/// are replaced. CR, LF and NUL in header names or values are written as SP, so a value
/// echoed from a request can never split the response.
public enum ResponseSerializer {
    /// Appends the whole response: status line `HTTP/1.1 code reason`, the response's
    /// headers, then `Date: <date>`, `Content-Length` (unless already present, or the status
    /// forbids a body per `HTTPStatus.allowsBody` — for 1xx/204/304 a given Content-Length is
    /// left out too), `Connection: close` when !keepAlive (and `Connection: keep-alive` when
    /// keepAlive and requestVersion is 1.0), the blank line, then the body unless
    /// isHeadRequest or the status forbids a body.
    ///
    /// For HEAD, pass the body a GET would have produced: its length becomes Content-Length.
    public static func write(_ response: HTTPResponse, to buffer: inout [UInt8], date: String,
                             keepAlive: Bool, isHeadRequest: Bool,
                             requestVersion: HTTPVersion = .http1_1) {
        let sendsBody = response.status.allowsBody && !isHeadRequest
        buffer.reserveCapacity(buffer.count + 128 + response.headers.count * 32 + (sendsBody ? response.body.count : 0))
        if writeHead(response, to: &buffer, date: date, keepAlive: keepAlive, isHeadRequest: isHeadRequest,
                     requestVersion: requestVersion) {
            buffer.append(contentsOf: response.body)
        }
    }

    /// Appends what `write` appends except the body; returns whether `response.body` must
    /// follow on the wire (false for HEAD and for statuses without a body). For a caller that
    /// sends the body from where it lies instead of copying it behind the head.
    public static func writeHead(_ response: HTTPResponse, to buffer: inout [UInt8], date: String,
                                 keepAlive: Bool, isHeadRequest: Bool,
                                 requestVersion: HTTPVersion = .http1_1) -> Bool {
        let allowsBody = response.status.allowsBody
        buffer.reserveCapacity(buffer.count + 128 + response.headers.count * 32)

        buffer.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(response.status.code, to: &buffer)
        buffer.append(ByteClass.sp)
        appendSanitized(response.status.reasonPhrase, to: &buffer)
        buffer.append(contentsOf: crlf)

        var hasContentLength = false
        for field in response.headers {
            if field.name.asciiCaseInsensitiveEquals("Date") || field.name.asciiCaseInsensitiveEquals("Connection") {
                continue
            }
            if field.name.asciiCaseInsensitiveEquals("Content-Length") {
                // RFC 9110 §8.6: no Content-Length in 1xx or 204; we leave it out of 304 too.
                if !allowsBody { continue }
                hasContentLength = true
            }
            appendField(field.name, field.value, to: &buffer)
        }
        appendField("Date", date, to: &buffer)
        if allowsBody && !hasContentLength {
            buffer.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(response.body.count, to: &buffer)
            buffer.append(contentsOf: crlf)
        }
        // RFC 9112 §9.6: announce the close; §9.3: an HTTP/1.0 client needs keep-alive spelled out.
        if !keepAlive {
            buffer.append(contentsOf: "Connection: close\r\n".utf8)
        } else if requestVersion == .http1_0 {
            buffer.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        buffer.append(contentsOf: crlf)
        return allowsBody && !isHeadRequest
    }

    private static let crlf: [UInt8] = [ByteClass.cr, ByteClass.lf]

    private static func appendField(_ name: String, _ value: String, to buffer: inout [UInt8]) {
        appendSanitized(name, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        buffer.append(ByteClass.sp)
        appendSanitized(value, to: &buffer)
        buffer.append(contentsOf: crlf)
    }

    private static func appendSanitized(_ text: String, to buffer: inout [UInt8]) {
        for b in text.utf8 {
            buffer.append(b == ByteClass.cr || b == ByteClass.lf || b == 0 ? ByteClass.sp : b)
        }
    }

    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        precondition(value >= 0, "negative status code or length")
        if value < 10 {
            buffer.append(UInt8(truncatingIfNeeded: value) + 0x30)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while n > 0 {
                d[count] = UInt8(truncatingIfNeeded: n % 10) + 0x30
                n /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { buffer.append(d[i]) }
        }
    }
}
