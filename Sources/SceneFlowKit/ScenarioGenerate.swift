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

    /// `recorder`: `carried` (nil), SceneFlow's folder, or its git URL — see `recorderSource`.
    public static func run(scenario path: String, output: String, force: Bool = false, module: String? = nil,
                           recorder: String? = nil) throws -> Result {
        let source = try recorderSource(recorder, packageFolder: URL(fileURLWithPath: output))
        let loaded = Pipeline.check(path)
        guard let scenario = loaded.scenario else {
            return Result(files: [], folder: URL(fileURLWithPath: output), module: "", diagnostics: loaded.diagnostics)
        }
        // The simulated run gives the unit tests their expected values. A story that fails (a division by zero)
        // fails the same way in the app; one stopped by a limit of the run gives nothing to expect, and is said.
        let recorded = try Pipeline.record(scenario)
        if let error = recorded.summary.error, error.isLimit {
            return Result(files: [], folder: URL(fileURLWithPath: output), module: "",
                          diagnostics: loaded.diagnostics + [error.diagnostic,
                              .error("the story must run to its end, or to its failure, before its app is generated: the generated tests expect what its run shows", at: nil, id: "generate/story-unfinished")])
        }
        let generator = CodeGenerator(scenario: scenario, options: .init(moduleName: module, recorder: source),
                                      trace: recorded.trace)
        let files: [GeneratedFile]
        do {
            files = try generator.generate()
        } catch {
            return Result(files: [], folder: URL(fileURLWithPath: output), module: generator.moduleName,
                          diagnostics: refusal(error, beside: loaded.diagnostics))
        }
        let folder = URL(fileURLWithPath: output)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
        var isEmpty = true
        if exists {
            guard isDirectory.boolValue else { throw Failure("output/not-a-folder", "\(output) is a file; give a folder for the package") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            isEmpty = contents.isEmpty
            if !isEmpty && !force {
                throw Failure("output/exists", "\(output) holds files (\(contents.count)); generated code is meant to be edited, so --force is needed to overwrite it")
            }
        }
        try AtomicFile.writeFolder(files.map { ($0.path, Data($0.text.utf8)) }, to: folder, replacingFiles: !isEmpty)
        return Result(files: files, folder: folder, module: generator.moduleName, diagnostics: loaded.diagnostics)
    }

    /// Where the package gets its recorder: carried as source (nil or `carried`); SceneFlow's package by a git URL
    /// (`https://…`, `ssh://…`, `git@…`, `file://…`), from this tool's version; or SceneFlow's folder on this
    /// machine, written relative to the package's folder so that the two move together.
    static func recorderSource(_ value: String?, packageFolder: URL) throws -> CodeGenerator.RecorderSource {
        guard let value, value != "carried" else { return .carried }
        if ["https://", "http://", "ssh://", "git@", "file://"].contains(where: value.hasPrefix) {
            return .remote(url: value, from: SceneFlowVersion.current)
        }
        let folder = URL(fileURLWithPath: value).standardizedFileURL
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/SceneFlowRecorder/Recorder.swift").path),
              FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
            throw Failure("usage/recorder", "--recorder \(value): not SceneFlow's package (no Package.swift beside Sources/SceneFlowRecorder); give the folder of SceneFlow's Package.swift, its git URL, or 'carried'")
        }
        return .package(path: relativePath(from: packageFolder.standardizedFileURL, to: folder))
    }

    /// `to` as a path from the folder `from` (`../../sceneflow`); both absolute.
    static func relativePath(from: URL, to: URL) -> String {
        let base = resolved(from).pathComponents, target = resolved(to).pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `url` with its links resolved, also where it does not exist yet (the package's folder before it is written):
    /// the deepest part that exists is resolved (`/tmp` is `/private/tmp` on macOS) and the rest appended.
    static func resolved(_ url: URL) -> URL {
        var existing = url.standardizedFileURL, rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }
    }

    /// What generate cannot write, as errors, beside the loader's other diagnostics: a warning the loader gave at
    /// the same place in the same words (a method's shape) is said once, as the error it now is.
    static func refusal(_ limit: GenerationLimit, beside diagnostics: [Diagnostic]) -> [Diagnostic] {
        let errors = limit.diagnostics(.error)
        let kept = diagnostics.filter { diagnostic in
            !errors.contains { $0.location == diagnostic.location && $0.message == diagnostic.message }
        }
        return (kept + errors).normalized()
    }
}
