import Foundation
import Glibc
import HTTP1
@testable import HTTPServer
import Testing
import TestSupport

/// The per-address limits over real sockets. Loopback is 127.0.0.0/8 on Linux, so a client
/// bound to 127.0.0.2 is another address than one on 127.0.0.1: the "attacker" connects from
/// 127.0.0.1, the "victim" from 127.0.0.2.
@Suite(.serialized) struct PerAddressLimitEndToEndTests {
    /// A server with `configure` applied and its own metrics.
    private final class LimitedServer {
        let server: HTTPServer
        let metrics = Metrics(includeProcess: false)
        let port: Int

        init(responder: any Responder = EchoResponder(), _ configure: (inout ServerConfiguration) -> Void) throws {
            var configuration = ServerConfiguration(port: 0)
            configure(&configuration)
            server = HTTPServer(configuration: configuration, responder: responder, metrics: metrics,
                                log: { _ in })
            port = try server.start()
        }

        func counter(_ name: String, _ labels: [String: String] = [:]) throws -> Double {
            try PrometheusText(String(decoding: metrics.render(), as: UTF8.self)).value(name, labels) ?? -1
        }

        deinit {
            server.shutdown()
            server.waitUntilStopped()
        }
    }

    /// Opens `count` connections from 127.0.0.1 that send nothing and stay open (on this
    /// side) until closed by the caller; stops early only if `socket` or `connect` fails.
    private static func openIdleConnections(_ count: Int, port: Int) -> [Int32] {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var fds: [Int32] = []
        fds.reserveCapacity(count)
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { break }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                close(fd)
                break
            }
            fds.append(fd)
        }
        return fds
    }

    /// Waits until `condition` holds (polling), at most `seconds`.
    private static func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(10_000)
        }
        return try condition()
    }

    /// One address holding as many connections as this process's descriptors allow (up to
    /// 20,000; past the per-address cap the server refuses them, so they cost it nothing)
    /// leaves another address served at once, while the global cap alone would refuse it
    /// (next test).
    @Test func oneAddressFloodingConnectionsCannotDenyServiceToAnother() throws {
        let limits = try #require(DescriptorLimit.raiseSoftToHard())
        let perAddress = 100
        // The test process holds both ends of the held connections and the client end of
        // the refused ones; half its descriptors stay free for the suites running alongside.
        let attack = min(20_000, limits.soft / 2 - perAddress)
        try #require(attack > 1_000, "too few descriptors for the test: \(limits.soft)")
        let running = try LimitedServer {
            $0.maxConnections = 1_000
            $0.maxConnectionsPerAddress = perAddress
        }
        let attacker = Self.openIdleConnections(attack, port: running.port)
        defer { for fd in attacker { close(fd) } }
        #expect(attacker.count == attack, "the attacker opened \(attacker.count) of \(attack) connections")
        // Every connection past the cap is accepted, answered and closed by the server.
        let refusedAll = try Self.wait(seconds: 60) {
            try running.counter("stays_connections_refused_total", ["reason": "per_address_cap"])
                == Double(attacker.count - perAddress)
        }
        let refused = try running.counter("stays_connections_refused_total", ["reason": "per_address_cap"])
        #expect(refusedAll, "refused \(refused) of \(attacker.count - perAddress)")
        #expect(running.server.connectionCount == perAddress)

        // While the attacker holds its 100, the victim's requests are answered, each at once.
        for index in 0..<20 {
            let started = Date()
            let victim = try TestClient(port: running.port, sourceAddress: "127.0.0.2")
            let response = try victim.get("/victim/\(index)")
            #expect(response.status == 200, "victim request \(index): \(response.status)")
            #expect(Date().timeIntervalSince(started) < 2, "victim request \(index) took too long")
        }
        // What a refused attacker connection read: a 429 problem that closes.
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(try #require(attacker.last), &buffer, buffer.count)
        let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 429 Too Many Requests\r\n"), "\(text)")
        #expect(text.contains("Retry-After: 1\r\n") && text.contains("Connection: close\r\n"))
        #expect(text.contains(#""type":"/problems/rate-limited""#))
    }

    /// The same flood with only the global cap: the victim is refused. This is what the
    /// per-address cap prevents (and shows the test above can fail).
    @Test func withoutThePerAddressCapTheFloodLocksOthersOut() throws {
        let running = try LimitedServer { $0.maxConnections = 200 }
        let attacker = Self.openIdleConnections(300, port: running.port)
        defer { for fd in attacker { close(fd) } }
        #expect(try Self.wait(seconds: 30) {
            try running.counter("stays_connections_refused_total", ["reason": "connection_cap"]) == 100
        })
        let victim = try TestClient(port: running.port, sourceAddress: "127.0.0.2")
        #expect(try victim.get("/victim").status == 503)
    }

    /// Past the per-address write rate, writes from that address answer 429 with
    /// `Retry-After`; its reads, and writes from another address, are still served.
    @Test func writesPastTheRateAre429WithRetryAfterAndOthersAreServed() throws {
        let running = try LimitedServer { $0.writesPerSecondPerAddress = 5 }
        let client = try TestClient(port: running.port)
        var statuses: [Int] = []
        var lastRefusal: ClientResponse?
        for index in 0..<20 {
            let response = try client.post("/things/\(index)", json: "{}")
            statuses.append(response.status)
            if response.status == 429 { lastRefusal = response }
        }
        // A burst of 5 at once; 20 requests take far less than the second that frees one more.
        #expect(statuses.prefix(5).allSatisfy { $0 == 200 }, "\(statuses)")
        let refused = statuses.filter { $0 == 429 }.count
        #expect(refused >= 14 && statuses.allSatisfy { $0 == 200 || $0 == 429 }, "\(statuses)")
        let problem = try #require(lastRefusal)
        #expect(problem.header("Content-Type") == "application/problem+json")
        #expect(Int(problem.header("Retry-After") ?? "") ?? 0 >= 1)
        #expect(problem.header("X-Request-Id") != nil)
        #expect(problem.text.contains(#""type":"/problems/rate-limited""#))
        // The connection stays open: reads from the same address are not limited.
        for index in 0..<10 {
            #expect(try client.get("/read/\(index)").status == 200)
        }
        let other = try TestClient(port: running.port, sourceAddress: "127.0.0.2")
        #expect(try other.post("/things/other", json: "{}").status == 200)
        #expect(try running.counter("stays_http_writes_rate_limited_total") == Double(refused))
    }

    /// A page on an allowed origin reads the 429 like any other answer (its `Retry-After`
    /// included), so it can wait and retry instead of seeing an opaque network error.
    @Test func aRefusedWriteCarriesTheCORSHeadersOfEveryResponse() throws {
        var router = Router()
        router.post("/things") { _ in .json(Array("{}".utf8)) }
        let origin = "https://app.example.com"
        let running = try LimitedServer(responder: router.responder(errorLog: { _ in },
                                                                    cors: CORSPolicy(origins: [origin]))) {
            $0.writesPerSecondPerAddress = 1
        }
        let client = try TestClient(port: running.port)
        var refusal: ClientResponse?
        for _ in 0..<5 {
            let response = try client.post("/things", json: "{}", headers: [("Origin", origin)])
            #expect(response.header("Access-Control-Allow-Origin") == origin, "status \(response.status)")
            if response.status == 429 { refusal = response }
        }
        let refused = try #require(refusal)
        #expect(refused.header("Access-Control-Expose-Headers")?.contains("Retry-After") == true)
        #expect(refused.header("Vary")?.contains("Origin") == true)
        let stranger = try client.post("/things", json: "{}", headers: [("Origin", "https://evil.example")])
        #expect(stranger.status == 429 && stranger.header("Access-Control-Allow-Origin") == nil)
    }
}
