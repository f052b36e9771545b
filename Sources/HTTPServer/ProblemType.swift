/// The `type` of a problem (RFC 9457 §3.1.1): a URI reference that names the kind of problem,
/// so a client can branch on it without parsing `title` or `detail`. Ours are relative
/// references of the form `/problems/<kind>`, resolved against the API's own address.
///
/// Every problem the HTTP layer answers has a kind of its own (the static members below);
/// routes define theirs the same way, e.g. `ProblemType(kind: "dates-unavailable")`.
public struct ProblemType: Sendable, Hashable, CustomStringConvertible {
    /// The member's value as written, e.g. `/problems/not-found`.
    public let uri: String

    /// `/problems/<kind>`. `kind` is lowercase ASCII letters, digits and hyphens (a programmer's
    /// constant, so anything else is a programmer error and traps).
    public init(kind: String) {
        precondition(!kind.isEmpty && kind.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D },
                     "problem kind must be lowercase letters, digits and '-': \(kind)")
        uri = "/problems/" + kind
    }

    /// Any URI reference, for types defined elsewhere (such as `about:blank`).
    public init(uri: String) {
        self.uri = uri
    }

    public var description: String { uri }

    // The HTTP layer's own kinds (docs/http.md has the table).
    /// No route for the path (404).
    public static let notFound = ProblemType(kind: "not-found")
    /// A route for the path, not for the method (405).
    public static let methodNotAllowed = ProblemType(kind: "method-not-allowed")
    /// The query string or the path does not decode (400).
    public static let invalidQuery = ProblemType(kind: "invalid-query")
    /// The request is not valid HTTP/1.1 (400 from the parser).
    public static let malformedRequest = ProblemType(kind: "malformed-request")
    /// The body is larger than the server's or the route's limit (413).
    public static let payloadTooLarge = ProblemType(kind: "payload-too-large")
    /// The header section is too large or has too many fields (431).
    public static let headerFieldsTooLarge = ProblemType(kind: "header-fields-too-large")
    /// The request line is too long (414).
    public static let uriTooLong = ProblemType(kind: "uri-too-long")
    /// The header or the body did not arrive in time (408).
    public static let requestTimeout = ProblemType(kind: "request-timeout")
    /// A transfer coding or method the server does not implement (501).
    public static let notImplemented = ProblemType(kind: "not-implemented")
    /// An HTTP version other than 1.0 and 1.1 (505).
    public static let httpVersionNotSupported = ProblemType(kind: "http-version-not-supported")
    /// An `Expect` other than `100-continue` (417).
    public static let expectationFailed = ProblemType(kind: "expectation-failed")
    /// A body that is not `application/json` where JSON is expected (415).
    public static let unsupportedMediaType = ProblemType(kind: "unsupported-media-type")
    /// A JSON body that does not parse, is not an object, or has missing, wrong or unknown
    /// fields (400 from `JSONObjectReader`).
    public static let invalidBody = ProblemType(kind: "invalid-body")
    /// A handler failed in a way it did not describe (500); the detail reveals nothing.
    public static let internalError = ProblemType(kind: "internal-error")
}

extension ProblemType {
    /// The server ran out of something it needs for the moment (file descriptors, a database
    /// connection): 503 with `Retry-After`; trying again shortly should work.
    public static let serviceUnavailable = ProblemType(kind: "service-unavailable")
}

extension ProblemType {
    /// A client address asked too often (a `RateLimiter` refused it): 429 with `Retry-After`.
    public static let rateLimited = ProblemType(kind: "rate-limited")
}
