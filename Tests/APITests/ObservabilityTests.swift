import API
import Application
import Foundation
import HTTPServer
import Testing
import TestSupport

/// `/metrics`, `/health/live`, `/health/ready`, `/version` and the access log, through the
/// production wiring (`buildApplication`) over real sockets.
@Suite struct ObservabilityTests {
    static let stay = ["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13"]

    func scrape(port: Int) throws -> PrometheusText {
        let response = try TestClient(port: port).get("/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        return try PrometheusText(response.text)
    }

    @Test func metricsOnTheMainPortCoverTheApplication() throws {
        let server = try APITestServer()
        let before = try scrape(port: server.port)
        #expect(try #require(before.value("stays_search_index_listings")) > 0)
        #expect(try #require(before.value("stays_search_index_last_update_timestamp_seconds")) > 1_700_000_000)
        let sequenceBefore = try #require(before.value("stays_search_index_sequence"))
        #expect(before.value("stays_bookings_created_total") == 0)
        #expect(before.value("stays_sqlite_pool_waits_total") != nil)
        #expect(before.value("stays_search_index_rebuilds_total") == 0, "a fresh server has loaded, not rebuilt")
        #expect(before.types["stays_search_index_rebuilds_total"] == "counter")
        #expect(before.value("stays_build_info", ["version": BuildInfo.version, "commit": BuildInfo.commit,
                                                  "swift": BuildInfo.swift]) == 1)
        #expect(before.types["stays_bookings_created_total"] == "counter")
        #expect(before.value("process_open_fds") != nil)

        // Book, cancel, and hit a route with an id in its path.
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try #require(int64(try server.json("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")["total"]))
        var body: [String: Any] = Self.stay
        body["adults"] = 2
        body["expectedTotal"] = total
        let created = try guest.book(body)
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.object["id"] as? String)
        #expect(try guest.send("GET", "/reservations/\(id)").status == 200)
        #expect(try guest.send("POST", "/reservations/\(id)/cancel").status == 200)
        #expect(try guest.send("POST", "/reservations/\(id)/cancel").status == 200)   // again: not counted
        _ = try server.get("/listings?checkin=2028-01-10&checkout=2028-01-13&adults=2")   // the index catches up

        let after = try scrape(port: server.port)
        #expect(after.value("stays_bookings_created_total") == 1)
        #expect(after.value("stays_bookings_cancelled_total") == 1)
        #expect(try #require(after.value("stays_search_index_sequence")) > sequenceBefore)
        let patterns = Set(after.all("stays_http_requests_total").compactMap { $0.labels["route"] })
        #expect(patterns.contains("/reservations/{id}"))
        #expect(!patterns.contains("/reservations/\(id)"))
        #expect(after.value("stays_http_requests_total", ["route": "/reservations/{id}", "method": "GET",
                                                          "status_class": "2xx"]) == 1)
        #expect(after.value("stays_http_request_duration_seconds_count", ["route": "/reservations/{id}"]) == 1)
    }

    @Test func metricsPortServesMetricsAloneAndTheMainPortDoesNot() throws {
        let server = try APITestServer(configure: { $0.metricsPort = 0 })
        let metricsPort = try #require(server.application.metricsPort)
        #expect(metricsPort != server.port)
        #expect(try server.get("/metrics").status == 404)
        #expect(try server.get("/health").status == 200)
        let text = try scrape(port: metricsPort)
        // The main port's requests are counted (the 404 for /metrics as unmatched) ...
        #expect(text.value("stays_http_requests_total", ["route": "/health", "status_class": "2xx"]) == 1)
        #expect(text.value("stays_http_requests_total", ["route": "unmatched", "status_class": "4xx"]) == 1)
        // ... the metrics listener's own are not, and it serves nothing else.
        #expect(text.all("stays_http_requests_total", ["route": "/metrics"]).isEmpty)
        #expect(try TestClient(port: metricsPort).get("/health").status == 404)
    }

    @Test func liveAndReadyAndWhatMakesItUnready() throws {
        let server = try APITestServer()
        let live = try server.get("/health/live")
        #expect(live.status == 200)
        #expect(live.text == #"{"status":"live"}"#)
        #expect(try server.get("/health/ready").status == 200)
        #expect(try server.get("/health").text == #"{"status":"ok"}"#)

        server.application.pool?.close()
        let ready = try server.get("/health/ready")
        #expect(ready.status == 503)
        #expect(ready.header("Content-Type") == "application/problem+json")
        #expect(ready.object["type"] as? String == "/problems/not-ready")
        #expect(ready.object["requestId"] as? String == ready.header("X-Request-Id"))
        // The process still answers.
        #expect(try server.get("/health/live").status == 200)
        #expect(try server.get("/health").status == 200)
    }

    @Test func versionNamesTheBuild() throws {
        let version = try APITestServer.shared.json("/version")
        #expect(version["version"] as? String == BuildInfo.version)
        #expect(version["swift"] as? String == BuildInfo.swift)
        let commit = try #require(version["commit"] as? String)
        #expect(commit == "unknown" || commit.allSatisfy(\.isHexDigit))
        #expect(!commit.isEmpty)
    }

    @Test func accessLogLinesCarryRequestIDAndClientAddress() throws {
        let lines = LockedLines()
        let writer = AccessLogWriter(format: .json, capacity: 16) { lines.append($0) }
        let server = try APITestServer(configure: { $0.accessLog = writer })
        _ = try server.get("/health?who=someone", headers: [("X-Request-Id", "abc-123"), ("User-Agent", "probe/2")])
        let missing = try server.get("/nowhere")
        server.application.shutdown()
        server.application.waitUntilStopped()   // flushes the log
        let objects = lines.all.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == 2)
        let health = try #require(objects.first)
        #expect(Set(health.keys) == ["time", "requestId", "method", "target", "status", "bytes", "durationMicroseconds",
                                     "clientAddress", "userAgent"])
        #expect(health["requestId"] as? String == "abc-123")
        #expect(health["target"] as? String == "/health")   // the query is never logged
        #expect(health["clientAddress"] as? String == "127.0.0.1")
        #expect(health["userAgent"] as? String == "probe/2")
        #expect(health["status"] as? Int == 200)
        #expect(objects.last?["requestId"] as? String == missing.header("X-Request-Id"))
        #expect(objects.last?["status"] as? Int == 404)
        writer.close()
    }
}

final class LockedLines: @unchecked Sendable {   // guarded by `lock`
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ bytes: [UInt8]) {
        let split = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        lock.withLock { lines += split }
    }
    var all: [String] { lock.withLock { lines } }
}
