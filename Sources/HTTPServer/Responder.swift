import HTTP1

/// Turns a request into a response. Called on a handler queue, possibly concurrently for
/// different connections, so implementations must be thread-safe; they may block briefly
/// (a database query) but never on another request.
public protocol Responder: Sendable {
    /// `clientAddress`: the connection's peer IP address, without the port ("" when unknown).
    func respond(to request: HTTPRequest, clientAddress: String) -> HTTPResponse
    /// The same, told when the request was complete (`receivedAt`: monotonic nanoseconds, the
    /// server's clock), so that latency metrics include the wait for a handler thread. The
    /// default ignores it.
    func respond(to request: HTTPRequest, clientAddress: String, receivedAt: UInt64) -> HTTPResponse
    /// A response the server made itself for `request` without calling `respond` (a write
    /// over the per-address limit), given the headers every response of this responder
    /// carries, so that a browser can read it too (CORS). The default returns it unchanged.
    func finishing(_ response: HTTPResponse, to request: HTTPRequest) -> HTTPResponse
}

extension Responder {
    public func respond(to request: HTTPRequest, clientAddress: String, receivedAt: UInt64) -> HTTPResponse {
        respond(to: request, clientAddress: clientAddress)
    }

    public func finishing(_ response: HTTPResponse, to request: HTTPRequest) -> HTTPResponse { response }

    /// A request with no connection behind it (tests, in-process calls): no client address.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        respond(to: request, clientAddress: "")
    }
}
