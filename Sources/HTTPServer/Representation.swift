import HTTP1

/// The server middleware that chooses how a response's body is sent: its entity tag, a 304
/// instead of it, and gzip. Innermost of the standard middlewares: it sees the body the
/// route made.
///
/// - With `compression`: a response whose body is at least `minimumBytes` (not 1xx/204/304,
///   not already `Content-Encoding`d) gets `Vary: Accept-Encoding` (merged into an existing
///   `Vary`), and is gzipped when the request's `Accept-Encoding` prefers gzip (q-values).
/// - GET/HEAD answered 200 get a strong `ETag` (unless the handler set one), computed on the
///   identity body; a gzipped answer's tag has `-gzip` inside the quotes. If the request's
///   `If-None-Match` matches the tag of the representation it would get (weak comparison,
///   `*`, lists), the answer is 304 with `ETag`, `Cache-Control`, `Content-Location`,
///   `Expires` and `Vary` kept and no body (RFC 9110 §15.4.5), and nothing is compressed.
/// Decided in that order: the tag of the identity body, then whether it matches, then
/// compression.
public struct Representation: Middleware {
    /// nil: never compressed (entity tags and 304s still).
    public let compression: ResponseCompression?
    private let errorLog: @Sendable (String) -> Void

    /// `errorLog`: where a failed compression is reported (the identity body is sent then).
    public init(compression: ResponseCompression?, errorLog: @escaping @Sendable (String) -> Void = ErrorLog.standardError) {
        self.compression = compression
        self.errorLog = errorLog
    }

    private static let keptOnNotModified = ["ETag", "Cache-Control", "Content-Location", "Expires", "Vary"]

    public func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        var response = try next(request)
        let validated = (request.method == .get || request.method == .head) && response.status == .ok
        var gzip = false
        if let compression, response.body.count >= compression.minimumBytes, response.status.code >= 200,
           response.status != .noContent, response.status != .notModified,
           !response.headers.contains("Content-Encoding") {
            Self.addVary("Accept-Encoding", to: &response.headers)
            gzip = AcceptEncoding.allowsGzip(request.head.headers.values(for: "Accept-Encoding"))
        }
        guard validated || gzip else { return response }

        var identityTag = ""
        if validated {
            identityTag = response.headers["ETag"] ?? EntityTag.strong(for: response.body)
            let etag = gzip ? EntityTag.suffixed(identityTag, "-gzip") : identityTag
            let conditions = request.head.headers.values(for: "If-None-Match")
            if !conditions.isEmpty, EntityTag.ifNoneMatch(conditions, matches: etag) {
                var headers = HTTPFields()
                for field in response.headers
                where Self.keptOnNotModified.contains(where: { field.name.asciiCaseInsensitiveEquals($0) })
                    && !field.name.asciiCaseInsensitiveEquals("ETag") {
                    headers.append(name: field.name, value: field.value)
                }
                headers.append(name: "ETag", value: etag)
                return HTTPResponse(status: .notModified, headers: headers)
            }
        }
        if gzip, let compression {
            do {
                response.body = try Gzip.compress(response.body, level: compression.level)
                response.headers.append(name: "Content-Encoding", value: "gzip")
            } catch {
                // Never seen (zlib fails only without memory); the identity body is still right.
                errorLog(ErrorLog.line(requestID: request.requestID, method: request.method.rawValue,
                                       path: request.path, error: error))
                gzip = false
            }
        }
        if validated {
            response.headers.remove(name: "ETag")
            response.headers.append(name: "ETag", value: gzip ? EntityTag.suffixed(identityTag, "-gzip") : identityTag)
        }
        return response
    }

    /// Adds `token` to the response's `Vary`, merging into one field; nothing if `Vary: *` or
    /// the token is already there.
    static func addVary(_ token: String, to headers: inout HTTPFields) {
        let existing = headers.values(for: "Vary")
        if existing.isEmpty {
            headers.append(name: "Vary", value: token)
            return
        }
        if headers.contains(token: "*", in: "Vary") || headers.contains(token: token.lowercased(), in: "Vary") { return }
        headers.remove(name: "Vary")
        headers.append(name: "Vary", value: (existing + [token]).joined(separator: ", "))
    }
}
