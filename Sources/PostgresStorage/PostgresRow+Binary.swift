import CPostgres

/// Decoding of one column of a binary-format result (`PostgresResultFormat.binary`), with
/// the same meaning as the text accessors give the same value: integers and floats from
/// their big-endian bytes, booleans from their byte, text as is.
extension PostgresRow {
    /// The column's type; `query` checked every column's type is one of these.
    @inline(__always)
    func binaryType(_ column: Int) -> PostgresBinaryType {
        types?[column] ?? .bytea
    }

    /// An integer column's bytes, read as a big-endian integer of the column's width; nil for
    /// a column of another type (a boolean too: `t` is no number), or NULL.
    func binaryInteger(_ column: Int) -> Int64? {
        let width: Int
        switch binaryType(column) {
        case .int8: width = 8
        case .int4: width = 4
        case .int2: width = 2
        default: return nil
        }
        return withBytes(column) { bytes -> Int64? in
            guard bytes.count == width else { return nil }
            var value: UInt64 = 0
            for byte in bytes { value = value << 8 | UInt64(byte) }
            // Sign-extend from the column's width.
            let unused = UInt64(64 - 8 * width)
            return Int64(bitPattern: value << unused) >> Int64(unused)
        }
    }

    /// A boolean column's value; nil for other types, or NULL.
    func binaryBool(_ column: Int) -> Bool? {
        guard binaryType(column) == .bool else { return nil }
        return withBytes(column) { bytes in bytes.count == 1 ? bytes[0] != 0 : nil }
    }

    /// A `float8` or `float4` column's value; nil for other types, or NULL. A `float4` reads
    /// as its shortest decimal text would (as the text format's value does), not as its
    /// binary widening: 1e30 stays 1e30.
    func binaryFloat(_ column: Int) -> Double? {
        let type = binaryType(column)
        guard type == .float8 || type == .float4 else { return nil }
        return withBytes(column) { bytes -> Double? in
            guard bytes.count == (type == .float8 ? 8 : 4) else { return nil }
            var bits: UInt64 = 0
            for byte in bytes { bits = bits << 8 | UInt64(byte) }
            if type == .float8 { return Double(bitPattern: bits) }
            let single = Float(bitPattern: UInt32(truncatingIfNeeded: bits))
            return single.isFinite ? Double(single.description) ?? Double(single) : Double(single)
        }
    }

    /// The value as the text format would show it, for the few callers that read a number
    /// as a string (error messages): decimal integers, Swift's shortest float text, `t`/`f`.
    func binaryText(_ column: Int) -> String? {
        switch binaryType(column) {
        case .bool: return binaryBool(column).map { $0 ? "t" : "f" }
        case .int8, .int4, .int2: return binaryInteger(column).map { String($0) }
        case .float8, .float4: return binaryFloat(column).map { $0.description }
        default: return nil
        }
    }
}
