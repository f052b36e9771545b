/// One rejected input of a request (a query parameter, a body field): RFC 9457 §3 example
/// extension `invalidParams`.
public struct InvalidParam: Sendable, Equatable {
    public var name: String
    public var reason: String
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}
