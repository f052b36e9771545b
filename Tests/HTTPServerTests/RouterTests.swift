import Foundation
import HTTP1
import Testing
@testable import HTTPServer

struct TeapotError: ProblemConvertible {
    var problem: Problem {
        Problem(type: ProblemType(kind: "teapot"), status: .conflict, detail: "dates taken",
                extra: ["unavailableDates": ["2026-12-24"]])
    }
}
struct SecretError: Error {}

@Suite struct RouterTests {
    let responder: RouterResponder = {
        var router = Router()
        router.get("/listings/{id}") { request in
            .json(Array("{\"id\":\"\(request.pathParameters["id"] ?? "")\"}".utf8))
        }
        router.get("/listings/search") { _ in .json(Array("\"search\"".utf8)) }
        router.add(.post, "/listings/{id}") { _ in HTTPResponse(status: .created) }
        router.get("/a/b/c") { _ in .json(Array("\"literal\"".utf8)) }
        router.get("/a/{x}/d") { request in .json(Array("\"\(request.pathParameters["x"]!)\"".utf8)) }
        router.get("/query") { request in .json(Array("\"\(request.query["q"] ?? "-")\"".utf8)) }
        router.get("/problem") { _ in throw TeapotError() }
        router.get("/secret") { _ in throw SecretError() }
        router.get("/cached") { _ in
            HTTPResponse(status: .ok, headers: ["Cache-Control": "max-age=60", "Content-Type": "text/plain"], body: Array("hello".utf8))
        }
        router.get("/") { _ in .json(Array("\"root\"".utf8)) }
        return router.responder(errorLog: { _ in })
    }()

    func get(_ target: String, method: HTTPMethod = .get, headers: HTTPFields = HTTPFields()) -> HTTPResponse {
        var fields = headers
        fields.append(name: "Host", value: "x")
        return responder.respond(to: HTTPRequest(method: method, target: target, headers: fields))
    }

    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func pathParametersArePercentDecoded() {
        let response = get("/listings/%EC%84%9C%EC%9A%B8%20a")
        #expect(response.status == .ok)
        #expect(text(response) == "{\"id\":\"서울 a\"}")
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
    }

    @Test func literalSegmentsWinOverParameters() {
        #expect(text(get("/listings/search")) == "\"search\"")
        #expect(text(get("/a/b/c")) == "\"literal\"")
        // The literal branch dead-ends, so matching backtracks to the parameter.
        #expect(text(get("/a/b/d")) == "\"b\"")
        #expect(text(get("/")) == "\"root\"")
    }

    @Test func unknownPathIs404Problem() {
        for target in ["/nope", "/listings", "/listings/1/extra", "/listings/", "/a/b"] {
            let response = get(target)
            #expect(response.status == .notFound, "\(target)")
            #expect(response.headers["Content-Type"] == "application/problem+json")
        }
    }

    @Test func wrongMethodIs405WithAllow() {
        let response = get("/listings/7", method: .delete)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS, POST")
        #expect(text(response).contains("\"status\":405"))
        let literal = get("/listings/search", method: .post)
        #expect(literal.status == .methodNotAllowed)
        #expect(literal.headers["Allow"] == "GET, HEAD, OPTIONS")
    }

    @Test func optionsAnswers204WithAllow() {
        let response = get("/listings/7", method: .options)
        #expect(response.status == .noContent)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS, POST")
    }

    @Test func headRunsTheGetHandler() {
        let response = get("/listings/9", method: .head)
        #expect(response.status == .ok)
        #expect(text(response) == "{\"id\":\"9\"}")   // the serializer drops it, keeping its length
    }

    @Test func badPercentEncodingInPathIs400() {
        #expect(get("/listings/%E").status == .badRequest)
        #expect(get("/listings/%FF").status == .badRequest)
    }

    @Test func badQueryIs400WithInvalidParams() {
        let response = get("/query?q=%ZZ")
        #expect(response.status == .badRequest)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(text(response).contains("\"invalidParams\":[{\"name\":\"q\",\"reason\":"))
        #expect(text(get("/query?q=%ED%95%9C")) == "\"한\"")
    }

    @Test func problemConvertibleErrorsBecomeTheirProblem() throws {
        let response = get("/problem", headers: ["X-Request-Id": "req-1"])
        #expect(response.status == .conflict)
        #expect(text(response) == "{\"type\":\"/problems/teapot\",\"title\":\"Conflict\",\"status\":409,\"detail\":\"dates taken\",\"requestId\":\"req-1\",\"unavailableDates\":[\"2026-12-24\"]}")
        #expect(response.headers.values(for: "X-Request-Id") == ["req-1"])
    }

    @Test func otherErrorsBecomeAGeneric500() {
        let response = get("/secret")
        #expect(response.status == .internalServerError)
        #expect(!text(response).contains("SecretError"))
    }

    @Test func getResponsesCarryAStrongETag() throws {
        let response = get("/cached")
        let etag = try #require(response.headers["ETag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count == 18)
        #expect(get("/cached").headers["ETag"] == etag)   // deterministic
        #expect(get("/listings/1").headers["ETag"] != get("/listings/2").headers["ETag"])
        #expect(get("/listings/1", method: .post).headers["ETag"] == nil)
    }

    @Test func matchingIfNoneMatchGives304WithValidatorsKept() throws {
        let etag = try #require(get("/cached").headers["ETag"])
        for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*", "\"a,b\",W/\(etag)"] {
            let response = get("/cached", headers: ["If-None-Match": condition])
            #expect(response.status == .notModified, "\(condition)")
            #expect(response.body.isEmpty)
            #expect(response.headers["ETag"] == etag)
            #expect(response.headers["Cache-Control"] == "max-age=60")
            #expect(response.headers["Content-Type"] == nil)
        }
        #expect(get("/cached", method: .head, headers: ["If-None-Match": etag]).status == .notModified)
        for condition in ["\"other\"", "garbage", "W/", "\(etag.dropLast())"] {
            #expect(get("/cached", headers: ["If-None-Match": condition]).status == .ok, "\(condition)")
        }
    }

    @Test func problemJSONShape() {
        let problem = Problem(type: .invalidQuery, status: .badRequest, detail: "bad \"x\"",
                              invalidParams: [InvalidParam(name: "checkIn", reason: "not a date")])
        #expect(String(decoding: problem.json, as: UTF8.self)
            == "{\"type\":\"/problems/invalid-query\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"bad \\\"x\\\"\",\"invalidParams\":[{\"name\":\"checkIn\",\"reason\":\"not a date\"}]}")
        var found = Problem(type: .notFound, status: .notFound)
        found.requestID = "r1"
        #expect(String(decoding: found.json, as: UTF8.self)
            == "{\"type\":\"/problems/not-found\",\"title\":\"Not Found\",\"status\":404,\"requestId\":\"r1\"}")
    }
}

@Suite struct AccessLogEntryTests {
    @Test func jsonLineFormat() {
        let entry = AccessLogEntry(time: Date(timeIntervalSince1970: 1_795_356_000.123), method: "GET", path: "/health",
                                   status: 200, durationMicroseconds: 420, bytes: 15)
        #expect(String(decoding: entry.jsonLine(), as: UTF8.self)
            == "{\"time\":\"2026-11-22T14:00:00.123Z\",\"requestId\":\"-\",\"method\":\"GET\",\"target\":\"/health\",\"status\":200,\"bytes\":15,\"durationMicroseconds\":420,\"clientAddress\":\"\",\"userAgent\":null}\n")
    }
}
