/// A listing's id. 64-bit: real Inside Airbnb ids exceed 2^53, so clients receive it as a
/// JSON string and send it back as a string.
public struct ListingID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A location's id (city, district or neighbourhood). Served as a JSON string.
public struct LocationID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// An id that is a positive 64-bit integer, served to clients as a JSON string of decimal
/// digits (JavaScript cannot hold integers past 2^53) and parsed back only from its one
/// canonical spelling (`Int64(canonicalID:)`).
public protocol DecimalIdentifier: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible
    where RawValue == Int64 {
    init(rawValue: Int64)
}

extension DecimalIdentifier {
    public init(_ rawValue: Int64) { self.init(rawValue: rawValue) }
    /// Parses a canonical decimal id as sent by a client; nil for anything else.
    public init?(_ text: some StringProtocol) {
        guard let value = Int64(canonicalID: text) else { return nil }
        self.init(rawValue: value)
    }
    public var description: String { String(rawValue) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Int64 {
    /// A positive id written the one way the server writes it: decimal digits without a sign
    /// or leading zeros, fitting in 64 bits. nil for anything else (`0012`, `+12`, `12 `,
    /// `0`), so that one id has one spelling and `0012` is not another name for listing 12.
    public init?(canonicalID text: some StringProtocol) {
        let bytes = text.utf8
        guard let first = bytes.first, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first), bytes.count <= 19,
              bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int64(text) else { return nil }
        self = value
    }
}
