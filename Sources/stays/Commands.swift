import API
import CommandLineOptions
import DataImport
import Domain
import Foundation
import HTTPServer

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
      accounts       create an account (`stays accounts create --email E --name N --roles guest,host`)
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
            case "accounts": return try AccountsCommand.run(arguments: arguments, environment: environment)
            case "healthcheck":
                let options = try ParsedOptions(arguments: arguments, specs: healthcheckSpecs, environment: environment)
                let port = try options.integer("port", default: ServerConfiguration().port, in: 1...65_535)
                return Healthcheck.run(host: options.string("host", default: ServerConfiguration().host), port: port)
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
        case "accounts":
            return helpText(usage: "stays accounts create --email EMAIL --name NAME [OPTIONS]",
                            summary: "Create an account; the password comes from STAYS_ACCOUNT_PASSWORD, else one is generated and printed once.",
                            specs: AccountsCommand.specs)
        case "healthcheck":
            return helpText(usage: "stays healthcheck [OPTIONS]", summary: "Exit 0 when the server answers /health with 200.", specs: healthcheckSpecs)
        default: return nil
        }
    }

    /// The healthcheck's own flags: where to find the server, not where to listen. Same
    /// environment variables as `serve`, so one container configuration serves both.
    static let healthcheckSpecs = [
        OptionSpec.value("host", "ADDRESS", env: "HOST", "address of the server to ask (default: \(ServerConfiguration().host); "
                         + "0.0.0.0 and :: are asked over loopback)"),
        OptionSpec.value("port", "PORT", env: "PORT", "TCP port the server listens on (default: \(ServerConfiguration().port))"),
    ]
}
