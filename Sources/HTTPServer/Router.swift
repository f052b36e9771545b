import HTTP1

/// Collects routes at start-up; `responder()` freezes them into an immutable `RouterResponder`.
///
/// Patterns are absolute paths whose segments are literals or `{name}` parameters, e.g.
/// "/listings/{id}/calendar". Matching is per segment on the percent-decoded path; a literal
/// segment wins over a parameter at the same position (backtracking to the parameter when the
/// literal branch leads to no route). Registering a malformed pattern or the same method and
/// pattern twice is a programmer error (precondition).
///
/// Route middlewares (`use(_:)`) wrap every route, in registration order, whether added before
/// or after the routes; those given with `using:` wrap one route, inside them. The server's
/// middlewares are given to `responder(errorLog:middlewares:)`. All are composed when the
/// router is frozen.
///
/// A value type built on one thread; not meant to be shared while being mutated.
public struct Router: Sendable {
    struct Route: Sendable {
        var handler: Handler
        /// Names of the pattern's parameters, in path order.
        var parameterNames: [String]
    }

    struct Node: Sendable {
        var literals: [String: Node] = [:]
        /// 0 or 1 element: the child for a parameter segment (an array keeps the struct finite).
        var parameter: [Node] = []
        var routes: [HTTPMethod: Route] = [:]
        /// The pattern of the first route registered here (the metrics' `route` label).
        var pattern: String?
        /// Set when the router is frozen with metrics.
        var metrics: RouteMetrics?
    }

    var root = Node()
    var middlewares: [any Middleware] = []

    public init() {}

    /// Adds `middleware` around every route's handler; the first added runs first.
    public mutating func use(_ middleware: some Middleware) {
        middlewares.append(middleware)
    }

    /// `using`: middlewares around this route's handler alone (the first outermost), inside
    /// those added with `use(_:)`.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, using routeMiddlewares: [any Middleware] = [],
                             _ handler: @escaping Handler) {
        let handler = Self.wrap(handler, in: routeMiddlewares)
        precondition(pattern.hasPrefix("/"), "route pattern must start with '/': \(pattern)")
        let segments = pattern == "/" ? [] : pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var names: [String] = []
        for segment in segments {
            precondition(!segment.isEmpty, "empty segment in route pattern \(pattern)")
            if segment.hasPrefix("{") {
                precondition(segment.hasSuffix("}") && segment.count > 2, "malformed parameter in \(pattern)")
                let name = String(segment.dropFirst().dropLast())
                precondition(!names.contains(name), "parameter {\(name)} repeated in \(pattern)")
                names.append(name)
            } else {
                precondition(!segment.contains("{") && !segment.contains("}"), "malformed segment in \(pattern)")
            }
        }
        Self.insert(Route(handler: handler, parameterNames: names), method: method, pattern: pattern,
                    segments: segments[...], into: &root)
    }

    public mutating func get(_ pattern: String, using routeMiddlewares: [any Middleware] = [],
                             _ handler: @escaping Handler) {
        add(.get, pattern, using: routeMiddlewares, handler)
    }

    public mutating func post(_ pattern: String, using routeMiddlewares: [any Middleware] = [],
                             _ handler: @escaping Handler) {
        add(.post, pattern, using: routeMiddlewares, handler)
    }

    public mutating func put(_ pattern: String, using routeMiddlewares: [any Middleware] = [],
                             _ handler: @escaping Handler) {
        add(.put, pattern, using: routeMiddlewares, handler)
    }

    public mutating func delete(_ pattern: String, using routeMiddlewares: [any Middleware] = [],
                             _ handler: @escaping Handler) {
        add(.delete, pattern, using: routeMiddlewares, handler)
    }

    /// An immutable responder for the routes added so far, each wrapped in the route
    /// middlewares, all of it inside `middlewares` (the first outermost; see `Middleware`).
    /// `errorLog` receives one line for every 500 caused by an error that is not a
    /// `ProblemConvertible` (see `ErrorLog`). A `RequestMetrics` among `middlewares` gets a
    /// set of counters for every route pattern.
    public func responder(errorLog: @escaping @Sendable (String) -> Void = ErrorLog.standardError,
                          middlewares: [any Middleware]) -> RouterResponder {
        var root = root
        if !self.middlewares.isEmpty { Self.wrapRoutes(in: &root, with: self.middlewares) }
        for case let recorder as RequestMetrics in middlewares {
            var made: [RouteMetrics] = []
            Self.attachMetrics(in: &root, made: &made)
            recorder.metrics.add(routes: made)
        }
        return RouterResponder(root: root, errorLog: errorLog, middlewares: middlewares)
    }

    /// `responder(errorLog:middlewares:)` with `standardMiddlewares`.
    public func responder(errorLog: @escaping @Sendable (String) -> Void = ErrorLog.standardError,
                          metrics: Metrics? = nil, compression: ResponseCompression? = nil,
                          cors: CORSPolicy? = nil) -> RouterResponder {
        responder(errorLog: errorLog, middlewares: Self.standardMiddlewares(metrics: metrics, compression: compression,
                                                                            cors: cors, errorLog: errorLog))
    }

    /// The server's middlewares in their order: `RequestIDs` outermost (so that every answer,
    /// a problem from any layer included, carries the id), then `RequestMetrics` (it counts
    /// the final status), `CORSPolicy`, and `Representation` innermost (entity tags and gzip
    /// of the body the route made). Nil arguments leave their middleware out.
    /// `metrics`: every request is counted by route pattern (unmatched ones as "unmatched"),
    /// method, status code and class, and timed in its route's histogram.
    /// `compression`: gzip large responses for clients that accept it (nil: never).
    /// `cors`: cross-origin headers and preflights (nil: none).
    /// `errorLog`: where a failed compression is reported.
    public static func standardMiddlewares(metrics: Metrics? = nil, compression: ResponseCompression? = nil,
                                           cors: CORSPolicy? = nil,
                                           errorLog: @escaping @Sendable (String) -> Void = ErrorLog.standardError)
        -> [any Middleware] {
        var middlewares: [any Middleware] = [RequestIDs()]
        if let metrics { middlewares.append(RequestMetrics(metrics)) }
        if let cors { middlewares.append(cors) }
        middlewares.append(Representation(compression: compression, errorLog: errorLog))
        return middlewares
    }

    private static func attachMetrics(in node: inout Node, made: inout [RouteMetrics]) {
        if let pattern = node.pattern, !node.routes.isEmpty {
            let metrics = RouteMetrics(pattern: pattern)
            node.metrics = metrics
            made.append(metrics)
        }
        for key in Array(node.literals.keys) {
            attachMetrics(in: &node.literals[key, default: Node()], made: &made)
        }
        if !node.parameter.isEmpty { attachMetrics(in: &node.parameter[0], made: &made) }
    }

    private static func wrapRoutes(in node: inout Node, with middlewares: [any Middleware]) {
        for (method, route) in node.routes {
            node.routes[method]?.handler = wrap(route.handler, in: middlewares)
        }
        for key in Array(node.literals.keys) {
            wrapRoutes(in: &node.literals[key, default: Node()], with: middlewares)
        }
        if !node.parameter.isEmpty { wrapRoutes(in: &node.parameter[0], with: middlewares) }
    }

    /// The first middleware outermost: built from the handler outwards.
    static func wrap(_ handler: @escaping Handler, in middlewares: [any Middleware]) -> Handler {
        var next = handler
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request in try middleware.respond(to: request, next: inner) }
        }
        return next
    }

    private static func insert(_ route: Route, method: HTTPMethod, pattern: String,
                               segments: ArraySlice<Substring>, into node: inout Node) {
        guard let segment = segments.first else {
            precondition(node.routes[method] == nil, "route \(method) \(pattern) registered twice")
            node.routes[method] = route
            if node.pattern == nil { node.pattern = pattern }
            return
        }
        if segment.hasPrefix("{") {
            if node.parameter.isEmpty { node.parameter = [Node()] }
            insert(route, method: method, pattern: pattern, segments: segments.dropFirst(), into: &node.parameter[0])
        } else {
            insert(route, method: method, pattern: pattern, segments: segments.dropFirst(),
                   into: &node.literals[String(segment), default: Node()])
        }
    }
}
