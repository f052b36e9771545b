/// How the server sends a statement's result values.
///
/// - `text`: PostgreSQL's output syntax, which `PostgresRow` parses (every type works).
/// - `binary`: each type's send format (big-endian integers and IEEE floats, raw text and
///   bytes), decoded without parsing — cheaper on both sides of the wire. Only the types in
///   `PostgresBinaryType` decode: a result with a column of another type fails the query
///   with a `PostgresError` naming the column, so no value is ever misread.
public enum PostgresResultFormat: Int32, Sendable {
    case text = 0
    case binary = 1
}

/// The column types a binary result may hold, by their fixed OIDs (pg_type.dat).
enum PostgresBinaryType: UInt32 {
    case bool = 16
    case bytea = 17
    case int8 = 20
    case int2 = 21
    case int4 = 23
    case text = 25
    case float4 = 700
    case float8 = 701
    case unknown = 705
    case bpchar = 1042
    case varchar = 1043

    /// Types whose binary value is their UTF-8 text, as in the text format.
    var isText: Bool {
        switch self {
        case .text, .unknown, .bpchar, .varchar: return true
        default: return false
        }
    }
}
