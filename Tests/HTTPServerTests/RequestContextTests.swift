import Dispatch
import Foundation
import Glibc
import HTTP1
import Synchronization
import Testing
@testable import HTTPServer

/// Lines a responder's error log received.
final class CapturedLines: Sendable {
    private let lines = Mutex<[String]>([])
    var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
}

/// Records the order in which middlewares and handlers run.
final class Trace: Sendable {
    private let steps = Mutex<[String]>([])
    func record(_ step: String) { steps.withLock { $0.append(step) } }
    var all: [String] { steps.withLock { $0 } }
}

struct Tagging: Middleware {
    let name: String
    let trace: Trace
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        trace.record("\(name) in")
        var response = try next(request)
        trace.record("\(name) out")
        response.headers.append(name: "X-Through", value: name)
        return response
    }
}

/// Answers 401 itself unless the request has `Authorization`.
struct Gate: Middleware {
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        guard request.header("Authorization") != nil else {
            throw Problem(type: ProblemType(kind: "unauthenticated"), status: HTTPStatus(code: 401, reasonPhrase: "Unauthorized"))
        }
        return try next(request)
    }
}

struct Exploding: Error, CustomStringConvertible {
    var description: String { "disk on fire\nsecond line" }
}

func parseJSON(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
}

@Suite struct RequestContextTests {
    func request(_ target: String, method: HTTPMethod = .get, headers: HTTPFields = HTTPFields()) -> HTTPRequest {
        var fields = headers
        fields.append(name: "Host", value: "x")
        return HTTPRequest(method: method, target: target, headers: fields)
    }

    func responder(errorLog: CapturedLines = CapturedLines(), _ build: (inout Router) -> Void) -> RouterResponder {
        var router = Router()
        build(&router)
        return router.responder(errorLog: errorLog.sink)
    }

    // MARK: request ids

    @Test func anAcceptableIncomingIdIsKeptAndEchoed() {
        let responder = responder { $0.get("/id") { request in HTTPResponse(body: Array(request.requestID.utf8)) } }
        for id in ["abc", "9f86d081-884c-7d65-9a2f-ea0c55b1", String(repeating: "x", count: 128), "~!#$%&'*+-.^_`|"] {
            let response = responder.respond(to: request("/id", headers: ["X-Request-Id": id]))
            #expect(String(decoding: response.body, as: UTF8.self) == id)
            #expect(response.headers.values(for: "X-Request-Id") == [id])
        }
        // Any case of the header name.
        let lower = responder.respond(to: request("/id", headers: ["x-request-id": "lower"]))
        #expect(lower.headers["X-Request-Id"] == "lower")
    }

    @Test func anUnacceptableIncomingIdIsReplaced() {
        let responder = responder { $0.get("/id") { request in HTTPResponse(body: Array(request.requestID.utf8)) } }
        for id in ["", String(repeating: "x", count: 129), "has space", "tab\there", "서울", "quote\"ok\u{7F}"] {
            let response = responder.respond(to: request("/id", headers: ["X-Request-Id": id]))
            let used = String(decoding: response.body, as: UTF8.self)
            #expect(used != id)
            #expect(Self.isGenerated(used), "\(used)")
            #expect(response.headers["X-Request-Id"] == used)
        }
    }

    static func isGenerated(_ id: String) -> Bool {
        id.utf8.count == 15 && id.utf8.allSatisfy { Array("0123456789abcdefghjkmnpqrstvwxyz".utf8).contains($0) }
    }

    @Test func generatedIdsAreUniqueAcrossThreads() {
        let perThread = 20_000
        let collected = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            var mine: [String] = []
            mine.reserveCapacity(perThread)
            for _ in 0..<perThread { mine.append(RequestID.generate()) }
            collected.withLock { $0 += mine }
        }
        let all = collected.withLock { $0 }
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy(Self.isGenerated))
    }

    @Test func everyResponseCarriesTheIdAndEveryProblemBodyToo() throws {
        let log = CapturedLines()
        let responder = responder(errorLog: log) { router in
            router.get("/ok") { _ in .json(Array("{}".utf8)) }
            router.get("/boom") { _ in throw Exploding() }
            router.get("/teapot") { _ in throw TeapotError() }
        }
        let cases: [(HTTPRequest, Int, String?)] = [
            (request("/ok"), 200, nil),
            (request("/ok", method: .options), 204, nil),
            (request("/nowhere"), 404, "/problems/not-found"),
            (request("nowhere"), 404, "/problems/not-found"),
            (request("/ok", method: .post), 405, "/problems/method-not-allowed"),
            (request("/ok?a=%zz"), 400, "/problems/invalid-query"),
            (request("/%FF"), 400, "/problems/invalid-query"),
            (request("/boom"), 500, "/problems/internal-error"),
            (request("/teapot"), 409, "/problems/teapot"),
        ]
        for (index, (request, status, type)) in cases.enumerated() {
            var request = request
            request.headers.append(name: "X-Request-Id", value: "case-\(index)")
            let response = responder.respond(to: request)
            #expect(response.status.code == status, "\(request.target)")
            #expect(response.headers.values(for: "X-Request-Id") == ["case-\(index)"], "\(request.target)")
            if let type {
                let body = try parseJSON(response.body)
                #expect(body["type"] as? String == type)
                #expect(body["requestId"] as? String == "case-\(index)")
            }
        }
        // A 304 keeps the id too.
        let etag = try #require(responder.respond(to: request("/ok")).headers["ETag"])
        let notModified = responder.respond(to: request("/ok", headers: ["If-None-Match": etag, "X-Request-Id": "cond"]))
        #expect(notModified.status == .notModified)
        #expect(notModified.headers["X-Request-Id"] == "cond")
    }

    @Test func aHandlersOwnRequestIdHeaderIsNotDuplicated() {
        let responder = responder { $0.get("/own") { _ in HTTPResponse(headers: ["X-Request-Id": "mine"]) } }
        #expect(responder.respond(to: request("/own")).headers.values(for: "X-Request-Id") == ["mine"])
    }

    @Test func problemResponseForARequestCarriesItsId() throws {
        let responder = responder { router in
            router.get("/returned") { request in
                Problem(type: ProblemType(kind: "returned"), status: .conflict).response(for: request)
            }
        }
        let response = responder.respond(to: request("/returned", headers: ["X-Request-Id": "r-7"]))
        #expect(try parseJSON(response.body)["requestId"] as? String == "r-7")
        #expect(response.headers.values(for: "X-Request-Id") == ["r-7"])
    }

    // MARK: 500s

    @Test func a500LogsItsCauseOnceOnOneLine() throws {
        let log = CapturedLines()
        let responder = responder(errorLog: log) { router in
            router.get("/boom/{id}") { _ in throw Exploding() }
            router.get("/teapot") { _ in throw TeapotError() }
        }
        let response = responder.respond(to: request("/boom/7?x=1", headers: ["X-Request-Id": "abc-123"]))
        #expect(response.status == .internalServerError)
        let body = try parseJSON(response.body)
        #expect(body["detail"] as? String == "An unexpected error occurred.")
        #expect(body["requestId"] as? String == "abc-123")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("fire"))
        #expect(log.all == ["request abc-123 GET /boom/7 failed: disk on fire\\nsecond line"])
        // Problems are answers, not failures: nothing logged.
        _ = responder.respond(to: request("/teapot"))
        #expect(log.all.count == 1)
    }

    @Test func errorLogEscapesControlCharacters() {
        #expect(ErrorLog.escaped("plain") == "plain")
        #expect(ErrorLog.escaped("a\nb\r\tc\u{1}\u{7F}é") == "a\\nb\\r\\tc\\u{1}\\u{7f}é")
    }

    // MARK: middleware

    @Test func middlewaresWrapEveryRouteInRegistrationOrder() {
        let trace = Trace()
        let responder = responder { router in
            router.use(Tagging(name: "outer", trace: trace))
            router.get("/a/{id}") { request in
                trace.record("handler \(request.pathParameters["id"] ?? "")")
                return HTTPResponse()
            }
            router.put("/a/{id}") { _ in trace.record("put"); return HTTPResponse(status: .noContent) }
            router.delete("/a/{id}") { _ in trace.record("delete"); return HTTPResponse(status: .noContent) }
            router.use(Tagging(name: "inner", trace: trace))   // after the routes: still applies
        }
        let response = responder.respond(to: request("/a/1"))
        #expect(trace.all == ["outer in", "inner in", "handler 1", "inner out", "outer out"])
        #expect(response.headers.values(for: "X-Through") == ["inner", "outer"])
        #expect(responder.respond(to: request("/a/2", method: .put)).status == .noContent)
        #expect(responder.respond(to: request("/a/3", method: .delete)).status == .noContent)
        #expect(trace.all.suffix(10) == ["outer in", "inner in", "put", "inner out", "outer out",
                                         "outer in", "inner in", "delete", "inner out", "outer out"])
        #expect(responder.respond(to: request("/a/1", method: .options)).headers["Allow"] == "DELETE, GET, HEAD, OPTIONS, PUT")
    }

    @Test func theRoutersOwnAnswersSkipMiddlewares() {
        let trace = Trace()
        let responder = responder { router in
            router.use(Tagging(name: "m", trace: trace))
            router.get("/here") { _ in HTTPResponse() }
        }
        #expect(responder.respond(to: request("/elsewhere")).status == .notFound)
        #expect(responder.respond(to: request("/here", method: .post)).status == .methodNotAllowed)
        #expect(responder.respond(to: request("/here?%zz")).status == .badRequest)
        #expect(trace.all.isEmpty)
    }

    @Test func aMiddlewareMayAnswerOrFailOnItsOwn() throws {
        let log = CapturedLines()
        let trace = Trace()
        let responder = responder(errorLog: log) { router in
            router.use(Gate())
            router.use(Tagging(name: "after-gate", trace: trace))
            router.get("/private") { _ in HTTPResponse(body: Array("secret".utf8)) }
        }
        let refused = responder.respond(to: request("/private", headers: ["X-Request-Id": "g-1"]))
        #expect(refused.status.code == 401)
        let body = try parseJSON(refused.body)
        #expect(body["type"] as? String == "/problems/unauthenticated")
        #expect(body["requestId"] as? String == "g-1")
        #expect(trace.all.isEmpty)   // the gate answered before the next middleware
        let allowed = responder.respond(to: request("/private", headers: ["Authorization": "Bearer t"]))
        #expect(String(decoding: allowed.body, as: UTF8.self) == "secret")
        #expect(log.all.isEmpty)
    }

    @Test func middlewaresSeeTheRequestContext() {
        let responder = responder { router in
            router.get("/who") { request in HTTPResponse(body: Array("\(request.clientAddress) \(request.requestID)".utf8)) }
        }
        var head = request("/who")
        head.headers.append(name: "X-Request-Id", value: "ctx")
        let response = responder.respond(to: head, clientAddress: "203.0.113.9")
        #expect(String(decoding: response.body, as: UTF8.self) == "203.0.113.9 ctx")
    }

    // MARK: problems

    @Test func everyHTTPLayerProblemHasItsOwnKind() {
        let types: [ProblemType] = [.notFound, .methodNotAllowed, .invalidQuery, .malformedRequest, .payloadTooLarge,
                                    .headerFieldsTooLarge, .uriTooLong, .requestTimeout, .notImplemented,
                                    .httpVersionNotSupported, .expectationFailed, .unsupportedMediaType,
                                    .invalidBody, .internalError]
        #expect(Set(types).count == types.count)
        #expect(types.allSatisfy { $0.uri.hasPrefix("/problems/") })
        #expect(ConnectionStateMachine.problemType(for: .badRequest) == .malformedRequest)
        #expect(ConnectionStateMachine.problemType(for: .contentTooLarge) == .payloadTooLarge)
        #expect(ConnectionStateMachine.problemType(for: .uriTooLong) == .uriTooLong)
        #expect(ConnectionStateMachine.problemType(for: .requestHeaderFieldsTooLarge) == .headerFieldsTooLarge)
        #expect(ConnectionStateMachine.problemType(for: .expectationFailed) == .expectationFailed)
        #expect(ConnectionStateMachine.problemType(for: .notImplemented) == .notImplemented)
        #expect(ConnectionStateMachine.problemType(for: .httpVersionNotSupported) == .httpVersionNotSupported)
    }

    @Test func jsonMembersAreWrittenVerbatimAfterExtraInKeyOrder() throws {
        var problem = Problem(type: ProblemType(kind: "price-changed"), status: .conflict, detail: "d",
                              extra: ["b": ["x"], "dup": ["from extra"]],
                              jsonMembers: ["quote": Array(#"{"total":120000,"nights":[1,2]}"#.utf8),
                                            "a": Array("null".utf8),
                                            "dup": Array("1".utf8),
                                            "status": Array("999".utf8),
                                            "requestId": Array("\"forged\"".utf8),
                                            "empty": []])
        problem.requestID = "q-1"
        let text = String(decoding: problem.json, as: UTF8.self)
        #expect(text == #"{"type":"/problems/price-changed","title":"Conflict","status":409,"detail":"d","requestId":"q-1","b":["x"],"dup":["from extra"],"a":null,"quote":{"total":120000,"nights":[1,2]}}"#)
        _ = try parseJSON(problem.json)   // still one valid object
        let response = problem.response()
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.headers["X-Request-Id"] == "q-1")
    }

    @Test func ipv4MappedPeersShowAsIPv4() {
        var v6 = sockaddr_in6()
        v6.sin6_family = sa_family_t(AF_INET6)
        withUnsafeMutableBytes(of: &v6.sin6_addr) { bytes in
            for index in 0..<16 { bytes[index] = 0 }
            bytes[10] = 0xFF; bytes[11] = 0xFF
            bytes[12] = 192; bytes[13] = 0; bytes[14] = 2; bytes[15] = 1
        }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { target in
            withUnsafeBytes(of: &v6) { target.copyMemory(from: $0) }
        }
        #expect(Syscall.address(of: storage) == "192.0.2.1")
        withUnsafeMutableBytes(of: &storage) { target in
            target.storeBytes(of: 0x20, toByteOffset: MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr)! + 0, as: UInt8.self)
            target.storeBytes(of: 0x01, toByteOffset: MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr)! + 1, as: UInt8.self)
        }
        #expect(Syscall.address(of: storage) == "2001::ffff:c000:201")
        #expect(Syscall.address(of: sockaddr_storage()) == "")
    }
}
