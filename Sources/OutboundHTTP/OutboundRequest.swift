/// One outbound HTTP request and its limits. Defaults are the calendar-feed ones: GET, 3
/// redirects, 10 s in all, 5 MB of (decoded) body.
public struct OutboundRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]?
    /// Redirects followed (0: a 3xx is the answer). Each one's address is checked again.
    public var maximumRedirects: Int
    /// The whole exchange, connecting included, in seconds.
    public var timeoutSeconds: Int
    /// The response body after decoding (gzip), in bytes: a larger one is an error.
    public var maximumResponseBytes: Int

    public init(method: String = "GET", url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
                maximumRedirects: Int = 3, timeoutSeconds: Int = 10, maximumResponseBytes: Int = 5_000_000) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maximumRedirects = maximumRedirects
        self.timeoutSeconds = timeoutSeconds
        self.maximumResponseBytes = maximumResponseBytes
    }
}

/// What came back: the final response after any redirects.
public struct OutboundResponse: Sendable {
    public var status: Int
    /// The final response's header fields, names as sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Milliseconds from the start to the last byte.
    public var milliseconds: Int

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Why an outbound request got no response. Messages name no secrets (URLs may carry
/// tokens in their query: they are not repeated here).
public enum OutboundError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not an absolute http or https URL.
    case invalidURL
    /// The peer address is loopback, private or otherwise not public (`AddressPolicy`).
    case addressRefused(String)
    case timedOut
    case tooManyRedirects
    /// The body passed `maximumResponseBytes`.
    case tooLarge(Int)
    /// Anything else the transfer met: DNS, connection, TLS (libcurl's words).
    case transport(String)

    public var description: String {
        switch self {
        case .invalidURL: "the URL must be an absolute http or https URL"
        case .addressRefused(let address): "the address \(address) is not a public address"
        case .timedOut: "no complete answer in time"
        case .tooManyRedirects: "too many redirects"
        case .tooLarge(let limit): "the response is larger than \(limit) bytes"
        case .transport(let message): message
        }
    }
}
