/// The bounds a `RequestParser` enforces on one request. Every limit maps to exactly one
/// response status; the parser detects a breach as soon as the buffered bytes prove it,
/// without waiting for the rest of the request, so memory stays bounded by these limits
/// plus one read.
public struct ParserLimits: Sendable, Equatable {
    /// Bytes of the request line, counting its line terminator (CRLF or bare LF).
    /// Default 8192. Breach: 414 URI Too Long.
    public var maxRequestLineBytes: Int
    /// Bytes of the whole header section after the request line, counting every line
    /// terminator and the empty line that ends it. The same bound applies separately to a
    /// chunked body's trailer section. Default 16384. Breach: 431 Request Header Fields Too Large.
    public var maxHeaderBytes: Int
    /// Number of header field lines (and, separately, of trailer field lines).
    /// Default 100. Breach: 431 Request Header Fields Too Large.
    public var maxHeaderCount: Int
    /// Bytes of the decoded body, whether framed by Content-Length or chunked.
    /// Default 1 MiB (1 << 20). Breach: 413 Content Too Large — for Content-Length as soon
    /// as the header is read, before any body byte arrives; for chunked as soon as a chunk
    /// size would take the body past the limit.
    public var maxBodyBytes: Int

    public init(maxRequestLineBytes: Int = 8192, maxHeaderBytes: Int = 16384,
                maxHeaderCount: Int = 100, maxBodyBytes: Int = 1 << 20) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}
