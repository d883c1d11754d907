import CodeImport
import Foundation
import ScenarioSpec
import ScenarioWriting
import TraceFormat

/// `init` as a library call: a repository's first `.sceneflow.yml`, written for the app code in `code`, with a
/// scenario imported from that code when there is none yet, so `validate`, `check`, `map` and `drift` run with no
/// arguments from then on.
public enum ProjectSetup {
    public struct Result: Sendable {
        /// The settings file written.
        public var settings: URL
        /// The scenario imported, nil when one was already there (it is used as it is).
        public var imported: ScenarioImport.Result?
        /// The scenario the settings pair with the code.
        public var scenario: String
        /// What `map` reports on the code today (a baseline accepts them for now).
        public var findings: Int
    }

    /// Writes `folder/.sceneflow.yml` for the Swift code at `code` (a path relative to `folder`, or absolute), and
    /// `folder/<scenarios>/<App>.yml` imported from it unless that file exists. Refuses to replace a settings file
    /// unless `force`.
    public static func initialize(code: String, scenarios: String = "Flows", out: String = "SceneFlowOutput",
                                  in folder: URL, excluded: [String] = [], force: Bool = false,
                                  vet: (@Sendable ([String]) -> [String: String])? = nil) throws -> Result {
        let settings = folder.appendingPathComponent(ProjectSettings.fileName)
        if !force, FileManager.default.fileExists(atPath: settings.path) {
            throw Failure("output/exists", "\(ProjectSettings.shown(settings.path)) exists; --force replaces it")
        }
        // Before anything is written: the settings go to a file of their own (nothing there, or a regular file), not
        // through a link, into a folder, a FIFO or a device.
        guard try FileDestination.of(settings) == .replace else {
            throw Failure("output/not-a-file", "\(ProjectSettings.shown(settings.path)) is not a regular file; remove it, or run init elsewhere")
        }
        let codeURL = code.hasPrefix("/") ? URL(fileURLWithPath: code) : folder.appendingPathComponent(code)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: codeURL.path, isDirectory: &isFolder) else {
            throw Failure("import/not-found", "\(code) is not there: give the folder of the app's Swift code")
        }
        let codeInSettings = relative(codeURL, to: folder)
        let title = CodeImporter.title(for: [codeURL.path])
        let fileName = OutputLayout.folderName(for: title) + ".yml"
        let scenarioFolder = folder.appendingPathComponent(scenarios, isDirectory: true)
        let scenario = scenarioFolder.appendingPathComponent(fileName)
        var imported: ScenarioImport.Result?
        if !FileManager.default.fileExists(atPath: scenario.path) {
            _ = try OutputLayout.checkFolder(scenarioFolder, under: folder)
            try FileManager.default.createDirectory(at: scenarioFolder, withIntermediateDirectories: true)
            imported = try ScenarioImport.run([codeURL.path], excluded: Set(excluded), title: title, output: scenario.path, vet: vet)
        }
        let app = try imported?.app ?? CodeImporter(excluded: Set(excluded), vet: vet).read([codeURL.path])
        let findings = CodeMap.diagram(app, title: title).1.count
        let scenarioInSettings = "\(scenarios)/\(fileName)"
        var lines = [
            "# SceneFlow's settings for this repository. With no paths on the command line, `sceneflow validate`,",
            "# `check` and `coverage` read the scenarios below, `map` the code, and `drift` each pair under 'drift'.",
            "# Paths are relative to this file. The keys: docs/settings.schema.json in SceneFlow's repository.",
            "scenarios:",
            "  - \(YAMLText.scalar(scenarios))",
            "code:",
            "  - \(YAMLText.scalar(codeInSettings))",
        ]
        lines.append(excluded.isEmpty ? "exclude: [] # folder or file names never read, such as Pods"
                                      : "exclude: [" + excluded.map(YAMLText.scalar).joined(separator: ", ") + "]")
        lines += [
            "out: \(YAMLText.scalar(out)) # where map and coverage write their diagrams",
            "drift:",
            "  - scenario: \(YAMLText.scalar(scenarioInSettings))",
            "    code: [\(YAMLText.scalar(codeInSettings))]",
            "# Findings map accepts for now, each with its rule, place and reason:",
            "# `sceneflow map --write-baseline sceneflow-accepted.yml` writes them all; then uncomment:",
            "# accept: sceneflow-accepted.yml",
        ]
        try AtomicFile.write(lines.joined(separator: "\n") + "\n", to: settings)
        return Result(settings: settings, imported: imported, scenario: scenario.path, findings: findings)
    }

    /// `url` relative to `folder` when it is inside it, else absolute.
    static func relative(_ url: URL, to folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == base { return "." }
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
