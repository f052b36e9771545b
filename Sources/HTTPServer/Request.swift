import HTTP1

/// A request as a route handler sees it: the parsed request plus what routing extracted and
/// what the connection knows (the client's address) and the request's id.
public struct Request: Sendable {
    public let head: HTTPRequest
    /// Values of the pattern's `{name}` segments, percent-decoded.
    public let pathParameters: [String: String]
    /// The decoded query. A query that does not decode never reaches a handler (400 instead).
    public let query: QueryParameters
    /// The request's id: the client's `X-Request-Id` when it is 1...128 visible ASCII
    /// characters, otherwise one generated for it (unique within the process). The response
    /// carries it back in `X-Request-Id`, and every problem body as `requestId`.
    public let requestID: String
    /// The peer's IP address without the port (`203.0.113.7`, `2001:db8::1`; an IPv4 client of
    /// a dual-stack listener shows as IPv4). The TCP peer: behind a proxy, the proxy. Empty
    /// when there is no connection (a request made in-process).
    public let clientAddress: String

    /// `requestID` nil: a fresh one is generated.
    public init(head: HTTPRequest, pathParameters: [String: String] = [:], query: QueryParameters,
                requestID: String? = nil, clientAddress: String = "") {
        self.head = head
        self.pathParameters = pathParameters
        self.query = query
        self.requestID = requestID ?? RequestID.generate()
        self.clientAddress = clientAddress
    }

    public var method: HTTPMethod { head.method }
    /// The path, still percent-encoded as received.
    public var path: String { head.path }
    /// The first value of the header `name` (case-insensitive).
    public func header(_ name: String) -> String? { head.headers[name] }
    /// The request's body as received (already de-chunked; bounded by the server's `maxBodyBytes`).
    public var body: [UInt8] { head.body }
}

/// A route handler: synchronous, may block briefly (SQLite), runs on the handler queue.
/// Throw a `ProblemConvertible` to answer with that problem; any other error becomes a 500.
public typealias Handler = @Sendable (Request) throws -> HTTPResponse
