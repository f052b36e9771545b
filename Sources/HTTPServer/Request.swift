import HTTP1

/// A request as a route handler sees it: the parsed request plus what routing extracted.
public struct Request: Sendable {
    public let head: HTTPRequest
    /// Values of the pattern's `{name}` segments, percent-decoded.
    public let pathParameters: [String: String]
    /// The decoded query. A query that does not decode never reaches a handler (400 instead).
    public let query: QueryParameters

    public init(head: HTTPRequest, pathParameters: [String: String] = [:], query: QueryParameters) {
        self.head = head
        self.pathParameters = pathParameters
        self.query = query
    }

    public var method: HTTPMethod { head.method }
    /// The path, still percent-encoded as received.
    public var path: String { head.path }
    /// The client's IP address (no port), as the socket saw it.
    public var clientAddress: String { head.remoteAddress }
    /// The first value of the header `name` (case-insensitive).
    public func header(_ name: String) -> String? { head.headers[name] }
}

/// A route handler: synchronous, may block briefly (SQLite), runs on the handler queue.
/// Throw a `ProblemConvertible` to answer with that problem; any other error becomes a 500.
public typealias Handler = @Sendable (Request) throws -> HTTPResponse
