import Foundation

/// `stays serve`.
enum ServeCommand {
    static let specs: [OptionSpec] = [
        Commands.hostSpec, Commands.portSpec, Commands.databaseSpec,
        .flag("quiet", env: "STAYS_QUIET", "no access log on stdout"),
    ]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        _ = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        FileHandle.standardError.write(Data("stays: the server is not wired yet\n".utf8))
        return 1
    }
}

/// `stays migrate`.
enum MigrateCommand {
    static let specs: [OptionSpec] = [Commands.databaseSpec]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        _ = try ParsedOptions(arguments: arguments, specs: specs, environment: environment)
        FileHandle.standardError.write(Data("stays: migrations are not wired yet\n".utf8))
        return 1
    }
}
