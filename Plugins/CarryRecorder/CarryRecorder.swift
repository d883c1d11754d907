import Foundation
import PackagePlugin

/// A build-tool plugin of CodeGeneration: the recorder's source (the TraceFormat and SceneFlowRecorder targets) is
/// written into `CarriedSources.swift` as the target builds, so that every package `sceneflow generate` writes
/// carries the library's files byte for byte and nobody keeps a copy by hand.
@main
struct CarryRecorder: BuildToolPlugin {
    /// The targets carried, in order, named as they are in a generated package.
    static let carried = ["TraceFormat", "SceneFlowRecorder"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        var inputs: [URL] = []
        var arguments: [String] = []
        for name in Self.carried {
            guard let module = try context.package.targets(named: [name]).first as? SourceModuleTarget else {
                throw CarryFailure(description: "the package has no source target named \(name) to carry")
            }
            // Each file under the same path in the generated package as in the target's folder.
            let folder = module.directoryURL.standardizedFileURL.path + "/"
            let files = module.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
            for file in files {
                let inside = file.standardizedFileURL.path.hasPrefix(folder) ? String(file.standardizedFileURL.path.dropFirst(folder.count)) : file.lastPathComponent
                arguments += ["Sources/\(name)/\(inside)", file.path]
            }
            inputs += files
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "CarriedSources.swift")
        return [.buildCommand(displayName: "Carrying the recorder's source into \(target.name)",
                              executable: try context.tool(named: "sceneflow-carry").url,
                              arguments: [output.path] + arguments,
                              inputFiles: inputs,
                              outputFiles: [output])]
    }
}

struct CarryFailure: Error, CustomStringConvertible {
    var description: String
}
