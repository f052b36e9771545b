import HTTP1

/// Cross-origin access for browsers (the Fetch standard's CORS protocol), by an allow-list of
/// origins: a server middleware (`Router.standardMiddlewares(cors:)`; without it, no CORS
/// headers at all).
///
/// - Every response gets `Vary: Origin` (what it says depends on the request's `Origin`).
/// - A request whose `Origin` is allowed gets `Access-Control-Allow-Origin: <that origin>` and
///   `Access-Control-Expose-Headers`; any other origin gets nothing, so the browser withholds
///   the response from the page.
/// - A preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin to a
///   routed path is answered 204 with the path's methods, `allowedHeaders` and `maxAge`; from
///   another origin it is an ordinary OPTIONS (204 + `Allow`, no CORS headers).
///
/// No credentials mode (`Access-Control-Allow-Credentials`): guests authenticate with a bearer
/// token in `Authorization`, which a page sends explicitly, not a cookie.
public struct CORSPolicy: Middleware {
    /// Exact origins (`https://app.example.com`, scheme, host and port as browsers send them);
    /// `*` allows any origin (the origin is still echoed, not `*`).
    public let allowedOrigins: Set<String>
    public let allowedHeaders: String
    public let exposedHeaders: String
    /// Seconds a browser may cache a preflight answer.
    public let maxAge: Int

    public static let defaultAllowedHeaders = ["Authorization", "Content-Type", "Idempotency-Key", "If-None-Match",
                                               "Accept-Language", "X-Request-Id"]
    public static let defaultExposedHeaders = ["ETag", "Location", "X-Request-Id", "Retry-After", "Idempotent-Replayed"]

    /// Origins are compared after dropping a trailing `/`. Empty `origins`: nil (CORS off).
    public init?(origins: [String], maxAge: Int = 600,
                 allowedHeaders: [String] = CORSPolicy.defaultAllowedHeaders,
                 exposedHeaders: [String] = CORSPolicy.defaultExposedHeaders) {
        let cleaned = origins.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.filter { !$0.isEmpty }
        guard !cleaned.isEmpty else { return nil }
        allowedOrigins = Set(cleaned)
        self.maxAge = maxAge
        self.allowedHeaders = allowedHeaders.joined(separator: ", ")
        self.exposedHeaders = exposedHeaders.joined(separator: ", ")
    }

    public func allows(_ origin: String) -> Bool {
        allowedOrigins.contains(origin) || (allowedOrigins.contains("*") && origin != "null")
    }

    /// The 204 for a preflight from an allowed origin; nil when `request` is none (the
    /// `Allow-Origin` and `Vary` come from `decorate` like every response's).
    func preflight(_ request: HTTPRequest, allow: String) -> HTTPResponse? {
        guard request.headers.contains("Access-Control-Request-Method"),
              let origin = request.headers["Origin"], allows(origin) else { return nil }
        return HTTPResponse(status: .noContent, headers: [
            "Allow": allow,
            "Access-Control-Allow-Methods": allow,
            "Access-Control-Allow-Headers": allowedHeaders,
            "Access-Control-Max-Age": String(maxAge),
        ])
    }

    public func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        var response: HTTPResponse
        if case .options(let allow, _) = request.target, let preflight = preflight(request.head, allow: allow) {
            response = preflight
        } else {
            response = try next(request)
        }
        decorate(&response, origin: request.header("Origin"))
        return response
    }

    public func finishing(_ response: inout HTTPResponse, to request: HTTPRequest) {
        decorate(&response, origin: request.headers["Origin"])
    }

    func decorate(_ response: inout HTTPResponse, origin: String?) {
        Representation.addVary("Origin", to: &response.headers)
        guard let origin, allows(origin) else { return }
        response.headers.append(name: "Access-Control-Allow-Origin", value: origin)
        if response.status != .noContent || !response.headers.contains("Access-Control-Allow-Methods") {
            response.headers.append(name: "Access-Control-Expose-Headers", value: exposedHeaders)
        }
    }
}
