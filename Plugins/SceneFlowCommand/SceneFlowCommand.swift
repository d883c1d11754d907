import Foundation
import PackagePlugin

/// `swift package sceneflow <command> …`: the sceneflow tool, built from this package, run in the package's folder
/// with the arguments as given (`swift package sceneflow check Flows/`, `… --allow-writing-to-package-directory
/// sceneflow run Flows/Login.yml`). Its exit status is the command's.
@main
struct SceneFlowCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "sceneflow")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("sceneflow \(arguments.first ?? "") exited with \(process.terminationStatus)")
            throw ExitFailure(status: process.terminationStatus)
        }
    }

    struct ExitFailure: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "sceneflow exited with \(status)" }
    }
}
