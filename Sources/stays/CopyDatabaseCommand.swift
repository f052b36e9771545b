import Application
import CommandLineOptions
import Foundation
import Persistence

/// `stays copy-database --from SQLITE --to postgres://...`: moves a SQLite deployment to
/// PostgreSQL (`SQLiteToPostgresCopy`), printing the rows copied per table.
enum CopyDatabaseCommand {
    static let specs: [OptionSpec] = [
        .value("from", "PATH", "the SQLite database to copy (stop its server's writes first)"),
        .value("to", "URL", "an empty PostgreSQL database: postgres://user:pass@host:port/db (migrated here)"),
    ]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        let options = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        guard let from = options.string("from") else { throw UsageError("copy-database needs --from PATH") }
        guard let to = options.string("to") else { throw UsageError("copy-database needs --to URL") }
        guard FileManager.default.fileExists(atPath: from) else { throw options.invalid("from", from, "no such file") }
        guard case .postgres = DatabaseLocation(to) else {
            throw options.invalid("to", to, "expected a postgres:// or postgresql:// URL")
        }
        // Opening migrates both to the current schema, so their columns match.
        let source = try openCatalogDatabase(path: from)
        let target = try openCatalogPostgres(url: to, maximumConnectionCount: 1)
        let counts = try SQLiteToPostgresCopy.copy(from: source, to: target)
        for (table, rows) in counts {
            print("\(table): \(rows) rows")
        }
        print("copied \(counts.reduce(0) { $0 + $1.rows }) rows in one transaction; start the servers on the PostgreSQL URL")
        return 0
    }
}
