/// What a request carries besides its bytes, filled in on its way to the handler: the server
/// sets the client's address and the time it was complete, the `RequestIDs` middleware its
/// id, the router its route, and route middlewares what they establish (an authenticated
/// principal, an idempotency key) under typed keys (`RequestContextKey`), so handlers take one
/// `Request` instead of extra closure arguments.
///
/// A value type: a middleware changes its copy and hands it to `next`; what it sets is seen
/// by everything inside it and nothing outside. Storing nothing under a key costs nothing
/// (the table is allocated at the first value).
public struct RequestContext: Sendable {
    /// The request's id (see `RequestIDs`); empty until that middleware ran.
    public var requestID: String
    /// The peer's IP address without the port (`203.0.113.7`, `2001:db8::1`; an IPv4 client of
    /// a dual-stack listener shows as IPv4). The TCP peer: behind a proxy, the proxy. Empty
    /// when there is no connection (a request made in-process).
    public let clientAddress: String
    /// When the request was complete, in monotonic nanoseconds of the server's clock
    /// (`IOLoop.now()`); 0 when not told (a request made in-process).
    public let receivedAt: UInt64
    /// The pattern of the route that matched (`/reservations/{id}`); nil when none did.
    public internal(set) var route: String?
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init(requestID: String = "", clientAddress: String = "", receivedAt: UInt64 = 0, route: String? = nil) {
        self.requestID = requestID
        self.clientAddress = clientAddress
        self.receivedAt = receivedAt
        self.route = route
    }

    /// The value stored under `key`; nil when none was.
    public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value? {
        get { values.isEmpty ? nil : values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A typed slot of `RequestContext`: the key is the type, `Value` what it holds. A module
/// declares its keys (an empty enum each) and, for readability, a property on
/// `RequestContext` that reads it.
public protocol RequestContextKey {
    associatedtype Value: Sendable
}
