import Foundation
import HTTP1
import JSON
import TestSupport
import Testing
@testable import HTTPServer

/// The request context, body reader and middlewares over a real socket.
@Suite struct RequestEndToEndTests {
    struct Booking {
        var listingId: String
        var guests: Int
    }

    static func server(errorLog: CapturedLines = CapturedLines(), trace: Trace = Trace(),
                       configuration: ServerConfiguration = ServerConfiguration()) throws -> RunningServer {
        var router = Router()
        router.use(Tagging(name: "first", trace: trace))
        router.use(Tagging(name: "second", trace: trace))
        router.post("/bookings") { request in
            var body = try request.jsonObject(maxBytes: 256)
            let listingId = body.string("listingId", length: 1...20)
            let guests = body.int("guests", in: 1...16)
            try body.finish()
            guard let listingId, let guests else { throw Exploding() }
            trace.record("booked \(listingId) for \(guests)")
            var writer = JSONWriter()
            writer.object { w in
                w.field("listingId", listingId)
                w.field("guests", guests)
                w.field("requestId", request.requestID)
            }
            return .json(writer.bytes, status: .created)
        }
        router.get("/peer") { request in HTTPResponse(body: Array(request.clientAddress.utf8)) }
        router.get("/boom") { _ in throw Exploding() }
        return try RunningServer(configuration: configuration, responder: router.responder(errorLog: errorLog.sink))
    }

    @Test func postWithAJSONBody() throws {
        let trace = Trace()
        let server = try Self.server(trace: trace)
        defer { server.stop() }
        let client = try server.client()
        let response = try client.post("/bookings", json: #"{"listingId":"42","guests":2}"#,
                                       contentType: "application/json; charset=utf-8",
                                       headers: [("X-Request-Id", "book-1")])
        #expect(response.status == 201)
        #expect(try parseJSON(response.body) as NSDictionary == ["listingId": "42", "guests": 2, "requestId": "book-1"])
        #expect(response.header("X-Request-Id") == "book-1")
        #expect(response.headers.filter { $0.0 == "X-Through" }.map(\.1) == ["second", "first"])
        #expect(trace.all == ["first in", "second in", "booked 42 for 2", "second out", "first out"])
        // The connection stays usable for the next request.
        #expect(try client.get("/peer").status == 200)
    }

    @Test func badBodiesAreProblemsNamingEveryField() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try server.client()

        let invalid = try client.post("/bookings", json: #"{"guests":0,"pets":true}"#)
        #expect(invalid.status == 400)
        #expect(invalid.header("Content-Type") == "application/problem+json")
        let problem = try parseJSON(invalid.body)
        #expect(problem["type"] as? String == "/problems/invalid-body")
        #expect(problem["requestId"] as? String == invalid.header("X-Request-Id"))
        let params = try #require(problem["invalidParams"] as? [[String: String]])
        #expect(params == [["name": "listingId", "reason": "is required"],
                           ["name": "guests", "reason": "must be an integer between 1 and 16"],
                           ["name": "pets", "reason": "is not a known field"]])

        let malformed = try client.post("/bookings", json: #"{"listingId":"42","guests":02}"#)
        #expect(malformed.status == 400)
        #expect(try parseJSON(malformed.body)["detail"] as? String
                == "The request body is not valid JSON. Invalid JSON at byte 28: numbers must not have leading zeros.")

        let wrongType = try client.post("/bookings", json: #"{"listingId":"42","guests":2}"#, contentType: "text/plain")
        #expect(wrongType.status == 415)
        #expect(try parseJSON(wrongType.body)["type"] as? String == "/problems/unsupported-media-type")
        let noType = try client.post("/bookings", json: #"{"listingId":"42","guests":2}"#, contentType: nil)
        #expect(noType.status == 415)

        let big = try client.post("/bookings", json: #"{"listingId":""# + String(repeating: "9", count: 300) + #"","guests":2}"#)
        #expect(big.status == 413)
        #expect(try parseJSON(big.body)["type"] as? String == "/problems/payload-too-large")
        // All answered on one connection: these are answers, not connection errors.
        #expect(try client.get("/peer").status == 200)
    }

    @Test func requestIdsAreEchoedOrGenerated() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try server.client()
        #expect(try client.get("/peer", headers: [("X-Request-Id", "trace-me")]).header("X-Request-Id") == "trace-me")
        let first = try #require(try client.get("/peer").header("X-Request-Id"))
        let second = try #require(try client.get("/peer", headers: [("X-Request-Id", "bad id")]).header("X-Request-Id"))
        #expect(RequestContextTests.isGenerated(first) && RequestContextTests.isGenerated(second))
        #expect(first != second)

        let missing = try client.get("/nowhere", headers: [("X-Request-Id", "nf-1")])
        #expect(missing.status == 404)
        #expect(try parseJSON(missing.body)["requestId"] as? String == "nf-1")
        #expect(try parseJSON(missing.body)["type"] as? String == "/problems/not-found")
    }

    @Test func a500HidesItsCauseAndLogsIt() throws {
        let log = CapturedLines()
        let server = try Self.server(errorLog: log)
        defer { server.stop() }
        let client = try server.client()
        let response = try client.get("/boom", headers: [("X-Request-Id", "oops-1")])
        #expect(response.status == 500)
        let problem = try parseJSON(response.body)
        #expect(problem["type"] as? String == "/problems/internal-error")
        #expect(problem["requestId"] as? String == "oops-1")
        #expect(!response.text.contains("fire"))
        #expect(log.all == ["request oops-1 GET /boom failed: disk on fire\\nsecond line"])
    }

    @Test func connectionLevelProblemsHaveAKindAndAnId() throws {
        let server = try Self.server(configuration: ServerConfiguration(limits: ParserLimits(maxRequestLineBytes: 100)))
        defer { server.stop() }
        for (request, type) in [("GET /x HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", "/problems/malformed-request"),
                                ("GET /\(String(repeating: "a", count: 200)) HTTP/1.1\r\nHost: x\r\n\r\n", "/problems/uri-too-long"),
                                ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", "/problems/http-version-not-supported")] {
            let client = try server.client()
            try client.send(request)
            let response = try client.readResponse()
            let problem = try parseJSON(response.body)
            #expect(problem["type"] as? String == type)
            let id = try #require(response.header("X-Request-Id"))
            #expect(problem["requestId"] as? String == id)
            #expect(RequestContextTests.isGenerated(id))
        }
    }

    @Test func theClientAddressIsThePeersIP() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(try server.client().get("/peer").text == "127.0.0.1")
        let six = try Self.server(configuration: ServerConfiguration(host: "::1"))
        defer { six.stop() }
        #expect(try TestClient(port: six.port, host: "::1").get("/peer").text == "::1")
    }
}
