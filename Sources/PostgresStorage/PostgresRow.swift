import CPostgres
import Storage

/// One row of a `PostgresResult`: typed access to its columns by 0-based index. Results in
/// text format are parsed from PostgreSQL's output syntax; results in binary format
/// (`PostgresResultFormat`) are decoded by column type, with the same meaning.
///
/// Promises: the same accessors, with the same meaning for NULL, as SQLite's `Row`
/// (non-optional accessors read NULL as 0, 0.0, false, "" or an empty blob; use the
/// `optional…` ones for nullable columns), so one decoder reads rows of either engine.
/// A view into its result: valid while the result is.
public struct PostgresRow: ResultRow {
    let result: OpaquePointer
    let index: Int32
    /// A binary result's column types (see `PostgresRow+Binary.swift`); nil for text.
    let types: UnsafePointer<PostgresBinaryType>?

    var isBinary: Bool { types != nil }

    public var count: Int { Int(PQnfields(result)) }

    public func isNull(_ column: Int) -> Bool { PQgetisnull(result, index, Int32(column)) == 1 }

    /// The column's text without copying it (a binary number's is made, as `string` shows it).
    public func withUTF8<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        if isBinary, var text = binaryText(column) { return try text.withUTF8(body) }
        return try withBytes(column, body)
    }

    /// The column's bytes as the server sent them, without copying them.
    func withBytes<T>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let length = Int(PQgetlength(result, index, Int32(column)))
        guard let value = PQgetvalue(result, index, Int32(column)), length > 0 else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try value.withMemoryRebound(to: UInt8.self, capacity: length) {
            try body(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    public func string(_ column: Int) -> String {
        if isBinary, let text = binaryText(column) { return text }
        return withBytes(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// Parses the decimal text in place (no String made); 0 for NULL or non-numbers (a float
    /// is a number here only when it is a whole one).
    public func int64(_ column: Int) -> Int64 {
        if isBinary {
            if let value = binaryInteger(column) { return value }
            if let value = binaryFloat(column) { return Int64(exactly: value) ?? 0 }
        }
        return withBytes(column) { bytes in
            var value: Int64 = 0
            var negative = false
            for (offset, byte) in bytes.enumerated() {
                if offset == 0 && byte == UInt8(ascii: "-") { negative = true; continue }
                guard byte >= 48 && byte <= 57 else { return 0 }
                value = value &* 10 &+ Int64(byte - 48)
            }
            return negative ? 0 &- value : value  // wrapping: Int64.min has no positive twin
        }
    }

    public func int(_ column: Int) -> Int { Int(int64(column)) }

    public func double(_ column: Int) -> Double {
        if isBinary {
            switch binaryType(column) {
            case .float8, .float4: return binaryFloat(column) ?? 0
            case .int8, .int4, .int2: return binaryInteger(column).map(Double.init) ?? 0
            case .bool: return 0  // `t` and `f` are no numbers
            default: break
            }
        }
        return Double(string(column)) ?? 0
    }

    /// `t` (a boolean column) or a nonzero number is true.
    public func bool(_ column: Int) -> Bool {
        if isBinary {
            if let value = binaryBool(column) { return value }
            if let value = binaryInteger(column) { return value != 0 }
            if let value = binaryFloat(column) { return value != 0 }
        }
        return withBytes(column) { bytes in
            guard let first = bytes.first else { return false }
            if first == UInt8(ascii: "t") { return true }
            if first == UInt8(ascii: "f") { return false }
            return bytes.contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        }
    }

    /// A `bytea` column (text output is `\x` and hex digits; binary, the bytes themselves).
    public func blob(_ column: Int) -> [UInt8] {
        if isBinary { return withBytes(column) { Array($0) } }
        return withBytes(column) { bytes in
            guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x") else {
                return Array(bytes)
            }
            func nibble(_ byte: UInt8) -> UInt8 {
                switch byte {
                case 48...57: return byte - 48
                case 97...102: return byte - 87
                case 65...70: return byte - 55
                default: return 0
                }
            }
            var out: [UInt8] = []
            out.reserveCapacity((bytes.count - 2) / 2)
            var position = 2
            while position + 1 < bytes.count {
                out.append(nibble(bytes[position]) << 4 | nibble(bytes[position + 1]))
                position += 2
            }
            return out
        }
    }

}

@available(*, unavailable)
extension PostgresRow: Sendable {}

/// The rows a statement returned, held by libpq until released.
///
/// Thread safety: not `Sendable`; decode on the thread that ran the statement.
public final class PostgresResult {
    let handle: OpaquePointer
    let format: PostgresResultFormat
    /// A binary result's column types, read once here rather than asked of libpq per value.
    private let types: UnsafeMutablePointer<PostgresBinaryType>?
    /// A binary result's first column of a type binary decoding does not know (the query
    /// then fails: see `PostgresConnection.query`).
    let undecodableColumn: Int32?

    init(handle: OpaquePointer, format: PostgresResultFormat) {
        self.handle = handle
        self.format = format
        guard format == .binary else {
            types = nil
            undecodableColumn = nil
            return
        }
        let count = Int(PQnfields(handle))
        let types = UnsafeMutablePointer<PostgresBinaryType>.allocate(capacity: max(1, count))
        var undecodable: Int32?
        for column in 0..<count {
            let type = PostgresBinaryType(rawValue: PQftype(handle, Int32(column)))
            if type == nil && undecodable == nil { undecodable = Int32(column) }
            (types + column).initialize(to: type ?? .bytea)
        }
        self.types = types
        undecodableColumn = undecodable
    }

    deinit {
        PQclear(handle)
        types?.deallocate()
    }

    public var count: Int { Int(PQntuples(handle)) }

    /// Rows an INSERT, UPDATE or DELETE changed.
    public var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    public func row(_ index: Int) -> PostgresRow {
        PostgresRow(result: handle, index: Int32(index), types: UnsafePointer(types))
    }

    public func forEachRow(_ body: (PostgresRow) throws -> Void) rethrows {
        let types = UnsafePointer(types)
        for index in 0..<PQntuples(handle) { try body(PostgresRow(result: handle, index: index, types: types)) }
    }

    public func map<T>(_ decode: (PostgresRow) throws -> T) rethrows -> [T] {
        var values: [T] = []
        values.reserveCapacity(count)
        try forEachRow { values.append(try decode($0)) }
        return values
    }

    public func first<T>(_ decode: (PostgresRow) throws -> T) rethrows -> T? {
        count > 0 ? try decode(row(0)) : nil
    }
}

@available(*, unavailable)
extension PostgresResult: Sendable {}
