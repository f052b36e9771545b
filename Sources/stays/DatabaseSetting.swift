import Application
import CommandLineOptions

/// The one setting that names the database, given as `--database` or by the environment
/// (`DATABASE_URL` or `DATABASE_PATH`, either a SQLite path or a PostgreSQL URL).
///
/// Several of them may be set as long as they name the same database (`sqlite:PATH` and
/// `PATH` are the same); when two differ the command stops with exit code 2 and names both.
/// No source silently wins: a container image that set `DATABASE_PATH` under a compose
/// file's `DATABASE_URL` once ran each replica on a SQLite file of its own.
struct DatabaseSetting {
    /// The sources, in the order an error names them.
    static let environmentVariables = ["DATABASE_URL", "DATABASE_PATH"]
    /// The database when nothing names one: `ApplicationConfiguration`'s.
    static let defaultText = ApplicationConfiguration().databasePath

    static let spec = OptionSpec.value(
        "database", "PATH|URL",
        "SQLite file (created when missing), sqlite:PATH, or postgres://user:pass@host:port/db; "
            + "also from DATABASE_URL or DATABASE_PATH (two that differ are an error)")
        .defaulting(to: defaultText)

    /// The text that names the database, as given.
    let text: String
    /// Where it came from: "flag --database", "environment DATABASE_URL", ..., or "default".
    let source: String

    var location: DatabaseLocation { DatabaseLocation(text) }

    /// The database `options` name; `UsageError` when two sources name different ones.
    init(_ options: ParsedOptions) throws {
        var given: [(source: String, text: String)] = []
        if let flag = options.string("database") { given.append(("flag --database", flag)) }
        for variable in Self.environmentVariables {
            if let value = options.environment[variable], !value.isEmpty { given.append(("environment \(variable)", value)) }
        }
        guard let first = given.first else {
            self.init(text: Self.defaultText, source: "default")
            return
        }
        for other in given.dropFirst() where DatabaseLocation(other.text) != DatabaseLocation(first.text) {
            throw UsageError("\(first.source) and \(other.source) name different databases "
                             + "(\(DatabaseLocation(first.text)) and \(DatabaseLocation(other.text))): "
                             + "set one of them, or both to the same database")
        }
        self.init(text: first.text, source: first.source)
    }

    init(text: String, source: String) {
        self.text = text
        self.source = source
    }
}
