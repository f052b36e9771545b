import HTTP1
import JSON

/// An RFC 9457 problem detail, serialized as `application/problem+json`:
/// `{"type","title","status","detail","invalidParams":[{"name","reason"}], ...extra}`.
///
/// `detail` is omitted when nil and `invalidParams` when empty. `extra` carries further typed
/// members, each a list of strings (for example `"unavailableDates": ["2026-12-24"]`); they are
/// written after the standard members in ascending key order, so output is deterministic. An
/// `extra` key equal to a standard member name is ignored.
public struct Problem: Error, Sendable, Equatable {
    public var status: HTTPStatus
    public var title: String
    public var detail: String?
    public var type: String
    public var invalidParams: [InvalidParam]
    public var extra: [String: [String]]
    /// Further members whose values are already JSON (an object, a number...), written
    /// verbatim after `extra`, in ascending key order. The caller promises valid JSON.
    public var jsonMembers: [String: [UInt8]] = [:]
    /// Header fields the response carries besides the standard ones (`WWW-Authenticate`,
    /// `Retry-After`).
    public var headers = HTTPFields()

    /// `title` defaults to the status's reason phrase, `type` to "about:blank" (RFC 9457 §4.2.1).
    public init(status: HTTPStatus, title: String? = nil, detail: String? = nil, type: String = "about:blank",
                invalidParams: [InvalidParam] = [], extra: [String: [String]] = [:]) {
        self.status = status
        self.title = title ?? status.reasonPhrase
        self.detail = detail
        self.type = type
        self.invalidParams = invalidParams
        self.extra = extra
    }

    private static let reservedNames: Set<String> = ["type", "title", "status", "detail", "invalidParams"]

    /// The JSON body of this problem.
    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.object { w in
            w.field("type", type)
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
            for key in extra.keys.sorted() where !Self.reservedNames.contains(key) {
                w.key(dynamic: key)
                w.array { a in for value in extra[key] ?? [] { a.string(value) } }
            }
            for key in jsonMembers.keys.sorted() where !Self.reservedNames.contains(key) && extra[key] == nil {
                w.key(dynamic: key)
                jsonMembers[key]!.withUnsafeBytes { w.raw($0) }
            }
        }
        return writer.bytes
    }

    /// The response: this problem's status, `Content-Type: application/problem+json`, JSON body,
    /// and `Cache-Control: no-store`, so no cache keeps an error (RFC 9111 §4.2.2 would
    /// otherwise let caches reuse a 404 or 405 heuristically).
    public func response() -> HTTPResponse {
        var fields: HTTPFields = ["Content-Type": "application/problem+json", "Cache-Control": "no-store"]
        for field in headers { fields.append(name: field.name, value: field.value) }
        return HTTPResponse(status: status, headers: fields, body: json)
    }
}
