import PostgresStorage
import Storage

/// A result row of either engine, as the record decoders read it: SQLite's `Row` and
/// PostgreSQL's `PostgresRow` both conform, with the same meaning for every accessor (NULL
/// read as 0, "" ... by the non-optional ones). This is the seam that lets one decoder per
/// record (`ListingRecord`, `ReservationRecord`, `LocationRecord`, the search index's rows)
/// serve both engines: the schemas store the same values in the same encodings
/// (Migrations/postgres/0001_initial.sql).
protocol RecordRow {
    func isNull(_ index: Int) -> Bool
    func int64(_ index: Int) -> Int64
    func int(_ index: Int) -> Int
    func double(_ index: Int) -> Double
    func bool(_ index: Int) -> Bool
    func string(_ index: Int) -> String
    func withUTF8<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
    func optionalInt64(_ index: Int) -> Int64?
    func optionalInt(_ index: Int) -> Int?
    func optionalDouble(_ index: Int) -> Double?
    func optionalString(_ index: Int) -> String?
}

extension Row: RecordRow {}
extension PostgresRow: RecordRow {}
