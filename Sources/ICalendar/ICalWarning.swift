/// Something in a feed that was read only in part or not at all. The import still
/// succeeds; the caller lists these for the host, and may treat `eventSkipped` as a failed
/// sync (nights that event held would otherwise open).
public struct ICalWarning: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// A line that is not a content line, or too long: ignored.
        case lineSkipped
        /// An event that could not be read (e.g. no or unreadable `DTSTART`): it blocks nothing.
        case eventSkipped
        /// A recurrence rule outside what is expanded: only its first occurrence blocks.
        case recurrenceNotExpanded
        /// An unknown `TZID`: its times were read in the listing's zone.
        case unknownTimeZone
        /// A property value that was ignored (e.g. an unreadable `EXDATE`).
        case valueIgnored
    }

    /// The 1-based physical line the problem begins on.
    public let line: Int
    public let kind: Kind
    public let message: String

    public init(line: Int, kind: Kind, message: String) {
        self.line = line
        self.kind = kind
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
