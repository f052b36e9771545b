import Foundation
import Testing
import PostgresStorage
import Storage
import TestSupport
@testable import Persistence

/// The two migration histories (Migrations/*.sql for SQLite, Migrations/postgres/*.sql)
/// must build one schema, since every store is written once for both: after migrating an
/// empty database of each engine, the tables, their columns (name, type, nullability,
/// primary key), the indexes (name, uniqueness, columns), the unique, foreign-key and check
/// constraints are compared. A migration added to one history and not the other fails here.
///
/// Types are compared by storage class (SQLite's affinity rules; PostgreSQL's `bigint`,
/// `integer` and `smallint` are integers, `double precision` is real, `text` text, `bytea`
/// blob). An index's columns are its key columns and then its included ones, whatever the
/// engine spells `INCLUDE`.
@Suite(.enabled(if: TemporaryPostgresDatabase.isAvailable, "needs STAYS_TEST_POSTGRES_URL (.ci/postgres.sh)"))
struct SchemaParityTests {
    /// What only PostgreSQL has, and why: concurrent writers need it.
    static let postgresOnly: Set<String> = [
        // Numbers the change log in commit order across concurrent writers (ChangeLog).
        "table change_log_counter",
        "column change_log_counter.id integer not null pk",
        "column change_log_counter.seq integer not null",
        "check change_log_counter 1",
        // Trims by age while other servers write; SQLite's one writer trims a short log.
        "index change_log_created on change_log(created_at)",
    ]

    @Test func bothMigrationHistoriesBuildTheSameSchema() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "stays-parity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite = try openCatalogDatabase(path: directory.appending(path: "c.sqlite").path)
        let database = try #require(try TemporaryPostgresDatabase.make())
        let postgres = try openCatalogPostgres(url: database.url, maximumConnectionCount: 1)

        let sqliteSchema = try sqlite.read { try Self.describe($0) }
        let postgresSchema = try postgres.read { try Self.describe($0) }
        #expect(sqliteSchema.count > 40, "\(sqliteSchema)")
        let onlySQLite = sqliteSchema.subtracting(postgresSchema).sorted()
        let onlyPostgres = postgresSchema.subtracting(sqliteSchema).subtracting(Self.postgresOnly).sorted()
        #expect(onlySQLite.isEmpty, "only in Migrations/*.sql: \(onlySQLite)")
        #expect(onlyPostgres.isEmpty, "only in Migrations/postgres/*.sql: \(onlyPostgres)")
        // The allowance list stays true: each thing it excuses exists on PostgreSQL.
        #expect(Self.postgresOnly.isSubset(of: postgresSchema), "\(Self.postgresOnly.subtracting(postgresSchema))")
    }

    // MARK: SQLite

    /// One line per table, column, index and constraint, in engine-neutral words.
    static func describe(_ db: Database) throws -> Set<String> {
        var lines = Set<String>()
        let tables = try db.prepare("""
            SELECT name, sql FROM sqlite_master WHERE type = 'table' \
            AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'
            """).fetchAll { (name: $0.string(0), sql: $0.string(1)) }
        for table in tables {
            lines.insert("table \(table.name)")
            let columns = try db.prepare("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)")
            try columns.bind(table.name, at: 1)
            try columns.forEachRow { row in
                let primary = row.int(3) > 0
                let nullability = row.bool(2) || primary ? " not null" : ""
                lines.insert("column \(table.name).\(row.string(0)) \(sqliteClass(row.string(1)))\(nullability)"
                             + (primary ? " pk" : ""))
            }
            let checks = table.sql.components(separatedBy: "CHECK (").count - 1
            if checks > 0 { lines.insert("check \(table.name) \(checks)") }
            let indexes = try db.prepare("SELECT name, \"unique\", origin FROM pragma_index_list(?)")
            try indexes.bind(table.name, at: 1)
            for index in try indexes.fetchAll({ (name: $0.string(0), unique: $0.bool(1), origin: $0.string(2)) })
            where index.origin != "pk" {
                let columns = try db.prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno")
                try columns.bind(index.name, at: 1)
                let names = try columns.fetchAll { $0.string(0) }.joined(separator: ",")
                lines.insert(index.origin == "u" ? "unique \(table.name)(\(names))"
                             : "\(index.unique ? "unique " : "")index \(index.name) on \(table.name)(\(names))")
            }
            let keys = try db.prepare("""
                SELECT "table", group_concat("from"), group_concat("to"), on_delete \
                FROM pragma_foreign_key_list(?) GROUP BY id
                """)
            try keys.bind(table.name, at: 1)
            try keys.forEachRow { row in
                lines.insert("foreign key \(table.name)(\(row.string(1))) references \(row.string(0))(\(row.string(2)))"
                             + " on delete \(row.string(3).lowercased())")
            }
        }
        return lines
    }

    /// SQLite's affinity rules (https://www.sqlite.org/datatype3.html, 3.1).
    static func sqliteClass(_ declared: String) -> String {
        let type = declared.uppercased()
        if type.contains("INT") { return "integer" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return "text" }
        if type.isEmpty || type.contains("BLOB") { return "blob" }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return "real" }
        return "numeric"
    }

    // MARK: PostgreSQL

    static func describe(_ connection: PostgresConnection) throws -> Set<String> {
        var lines = Set<String>()
        let tables = try connection.query("""
            SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() \
            AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'
            """).map { $0.string(0) }
        for table in tables { lines.insert("table \(table)") }
        try connection.query("""
            SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO', \
            EXISTS (SELECT 1 FROM information_schema.table_constraints t \
            JOIN information_schema.key_column_usage k ON k.constraint_name = t.constraint_name \
            AND k.table_schema = t.table_schema AND k.table_name = t.table_name \
            WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = c.table_schema \
            AND t.table_name = c.table_name AND k.column_name = c.column_name) \
            FROM information_schema.columns c WHERE c.table_schema = current_schema() AND c.table_name <> 'schema_migrations'
            """).forEachRow { row in
            lines.insert("column \(row.string(0)).\(row.string(1)) \(postgresClass(row.string(2)))"
                         + (row.bool(3) ? " not null" : "") + (row.bool(4) ? " pk" : ""))
        }
        // Index columns: key columns, then included ones (indkey holds both, in order).
        try connection.query("""
            SELECT i.relname, t.relname, x.indisunique, x.indisprimary, \
            EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype = 'u'), \
            (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, n) \
             JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum) \
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid \
            JOIN pg_namespace n ON n.oid = t.relnamespace \
            WHERE n.nspname = current_schema() AND t.relname <> 'schema_migrations'
            """).forEachRow { row in
            guard !row.bool(3) else { return }
            lines.insert(row.bool(4) ? "unique \(row.string(1))(\(row.string(5)))"
                         : "\(row.bool(2) ? "unique " : "")index \(row.string(0)) on \(row.string(1))(\(row.string(5)))")
        }
        try connection.query("""
            SELECT c.conrelid::regclass::text, c.confrelid::regclass::text, \
            (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n) \
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum), \
            (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n) \
             JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum), c.confdeltype \
            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace \
            WHERE c.contype = 'f' AND n.nspname = current_schema()
            """).forEachRow { row in
            let onDelete = ["a": "no action", "r": "restrict", "c": "cascade", "n": "set null", "d": "set default"]
            lines.insert("foreign key \(row.string(0))(\(row.string(2))) references \(row.string(1))(\(row.string(3)))"
                         + " on delete \(onDelete[row.string(4)] ?? row.string(4))")
        }
        try connection.query("""
            SELECT c.conrelid::regclass::text, count(*) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace \
            WHERE c.contype = 'c' AND n.nspname = current_schema() GROUP BY 1
            """).forEachRow { lines.insert("check \($0.string(0)) \($0.int(1))") }
        return lines
    }

    static func postgresClass(_ type: String) -> String {
        switch type {
        case "bigint", "integer", "smallint": return "integer"
        case "double precision", "real": return "real"
        case "text", "character varying", "character": return "text"
        case "bytea": return "blob"
        default: return type
        }
    }
}
