import PostgresStorage
import Storage

/// A result row of either engine, as the stores and record decoders read it: SQLite's
/// `Row` and PostgreSQL's `PostgresRow` both conform, with the same meaning for every
/// accessor (NULL read as 0, "" ... by the non-optional ones). This is what lets one
/// decoder per record (`ListingRecord`, `ReservationRecord`, `LocationRecord`, the search
/// index's rows) serve both engines: the schemas store the same values in the same
/// encodings (`SchemaParityTests` holds the two migration histories to one shape).
public protocol StoreRow {
    func isNull(_ index: Int) -> Bool
    func int64(_ index: Int) -> Int64
    func int(_ index: Int) -> Int
    func double(_ index: Int) -> Double
    func bool(_ index: Int) -> Bool
    func string(_ index: Int) -> String
    func blob(_ index: Int) -> [UInt8]
    func withUTF8<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T
    func optionalInt64(_ index: Int) -> Int64?
    func optionalInt(_ index: Int) -> Int?
    func optionalDouble(_ index: Int) -> Double?
    func optionalString(_ index: Int) -> String?
}

extension Row: StoreRow {}
extension PostgresRow: StoreRow {}
