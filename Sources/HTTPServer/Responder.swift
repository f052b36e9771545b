import HTTP1

/// Turns a request into a response. Called on a handler queue, possibly concurrently for
/// different connections, so implementations must be thread-safe; they may block briefly
/// (a database query) but never on another request.
public protocol Responder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}
