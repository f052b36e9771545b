import Foundation
import PackagePlugin

/// Embeds `docs/openapi.yaml` into the target, as its text and as JSON (converted at build
/// time by `embed-openapi`), so the binary serves exactly the spec it was built with.
@main
struct EmbedOpenAPI: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let spec = context.package.directoryURL.appending(path: "docs").appending(path: "openapi.yaml")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedOpenAPI.swift")
        return [
            .buildCommand(
                displayName: "Embedding docs/openapi.yaml",
                executable: try context.tool(named: "embed-openapi").url,
                arguments: [output.path, spec.path],
                inputFiles: [spec],
                outputFiles: [output]
            ),
        ]
    }
}
