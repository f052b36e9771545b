import HTTP1
import Testing
@testable import HTTPServer

/// A typed slot for the tests: what `Stamp` found.
enum StampKey: RequestContextKey {
    typealias Value = Int
}

/// Puts the length of `X-Stamp` into the context, for the handler to read.
struct Stamp: Middleware {
    let trace: Trace
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        trace.record("stamp")
        var request = request
        request.context[StampKey.self] = request.header("X-Stamp")?.count
        return try next(request)
    }
}

/// Records each request's route pattern and the final status.
struct RouteRecorder: Middleware {
    let trace: Trace
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        let response = try next(request)
        trace.record("\(request.context.route ?? "none") \(response.status.code)")
        return response
    }
}

@Suite struct ServerMiddlewareTests {
    func request(_ target: String, method: HTTPMethod = .get, headers: HTTPFields = HTTPFields()) -> HTTPRequest {
        var fields = headers
        fields.append(name: "Host", value: "x")
        return HTTPRequest(method: method, target: target, headers: fields)
    }

    @Test func serverMiddlewaresSeeEveryAnswerOfTheRouterAndItsRoute() {
        let trace = Trace()
        var router = Router()
        router.get("/items/{id}") { _ in HTTPResponse(body: Array("x".utf8)) }
        let responder = router.responder(errorLog: { _ in }, middlewares: [RouteRecorder(trace: trace)])
        #expect(responder.respond(to: request("/items/7")).status == .ok)
        #expect(responder.respond(to: request("/nowhere")).status == .notFound)
        #expect(responder.respond(to: request("/items/7", method: .post)).status == .methodNotAllowed)
        #expect(responder.respond(to: request("/items/7?%zz")).status == .badRequest)
        #expect(responder.respond(to: request("/items/7", method: .options)).status == .noContent)
        #expect(trace.all == ["/items/{id} 200", "none 404", "/items/{id} 405", "/items/{id} 400", "/items/{id} 204"])
    }

    @Test func theCrossCuttingStepsAreMiddlewaresOnlyWhereComposed() {
        var router = Router()
        router.get("/big") { _ in HTTPResponse(body: Array(repeating: UInt8(ascii: "a"), count: 4096)) }
        let bare = router.responder(errorLog: { _ in }, middlewares: [])
        let plain = bare.respond(to: request("/big", headers: ["Accept-Encoding": "gzip", "Origin": "https://a.example"]))
        #expect(plain.headers["X-Request-Id"] == nil)
        #expect(plain.headers["ETag"] == nil)
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(plain.headers["Vary"] == nil)

        let composed = router.responder(errorLog: { _ in }, middlewares: Router.standardMiddlewares(
            compression: ResponseCompression(), cors: CORSPolicy(origins: ["https://a.example"])))
        let full = composed.respond(to: request("/big", headers: ["Accept-Encoding": "gzip", "Origin": "https://a.example"]))
        #expect(full.headers["X-Request-Id"] != nil)
        #expect(full.headers["ETag"]?.hasSuffix("-gzip\"") == true)
        #expect(full.headers["Content-Encoding"] == "gzip")
        #expect(full.headers["Access-Control-Allow-Origin"] == "https://a.example")
    }

    @Test func aRouteMiddlewareHandsTheHandlerATypedContextValue() {
        let trace = Trace()
        var router = Router()
        router.use(Tagging(name: "every", trace: trace))
        router.get("/stamped", using: [Stamp(trace: trace)]) { request in
            trace.record("handler")
            return HTTPResponse(body: Array("\(request.context[StampKey.self] ?? -1) \(request.requestID)".utf8))
        }
        router.get("/plain") { request in HTTPResponse(body: Array("\(request.context[StampKey.self] ?? -1)".utf8)) }
        let responder = router.responder(errorLog: { _ in })
        let stamped = responder.respond(to: request("/stamped", headers: ["X-Stamp": "abcd", "X-Request-Id": "r-1"]))
        #expect(String(decoding: stamped.body, as: UTF8.self) == "4 r-1")
        #expect(trace.all == ["every in", "stamp", "handler", "every out"])
        // Only the route it was given to.
        #expect(String(decoding: responder.respond(to: request("/plain", headers: ["X-Stamp": "abcd"])).body,
                       as: UTF8.self) == "-1")
    }

    @Test func aProblemThrownByAServerMiddlewareIsAnsweredWithTheRequestID() throws {
        var router = Router()
        router.get("/private") { _ in HTTPResponse() }
        let responder = router.responder(errorLog: { _ in }, middlewares: [RequestIDs(), Gate()])
        let refused = responder.respond(to: request("/private", headers: ["X-Request-Id": "m-1"]))
        #expect(refused.status.code == 401)
        #expect(try parseJSON(refused.body)["requestId"] as? String == "m-1")
        #expect(refused.headers.values(for: "X-Request-Id") == ["m-1"])
    }

    @Test func aRouteRateLimitAnswers429WithRetryAfter() {
        var router = Router()
        router.add(.post, "/guests", using: [AddressRateLimit(RateLimiter(limit: 1, periodSeconds: 60))]) { _ in
            HTTPResponse(status: .created)
        }
        let responder = router.responder(errorLog: { _ in })
        #expect(responder.respond(to: request("/guests", method: .post), clientAddress: "192.0.2.1").status == .created)
        let refused = responder.respond(to: request("/guests", method: .post), clientAddress: "192.0.2.1")
        #expect(refused.status == .tooManyRequests)
        #expect(refused.headers["Retry-After"] != nil)
        #expect(responder.respond(to: request("/guests", method: .post), clientAddress: "192.0.2.2").status == .created)
    }
}
