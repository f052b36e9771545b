import HTTP1
import HTTPServer
import TestSupport
import Testing

/// What the server shows only to its own machine by default: `/metrics` and `/version` on the
/// main port (a scrape from elsewhere uses `--metrics-port`).
@Suite struct OperatorDefaultsEndToEndTests {
    @Test func metricsAndVersionAreNotPublicOnTheMainPort() throws {
        let server = try APITestServer()
        let responder = server.application.server.responder
        for path in ["/metrics", "/version"] {
            let request = HTTPRequest(method: .get, target: path, headers: ["Host": "stays.example"])
            #expect(responder.respond(to: request, clientAddress: "203.0.113.7").status == .notFound, "\(path)")
            #expect(responder.respond(to: request, clientAddress: "127.0.0.1").status == .ok, "\(path)")
            // Over the socket, from loopback: served.
            #expect(try server.get(path).status == 200, "\(path)")
        }
        // The health checks stay public: a load balancer asks them from elsewhere.
        let health = HTTPRequest(method: .get, target: "/health/ready", headers: ["Host": "stays.example"])
        #expect(responder.respond(to: health, clientAddress: "203.0.113.7").status == .ok)
    }
}
