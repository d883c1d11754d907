import Foundation
import PackagePlugin

/// A build-tool plugin: the scenarios (`.yml` files whose first key is `scenario:`) among a target's files are
/// validated as part of the build, as SwiftLint's plugin lints; an invalid scenario fails the build with the
/// diagnostics at their `file:line:col`. Nothing is generated: the build command's output is a stamp file.
@main
struct SceneFlowValidate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let scenarios = target.sourceFiles.map(\.url).filter { ["yml", "yaml"].contains($0.pathExtension) }.filter(Self.isScenario)
        guard !scenarios.isEmpty else { return [] }
        let tool = try context.tool(named: "sceneflow")
        let stamp = context.pluginWorkDirectoryURL.appending(path: "scenarios-validated")
        return [.buildCommand(
            displayName: "Validating \(scenarios.count) SceneFlow scenario\(scenarios.count == 1 ? "" : "s") of \(target.name)",
            executable: tool.url,
            arguments: ["validate", "--stamp", stamp.path] + scenarios.map(\.path),
            inputFiles: scenarios,
            outputFiles: [stamp])]
    }

    /// A YAML file whose first key (past comments) is `scenario:`.
    static func isScenario(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        for line in text.split(separator: "\n").prefix(200) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            return trimmed.hasPrefix("scenario:")
        }
        return false
    }
}
