import HTTP1

/// Code that runs around a handler: it sees the request first and the response last, and may
/// answer on its own without calling `next` (a missing token), pass a changed request on (a
/// value set in its `context`), or change the response.
///
/// Two places, each composed once, when the router is frozen, so a request pays one closure
/// call per middleware and nothing else:
/// - the server's middlewares (`Router.responder(errorLog:middlewares:)`) wrap everything the
///   router answers, its own 404, 405, 400 and OPTIONS answers included: request ids,
///   metrics, CORS, compression and entity tags. Routing has already decided when they run,
///   so `request.context.route` names the matched pattern; the path parameters and query
///   are filled in only for a request that reaches a handler.
/// - route middlewares wrap matched routes' handlers only: those added with `Router.use(_:)`
///   every route, in registration order, and those given to one route with `using:` inside
///   them (authentication, rate limits, idempotency keys).
/// In each list the first is the outermost: it runs first and sees the final response.
///
/// A thrown `ProblemConvertible` becomes that problem, any other error a logged 500, exactly as
/// for a handler. Called on handler threads, concurrently: implementations must be thread-safe.
public protocol Middleware: Sendable {
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse
    /// Applied to a response the server made itself for `request` without routing it (a write
    /// over the per-address limit), so that it carries what this middleware adds to every
    /// response (CORS). The default changes nothing.
    func finishing(_ response: inout HTTPResponse, to request: HTTPRequest)
}

extension Middleware {
    public func finishing(_ response: inout HTTPResponse, to request: HTTPRequest) {}
}
