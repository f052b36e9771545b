import PostgresStorage
import Synchronization

/// The engine seam on PostgreSQL: a `PostgresPool` shared with any number of other
/// servers. `read` is one READ ONLY, REPEATABLE READ snapshot; `readOne` runs its one
/// statement outside an explicit transaction (the statement is its own snapshot: two round
/// trips fewer); `write` is one READ COMMITTED transaction, whose rules across servers the
/// SQL enforces (constraints, row locks, `SQLDialect.transactionLock`).
///
/// Statements are written with `?` or `:name` placeholders; this adapter renumbers them
/// `$1`, `$2`, ... (once per SQL text) and runs them as prepared statements, prepared once
/// per connection (`PostgresConnection.query`).
///
/// Thread safety: `Sendable`, as `PostgresPool`.
public struct PostgresEngine: StoreEngine {
    public let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public var dialect: SQLDialect { .postgres }

    public func read<T>(_ body: (PostgresStoreConnection) throws -> T) throws -> T {
        try pool.read { try body(PostgresStoreConnection(connection: $0)) }
    }

    public func readOne<T>(_ body: (PostgresStoreConnection) throws -> T) throws -> T {
        try pool.autocommit { try body(PostgresStoreConnection(connection: $0)) }
    }

    public func write<T>(_ body: (PostgresStoreConnection) throws -> T) throws -> T {
        try pool.write { try body(PostgresStoreConnection(connection: $0)) }
    }

    /// A session-level advisory lock on a connection of its own, held while `body` runs.
    public func withBulkLoadLock<T>(_ body: () throws -> T) throws -> T {
        try pool.withConnection { connection in
            try connection.query("SELECT pg_advisory_lock($1)", [Self.bulkLoadLockKey])
            defer { _ = try? connection.query("SELECT pg_advisory_unlock($1)", [Self.bulkLoadLockKey]) }
            return try body()
        }
    }

    /// "STAYSEED" in ASCII.
    public static let bulkLoadLockKey: Int64 = 0x5354_4159_5345_4544

    public func makeCommitToken() throws -> any CommitToken { PostgresCommitToken(pool: pool) }

    public static func failure(of error: any Error) -> StoreFailure? {
        switch error {
        case let error as PostgresError where error.isUniqueViolation: return .uniqueViolation
        case let error as PostgresError where error.isRetryable: return .serializationFailure
        case is PostgresUnavailableError: return .unavailable
        default: return nil
        }
    }
}

/// A pooled connection as the stores use it.
public struct PostgresStoreConnection: StoreConnection {
    public let connection: PostgresConnection

    public var dialect: SQLDialect { .postgres }

    public func forEachRow(_ sql: String, _ arguments: StoreArguments, compact: Bool,
                    _ body: (PostgresRow) throws -> Void) throws {
        try query(sql, arguments, compact: compact).forEachRow(body)
    }

    public func fetchOne<T>(_ sql: String, _ arguments: StoreArguments, compact: Bool,
                     _ decode: (PostgresRow) throws -> T) throws -> T? {
        try query(sql, arguments, compact: compact).first(decode)
    }

    /// Through a cursor in batches, so a 100k-listing catalog's calendar is never held in
    /// one result at once; the next batch is asked for before the current one is decoded, so
    /// the server reads it while this process decodes (a load costs about the larger of the
    /// two, not their sum).
    public func forEachRowOfWholeTable(_ sql: String, _ body: (PostgresRow) throws -> Void) throws {
        let fetch = "FETCH \(Self.batchRows) FROM stays_index_rows"
        try connection.execute(sql: "DECLARE stays_index_rows NO SCROLL CURSOR FOR " + sql)
        try connection.send(sql: fetch)
        var outstanding = true
        defer { if outstanding { _ = try? connection.receive(sql: fetch) } }
        while outstanding {
            let batch = try connection.receive(sql: fetch)
            outstanding = batch.count == Self.batchRows
            if outstanding { try connection.send(sql: fetch) }
            try batch.forEachRow(body)
        }
        try connection.execute(sql: "CLOSE stays_index_rows")
    }

    public static let batchRows = 20_000

    @discardableResult
    public func run(_ sql: String, _ arguments: StoreArguments) throws -> Int {
        try query(sql, arguments, compact: false).affectedRows
    }

    public func insertReturningID(_ insert: String, _ arguments: StoreArguments) throws -> Int64 {
        try fetchOne(insert + " RETURNING id", arguments, compact: true) { $0.int64(0) } ?? 0
    }

    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        try connection.savepoint { _ in try body() }
    }

    @discardableResult
    public func attempt<T>(_ body: () throws -> T) throws -> T { try savepoint(body) }

    private func query(_ sql: String, _ arguments: StoreArguments, compact: Bool) throws -> PostgresResult {
        let format: PostgresResultFormat = compact ? .binary : .text
        switch arguments {
        case .positional(let values):
            return try connection.query(PostgresPlaceholders.numbered(sql), values.map(Self.parameter), format: format)
        case .named(let values):
            let statement = PostgresPlaceholders.numbered(sql, names: values)
            return try connection.query(statement.sql, statement.values.map(Self.parameter), format: format)
        }
    }

    public static func parameter(_ value: StoreValue) -> (any PostgresBindable)? {
        switch value {
        case .integer(let value): return value
        case .real(let value): return value
        case .text(let value): return value
        case .blob(let value): return value
        // PostgreSQL's text form of an array, e.g. `{20100,20101}` (digits only).
        case .integers(let values): return "{" + values.map(String.init).joined(separator: ",") + "}"
        case .null: return nil
        }
    }
}

/// `?` and `:name` placeholders renumbered as PostgreSQL's `$n`.
enum PostgresPlaceholders {
    /// Translations already made, by SQL text: statements are a fixed set of texts, so this
    /// stays small, and a statement is scanned once per process rather than once per call.
    private static let cache = Mutex<[String: String]>([:])

    /// `sql` with its `?` placeholders numbered `$1`, `$2`, ... in order (`?N` becomes
    /// `$N`). Quoted text is left alone.
    static func numbered(_ sql: String) -> String {
        if let known = cache.withLock({ $0[sql] }) { return known }
        var text = ""
        var number = 0
        var quoted = false
        var characters = sql[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "'" { quoted.toggle() }
            guard character == "?", !quoted else {
                text.append(character)
                continue
            }
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            if digits.isEmpty {
                number += 1
                text += "$\(number)"
            } else {
                text += "$" + digits
                characters = characters.dropFirst(digits.count)
            }
        }
        cache.withLock { $0[sql] = text }
        return text
    }

    /// `sql` (with `:name` placeholders) with each name as `$n` cast to the type of its
    /// value (`bigint`, `float8`, `text`; a NULL is text), so the server never has to guess
    /// a type from the context (a cursor's key is a double even where the sort key is an
    /// integer), and the values in `$n` order. `::` is a cast and left alone. Every name in
    /// the text must have a value.
    static func numbered(_ sql: String, names values: [String: StoreValue]) -> (sql: String, values: [StoreValue]) {
        var text = ""
        var numbers: [String: Int] = [:]
        var ordered: [StoreValue] = []
        var characters = sql[...]
        while let colon = characters.firstIndex(of: ":") {
            text += characters[..<colon]
            let rest = characters[characters.index(after: colon)...]
            if rest.first == ":" {
                // A cast (`NULL::bigint`), not a placeholder.
                text += "::"
                characters = rest.dropFirst()
                continue
            }
            let nameEnd = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
            let name = ":" + rest[..<nameEnd]
            guard nameEnd > rest.startIndex, let value = values[name] else {
                preconditionFailure("no value for \(name) in a statement")
            }
            let number: Int
            if let known = numbers[name] {
                number = known
            } else {
                ordered.append(value)
                number = ordered.count
                numbers[name] = number
            }
            switch value {
            case .integer: text += "$\(number)::bigint"
            case .real: text += "$\(number)::float8"
            case .text, .null: text += "$\(number)::text"
            case .blob: text += "$\(number)::bytea"
            case .integers: text += "$\(number)::bigint[]"
            }
            characters = rest[nameEnd...]
        }
        text += characters
        return (text, ordered)
    }
}
