import CodeGeneration
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import TraceFormat

/// `sceneflow generate`: a scenario as a Swift package, written into a folder — never over files a team may have
/// edited, unless forced; each file written whole (to a temporary file, then moved into place).
public enum ScenarioGenerate {
    public struct Result {
        public var files: [GeneratedFile]
        public var folder: URL
        public var module: String
        public var diagnostics: [Diagnostic]
    }

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func run(scenario path: String, output: String, force: Bool = false, module: String? = nil) throws -> Result {
        let loaded = ScenarioLoader().load(path: path)
        guard let scenario = loaded.scenario else {
            return Result(files: [], folder: URL(fileURLWithPath: output), module: "", diagnostics: loaded.diagnostics)
        }
        // The simulated run gives the unit tests their expected values. A story that fails (a division by zero)
        // fails the same way in the app; one stopped by a limit of the run gives nothing to expect, and is said.
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        if let error = summary.error, error.isLimit {
            return Result(files: [], folder: URL(fileURLWithPath: output), module: "",
                          diagnostics: loaded.diagnostics + [error.diagnostic,
                              .error("the story must run to its end, or to its failure, before its app is generated: the generated tests expect what its run shows", at: nil)])
        }
        let generator = CodeGenerator(scenario: scenario, options: .init(moduleName: module),
                                      trace: recorder.trace)
        let files: [GeneratedFile]
        do {
            files = try generator.generate()
        } catch {
            return Result(files: [], folder: URL(fileURLWithPath: output), module: generator.moduleName,
                          diagnostics: loaded.diagnostics + [Diagnostic.error(error.message, at: error.location)])
        }
        let folder = URL(fileURLWithPath: output)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Failure(message: "\(output) is a file; give a folder for the package") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if !contents.isEmpty && !force {
                throw Failure(message: "\(output) holds files (\(contents.count)); generated code is meant to be edited, so --force is needed to overwrite it")
            }
        }
        for file in files {
            let destination = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                let temporary = TemporaryFile.url(beside: destination)
                try Data(file.text.utf8).write(to: temporary)
                _ = try? FileManager.default.removeItem(at: destination)
                try FileManager.default.moveItem(at: temporary, to: destination)
            } catch {
                throw WriteFailure(file: destination.path, error: error)
            }
        }
        return Result(files: files, folder: folder, module: generator.moduleName, diagnostics: loaded.diagnostics)
    }
}
