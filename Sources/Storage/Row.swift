import CSQLite

/// The current row of a stepping statement: typed access to its columns by 0-based index.
///
/// Promises: reading a column allocates nothing but the value itself (a `String` or blob);
/// there is no per-row dictionary. A `Row` is a view: it is valid only until its statement
/// steps again or is reset, so decode what you need inside the row callback.
///
/// Non-optional accessors read NULL as SQLite converts it (0, 0.0, "" or an empty blob);
/// use the `optional…` accessors (`ResultRow`) for nullable columns.
public struct Row: ResultRow {
    let statement: OpaquePointer

    /// Number of columns.
    public var count: Int { Int(sqlite3_column_count(statement)) }

    public func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(statement, Int32(index)) == SQLITE_NULL
    }

    public func int64(_ index: Int) -> Int64 { sqlite3_column_int64(statement, Int32(index)) }
    public func int(_ index: Int) -> Int { Int(sqlite3_column_int64(statement, Int32(index))) }
    public func double(_ index: Int) -> Double { sqlite3_column_double(statement, Int32(index)) }
    /// Nonzero is true.
    public func bool(_ index: Int) -> Bool { sqlite3_column_int64(statement, Int32(index)) != 0 }

    /// The column as UTF-8 text (invalid UTF-8 is repaired with U+FFFD).
    public func string(_ index: Int) -> String {
        // Ask for the text first, then its length: the documented safe order.
        guard let text = sqlite3_column_text(statement, Int32(index)) else { return "" }
        let length = Int(sqlite3_column_bytes(statement, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }

    public func blob(_ index: Int) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(statement, Int32(index)) else { return [] }
        let length = Int(sqlite3_column_bytes(statement, Int32(index)))
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// Calls `body` with the column's UTF-8 bytes without copying them.
    public func withUTF8<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        guard let text = sqlite3_column_text(statement, Int32(index)) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let length = Int(sqlite3_column_bytes(statement, Int32(index)))
        return try body(UnsafeBufferPointer(start: text, count: length))
    }

    /// Generic access, for `let id: Int64 = row[0]` style code.
    public subscript<T: DatabaseDecodable>(_ index: Int) -> T { T.decode(from: self, at: index) }
}

@available(*, unavailable)
extension Row: Sendable {}

/// A type a column can be read as; see `Row`'s subscript.
public protocol DatabaseDecodable {
    static func decode(from row: Row, at index: Int) -> Self
}

extension Int: DatabaseDecodable {
    public static func decode(from row: Row, at index: Int) -> Int { row.int(index) }
}
extension Int64: DatabaseDecodable {
    public static func decode(from row: Row, at index: Int) -> Int64 { row.int64(index) }
}
extension Double: DatabaseDecodable {
    public static func decode(from row: Row, at index: Int) -> Double { row.double(index) }
}
extension String: DatabaseDecodable {
    public static func decode(from row: Row, at index: Int) -> String { row.string(index) }
}
extension Bool: DatabaseDecodable {
    public static func decode(from row: Row, at index: Int) -> Bool { row.bool(index) }
}
extension Array: DatabaseDecodable where Element == UInt8 {
    public static func decode(from row: Row, at index: Int) -> [UInt8] { row.blob(index) }
}
extension Optional: DatabaseDecodable where Wrapped: DatabaseDecodable {
    public static func decode(from row: Row, at index: Int) -> Wrapped? {
        row.isNull(index) ? nil : Wrapped.decode(from: row, at: index)
    }
}
