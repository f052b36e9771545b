import PostgresStorage
import TestSupport
import Testing

/// Binary results (`PostgresResultFormat.binary`) read every value the text format reads,
/// with the same meaning for every accessor, for each column type they decode.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct PostgresBinaryResultTests {
    static let columns = "i8, i4, i2, f8, f4, b, t, v, c, y"
    static let table = """
        CREATE TABLE t (n INTEGER PRIMARY KEY, i8 BIGINT, i4 INTEGER, i2 SMALLINT, f8 DOUBLE PRECISION, f4 REAL,
        b BOOLEAN, t TEXT, v VARCHAR(40), c CHAR(3), y BYTEA)
        """

    /// Edge values of each type, a row of NULLs, and text with Korean, quotes and digits.
    func edgeRows(_ connection: PostgresConnection) throws {
        try connection.execute(sql: Self.table)
        let insert = "INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
        let rows: [[(any PostgresBindable)?]] = [
            [1, Int64.max, Int32.max, 32767, Double.greatestFiniteMagnitude, 3.5, "t", "강남 \"역삼\" 'x'", "", "abc", [UInt8]([0, 255, 92])],
            [2, Int64.min, Int32.min, -32768, -Double.leastNonzeroMagnitude, -0.25, "f", "", "서울", "ab", [UInt8]()],
            [3, 0, 0, 0, 0.0, 0.0, "f", "0", "12345", "-7", [UInt8]([120])],
            [4, -1, -1, -1, 0.1 + 0.2, 2.0, "t", "-42", "x", "1", [UInt8]([1])],
            [5, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil],
            [6, 18_321, 59_000, 7, 4096.0, 1e30, "t", "2027-12-31", "Asia/Seoul", "KRW", [UInt8](repeating: 7, count: 300)],
        ]
        for row in rows { try connection.query(insert, row) }
    }

    @Test func everyAccessorReadsTheSameAsFromText() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        try edgeRows(connection)
        let sql = "SELECT \(Self.columns) FROM t ORDER BY n"
        let text = try connection.query(sql)
        let binary = try connection.query(sql, format: .binary)
        #expect(text.count == 6 && binary.count == 6)
        for index in 0..<text.count {
            let (t, b) = (text.row(index), binary.row(index))
            for column in 0..<10 {
                let at = "row \(index + 1), column \(column)"
                #expect(b.isNull(column) == t.isNull(column), "\(at)")
                #expect(b.int64(column) == t.int64(column), "\(at)")
                #expect(b.optionalInt64(column) == t.optionalInt64(column), "\(at)")
                #expect(b.int(column) == t.int(column), "\(at)")
                // bytea as a boolean: the text format's `\x` hex digits would read as one; no caller asks.
                if column != 9 { #expect(b.bool(column) == t.bool(column), "\(at)") }
                let (bd, td) = (b.double(column), t.double(column))
                #expect(bd == td || (bd.isNaN && td.isNaN), "\(at): \(bd) vs \(td)")
                #expect(b.optionalDouble(column) == t.optionalDouble(column), "\(at)")
                if column != 9 {  // bytea: text shows `\x...`, binary the bytes (both as `blob`, below)
                    #expect(b.string(column) == t.string(column) || Self.sameFloat(b.string(column), t.string(column)), "\(at)")
                    #expect(b.optionalString(column) == t.optionalString(column)
                            || Self.sameFloat(b.string(column), t.string(column)), "\(at)")
                    let viaUTF8 = b.withUTF8(column) { String(decoding: $0, as: UTF8.self) }
                    #expect(viaUTF8 == b.string(column), "\(at)")
                }
            }
            #expect(b.blob(9) == t.blob(9), "row \(index + 1)")
            #expect(b.optionalBlob(9) == t.optionalBlob(9), "row \(index + 1)")
        }
    }

    /// The values themselves, read from binary: bounds of each integer width (sign-extended),
    /// exact doubles, booleans, text of any length and script, bytes, NULLs.
    @Test func edgeValuesComeBackExactly() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        try edgeRows(connection)
        let rows = try connection.query("SELECT \(Self.columns) FROM t ORDER BY n", format: .binary)
        let first = rows.row(0), second = rows.row(1), nulls = rows.row(4), last = rows.row(5)
        #expect(first.int64(0) == Int64.max && second.int64(0) == Int64.min)
        #expect(first.int(1) == Int(Int32.max) && second.int(1) == Int(Int32.min))
        #expect(first.int(2) == 32767 && second.int(2) == -32768 && rows.row(3).int(2) == -1)
        #expect(first.double(3) == Double.greatestFiniteMagnitude && second.double(3) == -Double.leastNonzeroMagnitude)
        #expect(rows.row(3).double(3) == 0.1 + 0.2)
        #expect(first.double(4) == 3.5 && second.double(4) == -0.25)
        #expect(first.bool(5) && !second.bool(5))
        #expect(first.string(6) == "강남 \"역삼\" 'x'" && first.string(7) == "" && second.string(7) == "서울")
        #expect(first.string(8) == "abc" && second.string(8) == "ab ")  // CHAR(3) pads, as in text
        #expect(first.blob(9) == [0, 255, 92] && second.blob(9) == [] && last.blob(9).count == 300)
        #expect(last.int64(0) == 18_321 && last.string(7) == "Asia/Seoul")
        for column in 0..<10 { #expect(nulls.isNull(column)) }
        #expect(nulls.optionalInt64(0) == nil && nulls.int64(0) == 0 && nulls.double(3) == 0 && !nulls.bool(5))
        #expect(nulls.string(6) == "" && nulls.optionalString(6) == nil && nulls.blob(9) == [])
        // Numbers read as text the way the text format shows them.
        #expect(second.string(0) == "-9223372036854775808" && first.string(5) == "t" && second.string(5) == "f")
    }

    /// A type binary results do not decode fails the query, naming the column: a value is
    /// never misread.
    @Test func aColumnOfAnotherTypeIsRefused() throws {
        let database = try #require(try TemporaryPostgresDatabase.make())
        let connection = try PostgresConnection(url: database.url)
        let error = #expect(throws: PostgresError.self) {
            try connection.query("SELECT 1::bigint AS fine, 2.5::numeric AS amount", format: .binary)
        }
        #expect(error?.message.contains("amount") == true)
        // The same statement in text format still works, on the same connection.
        #expect(try connection.queryOne("SELECT 1::bigint AS fine, 2.5::numeric AS amount") { $0.double(1) } == 2.5)
    }

    /// Two renderings of one float (Swift's and PostgreSQL's shortest texts differ in form).
    static func sameFloat(_ a: String, _ b: String) -> Bool {
        guard let x = Double(a), let y = Double(b) else { return false }
        return x == y
    }
}
