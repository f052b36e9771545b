import Foundation
import PackagePlugin

/// Embeds `docs/openapi.yaml` and `docs/openapi.json` into the target as they are, so the
/// binary serves exactly the spec it was built with. The JSON is generated from the YAML by
/// `Tests/Contract/openapi_json.py` and committed; CI checks they are the same document.
@main
struct EmbedOpenAPI: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let docs = context.package.directoryURL.appending(path: "docs")
        let yaml = docs.appending(path: "openapi.yaml")
        let json = docs.appending(path: "openapi.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedOpenAPI.swift")
        return [
            .buildCommand(
                displayName: "Embedding docs/openapi.yaml and docs/openapi.json",
                executable: try context.tool(named: "embed-openapi").url,
                arguments: [output.path, yaml.path, json.path],
                inputFiles: [yaml, json],
                outputFiles: [output]
            ),
        ]
    }
}
