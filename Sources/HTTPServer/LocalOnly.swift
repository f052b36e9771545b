import HTTP1

/// A route middleware for what only the machine itself should read on the public port
/// (metrics, which count bookings; build details): a request from any address but loopback,
/// or one relayed by a proxy (it carries `Forwarded`, `X-Forwarded-For` or `X-Real-IP`: a
/// proxy on this machine connects from loopback on behalf of a remote client), is answered
/// 404 as if the route did not exist. A request made in-process (no address) passes.
public struct LocalOnly: Middleware {
    public init() {}

    public func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        guard Self.isLocal(request) else {
            throw Problem(type: .notFound, status: .notFound, detail: "No resource at \(request.path).")
        }
        return try next(request)
    }

    static func isLocal(_ request: Request) -> Bool {
        let address = request.clientAddress
        let loopback = address.isEmpty || address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
        guard loopback else { return false }
        for relay in ["Forwarded", "X-Forwarded-For", "X-Real-IP"] where request.head.headers.contains(relay) {
            return false
        }
        return true
    }
}
