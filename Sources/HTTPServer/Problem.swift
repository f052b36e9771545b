import HTTP1
import JSON

/// An RFC 9457 problem detail, serialized as `application/problem+json`:
/// `{"type","title","status","detail","invalidParams":[{"name","reason"}],"requestId", ...extra, ...jsonMembers}`.
///
/// `type` has no default: every problem says what kind it is (`ProblemType`).
///
/// `detail` is omitted when nil, `invalidParams` when empty and `requestId` when nil (the
/// router sets it on every problem it answers). `extra` carries further members, each a list
/// of strings (for example `"unavailableDates": ["2026-12-24"]`); `jsonMembers` carries
/// members whose values are already-encoded JSON (an object such as a current quote), written
/// verbatim: the caller vouches that each is one valid JSON value (an empty one is left out,
/// as it would break the body). Both are written after the
/// standard members, `extra` then `jsonMembers`, each in ascending key order, so output is
/// deterministic. A key equal to a standard member name, or (for `jsonMembers`) to an `extra`
/// key, is ignored, so a body never names a member twice.
public struct Problem: Error, Sendable, Equatable {
    public var type: ProblemType
    public var status: HTTPStatus
    public var title: String
    public var detail: String?
    public var invalidParams: [InvalidParam]
    public var extra: [String: [String]]
    public var jsonMembers: [String: [UInt8]]
    /// The request this problem answers (`Request.requestID`); the router fills it in.
    public var requestID: String?
    /// Header fields the response carries besides the standard ones (`WWW-Authenticate`,
    /// `Retry-After`).
    public var headers = HTTPFields()

    /// `title` defaults to the status's reason phrase.
    public init(type: ProblemType, status: HTTPStatus, title: String? = nil, detail: String? = nil,
                invalidParams: [InvalidParam] = [], extra: [String: [String]] = [:],
                jsonMembers: [String: [UInt8]] = [:]) {
        self.type = type
        self.status = status
        self.title = title ?? status.reasonPhrase
        self.detail = detail
        self.invalidParams = invalidParams
        self.extra = extra
        self.jsonMembers = jsonMembers
    }

    private static let reservedNames: Set<String> = ["type", "title", "status", "detail", "invalidParams", "requestId"]

    /// The JSON body of this problem.
    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 256 + jsonMembers.values.reduce(0) { $0 + $1.count })
        writer.object { w in
            w.field("type", type.uri)
            w.field("title", title)
            w.field("status", status.code)
            if let detail { w.field("detail", detail) }
            if !invalidParams.isEmpty {
                w.key("invalidParams")
                w.array { a in
                    for param in invalidParams {
                        a.object { o in
                            o.field("name", param.name)
                            o.field("reason", param.reason)
                        }
                    }
                }
            }
            if let requestID { w.field("requestId", requestID) }
            for key in extra.keys.sorted() where !Self.reservedNames.contains(key) {
                w.key(dynamic: key)
                w.array { a in for value in extra[key] ?? [] { a.string(value) } }
            }
            for key in jsonMembers.keys.sorted() where !Self.reservedNames.contains(key) && extra[key] == nil {
                guard let value = jsonMembers[key], !value.isEmpty else { continue }
                w.key(dynamic: key)
                value.withUnsafeBytes { w.raw($0) }
            }
        }
        return writer.bytes
    }

    /// The response: this problem's status, `Content-Type: application/problem+json`, JSON body,
    /// `Cache-Control: no-store`, so no cache keeps an error (RFC 9111 §4.2.2 would
    /// otherwise let caches reuse a 404 or 405 heuristically), and `X-Request-Id` when
    /// `requestID` is set.
    public func response() -> HTTPResponse {
        var headers: HTTPFields = ["Content-Type": "application/problem+json", "Cache-Control": "no-store"]
        if let requestID { headers.append(name: "X-Request-Id", value: requestID) }
        for field in self.headers { headers.append(name: field.name, value: field.value) }
        return HTTPResponse(status: status, headers: headers, body: json)
    }

    /// The response to `request`: this problem with the request's id (for a handler that
    /// returns a problem instead of throwing it).
    public func response(for request: Request) -> HTTPResponse {
        var problem = self
        problem.requestID = request.requestID
        return problem.response()
    }
}

extension Problem {
    /// 429 `/problems/rate-limited` with `Retry-After` (RFC 6585 §4): what every per-address
    /// limit answers (`POST /guests`, and writes with a per-address write limit).
    public static func rateLimited(retryAfterSeconds: Int) -> Problem {
        var problem = Problem(type: .rateLimited, status: .tooManyRequests, title: "Too many requests",
                              detail: "Too many requests from this address; retry after \(retryAfterSeconds) s.")
        problem.headers.append(name: "Retry-After", value: String(retryAfterSeconds))
        return problem
    }
}
