/// A guest account's id. Served as a JSON string, like every id.
public struct GuestID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A reservation's id. Parsing accepts the canonical decimal only: `0012` is not
/// reservation 12.
public struct ReservationID: DecimalIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// The client's `Idempotency-Key`: 1 to 255 visible ASCII characters (0x21...0x7E).
/// Keys are scoped per guest: two guests may use the same key independently.
public struct IdempotencyKey: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public static let maximumLength = 255

    /// nil for an empty, too long or non-visible-ASCII key.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard (1...Self.maximumLength).contains(bytes.count), bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return nil
        }
        rawValue = text
    }
    public var description: String { rawValue }
}

/// A moment in time, in whole milliseconds since 1970-01-01T00:00:00Z (UTC).
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let millisecondsSinceEpoch: Int64
    public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch }

    /// RFC 3339 in UTC with milliseconds, e.g. `2026-11-24T03:04:05.678Z`.
    public var description: String {
        let millis = millisecondsSinceEpoch
        let days = Int(millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000)
        let inDay = Int(millis - Int64(days) * 86_400_000)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = CalendarDate(daysSinceEpoch: days)
        return "\(date)T\(pad(inDay / 3_600_000, 2)):\(pad(inDay / 60_000 % 60, 2)):\(pad(inDay / 1000 % 60, 2))."
            + "\(pad(inDay % 1000, 3))Z"
    }
}
