import PostgresStorage
import Storage

/// A column value as the record encoders produce it, bindable by either engine: the one
/// place a record's Swift value becomes a stored value for both.
enum RecordValue: DatabaseBindable, PostgresBindable {
    case integer(Int64)
    case real(Double)
    case text(String)

    init(_ value: Int64) { self = .integer(value) }
    init(_ value: Int) { self = .integer(Int64(value)) }
    /// 1 or 0, as both schemas store flags.
    init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    init(_ value: Double) { self = .real(value) }
    init(_ value: String) { self = .text(value) }
    init?(_ value: Int64?) { guard let value else { return nil }; self = .integer(value) }
    init?(_ value: Int?) { guard let value else { return nil }; self = .integer(Int64(value)) }
    init?(_ value: Double?) { guard let value else { return nil }; self = .real(value) }

    func bind(to statement: Statement, at index: Int) throws {
        switch self {
        case .integer(let value): try statement.bind(value, at: index)
        case .real(let value): try statement.bind(value, at: index)
        case .text(let value): try statement.bind(value, at: index)
        }
    }

    var postgresParameter: PostgresParameter {
        switch self {
        case .integer(let value): return value.postgresParameter
        case .real(let value): return value.postgresParameter
        case .text(let value): return value.postgresParameter
        }
    }
}
