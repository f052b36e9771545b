/// A listing's id. 64-bit: real Inside Airbnb ids exceed 2^53, so clients receive it as a
/// JSON string and send it back as a string.
public struct ListingID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    /// Parses a decimal id as sent by a client; nil for anything else.
    public init?(_ text: some StringProtocol) {
        guard let value = Int64(text), value > 0 else { return nil }
        self.rawValue = value
    }
    public var description: String { String(rawValue) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A location's id (city, district or neighbourhood). Served as a JSON string.
public struct LocationID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public init?(_ text: some StringProtocol) {
        guard let value = Int64(text), value > 0 else { return nil }
        self.rawValue = value
    }
    public var description: String { String(rawValue) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
