/// One statement parameter as sent to the server: text in PostgreSQL's input syntax, or
/// raw bytes (sent in binary format, for `bytea`). Never spliced into SQL text.
public enum PostgresParameter: Sendable, Hashable {
    case text(String)
    case binary([UInt8])
}

/// A Swift value that can be a statement parameter.
///
/// Conforming types: `Int`, `Int64`, `Int32`, `Double`, `String`, `Bool` (sent as 1 or 0,
/// which both `integer` and `boolean` columns accept), `[UInt8]` (`bytea`).
public protocol PostgresBindable {
    var postgresParameter: PostgresParameter { get }
}

extension Int: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}
extension Int64: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}
extension Int32: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}
extension Double: PostgresBindable {
    // Swift's description is the shortest text that reads back as the same Double.
    public var postgresParameter: PostgresParameter { .text(self.description) }
}
extension String: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(self) }
}
extension Bool: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(self ? "1" : "0") }
}
extension Array: PostgresBindable where Element == UInt8 {
    public var postgresParameter: PostgresParameter { .binary(self) }
}
