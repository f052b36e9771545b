import HTTP1
import Synchronization

/// A monotonically increasing count. Recording is one relaxed atomic add; no lock.
public final class MetricCounter: Sendable {
    private let storage = Atomic<UInt64>(0)

    public init() {}

    @inline(__always)
    public func increment(by amount: UInt64 = 1) {
        storage.wrappingAdd(amount, ordering: .relaxed)
    }

    public var value: UInt64 { storage.load(ordering: .relaxed) }
}

/// A value that goes up and down (open connections, requests in flight). One relaxed atomic
/// add per change.
public final class MetricGauge: Sendable {
    private let storage = Atomic<Int>(0)

    public init() {}

    @inline(__always)
    public func add(_ amount: Int) {
        storage.wrappingAdd(amount, ordering: .relaxed)
    }

    public var value: Int { storage.load(ordering: .relaxed) }
}

/// The metrics of a server, scraped as Prometheus text (exposition format 0.0.4) by
/// `render()` / `response()`.
///
/// What the HTTP layer records itself (`http`): requests by route pattern, method and status
/// class, a latency histogram per route, requests in flight, connections by state, handler
/// queue depth; plus the process's CPU, memory and descriptors. Everything else (the search
/// index, the database pool, bookings, build info) is added by the application as
/// collectors (`register`), called at each scrape.
///
/// Thread safety: `Sendable`. Recording is lock-free (relaxed atomic adds on counters made
/// at start-up); a scrape reads every counter once, so series read at one scrape may be a
/// few requests apart, but a histogram's `_count` is always its `+Inf` bucket.
public final class Metrics: Sendable {
    /// `text/plain; version=0.0.4; charset=utf-8`.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    let http = HTTPMetrics()
    private let collectors = Mutex<[@Sendable (inout MetricsText) -> Void]>([])
    private let includeProcess: Bool

    /// `includeProcess`: add `process_cpu_seconds_total`, `process_resident_memory_bytes`,
    /// `process_open_fds` and `process_max_fds` (read from /proc/self at each scrape).
    public init(includeProcess: Bool = true) {
        self.includeProcess = includeProcess
    }

    /// Adds `collector`, called at every scrape after the HTTP metrics, in registration order.
    /// It must be cheap and must not block for long (it runs on a handler thread).
    public func register(_ collector: @escaping @Sendable (inout MetricsText) -> Void) {
        collectors.withLock { $0.append(collector) }
    }

    /// Every metric, as Prometheus text.
    public func render() -> [UInt8] {
        var text = MetricsText()
        http.collect(into: &text)
        if includeProcess { ProcessMetrics.collect(into: &text) }
        let collectors = collectors.withLock { $0 }
        for collector in collectors { collector(&text) }
        return text.bytes
    }

    /// A 200 with `render()`, `Content-Type: text/plain; version=0.0.4`, never cached.
    public func response() -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": Self.contentType, "Cache-Control": "no-store"],
                     body: render())
    }

    /// A responder that answers `GET`/`HEAD /metrics` and 404 to everything else, for a
    /// listener of its own (`--metrics-port`). It records nothing in the metrics.
    public func responder() -> RouterResponder {
        var router = Router()
        router.get("/metrics") { [self] _ in response() }
        return router.responder()
    }
}

/// What the HTTP layer records: see `Metrics`.
final class HTTPMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds (0.1 ms to 1 s; +Inf implied).
    static let bucketBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                         0.25, 1]
    static let bucketNanoseconds: [UInt64] = bucketBounds.map { UInt64(($0 * 1e9).rounded()) }

    /// Requests handed to a handler whose handler has not returned (queued or running).
    let inFlight = MetricGauge()
    /// Open connections by `ConnectionStateMachine.State` (`stateNames` order).
    let connections: [MetricGauge] = ConnectionStateMachine.State.metricNames.map { _ in MetricGauge() }
    /// Requests the router found no route for (404) or whose path did not decode.
    let unmatched = RouteMetrics(pattern: "unmatched")
    /// Connections answered and closed at accept, by `HTTPServer.RefusalReason`.
    let connectionsRefused: [MetricCounter] = HTTPServer.RefusalReason.allCases.map { _ in MetricCounter() }
    /// Writes answered 429 by the per-address write limit (`ServerConfiguration.writesPerSecondPerAddress`).
    let writesRateLimited = MetricCounter()
    private let routes = Mutex<[RouteMetrics]>([])
    private let pools = Mutex<[HandlerPool]>([])

    func add(routes added: [RouteMetrics]) {
        routes.withLock { $0 = ($0 + added).sorted { $0.pattern < $1.pattern } }
    }

    func add(pools added: [HandlerPool]) {
        pools.withLock { $0 += added }
    }

    func collect(into text: inout MetricsText) {
        let routes = routes.withLock { $0 } + [unmatched]
        text.family("stays_http_requests_total", .counter,
                    "Requests answered by the router, by route pattern, method, status class and status code.")
        for route in routes { route.collectCounts(into: &text) }
        text.family("stays_http_request_duration_seconds", .histogram,
                    "From the complete request to the handler's response (queue wait included), by route pattern.")
        for route in routes { route.collectHistogram(into: &text) }

        text.family("stays_http_requests_in_flight", .gauge, "Requests queued for or running in a handler.")
        text.sample("stays_http_requests_in_flight", inFlight.value)
        text.family("stays_http_connections", .gauge, "Open connections by state.")
        for (index, name) in ConnectionStateMachine.State.metricNames.enumerated() {
            text.sample("stays_http_connections", labels: [("state", name)], connections[index].value)
        }
        text.family("stays_connections_refused_total", .counter,
                    "Connections answered and closed at accept: 503 at the connection cap or out of file descriptors, "
                    + "429 at the per-address connection cap.")
        for reason in HTTPServer.RefusalReason.allCases {
            text.sample("stays_connections_refused_total", labels: [("reason", reason.label)],
                        connectionsRefused[reason.rawValue].value)
        }
        text.family("stays_http_writes_rate_limited_total", .counter,
                    "POST, PUT, PATCH and DELETE requests answered 429 by the per-address write limit.")
        text.sample("stays_http_writes_rate_limited_total", writesRateLimited.value)
        let depth = pools.withLock { $0 }.reduce(0) { $0 + $1.waitingCount }
        text.family("stays_handler_queue_depth", .gauge, "Requests waiting for a handler thread.")
        text.sample("stays_handler_queue_depth", depth)
    }
}

/// The counters of one route pattern: requests by method and status code (with its class),
/// and the latency histogram. Made when the router is frozen; the histogram's series text is
/// prepared then too, a count's at the scrape (only series that counted something appear).
final class RouteMetrics: Sendable {
    static let methods: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
    static let methodNames = methods.map(\.rawValue) + ["other"]
    /// The codes counted lock-free: every one this server answers, and a few a handler might.
    /// Any other is counted under a lock (rare by construction).
    static let codes = [100, 200, 201, 202, 204, 206, 301, 302, 303, 304, 307, 308, 400, 401, 403, 404, 405, 406,
                        408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 422, 428, 429, 431, 500, 501, 502, 503,
                        504, 505, 507]
    /// `codeIndex[code]`: the position of `code` in `codes`, or -1.
    private static let codeIndex: [Int16] = {
        var index = [Int16](repeating: -1, count: 600)
        for (position, code) in codes.enumerated() { index[code] = Int16(position) }
        return index
    }()

    let pattern: String
    private let route: String
    /// [method * codes.count + code position].
    private let counts: [MetricCounter]
    /// (method index, code) for codes not in `codes`.
    private let otherCounts = Mutex<[Int: UInt64]>([:])
    /// Non-cumulative: one per bound, then the overflow (+Inf).
    private let buckets: [MetricCounter]
    private let sumNanoseconds = MetricCounter()
    private let bucketPrefixes: [[UInt8]]
    private let sumPrefix: [UInt8]
    private let countPrefix: [UInt8]

    init(pattern: String) {
        self.pattern = pattern
        let route = "route=\"" + MetricsText.escape(pattern) + "\""
        self.route = route
        counts = (0..<Self.methodNames.count * Self.codes.count).map { _ in MetricCounter() }
        let bounds = HTTPMetrics.bucketBounds.map { "\($0)" } + ["+Inf"]
        bucketPrefixes = bounds.map { Array("stays_http_request_duration_seconds_bucket{\(route),le=\"\($0)\"} ".utf8) }
        buckets = bounds.map { _ in MetricCounter() }
        sumPrefix = Array("stays_http_request_duration_seconds_sum{\(route)} ".utf8)
        countPrefix = Array("stays_http_request_duration_seconds_count{\(route)} ".utf8)
    }

    private static func countPrefix(route: String, method: String, code: Int) -> [UInt8] {
        let statusClass = "\(min(max(code / 100, 1), 5))xx"
        return Array("stays_http_requests_total{\(route),method=\"\(method)\",status_class=\"\(statusClass)\",code=\"\(code)\"} ".utf8)
    }

    /// A few comparisons and two or three relaxed atomic adds.
    @inline(__always)
    func record(method: HTTPMethod, status: Int, nanoseconds: UInt64) {
        let methodIndex = Self.methods.firstIndex(of: method) ?? Self.methods.count
        let position = status >= 0 && status < Self.codeIndex.count ? Int(Self.codeIndex[status]) : -1
        if position >= 0 {
            counts[methodIndex &* Self.codes.count &+ position].increment()
        } else {
            otherCounts.withLock { $0[methodIndex * 1000 + status, default: 0] += 1 }
        }
        let bounds = HTTPMetrics.bucketNanoseconds
        var bucket = 0
        while bucket < bounds.count && nanoseconds > bounds[bucket] { bucket &+= 1 }
        buckets[bucket].increment()
        sumNanoseconds.increment(by: nanoseconds)
    }

    /// Only the series that have counted something (a series appears with its first request).
    func collectCounts(into text: inout MetricsText) {
        for index in counts.indices {
            let value = counts[index].value
            guard value > 0 else { continue }
            let method = Self.methodNames[index / Self.codes.count]
            text.line(Self.countPrefix(route: route, method: method, code: Self.codes[index % Self.codes.count]), value)
        }
        let others = otherCounts.withLock { $0 }
        for key in others.keys.sorted() {
            let method = Self.methodNames[key / 1000]
            text.line(Self.countPrefix(route: route, method: method, code: key % 1000), others[key] ?? 0)
        }
    }

    /// Nothing for a route not requested yet.
    func collectHistogram(into text: inout MetricsText) {
        var cumulative: UInt64 = 0
        var values: [UInt64] = []
        values.reserveCapacity(buckets.count)
        for bucket in buckets {
            cumulative &+= bucket.value
            values.append(cumulative)
        }
        guard cumulative > 0 else { return }
        for index in values.indices { text.line(bucketPrefixes[index], values[index]) }
        text.line(sumPrefix, seconds: Double(sumNanoseconds.value) / 1e9)
        text.line(countPrefix, cumulative)
    }
}

/// Builds Prometheus text (exposition format 0.0.4): `# HELP` and `# TYPE` lines per family,
/// then `name{label="value",...} value` lines.
public struct MetricsText {
    public enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    public private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(32_768)
    }

    /// `# HELP name help` and `# TYPE name kind`.
    public mutating func family(_ name: String, _ kind: Kind, _ help: String) {
        bytes.append(contentsOf: "# HELP ".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: " "))
        for byte in help.utf8 {
            // HELP escapes only backslash and line feed.
            switch byte {
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(contentsOf: "\n# TYPE ".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: kind.rawValue.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    public mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: UInt64) {
        head(name, labels)
        integer(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    public mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: Int) {
        head(name, labels)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        integer(UInt64(value.magnitude))
        bytes.append(UInt8(ascii: "\n"))
    }

    public mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: Double) {
        head(name, labels)
        number(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// A label value with `\`, `"` and line feeds escaped.
    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == 10 }) else {
            return value
        }
        var result = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": result += #"\\"#
            case "\"": result += #"\""#
            case "\n": result += #"\n"#
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    mutating func line(_ prefix: [UInt8], _ value: UInt64) {
        bytes.append(contentsOf: prefix)
        integer(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func line(_ prefix: [UInt8], seconds: Double) {
        bytes.append(contentsOf: prefix)
        number(seconds)
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func head(_ name: String, _ labels: [(String, String)]) {
        bytes.append(contentsOf: name.utf8)
        if !labels.isEmpty {
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in labels.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: key.utf8)
                bytes.append(contentsOf: "=\"".utf8)
                bytes.append(contentsOf: Self.escape(value).utf8)
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: " "))
    }

    private mutating func integer(_ value: UInt64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: room for 20 digits
        let count = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
            var value = value
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(value % 10)
                value /= 10
            } while value > 0
            return index
        }
        withUnsafeBytes(of: &digits) { bytes.append(contentsOf: $0[count...]) }
    }

    private mutating func number(_ value: Double) {
        if value.isNaN {
            bytes.append(contentsOf: "NaN".utf8)
        } else if value.isInfinite {
            bytes.append(contentsOf: (value > 0 ? "+Inf" : "-Inf").utf8)
        } else if value == value.rounded(), value.magnitude < 1e15 {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            integer(UInt64(value.magnitude))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }
}

extension ConnectionStateMachine.State {
    /// Label values of `stays_http_connections{state}`, in `metricIndex` order.
    static let metricNames = ["idle", "reading_head", "reading_body", "handling", "writing", "lingering"]

    /// nil for `.closed` (not an open connection).
    var metricIndex: Int? {
        switch self {
        case .idle: 0
        case .readingHead: 1
        case .readingBody: 2
        case .handling: 3
        case .writing: 4
        case .lingering: 5
        case .closed: nil
        }
    }
}
