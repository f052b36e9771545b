import Dispatch
import Foundation
import HTTP1
@testable import HTTPServer
import Testing
import TestSupport

/// A router with two routes, served with metrics over real sockets.
private final class MeteredServer {
    let metrics = Metrics()
    let server: HTTPServer
    let port: Int

    init(accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil) throws {
        var router = Router()
        router.get("/items/{id}") { request in
            HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("item \(request.pathParameters["id"]!)".utf8))
        }
        router.post("/items/{id}") { _ in HTTPResponse(status: .created) }
        router.get("/fail") { _ in throw CancellationError() }
        router.get("/metrics") { [metrics] _ in metrics.response() }
        server = HTTPServer(configuration: ServerConfiguration(port: 0),
                            responder: router.responder(errorLog: { _ in }, metrics: metrics),
                            accessLog: accessLog, metrics: metrics)
        port = try server.start()
    }

    func scrape(with client: TestClient? = nil) throws -> PrometheusText {
        let response = try (client ?? TestClient(port: port)).get("/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        return try PrometheusText(response.text)
    }

    func stop() {
        server.shutdown()
        server.waitUntilStopped()
    }
}

@Suite struct MetricsTests {
    @Test func countsRequestsByRoutePatternMethodAndStatusClass() throws {
        let server = try MeteredServer()
        defer { server.stop() }
        let before = try server.scrape()
        #expect(before.all("stays_http_requests_total", ["route": "/items/{id}"]).isEmpty)
        #expect(before.types["stays_http_requests_total"] == "counter")
        #expect(before.types["stays_http_request_duration_seconds"] == "histogram")

        let client = try TestClient(port: server.port)
        for id in ["1", "2", "300"] { #expect(try client.get("/items/\(id)").status == 200) }
        #expect(try client.send(method: "POST", "/items/9").status == 201)
        #expect(try client.get("/nowhere/at/all").status == 404)
        #expect(try client.send(method: "DELETE", "/items/9").status == 405)
        #expect(try client.get("/fail").status == 500)

        let after = try server.scrape()
        let get2xx = ["route": "/items/{id}", "method": "GET", "status_class": "2xx"]
        #expect(after.value("stays_http_requests_total", get2xx) == 3)
        #expect(after.value("stays_http_requests_total", ["route": "/items/{id}", "method": "POST", "status_class": "2xx"]) == 1)
        #expect(after.value("stays_http_requests_total", ["route": "/items/{id}", "method": "DELETE", "status_class": "4xx"]) == 1)
        #expect(after.value("stays_http_requests_total", ["route": "unmatched", "method": "GET", "status_class": "4xx"]) == 1)
        #expect(after.value("stays_http_requests_total", ["route": "/fail", "status_class": "5xx"]) == 1)
        // Never the raw path: cardinality stays bounded by the routing table.
        #expect(!after.samples.contains { $0.labels["route"]?.contains("300") == true || $0.labels["route"] == "/nowhere/at/all" })
        // The first scrape counted itself once it had answered.
        #expect(after.value("stays_http_requests_total", ["route": "/metrics", "method": "GET", "status_class": "2xx"]) == 1)

        // The histogram: buckets cumulative, ending in +Inf, whose count is _count, which is
        // the requests made (3 GET, 1 POST, 1 DELETE).
        let buckets = after.all("stays_http_request_duration_seconds_bucket", ["route": "/items/{id}"])
        #expect(buckets.count == HTTPMetrics.bucketBounds.count + 1)
        let bounds = buckets.map { $0.labels["le"]! }
        #expect(bounds.last == "+Inf")
        #expect(bounds.dropLast().map { Double($0)! } == HTTPMetrics.bucketBounds)
        #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value <= $1.value })
        let count = try #require(after.value("stays_http_request_duration_seconds_count", ["route": "/items/{id}"]))
        #expect(count == 5)
        #expect(buckets.last?.value == count)
        let sum = try #require(after.value("stays_http_request_duration_seconds_sum", ["route": "/items/{id}"]))
        #expect(sum > 0 && sum < 5)
    }

    @Test func gaugesConnectionsInFlightAndQueueDepth() throws {
        let server = try MeteredServer()
        defer { server.stop() }
        // Two idle keep-alive connections besides the scraping one.
        let idle = try (0..<2).map { _ in try TestClient(port: server.port) }
        for client in idle { #expect(try client.get("/items/1").status == 200) }
        // The scraping connection is mid-request (handling), the other two idle once the
        // server has seen their responses flushed (polled: the client may read first).
        let scraper = try TestClient(port: server.port)
        var text = try server.scrape(with: scraper)
        let deadline = Date().addingTimeInterval(5)
        while text.value("stays_http_connections", ["state": "idle"]) != 2 && Date() < deadline {
            text = try server.scrape(with: scraper)
        }
        #expect(text.value("stays_http_connections", ["state": "idle"]) == 2)
        #expect(text.value("stays_http_connections", ["state": "handling"]) == 1)
        #expect(text.value("stays_http_connections", ["state": "lingering"]) == 0)
        #expect(text.value("stays_http_requests_in_flight") == 1)   // the scrape itself
        #expect(text.value("stays_handler_queue_depth") == 0)
        #expect(text.types["stays_http_connections"] == "gauge")
        withExtendedLifetime(idle) {}
    }

    @Test func processMetricsComeFromProc() throws {
        let text = try PrometheusText(String(decoding: Metrics().render(), as: UTF8.self))
        #expect(try #require(text.value("process_cpu_seconds_total")) > 0)
        #expect(try #require(text.value("process_resident_memory_bytes")) > 1_000_000)
        let open = try #require(text.value("process_open_fds"))
        #expect(open >= 3 && open <= (text.value("process_max_fds") ?? .infinity))
        #expect(text.types["process_cpu_seconds_total"] == "counter")
    }

    @Test func collectorsAndEscapedLabels() throws {
        let metrics = Metrics(includeProcess: false)
        metrics.register { text in
            text.family("test_thing", .gauge, "A help text with a \\ and\na newline.")
            text.sample("test_thing", labels: [("path", "a\"b\\c\nd")], 2.5)
            text.sample("test_thing", labels: [("path", "x")], -3)
        }
        let rendered = String(decoding: metrics.render(), as: UTF8.self)
        #expect(rendered.contains("# HELP test_thing A help text with a \\\\ and\\na newline.\n"))
        #expect(rendered.contains("test_thing{path=\"a\\\"b\\\\c\\nd\"} 2.5\n"))
        let text = try PrometheusText(rendered)
        #expect(text.value("test_thing", ["path": "a\"b\\c\nd"]) == 2.5)
        #expect(text.value("test_thing", ["path": "x"]) == -3)
    }

    @Test func accessLogEntriesCarryRequestIDAndClientAddress() throws {
        let entries = LockedEntries()
        let server = try MeteredServer(accessLog: { entries.append($0) })
        let client = try TestClient(port: server.port)
        _ = try client.get("/items/7?name=private", headers: [("X-Request-Id", "trace-42"), ("User-Agent", "probe/1.0")])
        _ = try client.get("/items/8")
        server.stop()
        let all = entries.all
        #expect(all.count == 2)
        #expect(all[0].requestID == "trace-42")
        #expect(all[0].clientAddress == "127.0.0.1")
        #expect(all[0].userAgent == "probe/1.0")
        #expect(all[0].path == "/items/7")   // never the query
        #expect(all[1].requestID.count == 15)   // generated
        #expect(all[1].userAgent == nil)
    }
}

@Suite struct AccessLogWriterTests {
    private func entry(_ path: String) -> AccessLogEntry {
        AccessLogEntry(time: Date(timeIntervalSince1970: 1_795_356_000.123), method: "GET", path: path, status: 200,
                       durationMicroseconds: 420, bytes: 15, requestID: "r-\(path.dropFirst())",
                       clientAddress: "203.0.113.7", userAgent: "curl/8.5")
    }

    @Test func writesBatchesInOrder() {
        let lines = LockedBytes()
        let writer = AccessLogWriter(format: .json, capacity: 64) { lines.append($0) }
        for index in 0..<20 { writer.log(entry("/\(index)")) }
        writer.flush()
        let text = String(decoding: lines.all, as: UTF8.self)
        let split = text.split(separator: "\n")
        #expect(split.count == 20)
        #expect(split.first == "{\"time\":\"2026-11-22T14:00:00.123Z\",\"requestId\":\"r-0\",\"method\":\"GET\",\"target\":\"/0\",\"status\":200,\"bytes\":15,\"durationMicroseconds\":420,\"clientAddress\":\"203.0.113.7\",\"userAgent\":\"curl/8.5\"}")
        #expect(split.last?.contains("\"target\":\"/19\"") == true)
        #expect(writer.droppedCount == 0)
        writer.close()
    }

    /// The output blocks; the buffer fills; what does not fit is dropped and counted, and
    /// `log` never waits.
    @Test func dropsAndCountsWhenTheBufferIsFull() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let lines = LockedBytes()
        let writer = AccessLogWriter(format: .clf, capacity: 3) { bytes in
            entered.signal()
            release.wait()
            lines.append(bytes)
        }
        writer.log(entry("/first"))
        // The writer has taken the first entry and is stuck in the output.
        #expect(entered.wait(timeout: .now() + 5) == .success)
        for index in 0..<10 { writer.log(entry("/\(index)")) }   // 3 fit, 7 do not
        #expect(writer.droppedCount == 7)
        let metrics = Metrics(includeProcess: false)
        metrics.register { writer.collect(into: &$0) }
        let text = try PrometheusText(String(decoding: metrics.render(), as: UTF8.self))
        #expect(text.value("stays_access_log_dropped_total") == 7)
        #expect(text.types["stays_access_log_dropped_total"] == "counter")
        release.signal()
        #expect(entered.wait(timeout: .now() + 5) == .success)   // the second batch
        release.signal()
        writer.flush()
        let written = String(decoding: lines.all, as: UTF8.self).split(separator: "\n")
        #expect(written.count == 4)
        #expect(written.first == "203.0.113.7 - - [22/Nov/2026:14:00:00 +0000] \"GET /first HTTP/1.1\" 200 15")
        #expect(written.last == "203.0.113.7 - - [22/Nov/2026:14:00:00 +0000] \"GET /2 HTTP/1.1\" 200 15")
        writer.close()
    }

    @Test func commonLogFormatEscapesAndDashes() {
        var entry = AccessLogEntry(time: Date(timeIntervalSince1970: 0), method: "-", path: "-", status: 400,
                                   durationMicroseconds: 0, bytes: 0)
        #expect(String(decoding: entry.commonLogLine(), as: UTF8.self) == "- - - [01/Jan/1970:00:00:00 +0000] \"-\" 400 -\n")
        entry.method = "GET"
        entry.path = "/a\"b\\"
        entry.clientAddress = "::1"
        #expect(String(decoding: entry.commonLogLine(), as: UTF8.self)
            == "::1 - - [01/Jan/1970:00:00:00 +0000] \"GET /a\\x22b\\x5C HTTP/1.1\" 400 -\n")
    }
}

final class LockedBytes: @unchecked Sendable {   // guarded by `lock`
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func append(_ more: [UInt8]) { lock.withLock { bytes += more } }
    var all: [UInt8] { lock.withLock { bytes } }
}
