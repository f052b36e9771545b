import Foundation
import PackagePlugin

/// Embeds the package's migrations into the target as Swift source, so the built binary
/// carries its schema and runs from any working directory: `Migrations/*.sql` (SQLite) as
/// `EmbeddedMigrations`, `Migrations/postgres/*.sql` as `EmbeddedPostgresMigrations`.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let migrations = context.package.directoryURL.appending(path: "Migrations")
        return [
            try command(context: context, directory: migrations, enumName: "EmbeddedMigrations"),
            try command(context: context, directory: migrations.appending(path: "postgres"),
                        enumName: "EmbeddedPostgresMigrations"),
        ]
    }

    private func command(context: PluginContext, directory: URL, enumName: String) throws -> Command {
        let files = try FileManager.default
            .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
        return .buildCommand(
            displayName: "Embedding \(files.count) migrations as \(enumName)",
            executable: try context.tool(named: "embed-migrations").url,
            arguments: ["--enum", enumName, output.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output]
        )
    }
}
