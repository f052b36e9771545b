import PostgresStorage
import Storage

/// A result row of either engine, as the stores and record decoders read it (`ResultRow`:
/// SQLite's `Row` and PostgreSQL's `PostgresRow`, with one meaning for every accessor).
/// This is what lets one decoder per record (`ListingRecord`, `ReservationRecord`,
/// `LocationRecord`, the search index's rows) serve both engines: the schemas store the
/// same values in the same encodings (`SchemaParityTests` holds the two migration
/// histories to one shape).
public typealias StoreRow = ResultRow
