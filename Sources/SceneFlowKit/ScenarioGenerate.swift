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

    /// `recorder`: `carried` (nil), SceneFlow's folder, or its git URL — see `recorderSource`.
    public static func run(scenario path: String, output: String, force: Bool = false, module: String? = nil,
                           recorder: String? = nil) throws -> Result {
        let source = try recorderSource(recorder, packageFolder: URL(fileURLWithPath: output))
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
        let generator = CodeGenerator(scenario: scenario, options: .init(moduleName: module, recorder: source),
                                      trace: recorder.trace)
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
            guard isDirectory.boolValue else { throw Failure(message: "\(output) is a file; give a folder for the package") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            isEmpty = contents.isEmpty
            if !isEmpty && !force {
                throw Failure(message: "\(output) holds files (\(contents.count)); generated code is meant to be edited, so --force is needed to overwrite it")
            }
        }
        try write(files, to: folder, replacingFiles: !isEmpty)
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
            throw Failure(message: "--recorder \(value): not SceneFlow's package (no Package.swift beside Sources/SceneFlowRecorder); give the folder of SceneFlow's Package.swift, its git URL, or 'carried'")
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

    /// Writes the package whole into a temporary folder beside `folder` first, so a failure (a full disk) or a kill
    /// leaves nothing half-written. A new or empty `folder` is then that folder, renamed into place; one that holds
    /// files (`--force`) has each generated file moved into place, through real folders only: a link inside the
    /// package (a linked `Sources`) or a generated file's place held by anything but a regular file is refused by
    /// name before anything is moved.
    static func write(_ files: [GeneratedFile], to folder: URL, replacingFiles: Bool) throws {
        removeStaleTemporaryFolders(beside: folder)
        let parent = folder.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(file: parent.relativePath, error: error)
        }
        let temporary = TemporaryFile.url(beside: folder)
        guard mkdir(temporary.path, 0o755) == 0 else { throw WriteFailure(file: folder.relativePath, errno: errno) }
        defer { try? FileManager.default.removeItem(at: temporary) }
        for file in files {
            let destination = temporary.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: destination)
            } catch {
                throw WriteFailure(file: folder.appendingPathComponent(file.path).relativePath, error: error)
            }
        }
        var info = stat()
        let folderIsLink = lstat(folder.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        if !replacingFiles && !folderIsLink {
            // An empty folder is replaced by the whole package in one rename.
            if rename(temporary.path, folder.path) != 0 { throw WriteFailure(file: folder.relativePath, errno: errno) }
            return
        }
        // Every place is checked before the first file moves, so a refusal changes nothing.
        for file in files {
            let destination = folder.appendingPathComponent(file.path)
            try OutputLayout.checkFolder(destination.deletingLastPathComponent(), under: folder)
            if try FileDestination.of(destination) != .replace {
                throw WriteFailure(file: destination.relativePath, reason: "it is not a regular file; move it away")
            }
        }
        for file in files {
            let destination = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw WriteFailure(file: destination.deletingLastPathComponent().relativePath, error: error)
            }
            if rename(temporary.appendingPathComponent(file.path).path, destination.path) != 0 {
                throw WriteFailure(file: destination.relativePath, errno: errno)
            }
        }
    }

    /// Removes the temporary package folders beside `folder` that a killed `generate` left: named for it, of this
    /// user, whose process is gone, and holding a package.
    static func removeStaleTemporaryFolders(beside folder: URL) {
        let parent = folder.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            guard let parsed = TemporaryFile.parse(name), parsed.destination == folder.lastPathComponent,
                  kill(parsed.pid, 0) == -1, errno == ESRCH else { continue }
            let candidate = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(candidate.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(),
                  FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) else { continue }
            try? FileManager.default.removeItem(at: candidate)
        }
    }
}
