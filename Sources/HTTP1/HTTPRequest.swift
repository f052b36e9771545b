/// A complete, validated request as the parser produces it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The request-target in origin-form (`/path?query`) as received, or `*` (OPTIONS);
    /// the parser rewrites an absolute-form target (`http://host/path?query`) to origin-form.
    public var target: String
    /// The path part of the target, still percent-encoded.
    public var path: String
    /// The query part of the target after `?`, still percent-encoded; nil when there is no `?`.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPFields
    public var body: [UInt8]

    public init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPFields = HTTPFields(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        if let mark = target.firstIndex(of: "?") {
            self.path = String(target[..<mark])
            self.query = String(target[target.index(after: mark)...])
        } else {
            self.path = target
            self.query = nil
        }
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// Whether the connection may carry another request after this one (RFC 9112 §9.3):
    /// HTTP/1.1 persists unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        if headers.contains(token: "close", in: "Connection") { return false }
        return version == .http1_1 || headers.contains(token: "keep-alive", in: "Connection")
    }
}
