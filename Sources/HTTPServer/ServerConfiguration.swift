import IPAddress
import HTTP1

/// Everything an operator can tune about the server. Every limit and timeout is on by default;
/// `docs/http.md` has the table of what each one answers when it trips. Each default is
/// written once, as the default of its `init` parameter (or of its property when `init` has
/// none); `stays serve`'s help and `--print-config` read them from `ServerConfiguration()`.
public struct ServerConfiguration: Sendable {
    /// Address to listen on: an IPv4/IPv6 literal ("0.0.0.0", "::1") or a name ("localhost").
    public var host: String
    /// TCP port; 0 picks a free one (`HTTPServer.start()` returns it).
    public var port: Int
    /// Request size limits, enforced by the parser: 414, 431, 413.
    public var limits: ParserLimits
    /// From the first byte of a request to the end of its header section. On expiry the server
    /// answers 408 (problem+json, `Connection: close`) and closes.
    public var headerTimeout: Duration
    /// From the end of the header section to the end of the body. On expiry: 408 and close.
    public var bodyTimeout: Duration
    /// A keep-alive connection with no request in progress is closed (silently) after this long.
    public var idleTimeout: Duration
    /// Total time to hand one response to the kernel. A client that does not read is
    /// disconnected (no response is possible).
    public var writeTimeout: Duration
    /// After the server decides to close (error, `Connection: close`, shutdown) it half-closes
    /// and discards what the client still sends for at most this long, so the client reads the
    /// response instead of a reset (nginx's lingering close).
    public var lingerTimeout: Duration
    /// `shutdown()` waits this long for in-flight requests, then closes every connection.
    public var shutdownGracePeriod: Duration
    /// Open connections beyond this are accepted, answered a minimal 503 (problem+json,
    /// `Retry-After: 1`, `Connection: close`, sent before any request is read) and closed, which
    /// keeps the listen backlog moving and tells a client why; counted in
    /// `stays_connections_refused_total{reason="connection_cap"}` and logged at most once a
    /// second. The same answer goes to a connection accepted while the process is out of file
    /// descriptors (a reserve descriptor is freed for it; `reason="descriptors"`). `stays serve`
    /// fits this cap under the raised `RLIMIT_NOFILE`, keeping a reserve for the database.
    public var maxConnections: Int
    /// `listen(2)` backlog.
    public var backlog: Int32
    /// Open connections per client address (the TCP peer's IP); 0, the default, is no limit.
    /// A connection over it is accepted, answered a minimal 429 `/problems/rate-limited`
    /// (`Retry-After: 1`, `Connection: close`, before any request is read) and closed; counted
    /// in `stays_connections_refused_total{reason="per_address_cap"}`. Off by default because
    /// mobile carriers and offices put many users behind one address; behind a proxy every
    /// client is the proxy's address, so set it there instead.
    public var maxConnectionsPerAddress: Int = 0
    /// Writes (POST, PUT, PATCH, DELETE) per second per client address, with a burst of as
    /// many at once (`RateLimiter`, GCRA); 0, the default, is no limit. A write over it is
    /// answered 429 `/problems/rate-limited` with `Retry-After` without reaching a handler,
    /// and counted in `stays_http_writes_rate_limited_total`. Reads are never limited by it.
    public var writesPerSecondPerAddress: Int = 0
    /// Reverse proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`): for a request
    /// from one of them, the client is the rightmost address that is not a trusted proxy;
    /// every per-address limit and `RequestContext.clientAddress` use it. Default none: the
    /// TCP peer is the client and `X-Forwarded-For` is never read.
    public var trustedProxies = TrustedProxies()

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        limits: ParserLimits = ParserLimits(),
        headerTimeout: Duration = .seconds(10),
        bodyTimeout: Duration = .seconds(30),
        idleTimeout: Duration = .seconds(30),
        writeTimeout: Duration = .seconds(30),
        lingerTimeout: Duration = .seconds(2),
        shutdownGracePeriod: Duration = .seconds(10),
        maxConnections: Int = 20_000,
        backlog: Int32 = 1024
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.writeTimeout = writeTimeout
        self.lingerTimeout = lingerTimeout
        self.shutdownGracePeriod = shutdownGracePeriod
        self.maxConnections = maxConnections
        self.backlog = backlog
    }
}

extension Duration {
    /// Whole nanoseconds, saturating; negative durations count as zero.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (sum, overflow2) = whole.addingReportingOverflow(UInt64(max(0, attoseconds / 1_000_000_000)))
        return overflow2 ? .max : sum
    }
}
