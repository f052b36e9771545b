/// Why one CSV record could not be read. The reader reports it for that record only and
/// continues with the next one, except `unterminatedQuote`, which ends the input.
public enum CSVRecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A quoted field was still open at the end of the input (`line` is where the record starts).
    case unterminatedQuote(line: Int)
    /// A `"` appeared inside an unquoted field, or text followed a closing quote.
    case unexpectedQuote(line: Int, column: Int)
    /// A field's bytes are not valid UTF-8.
    case invalidUTF8(line: Int, column: Int)

    /// The 1-based line on which the record starts.
    public var line: Int {
        switch self {
        case .unterminatedQuote(let line), .unexpectedQuote(let line, _), .invalidUTF8(let line, _): return line
        }
    }

    public var description: String {
        switch self {
        case .unterminatedQuote(let line): return "line \(line): quoted field is not closed before the end of the file"
        case .unexpectedQuote(let line, let column): return "line \(line): unexpected quote in field \(column)"
        case .invalidUTF8(let line, let column): return "line \(line): field \(column) is not valid UTF-8"
        }
    }
}

/// A failure of the input itself (the file cannot be opened or read); ends the reading.
public struct CSVInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}
