/// Why a feed could not be read at all. A sync that gets one keeps its previous blocks:
/// a feed that cannot be read is not an empty calendar.
public enum ICalParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// More bytes than `ICalLimits.maxInputBytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// No `BEGIN:VCALENDAR` (an HTML error page, an empty body).
    case notACalendar
    /// A component without its `END` (a truncated download), begun on `line`.
    case unterminated(component: String, line: Int)
    /// An `END` that closes nothing open, or the wrong component.
    case unexpectedEnd(component: String, line: Int)
    /// More `VEVENT`s than `ICalLimits.maxEvents`.
    case tooManyEvents(limit: Int)
    /// More content lines the import reads than `ICalLimits.maxContentLines`.
    case tooManyLines(limit: Int)
    /// Components nested deeper than `ICalLimits.maxDepth`.
    case nestedTooDeeply(line: Int)

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "the feed has \(bytes) bytes, more than the limit of \(limit)"
        case .notACalendar: "not an iCalendar feed (no BEGIN:VCALENDAR)"
        case .unterminated(let component, let line): "\(component) begun on line \(line) never ends (truncated feed?)"
        case .unexpectedEnd(let component, let line): "line \(line): END:\(component) closes nothing open"
        case .tooManyEvents(let limit): "the feed has more than \(limit) events"
        case .tooManyLines(let limit): "the feed has more than \(limit) lines the import reads"
        case .nestedTooDeeply(let line): "line \(line): components nested too deeply"
        }
    }
}
