import Foundation
import PackagePlugin

/// Embeds the web client's files (`Web/*.html`, `*.css`, `*.js`, `*.svg`) into the target as
/// Swift source, so the built binary serves the app at `/` from any working directory, with
/// no files on disk.
@main
struct EmbedWeb: BuildToolPlugin {
    static let extensions: Set<String> = ["html", "css", "js", "svg"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let web = context.package.directoryURL.appending(path: "Web")
        let files = try FileManager.default
            .contentsOfDirectory(at: web, includingPropertiesForKeys: nil)
            .filter { Self.extensions.contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWeb.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) web client files",
                executable: try context.tool(named: "embed-web").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
