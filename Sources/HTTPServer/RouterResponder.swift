import HTTP1

/// The frozen routing table and the server's middlewares around it: immutable after
/// `Router.responder()`, safe to call from many threads at once (it holds only `let` values
/// of Sendable types).
///
/// Behaviour, in order:
/// 1. Routing decides what answers (`RouteTarget`), before any middleware runs, so that the
///    middlewares see the route and every answer passes through them alike:
///    - `OPTIONS *` (RFC 9110 §9.3.7: the server as a whole): 200 with `Allow` naming every
///      method some route takes;
///    - a path that does not percent-decode to UTF-8: 400 problem (`/problems/invalid-query`);
///    - no route for the path: 404 problem (`/problems/not-found`);
///    - a route, not for the method: 405 problem (`/problems/method-not-allowed`) with
///      `Allow` (HEAD is allowed wherever GET is, OPTIONS everywhere); an OPTIONS request
///      without its own handler gets 204 + `Allow`. HEAD runs the GET handler (the
///      serializer drops the body, keeps its length);
///    - a query that does not decode: 400 problem (`/problems/invalid-query`) with
///      `invalidParams: [{name, reason}]`;
///    - otherwise the route's handler, inside the route middlewares (`Router.use`).
/// 2. The server's middlewares (`Router.responder(middlewares:)`) run, the first outermost,
///    composed once here; the innermost step performs what routing decided. A thrown
///    `ProblemConvertible` (from a handler or any middleware, answered where it was thrown
///    and passed out through the middlewares around that point) becomes that problem; a
///    `ResourceExhaustionError` a 503 with `Retry-After` and `Connection: close`, logged at
///    most once a second; any other error a 500 problem (`/problems/internal-error`) whose
///    detail reveals nothing, and one line to `errorLog` with the request id, method, path
///    and the error.
///
/// The standard middlewares, in the order `Router.standardMiddlewares` composes them:
/// `RequestIDs` (every response carries `X-Request-Id`, every problem `requestId`),
/// `RequestMetrics`, `CORSPolicy`, `Representation` (gzip, `ETag` and 304).
public final class RouterResponder: Responder {
    private let root: Router.Node
    private let dispatcher: Dispatcher
    private let middlewares: [any Middleware]
    /// The middlewares around the dispatcher, composed once.
    private let chain: Handler
    /// `Allow` of `OPTIONS *`.
    private let serverAllow: String
    /// Whether a middleware times requests (the clock is read only then).
    private let timed: Bool

    init(root: Router.Node, errorLog: @escaping @Sendable (String) -> Void, middlewares: [any Middleware]) {
        self.root = root
        let dispatcher = Dispatcher(errorLog: errorLog, exhaustionLog: RateLimitedLog(sink: errorLog))
        self.dispatcher = dispatcher
        self.middlewares = middlewares
        // Each layer answers its own middleware's error, so that the problem passes out through
        // the middlewares around it (an id, a count, CORS) like any answer.
        var chain: Handler = { request in dispatcher.perform(request) }
        for middleware in middlewares.reversed() {
            let inner = chain
            chain = { request in
                do {
                    return try middleware.respond(to: request, next: inner)
                } catch {
                    return dispatcher.answer(error, to: request)
                }
            }
        }
        self.chain = chain
        var methods = Set<String>()
        Self.collectMethods(root, into: &methods)
        serverAllow = Self.allowed(methods)
        timed = middlewares.contains { $0 is RequestMetrics }
    }

    public func respond(to request: HTTPRequest, clientAddress: String) -> HTTPResponse {
        respond(to: request, clientAddress: clientAddress, receivedAt: timed ? IOLoop.now() : 0)
    }

    public func respond(to head: HTTPRequest, clientAddress: String, receivedAt: UInt64) -> HTTPResponse {
        let request = resolve(head, context: RequestContext(clientAddress: clientAddress, receivedAt: receivedAt))
        do {
            return try chain(request)
        } catch {
            return dispatcher.answer(error, to: request)   // unreachable: each layer answers its errors
        }
    }

    /// Every middleware's `finishing`, innermost first, as the response would have passed them.
    public func finishing(_ response: HTTPResponse, to request: HTTPRequest) -> HTTPResponse {
        var response = response
        for middleware in middlewares.reversed() { middleware.finishing(&response, to: request) }
        return response
    }

    // MARK: routing

    private func resolve(_ head: HTTPRequest, context: RequestContext) -> Request {
        var context = context
        func answer(_ target: RouteTarget, _ node: Router.Node? = nil,
                    parameters: [String: String] = [:], query: QueryParameters = QueryParameters()) -> Request {
            Request(head: head, pathParameters: parameters, query: query, context: context, target: target,
                    routeMetrics: node?.metrics)
        }

        if head.method == .options && head.path == "*" { return answer(.serverOptions(allow: serverAllow)) }
        guard head.path.hasPrefix("/") else { return answer(.notFound) }
        var segments: [String] = []
        if head.path != "/" {
            for raw in head.path.dropFirst().pieces(separatedBy: UInt8(ascii: "/")) {
                guard let decoded = PercentDecoding.decode(raw) else { return answer(.undecodablePath) }
                segments.append(decoded)
            }
        }
        var captured: [String] = []
        guard let node = Self.match(segments[...], in: root, captured: &captured) else { return answer(.notFound) }
        context.route = node.pattern

        var target: RouteTarget
        var parameters: [String: String] = [:]
        var query = QueryParameters()
        let allow = head.method == .options ? Self.allowed(node) : ""
        if let route = node.routes[head.method] ?? (head.method == .head ? node.routes[.get] : nil) {
            do {
                query = try QueryParameters(parsing: head.query)
                for (name, value) in zip(route.parameterNames, captured) { parameters[name] = value }
                target = .handler(route.handler)
            } catch {
                target = .invalidQuery(InvalidParam(name: error.name, reason: error.reason))
            }
        } else {
            target = head.method == .options ? .allowOnly(allow: allow) : .methodNotAllowed(allow: Self.allowed(node))
        }
        if head.method == .options { target = .options(allow: allow, otherwise: target) }
        return answer(target, node, parameters: parameters, query: query)
    }

    /// Depth-first: the literal child first, then the parameter child; a node counts as a
    /// match only if some method is routed there.
    private static func match(_ segments: ArraySlice<String>, in node: Router.Node, captured: inout [String]) -> Router.Node? {
        guard let segment = segments.first else {
            return node.routes.isEmpty ? nil : node
        }
        if let literal = node.literals[segment], let found = match(segments.dropFirst(), in: literal, captured: &captured) {
            return found
        }
        if let parameter = node.parameter.first, !segment.isEmpty {
            captured.append(segment)
            if let found = match(segments.dropFirst(), in: parameter, captured: &captured) { return found }
            captured.removeLast()
        }
        return nil
    }

    static func allowed(_ node: Router.Node) -> String {
        allowed(Set(node.routes.keys.map(\.rawValue)))
    }

    private static func allowed(_ methods: Set<String>) -> String {
        var methods = methods
        if methods.contains("GET") { methods.insert("HEAD") }
        methods.insert("OPTIONS")
        return methods.sorted().joined(separator: ", ")
    }

    private static func collectMethods(_ node: Router.Node, into methods: inout Set<String>) {
        for method in node.routes.keys { methods.insert(method.rawValue) }
        for child in node.literals.values { collectMethods(child, into: &methods) }
        for child in node.parameter { collectMethods(child, into: &methods) }
    }

    /// Adds `token` to the response's `Vary` (see `Representation.addVary`).
    static func addVary(_ token: String, to headers: inout HTTPFields) {
        Representation.addVary(token, to: &headers)
    }
}

/// The innermost step: performs what routing decided, and turns errors into problems.
private struct Dispatcher: Sendable {
    let errorLog: @Sendable (String) -> Void
    /// Resource exhaustion (503) is logged at most once a second: it comes in bursts.
    let exhaustionLog: RateLimitedLog

    func perform(_ request: Request) -> HTTPResponse {
        perform(request.target, request)
    }

    private func perform(_ target: RouteTarget, _ request: Request) -> HTTPResponse {
        switch target {
        case .handler(let handler):
            do {
                return try handler(request)
            } catch {
                return answer(error, to: request)
            }
        case .options(_, let otherwise):
            return perform(otherwise, request)
        case .allowOnly(let allow):
            return HTTPResponse(status: .noContent, headers: ["Allow": allow])
        case .serverOptions(let allow):
            return HTTPResponse(status: .ok, headers: ["Allow": allow])
        case .notFound:
            let detail = request.path.hasPrefix("/") ? "No resource at \(request.path)." : "No resource at this target."
            return problem(.notFound, .notFound, detail, request)
        case .undecodablePath:
            return problem(.invalidQuery, .badRequest, "The path has invalid percent-encoding.", request)
        case .methodNotAllowed(let allow):
            var response = problem(.methodNotAllowed, .methodNotAllowed,
                                   "\(request.method) is not allowed here; allowed: \(allow).", request)
            response.headers.append(name: "Allow", value: allow)
            return response
        case .invalidQuery(let parameter):
            var problem = Problem(type: .invalidQuery, status: .badRequest, detail: "The query string is invalid.",
                                  invalidParams: [parameter])
            problem.requestID = Self.id(of: request)
            return problem.response()
        case .answered:
            return problem(.notFound, .notFound, "No resource at \(request.path).", request)
        }
    }

    private func problem(_ type: ProblemType, _ status: HTTPStatus, _ detail: String, _ request: Request) -> HTTPResponse {
        var problem = Problem(type: type, status: status, detail: detail)
        problem.requestID = Self.id(of: request)
        return problem.response()
    }

    private static func id(of request: Request) -> String? {
        request.requestID.isEmpty ? nil : request.requestID
    }

    func answer(_ error: any Error, to request: Request) -> HTTPResponse {
        switch error {
        case let error as any ProblemConvertible:
            var thrown = error.problem
            thrown.requestID = Self.id(of: request)
            return thrown.response()
        case let error as any ResourceExhaustionError:
            exhaustionLog.log("503 (resource exhausted): "
                + ErrorLog.line(requestID: request.requestID, method: request.method.rawValue, path: request.path,
                                error: error))
            var unavailable = Problem(type: .serviceUnavailable, status: .serviceUnavailable,
                                      detail: error.unavailableDetail)
            unavailable.requestID = Self.id(of: request)
            unavailable.headers.append(name: "Retry-After", value: String(error.retryAfterSeconds))
            var response = unavailable.response()
            response.headers.append(name: "Connection", value: "close")
            return response
        default:
            errorLog(ErrorLog.line(requestID: request.requestID, method: request.method.rawValue, path: request.path,
                                   error: error))
            return problem(.internalError, .internalServerError, "An unexpected error occurred.", request)
        }
    }
}
