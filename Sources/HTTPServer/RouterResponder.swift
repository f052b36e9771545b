import HTTP1

/// The frozen routing table: immutable after `Router.responder()`, safe to call from many
/// threads at once (it holds only `let` values of Sendable types).
///
/// Behaviour, in order:
/// 1. A path that does not percent-decode to UTF-8 is a 400 problem.
/// 2. No route for the path: 404 problem.
/// 3. Route exists but not for the method: 405 problem with `Allow` (HEAD is allowed wherever
///    GET is, OPTIONS everywhere); an OPTIONS request without its own handler gets 204 + `Allow`.
///    HEAD runs the GET handler (the serializer drops the body, keeps its length).
/// 4. A query that does not decode: 400 problem with `invalidParams: [{name, reason}]`.
/// 5. The handler runs. A thrown `ProblemConvertible` becomes that problem; any other error a
///    500 problem whose detail reveals nothing about the error.
/// 6. GET/HEAD answered 200 get a strong `ETag` (unless the handler set one); if the request's
///    `If-None-Match` matches it (weak comparison, `*`, lists), the answer is 304 with `ETag`,
///    `Cache-Control`, `Content-Location`, `Expires` and `Vary` kept and no body (RFC 9110 §15.4.5).
public final class RouterResponder: Responder {
    private let root: Router.Node

    init(root: Router.Node) {
        self.root = root
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path.hasPrefix("/") else {
            return Problem(status: .notFound, detail: "No resource at this target.").response()
        }
        var segments: [String] = []
        if request.path != "/" {
            for raw in request.path.dropFirst().pieces(separatedBy: UInt8(ascii: "/")) {
                guard let decoded = PercentDecoding.decode(raw) else {
                    return Problem(status: .badRequest, detail: "The path has invalid percent-encoding.").response()
                }
                segments.append(decoded)
            }
        }
        var captured: [String] = []
        guard let node = Self.match(segments[...], in: root, captured: &captured) else {
            return Problem(status: .notFound, detail: "No resource at \(request.path).").response()
        }

        let route = node.routes[request.method] ?? (request.method == .head ? node.routes[.get] : nil)
        guard let route else {
            let allow = Self.allowed(node)
            if request.method == .options {
                return HTTPResponse(status: .noContent, headers: ["Allow": allow])
            }
            var response = Problem(status: .methodNotAllowed,
                                   detail: "\(request.method) is not allowed here; allowed: \(allow).").response()
            response.headers.append(name: "Allow", value: allow)
            return response
        }

        let query: QueryParameters
        do {
            query = try QueryParameters(parsing: request.query)
        } catch {
            return Problem(status: .badRequest, detail: "The query string is invalid.",
                           invalidParams: [InvalidParam(name: error.name, reason: error.reason)]).response()
        }

        var parameters: [String: String] = [:]
        for (name, value) in zip(route.parameterNames, captured) { parameters[name] = value }
        var response: HTTPResponse
        do {
            response = try route.handler(Request(head: request, pathParameters: parameters, query: query))
        } catch let error as any ProblemConvertible {
            return error.problem.response()
        } catch {
            return Problem(status: .internalServerError, detail: "An unexpected error occurred.").response()
        }

        if (request.method == .get || request.method == .head) && response.status == .ok {
            return Self.conditional(response, request: request)
        }
        return response
    }

    private static let keptOnNotModified = ["ETag", "Cache-Control", "Content-Location", "Expires", "Vary"]

    private static func conditional(_ response: HTTPResponse, request: HTTPRequest) -> HTTPResponse {
        var response = response
        let etag: String
        if let given = response.headers["ETag"] {
            etag = given
        } else {
            etag = EntityTag.strong(for: response.body)
            response.headers.append(name: "ETag", value: etag)
        }
        let conditions = request.headers.values(for: "If-None-Match")
        guard !conditions.isEmpty, EntityTag.ifNoneMatch(conditions, matches: etag) else { return response }
        var headers = HTTPFields()
        for field in response.headers where keptOnNotModified.contains(where: { field.name.asciiCaseInsensitiveEquals($0) }) {
            headers.append(name: field.name, value: field.value)
        }
        return HTTPResponse(status: .notModified, headers: headers)
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

    private static func allowed(_ node: Router.Node) -> String {
        var methods = Set(node.routes.keys.map(\.rawValue))
        if methods.contains("GET") { methods.insert("HEAD") }
        methods.insert("OPTIONS")
        return methods.sorted().joined(separator: ", ")
    }
}
