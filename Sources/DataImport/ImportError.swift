/// Why an import stopped. Bad rows never stop an import; these do (nothing of the failed
/// transaction is written).
public enum ImportError: Error, CustomStringConvertible {
    /// A file cannot be opened or read.
    case input(CSVInputError)
    /// A file has no header row.
    case emptyFile(path: String)
    /// The first line is not text (invalid UTF-8 or control bytes): a binary file, not CSV.
    case notCSV(path: String, reason: String)
    /// The header matches neither Inside Airbnb listings format, or the calendar lacks a column.
    case unrecognizedHeader(path: String, missing: [String])
    /// The writer failed (e.g. the database is read-only or full).
    case writer(any Error)
    /// `neighbourhoods.geojson` is not a FeatureCollection of named polygons.
    case notGeoJSON(path: String, reason: String)

    public var description: String {
        switch self {
        case .input(let error): return error.description
        case .emptyFile(let path): return "\(path): the file is empty"
        case .notCSV(let path, let reason): return "\(path): not a CSV file (\(reason))"
        case .unrecognizedHeader(let path, let missing):
            return "\(path): not an Inside Airbnb file (missing columns: \(missing.joined(separator: ", ")))"
        case .writer(let error): return "writing failed: \(error)"
        case .notGeoJSON(let path, let reason): return "\(path): not a neighbourhoods GeoJSON file (\(reason))"
        }
    }
}

extension ImportError {
    /// The header of the CSV file at `path`: `emptyFile` when there is no line at all,
    /// `notCSV` when the first line is not text (a binary file given by mistake).
    static func readHeader(_ reader: CSVReader, path: String) throws -> CSVHeader {
        switch try reader.readHeader() {
        case nil: throw ImportError.emptyFile(path: path)
        case .failure(let error): throw ImportError.notCSV(path: path, reason: "the first line is not text: \(error)")
        case .success(let header):
            // Text never has control bytes other than tab in a header; binary data does.
            let binary = header.names.contains { $0.utf8.contains { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F } }
            if binary { throw ImportError.notCSV(path: path, reason: "the first line holds binary data") }
            return header
        }
    }
}
