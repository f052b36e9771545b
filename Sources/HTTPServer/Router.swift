import HTTP1

/// Collects routes at start-up; `responder()` freezes them into an immutable `RouterResponder`.
///
/// Patterns are absolute paths whose segments are literals or `{name}` parameters, e.g.
/// "/listings/{id}/calendar". Matching is per segment on the percent-decoded path; a literal
/// segment wins over a parameter at the same position (backtracking to the parameter when the
/// literal branch leads to no route). Registering a malformed pattern or the same method and
/// pattern twice is a programmer error (precondition).
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
    }

    var root = Node()

    public init() {}

    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
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

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) {
        add(.get, pattern, handler)
    }

    public mutating func post(_ pattern: String, _ handler: @escaping Handler) {
        add(.post, pattern, handler)
    }

    public mutating func put(_ pattern: String, _ handler: @escaping Handler) {
        add(.put, pattern, handler)
    }

    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) {
        add(.delete, pattern, handler)
    }

    /// An immutable responder for the routes added so far.
    public func responder() -> RouterResponder {
        RouterResponder(root: root)
    }

    private static func insert(_ route: Route, method: HTTPMethod, pattern: String,
                               segments: ArraySlice<Substring>, into node: inout Node) {
        guard let segment = segments.first else {
            precondition(node.routes[method] == nil, "route \(method) \(pattern) registered twice")
            node.routes[method] = route
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
