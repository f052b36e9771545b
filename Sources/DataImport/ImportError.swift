/// Why an import stopped. Bad rows never stop an import; these do (nothing of the failed
/// transaction is written).
public enum ImportError: Error, CustomStringConvertible {
    /// A file cannot be opened or read.
    case input(CSVInputError)
    /// A file has no header row.
    case emptyFile(path: String)
    /// The header matches neither Inside Airbnb listings format, or the calendar lacks a column.
    case unrecognizedHeader(path: String, missing: [String])
    /// The writer failed (e.g. the database is read-only or full).
    case writer(any Error)

    public var description: String {
        switch self {
        case .input(let error): return error.description
        case .emptyFile(let path): return "\(path): the file is empty"
        case .unrecognizedHeader(let path, let missing):
            return "\(path): not an Inside Airbnb file (missing columns: \(missing.joined(separator: ", ")))"
        case .writer(let error): return "writing failed: \(error)"
        }
    }
}
