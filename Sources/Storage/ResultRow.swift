/// A result row of any engine: typed access to its columns by 0-based index, with one
/// meaning for every engine (SQLite's `Row`, PostgreSQL's `PostgresRow`): non-optional
/// accessors read NULL as 0, 0.0, false, "" or an empty blob; the `optional…` ones, written
/// here once, read NULL as nil. One decoder per record reads the rows of either engine.
public protocol ResultRow {
    func isNull(_ index: Int) -> Bool
    func int64(_ index: Int) -> Int64
    func int(_ index: Int) -> Int
    func double(_ index: Int) -> Double
    func bool(_ index: Int) -> Bool
    func string(_ index: Int) -> String
    func blob(_ index: Int) -> [UInt8]
    /// Calls `body` with the column's UTF-8 text without copying it where the engine can.
    func withUTF8<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
}

extension ResultRow {
    @inlinable public func optionalInt64(_ index: Int) -> Int64? { isNull(index) ? nil : int64(index) }
    @inlinable public func optionalInt(_ index: Int) -> Int? { isNull(index) ? nil : int(index) }
    @inlinable public func optionalDouble(_ index: Int) -> Double? { isNull(index) ? nil : double(index) }
    @inlinable public func optionalBool(_ index: Int) -> Bool? { isNull(index) ? nil : bool(index) }
    @inlinable public func optionalString(_ index: Int) -> String? { isNull(index) ? nil : string(index) }
    @inlinable public func optionalBlob(_ index: Int) -> [UInt8]? { isNull(index) ? nil : blob(index) }
}
