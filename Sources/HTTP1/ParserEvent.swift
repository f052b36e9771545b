/// What `RequestParser.next()` produces.
public enum ParserEvent: Sendable, Equatable {
    /// The head of an HTTP/1.1 request carrying `Expect: 100-continue` is complete and it
    /// declares a non-empty body (Content-Length > 0, or chunked). Emitted once per such
    /// request, before its body is read; the server answers "HTTP/1.1 100 Continue\r\n\r\n".
    /// Emitted even when some body bytes have already arrived, so the events never depend on
    /// how the bytes were split into reads (RFC 9110 §10.1.1 allows the extra 100).
    case continueExpected
    /// A complete request, body included.
    case request(HTTPRequest)
}
