/// Why a request could not be parsed, and the status to answer it with.
///
/// The connection must answer with `status`, `Connection: close`, then close: after an
/// error the parser cannot find the next request's start. `reason` names the rule broken
/// and never echoes request bytes, so it is safe to show to the client.
public struct HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One of 400, 413, 414, 417, 431, 501, 505.
    public let status: HTTPStatus
    public let reason: String

    public init(status: HTTPStatus, reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status): \(reason)" }

    /// The connection began with a TLS handshake record: a client speaking HTTPS to the
    /// plain HTTP port. Known from the first byte, so answered at once (as nginx does).
    public static let tlsHandshake = HTTPParseError(
        status: .badRequest, reason: "TLS handshake received on a plain HTTP port; use http://")

    /// A request line that does not start with a method token followed by one SP.
    public static let invalidMethod = HTTPParseError.badRequest("invalid method")

    static func badRequest(_ reason: String) -> HTTPParseError {
        HTTPParseError(status: .badRequest, reason: reason)
    }
}
