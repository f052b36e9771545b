/// A value bound to a statement parameter, as every store writes it and either engine's
/// adapter binds it (`SQLiteEngine`, `PostgresEngine`): the one place a Swift value
/// becomes a stored value.
///
/// Flags are stored as 1 or 0 by both schemas; `integers` is a list of integers bound as
/// one parameter, which the dialect's `integerList(_:)` turns back into rows (SQLite:
/// `json_each` over a JSON array; PostgreSQL: `unnest` over a `bigint[]`).
public enum StoreValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case integers([Int64])
    case null
}

/// A Swift value a store passes as a statement argument.
public protocol StoreBindable {
    var storeValue: StoreValue { get }
}

extension StoreValue: StoreBindable {
    public var storeValue: StoreValue { self }
}
extension Int64: StoreBindable {
    public var storeValue: StoreValue { .integer(self) }
}
extension Int: StoreBindable {
    public var storeValue: StoreValue { .integer(Int64(self)) }
}
extension Int32: StoreBindable {
    public var storeValue: StoreValue { .integer(Int64(self)) }
}
extension Double: StoreBindable {
    public var storeValue: StoreValue { .real(self) }
}
extension String: StoreBindable {
    public var storeValue: StoreValue { .text(self) }
}
extension Bool: StoreBindable {
    /// 1 or 0, as both schemas store flags.
    public var storeValue: StoreValue { .integer(self ? 1 : 0) }
}
extension Array: StoreBindable where Element == UInt8 {
    public var storeValue: StoreValue { .blob(self) }
}
extension Optional: StoreBindable where Wrapped: StoreBindable {
    /// Not `map(\.storeValue)`: a key path over the generic `Wrapped` is made at run time on
    /// every call (`swift_getKeyPath`, ~7k instructions; 5% of a booking's).
    public var storeValue: StoreValue {
        guard let value = self else { return .null }
        return value.storeValue
    }
}

/// A statement's arguments: by position (`?` in the SQL, written as an array literal) or
/// by name (`:name`, written as a dictionary literal).
public enum StoreArguments: Sendable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case positional([StoreValue])
    case named([String: StoreValue])

    public init(arrayLiteral elements: (any StoreBindable)...) {
        self = .positional(elements.map(\.storeValue))
    }

    public init(dictionaryLiteral elements: (String, any StoreBindable)...) {
        self = .named(Dictionary(elements.map { ($0.0, $0.1.storeValue) }, uniquingKeysWith: { $1 }))
    }

    public static let none = StoreArguments.positional([])
}
