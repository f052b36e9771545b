import API
import DataImport
import Domain
import Foundation

/// The subcommands of `stays` and their dispatch. Each returns the process exit code:
/// 0 success, 1 failure at run time, 2 a usage mistake.
enum Commands {
    static let summary = """
    usage: stays [COMMAND] [OPTIONS]

    Stays serves the booking app's HTTP/1.1 JSON API from a SQLite database.

    commands:
      serve        serve the API (the default)
      migrate      apply pending database migrations and exit
      seed         generate demo listings into the database
      import       import Inside Airbnb CSV files into the database
      copy-database  copy a SQLite database into an empty PostgreSQL one
      healthcheck  ask a running server for /health (exit 0 when healthy)

    Run 'stays COMMAND --help' for the options of a command;
    'stays --version' prints the version, commit and Swift version as JSON.
    """

    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        var arguments = arguments
        var command = "serve"
        var named = false
        if let first = arguments.first, !first.hasPrefix("-") {
            command = first
            named = true
            arguments.removeFirst()
        }
        if !named && arguments == ["--version"] {
            print(BuildInfo.json)
            return 0
        }
        let wantsHelp = arguments.contains("--help") || arguments.contains("-h")
        if command == "help" || (!named && wantsHelp) {
            print(summary)
            return 0
        }
        if wantsHelp {
            guard let help = Self.help(for: command) else { return usageError("unknown command '\(command)'") }
            print(help)
            return 0
        }
        do {
            switch command {
            case "serve": return try ServeCommand.run(arguments: arguments, environment: environment)
            case "migrate": return try MigrateCommand.run(arguments: arguments, environment: environment)
            case "seed": return try SeedCommand.run(arguments: arguments, environment: environment)
            case "import": return try ImportCommand.run(arguments: arguments, environment: environment)
            case "copy-database": return try CopyDatabaseCommand.run(arguments: arguments, environment: environment)
            case "bench-sql": return try BenchSQLCommand.run(arguments: arguments, environment: environment)
            case "bench-follow": return try BenchFollowCommand.run(arguments: arguments, environment: environment)
            case "healthcheck":
                let options = try ParsedOptions(arguments: arguments, specs: healthcheckSpecs, environment: environment)
                let port = try options.integer("port", default: 8080, in: 1...65_535)
                return Healthcheck.run(host: options.string("host", default: "127.0.0.1"), port: port)
            default:
                return usageError("unknown command '\(command)'")
            }
        } catch let error as UsageError {
            return usageError(error.description)
        } catch {
            StandardError.write("stays: \(error)\n")
            return 1
        }
    }

    static func usageError(_ message: String) -> Int32 {
        StandardError.write("stays: \(message)\nRun 'stays --help' for usage.\n")
        return 2
    }

    static func help(for command: String) -> String? {
        switch command {
        case "serve": return helpText(usage: "stays serve [OPTIONS]", summary: "Serve the API.", specs: ServeCommand.specs)
        case "migrate": return helpText(usage: "stays migrate [OPTIONS]", summary: "Apply pending migrations.", specs: MigrateCommand.specs)
        case "seed": return helpText(usage: "stays seed [OPTIONS]", summary: "Generate demo listings.", specs: SeedCommand.specs)
        case "import":
            return helpText(usage: "stays import --listings FILE [--calendar FILE] --currency CODE [OPTIONS]",
                            summary: "Import Inside Airbnb CSV files; bad rows are reported and skipped.",
                            specs: ImportCommand.specs)
        case "copy-database":
            return helpText(usage: "stays copy-database --from SQLITE_PATH --to POSTGRES_URL",
                            summary: "Copy every table of a SQLite database into an empty PostgreSQL one, in one transaction.",
                            specs: CopyDatabaseCommand.specs)
        case "bench-sql":
            return helpText(usage: "stays bench-sql --database PATH --route ROUTE [OPTIONS]",
                            summary: "Run a route's SQL in a loop and print ops/s and CPU per op (the benchmark floor).",
                            specs: BenchSQLCommand.specs)
        case "healthcheck":
            return helpText(usage: "stays healthcheck [OPTIONS]", summary: "Exit 0 when the server answers /health with 200.", specs: healthcheckSpecs)
        default: return nil
        }
    }

    static let hostSpec = OptionSpec.value("host", "ADDRESS", env: "HOST", "address to listen on (default 127.0.0.1)")
    static let portSpec = OptionSpec.value("port", "PORT", env: "PORT", "TCP port, 0 for any free port (default 8080)")
    static let databaseSpec = OptionSpec.value("database", "PATH|URL", env: "DATABASE_PATH",
        "SQLite file, sqlite:PATH, or postgres://user:pass@host:port/db (also from DATABASE_URL; default ./stays.sqlite)")

    /// `--database`, else `DATABASE_PATH`, else `DATABASE_URL`, else ./stays.sqlite.
    static func database(_ options: ParsedOptions, _ environment: [String: String]) -> String {
        if let value = options.string("database") { return value }
        if let url = environment["DATABASE_URL"], !url.isEmpty { return url }
        return "./stays.sqlite"
    }
    /// The healthcheck's own flags: where to find the server, not where to listen. Same
    /// environment variables as `serve`, so one container configuration serves both.
    static let healthcheckSpecs = [
        OptionSpec.value("host", "ADDRESS", env: "HOST",
                         "address of the server to ask (default 127.0.0.1; 0.0.0.0 and :: are asked over loopback)"),
        OptionSpec.value("port", "PORT", env: "PORT", "TCP port the server listens on (default 8080)"),
    ]
}

extension Commands {
    static let todaySpec = OptionSpec.value("today", "YYYY-MM-DD", env: "STAYS_TODAY",
                                            "a fixed 'today' for reproducible demos and tests (default: the real date)")

    /// The fixed date of `--today`, or the system clock read at every request.
    static func dateProvider(_ options: ParsedOptions) throws -> any DateProvider {
        guard let raw = options.string("today") else { return SystemDateProvider() }
        guard let date = CalendarDate(raw) else { throw options.invalid("today", raw, "expected a real date as YYYY-MM-DD") }
        return FixedDateProvider(date)
    }
}
