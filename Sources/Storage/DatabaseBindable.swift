/// A Swift value that can be bound to a statement parameter.
///
/// Conforming types: `Int`, `Int64`, `Double`, `String`, `[UInt8]` (blob), `Bool` (0 or 1),
/// and `Optional` of any of them (nil binds NULL).
public protocol DatabaseBindable {
    func bind(to statement: Statement, at index: Int) throws
}

extension Int: DatabaseBindable {
    public func bind(to statement: Statement, at index: Int) throws { try statement.bind(self, at: index) }
}

extension Int64: DatabaseBindable {
    public func bind(to statement: Statement, at index: Int) throws { try statement.bind(self, at: index) }
}

extension Double: DatabaseBindable {
    public func bind(to statement: Statement, at index: Int) throws { try statement.bind(self, at: index) }
}

extension String: DatabaseBindable {
    public func bind(to statement: Statement, at index: Int) throws { try statement.bind(self, at: index) }
}

extension Bool: DatabaseBindable {
    public func bind(to statement: Statement, at index: Int) throws { try statement.bind(self, at: index) }
}

extension Array: DatabaseBindable where Element == UInt8 {
    public func bind(to statement: Statement, at index: Int) throws { try statement.bind(self, at: index) }
}

extension Optional: DatabaseBindable where Wrapped: DatabaseBindable {
    public func bind(to statement: Statement, at index: Int) throws {
        switch self {
        case .some(let value): try value.bind(to: statement, at: index)
        case .none: try statement.bindNull(at: index)
        }
    }
}
