/// Why the catalog could not store or read something (SQLite's own failures are thrown as
/// `DatabaseError`).
public enum PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `LocationDraft.parentKey` names no saved location.
    case unknownParentLocation(key: String)
    /// Saving the location under that parent would make it its own ancestor.
    case locationCycle(key: String, parentKey: String)
    /// A stored value the catalog cannot read back (bad JSON, unknown enum value).
    case corruptValue(table: String, column: String, rowID: Int64, value: String)
    /// Something this engine or set-up does not provide.
    case unsupported(String)

    public var description: String {
        switch self {
        case .unknownParentLocation(let key):
            return "no location has external key \(key)"
        case .locationCycle(let key, let parentKey):
            return "location \(key) cannot have \(parentKey) as parent: it would be its own ancestor"
        case .corruptValue(let table, let column, let rowID, let value):
            return "\(table).\(column) of row \(rowID) holds an unreadable value: \(value.prefix(80))"
        case .unsupported(let what):
            return "not supported: \(what)"
        }
    }
}
