import HTTP1

/// Code that runs around every matched route's handler: it sees the request first and the
/// response last, and may answer on its own without calling `next` (a missing token), pass a
/// different request on, or change the response.
///
/// Middlewares added with `Router.use(_:)` wrap every route, in registration order: the first
/// added is the outermost, so it runs first and sees the final response. They are composed
/// once, when the router is frozen into its `RouterResponder`, so a request pays one closure
/// call per middleware and nothing else. Requests the router answers itself (404, 405, a query
/// that does not decode, OPTIONS without a handler) do not pass through them.
///
/// A thrown `ProblemConvertible` becomes that problem, any other error a logged 500, exactly as
/// for a handler. Called on handler threads, concurrently: implementations must be thread-safe.
public protocol Middleware: Sendable {
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse
}
