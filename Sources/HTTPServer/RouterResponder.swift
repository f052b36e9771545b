import HTTP1

/// The frozen routing table: immutable after `Router.responder()`, safe to call from many
/// threads at once (it holds only `let` values of Sendable types).
///
/// Behaviour, in order:
/// 0. The request gets its id (`Request.requestID`: the client's `X-Request-Id` if acceptable,
///    else a generated one). Every response, whatever follows, carries it in `X-Request-Id`,
///    and every problem body as `requestId`.
/// 1. A path that does not percent-decode to UTF-8 is a 400 problem (`/problems/invalid-query`).
/// 2. No route for the path: 404 problem (`/problems/not-found`).
/// 3. Route exists but not for the method: 405 problem (`/problems/method-not-allowed`) with
///    `Allow` (HEAD is allowed wherever GET is, OPTIONS everywhere); an OPTIONS request without
///    its own handler gets 204 + `Allow`. HEAD runs the GET handler (the serializer drops the
///    body, keeps its length).
/// 4. A query that does not decode: 400 problem (`/problems/invalid-query`) with
///    `invalidParams: [{name, reason}]`.
/// 5. The route's middlewares and handler run. A thrown `ProblemConvertible` becomes that
///    problem; any other error a 500 problem (`/problems/internal-error`) whose detail reveals
///    nothing about the error, and one line to `errorLog` with the request id, method, path
///    and the error.
/// 6. With `compression`: a response whose body is at least `minimumBytes` (not 1xx/204/304,
///    not already `Content-Encoding`d) gets `Vary: Accept-Encoding` (merged into an existing
///    `Vary`), and is gzipped when the request's `Accept-Encoding` prefers gzip (q-values).
/// 7. GET/HEAD answered 200 get a strong `ETag` (unless the handler set one), computed on the
///    identity body; a gzipped answer's tag has `-gzip` inside the quotes. If the request's
///    `If-None-Match` matches the tag of the representation it would get (weak comparison,
///    `*`, lists), the answer is 304 with `ETag`, `Cache-Control`, `Content-Location`,
///    `Expires` and `Vary` kept and no body (RFC 9110 §15.4.5), and nothing is compressed.
/// 8. With `cors`: see `CORSPolicy` (preflights are answered at step 3; every response gets
///    `Vary: Origin` and, for an allowed `Origin`, the allow and expose headers).
public final class RouterResponder: Responder {
    private let root: Router.Node
    private let errorLog: @Sendable (String) -> Void
    private let metrics: HTTPMetrics?
    private let compression: ResponseCompression?
    private let cors: CORSPolicy?
    /// Resource exhaustion (503) is logged at most once a second: it comes in bursts.
    private let exhaustionLog: RateLimitedLog

    init(root: Router.Node, errorLog: @escaping @Sendable (String) -> Void, metrics: HTTPMetrics?,
         compression: ResponseCompression? = nil, cors: CORSPolicy? = nil) {
        self.root = root
        self.errorLog = errorLog
        self.exhaustionLog = RateLimitedLog(sink: errorLog)
        self.metrics = metrics
        self.compression = compression
        self.cors = cors
    }

    public func respond(to request: HTTPRequest, clientAddress: String) -> HTTPResponse {
        respond(to: request, clientAddress: clientAddress, receivedAt: metrics == nil ? 0 : IOLoop.now())
    }

    public func finishing(_ response: HTTPResponse, to request: HTTPRequest) -> HTTPResponse {
        guard let cors else { return response }
        var response = response
        cors.decorate(&response, origin: request.headers["Origin"])
        return response
    }

    public func respond(to request: HTTPRequest, clientAddress: String, receivedAt: UInt64) -> HTTPResponse {
        let requestID = RequestID.id(incoming: request.headers[RequestID.headerName])
        var matched: RouteMetrics?
        var response = route(request, requestID: requestID, clientAddress: clientAddress, matched: &matched)
        response = represent(response, request: request, requestID: requestID)
        response = finishing(response, to: request)
        // Problems carry it already; a handler's own value is left alone.
        if !response.headers.contains(RequestID.headerName) {
            response.headers.append(name: RequestID.headerName, value: requestID)
        }
        if let metrics {
            let now = IOLoop.now()
            (matched ?? metrics.unmatched).record(method: request.method, status: response.status.code,
                                                  nanoseconds: now >= receivedAt ? now - receivedAt : 0)
        }
        return response
    }

    private func route(_ request: HTTPRequest, requestID: String, clientAddress: String,
                       matched: inout RouteMetrics?) -> HTTPResponse {
        func problem(_ type: ProblemType, _ status: HTTPStatus, _ detail: String,
                     invalidParams: [InvalidParam] = []) -> HTTPResponse {
            var problem = Problem(type: type, status: status, detail: detail, invalidParams: invalidParams)
            problem.requestID = requestID
            return problem.response()
        }

        guard request.path.hasPrefix("/") else {
            return problem(.notFound, .notFound, "No resource at this target.")
        }
        var segments: [String] = []
        if request.path != "/" {
            for raw in request.path.dropFirst().pieces(separatedBy: UInt8(ascii: "/")) {
                guard let decoded = PercentDecoding.decode(raw) else {
                    return problem(.invalidQuery, .badRequest, "The path has invalid percent-encoding.")
                }
                segments.append(decoded)
            }
        }
        var captured: [String] = []
        guard let node = Self.match(segments[...], in: root, captured: &captured) else {
            return problem(.notFound, .notFound, "No resource at \(request.path).")
        }
        matched = node.metrics

        if request.method == .options, let cors, let preflight = cors.preflight(request, allow: Self.allowed(node)) {
            return preflight
        }
        let route = node.routes[request.method] ?? (request.method == .head ? node.routes[.get] : nil)
        guard let route else {
            let allow = Self.allowed(node)
            if request.method == .options {
                return HTTPResponse(status: .noContent, headers: ["Allow": allow])
            }
            var response = problem(.methodNotAllowed, .methodNotAllowed,
                                   "\(request.method) is not allowed here; allowed: \(allow).")
            response.headers.append(name: "Allow", value: allow)
            return response
        }

        let query: QueryParameters
        do {
            query = try QueryParameters(parsing: request.query)
        } catch {
            return problem(.invalidQuery, .badRequest, "The query string is invalid.",
                           invalidParams: [InvalidParam(name: error.name, reason: error.reason)])
        }

        var parameters: [String: String] = [:]
        for (name, value) in zip(route.parameterNames, captured) { parameters[name] = value }
        var response: HTTPResponse
        do {
            response = try route.handler(Request(head: request, pathParameters: parameters, query: query,
                                                 requestID: requestID, clientAddress: clientAddress))
        } catch let error as any ProblemConvertible {
            var thrown = error.problem
            thrown.requestID = requestID
            return thrown.response()
        } catch let error as any ResourceExhaustionError {
            exhaustionLog.log("503 (resource exhausted): "
                + ErrorLog.line(requestID: requestID, method: request.method.rawValue, path: request.path, error: error))
            var unavailable = Problem(type: .serviceUnavailable, status: .serviceUnavailable,
                                      detail: error.unavailableDetail)
            unavailable.requestID = requestID
            unavailable.headers.append(name: "Retry-After", value: String(error.retryAfterSeconds))
            var response = unavailable.response()
            response.headers.append(name: "Connection", value: "close")
            return response
        } catch {
            errorLog(ErrorLog.line(requestID: requestID, method: request.method.rawValue, path: request.path, error: error))
            return problem(.internalError, .internalServerError, "An unexpected error occurred.")
        }

        return response
    }

    private static let keptOnNotModified = ["ETag", "Cache-Control", "Content-Location", "Expires", "Vary"]

    /// Steps 6 and 7: the encoding, the entity tag and the 304, in that order of decision
    /// (the tag of the identity body, then whether it matches, then compression).
    private func represent(_ response: HTTPResponse, request: HTTPRequest, requestID: String) -> HTTPResponse {
        var response = response
        let validated = (request.method == .get || request.method == .head) && response.status == .ok
        var gzip = false
        if let compression, response.body.count >= compression.minimumBytes, response.status.code >= 200,
           response.status != .noContent, response.status != .notModified,
           !response.headers.contains("Content-Encoding") {
            Self.addVary("Accept-Encoding", to: &response.headers)
            gzip = AcceptEncoding.allowsGzip(request.headers.values(for: "Accept-Encoding"))
        }
        guard validated || gzip else { return response }

        var identityTag = ""
        if validated {
            identityTag = response.headers["ETag"] ?? EntityTag.strong(for: response.body)
            let etag = gzip ? EntityTag.suffixed(identityTag, "-gzip") : identityTag
            let conditions = request.headers.values(for: "If-None-Match")
            if !conditions.isEmpty, EntityTag.ifNoneMatch(conditions, matches: etag) {
                var headers = HTTPFields()
                for field in response.headers
                where Self.keptOnNotModified.contains(where: { field.name.asciiCaseInsensitiveEquals($0) })
                    && !field.name.asciiCaseInsensitiveEquals("ETag") {
                    headers.append(name: field.name, value: field.value)
                }
                headers.append(name: "ETag", value: etag)
                return HTTPResponse(status: .notModified, headers: headers)
            }
        }
        if gzip, let compression {
            do {
                response.body = try Gzip.compress(response.body, level: compression.level)
                response.headers.append(name: "Content-Encoding", value: "gzip")
            } catch {
                // Never seen (zlib fails only without memory); the identity body is still right.
                errorLog(ErrorLog.line(requestID: requestID, method: request.method.rawValue, path: request.path, error: error))
                gzip = false
            }
        }
        if validated {
            response.headers.remove(name: "ETag")
            response.headers.append(name: "ETag", value: gzip ? EntityTag.suffixed(identityTag, "-gzip") : identityTag)
        }
        return response
    }

    /// Adds `token` to the response's `Vary`, merging into one field; nothing if `Vary: *` or
    /// the token is already there.
    static func addVary(_ token: String, to headers: inout HTTPFields) {
        let existing = headers.values(for: "Vary")
        if existing.isEmpty {
            headers.append(name: "Vary", value: token)
            return
        }
        if headers.contains(token: "*", in: "Vary") || headers.contains(token: token.lowercased(), in: "Vary") { return }
        headers.remove(name: "Vary")
        headers.append(name: "Vary", value: (existing + [token]).joined(separator: ", "))
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
        var methods = Set(node.routes.keys.map(\.rawValue))
        if methods.contains("GET") { methods.insert("HEAD") }
        methods.insert("OPTIONS")
        return methods.sorted().joined(separator: ", ")
    }
}
