/// An account's id. Served as a JSON string, like every id.
public struct AccountID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A signed-in session's id (one device or browser). Served as a JSON string.
public struct SessionID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}
