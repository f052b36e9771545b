import HTTP1

/// A request as a middleware and a route handler see it: the parsed request, what routing
/// extracted, and its `context` (id, client address, and what middlewares established).
public struct Request: Sendable {
    public let head: HTTPRequest
    /// Values of the pattern's `{name}` segments, percent-decoded.
    public let pathParameters: [String: String]
    /// The decoded query. A query that does not decode never reaches a handler (400 instead);
    /// a middleware around the router then sees it empty.
    public let query: QueryParameters
    public var context: RequestContext
    /// What the router decided before the middlewares ran; only the router reads it.
    let target: RouteTarget
    /// The matched route's counters, for `RequestMetrics`; nil when no route matched.
    let routeMetrics: RouteMetrics?

    /// `requestID` nil: a fresh one is generated.
    public init(head: HTTPRequest, pathParameters: [String: String] = [:], query: QueryParameters,
                requestID: String? = nil, clientAddress: String = "") {
        self.init(head: head, pathParameters: pathParameters, query: query,
                  context: RequestContext(requestID: requestID ?? RequestID.generate(), clientAddress: clientAddress),
                  target: RouteTarget.answered, routeMetrics: nil)
    }

    init(head: HTTPRequest, pathParameters: [String: String], query: QueryParameters, context: RequestContext,
         target: RouteTarget, routeMetrics: RouteMetrics?) {
        self.head = head
        self.pathParameters = pathParameters
        self.query = query
        self.context = context
        self.target = target
        self.routeMetrics = routeMetrics
    }

    /// The request's id: the client's `X-Request-Id` when it is 1...128 visible ASCII
    /// characters, otherwise one generated for it (unique within the process). The response
    /// carries it back in `X-Request-Id`, and every problem body as `requestId`.
    public var requestID: String { context.requestID }
    /// The peer's IP address without the port (see `RequestContext.clientAddress`).
    public var clientAddress: String { context.clientAddress }
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

/// What routing found for a request, decided before the server's middlewares run so that
/// they can see the route (metrics, CORS preflights) and the router's own answers pass
/// through them like any other.
enum RouteTarget: Sendable {
    /// A route's handler (with its route middlewares).
    case handler(Handler)
    /// The path does not start with `/`, no route matches, or the path does not decode.
    case notFound
    case undecodablePath
    /// A route exists, not for this method; `allow` lists the methods that are.
    case methodNotAllowed(allow: String)
    /// OPTIONS to a route: `allow` for a CORS preflight, else `otherwise` (the route's own
    /// OPTIONS handler, or `allowOnly`).
    indirect case options(allow: String, otherwise: RouteTarget)
    /// 204 with `Allow`.
    case allowOnly(allow: String)
    /// `OPTIONS *`: the server's methods.
    case serverOptions(allow: String)
    case invalidQuery(InvalidParam)
    /// A request made without routing (`Request.init`): nothing to run.
    case answered
}
