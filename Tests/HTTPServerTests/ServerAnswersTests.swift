import Glibc
import HTTP1
import Testing
import TestSupport
@testable import HTTPServer

/// Answers every response of the server owes, over real sockets: `OPTIONS *`, and the
/// connections refused at accept.
@Suite struct ServerAnswersTests {
    /// An IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func isIMFFixdate(_ value: String?) -> Bool {
        guard let value, value.utf8.count == 29, value.hasSuffix(" GMT") else { return false }
        return HTTPDate.imfFixdate(secondsSince1970: 0).utf8.count == 29 && value.dropFirst(3).hasPrefix(", ")
    }

    @Test func optionsAsteriskAnswers200WithTheServersMethods() throws {
        var router = Router()
        router.get("/a") { _ in HTTPResponse() }
        router.post("/b/{id}") { _ in HTTPResponse() }
        router.delete("/b/{id}") { _ in HTTPResponse() }
        let running = try RunningServer(responder: router.responder(errorLog: { _ in }))
        defer { running.stop() }
        let client = try running.client()
        try client.send("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Allow") == "DELETE, GET, HEAD, OPTIONS, POST")
        #expect(response.header("Content-Length") == "0")
        #expect(response.header("X-Request-Id") != nil)
    }

    @Test func aConnectionRefusedPerAddressCarriesDate() throws {
        var configuration = ServerConfiguration()
        configuration.maxConnectionsPerAddress = 1
        let running = try RunningServer(configuration: configuration)
        defer { running.stop() }
        let held = try running.client()
        #expect(try held.get("/").status == 200)
        let refused = try running.client().readResponse()
        #expect(refused.status == 429)
        #expect(Self.isIMFFixdate(refused.header("Date")), "\(refused.header("Date") ?? "no Date")")
        #expect(refused.header("Retry-After") == "1")
    }

    @Test func aConnectionRefusedAtTheCapCarriesDate() throws {
        var configuration = ServerConfiguration()
        configuration.maxConnections = 1
        let running = try RunningServer(configuration: configuration)
        defer { running.stop() }
        let held = try running.client()
        #expect(try held.get("/").status == 200)
        let refused = try running.client().readResponse()
        #expect(refused.status == 503)
        #expect(Self.isIMFFixdate(refused.header("Date")), "\(refused.header("Date") ?? "no Date")")
    }

    @Test func metricsCountEachStatusCodeBesidesItsClass() throws {
        let metrics = Metrics()
        var router = Router()
        router.get("/a") { _ in HTTPResponse() }
        router.get("/busy") { _ in throw Problem.rateLimited(retryAfterSeconds: 1) }
        router.get("/teapot") { _ in HTTPResponse(status: HTTPStatus(code: 418, reasonPhrase: "I'm a teapot")) }
        let responder = router.responder(errorLog: { _ in }, metrics: metrics)
        func get(_ target: String) -> HTTPResponse {
            responder.respond(to: HTTPRequest(method: .get, target: target, headers: ["Host": "x"]))
        }
        _ = get("/a"); _ = get("/busy"); _ = get("/busy"); _ = get("/nowhere"); _ = get("/teapot")
        let text = try PrometheusText(String(decoding: metrics.render(), as: UTF8.self))
        #expect(text.value("stays_http_requests_total", ["route": "/a", "code": "200", "status_class": "2xx"]) == 1)
        #expect(text.value("stays_http_requests_total", ["route": "/busy", "code": "429", "status_class": "4xx"]) == 2)
        #expect(text.value("stays_http_requests_total", ["route": "unmatched", "code": "404"]) == 1)
        #expect(text.value("stays_http_requests_total", ["route": "/teapot", "method": "GET", "code": "418"]) == 1)
        let start = try #require(text.value("process_start_time_seconds"))
        let now = Double(time(nil))
        #expect(start > now - 86_400 * 365 && start <= now + 1)
    }

    @Test func localOnlyRoutesAnswerLoopbackAlone() {
        var router = Router()
        router.get("/private", using: [LocalOnly()]) { _ in HTTPResponse(body: Array("ok".utf8)) }
        let responder = router.responder(errorLog: { _ in })
        func get(from address: String, _ headers: HTTPFields = ["Host": "x"]) -> Int {
            responder.respond(to: HTTPRequest(method: .get, target: "/private", headers: headers),
                              clientAddress: address).status.code
        }
        #expect(get(from: "127.0.0.1") == 200)
        #expect(get(from: "::1") == 200)
        #expect(get(from: "") == 200)
        #expect(get(from: "203.0.113.7") == 404)
        #expect(get(from: "10.1.2.3") == 404)
        #expect(get(from: "2001:db8::1") == 404)
        // A proxy on this machine relays a remote client from loopback.
        #expect(get(from: "127.0.0.1", ["Host": "x", "X-Forwarded-For": "203.0.113.7"]) == 404)
        #expect(get(from: "127.0.0.1", ["Host": "x", "Forwarded": "for=203.0.113.7"]) == 404)
    }
}
