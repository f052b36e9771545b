/// The one switch for the few places where the engines' SQL must differ. Every store's
/// statements are written once, with `?` (by position) or `:name` (by name) placeholders,
/// which SQLite takes as they are and the PostgreSQL adapter renumbers (`$1`, `$2`, ...);
/// where the spelling differs anyway, a store asks its dialect here instead of keeping a
/// second copy of the statement.
///
/// Standard SQL both engines accept needs no entry: `RETURNING`, `ON CONFLICT (...) DO
/// UPDATE SET col = excluded.col` (upserts), `CAST(? AS BIGINT)`, `NULLS FIRST`.
public enum SQLDialect: Hashable, Sendable {
    case sqlite, postgres

    /// Each statement costs a network round trip (PostgreSQL), so a store folds several
    /// into one where it can (arrays, one statement per snapshot); SQLite runs statements
    /// in-process, where a statement per row or a short read transaction costs nothing
    /// worth folding.
    public var statementsAreRoundTrips: Bool { self == .postgres }

    /// A table expression of the integers bound (as `StoreValue.integers`) to its one
    /// placeholder, one row each, in a column called `value`, under the name `alias`.
    public func integerList(as alias: String) -> String {
        switch self {
        case .sqlite: return "json_each(?) AS \(alias)"
        case .postgres: return "unnest(CAST(? AS BIGINT[])) AS \(alias)(value)"
        }
    }

    /// `column` is one of the integers bound (as `StoreValue.integers`) to its one
    /// placeholder.
    public func isOne(of column: String) -> String {
        switch self {
        case .sqlite: return "\(column) IN (SELECT value FROM json_each(?))"
        case .postgres: return "\(column) = ANY(CAST(? AS BIGINT[]))"
        }
    }

    /// The larger of two values (SQLite's two-argument `max` is PostgreSQL's `greatest`).
    public func greater(_ first: String, _ second: String) -> String {
        switch self {
        case .sqlite: return "max(\(first), \(second))"
        case .postgres: return "greatest(\(first), \(second))"
        }
    }

    /// A statement taking a lock held until the transaction ends, on the two integer keys
    /// bound to its placeholders (the second one hashed from text), so that transactions of
    /// every server working on the same key run one after the other. Nil on SQLite, whose
    /// writer already runs one transaction at a time.
    public var transactionLock: String? {
        switch self {
        case .sqlite: return nil
        case .postgres: return "SELECT pg_advisory_xact_lock(CAST(? AS INTEGER), hashtext(?))"
        }
    }

    /// True when the database keeps the change log's counter row (`change_log_counter`),
    /// which PostgreSQL's concurrent writers number their log rows from; SQLite's one writer
    /// numbers them by rowid.
    public var hasChangeCounter: Bool { self == .postgres }
}
