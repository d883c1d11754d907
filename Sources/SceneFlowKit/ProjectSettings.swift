import Foundation
import ScenarioLoader
import ScenarioSpec

/// A repository's `.sceneflow.yml`: which scenarios, which code, where output goes and which findings are accepted,
/// so `validate`, `check`, `coverage`, `map` and `drift` run with no arguments. Paths in the file are relative to its
/// folder; they are handed to commands relative to the current folder, so messages name files as a user would.
public struct ProjectSettings: Sendable, Equatable {
    /// The settings file's name, looked for in the current folder and every folder above it.
    public static let fileName = ".sceneflow.yml"

    /// One scenario and the code it describes, for `drift` with no arguments.
    public struct DriftPair: Sendable, Equatable {
        public var scenario: String
        public var code: [String]
    }

    /// The file read, as it is named to the user.
    public var file: String
    /// Scenario files or folders (validate, check, coverage).
    public var scenarios: [String] = []
    /// Swift files or folders (map; drift when no pair names its own).
    public var code: [String] = []
    /// Folder or file names skipped when reading code.
    public var exclude: [String] = []
    /// The output folder (map, run), when the file sets one.
    public var out: String?
    /// Accepted findings the settings file lists inline (`accept:` a list); see `acceptances()`.
    var inlineAcceptances: [CodeMap.Acceptance] = []
    /// Where the acceptances are written: an acceptance file, or the settings file itself (for messages about ones
    /// that match nothing).
    public var acceptanceFile: String?
    /// Whether `acceptanceFile` is a file of its own, read only by the commands that use it (`map`, `drift`).
    var acceptancesInOwnFile = false

    /// The accepted findings for `map` and `drift`: the list written inline, or the acceptance file's, read now.
    public func acceptances() throws -> [CodeMap.Acceptance] {
        guard acceptancesInOwnFile, let acceptanceFile else { return inlineAcceptances }
        return try CodeMap.acceptances(at: acceptanceFile)
    }
    public var drift: [DriftPair] = []
    /// Keys that do nothing, misspellings, paths that are not there.
    public var warnings: [Diagnostic] = []

    static let keys = ["scenarios", "code", "exclude", "out", "accept", "drift"]

    /// The settings file in `folder` or the nearest folder above it, if any.
    public static func find(from folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(fileName)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// The settings in `url`, named `name` in messages; errors (a malformed file, a value of the wrong shape) throw
    /// with every problem at once, each with its line and column.
    public static func load(_ url: URL, named name: String? = nil) throws -> ProjectSettings {
        let shown = name ?? Self.shown(url.path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Failure([.error("cannot read the settings file", at: SourceLocation(file: shown, line: 1, column: 1), id: "settings/unreadable")])
        }
        guard data.count <= 1 << 20 else {
            throw Failure([.error("the settings file is larger than 1 MiB; it lists folders, not scenarios",
                                               at: SourceLocation(file: shown, line: 1, column: 1), id: "settings/too-large")])
        }
        let tree: YAMLTree
        do {
            tree = try YAMLTree.parse(String(decoding: data, as: UTF8.self))
        } catch let failure as YAMLTree.Failure {
            throw Failure([.error(failure.message, at: SourceLocation(file: shown, line: failure.line, column: 1), id: "settings/syntax")])
        }
        return try read(tree, file: shown, folder: url.deletingLastPathComponent())
    }

    static func read(_ tree: YAMLTree, file: String, folder: URL) throws -> ProjectSettings {
        var settings = ProjectSettings(file: file)
        var errors: [Diagnostic] = []
        func at(_ place: YAMLTree.Place) -> SourceLocation { SourceLocation(file: file, line: place.line, column: place.column) }
        if tree.isNull { return settings }
        guard case .mapping(let entries, _) = tree else {
            throw Failure([.error("the settings file is a mapping of keys (scenarios:, code:, out:, …)", at: at(tree.place), id: "settings/shape")])
        }
        /// A path in the file, as the current folder names it; a missing one is a warning where it is written.
        func path(_ node: YAMLTree, key: String, mustExist: Bool = true) -> String? {
            guard let text = node.string, !text.isEmpty else {
                errors.append(.error("'\(key)' lists paths; this item is not one", at: at(node.place), id: "settings/shape"))
                return nil
            }
            let resolved = text.hasPrefix("/") ? URL(fileURLWithPath: text) : folder.appendingPathComponent(text)
            if mustExist, !FileManager.default.fileExists(atPath: resolved.path) {
                settings.warnings.append(.warning("'\(text)' is not there (paths are relative to the settings file's folder)",
                                                  at: at(node.place), id: "settings/missing-path"))
            }
            return Self.shown(resolved.standardizedFileURL.path)
        }
        func paths(_ node: YAMLTree, key: String) -> [String] {
            if case .mapping = node {
                errors.append(.error("'\(key)' is a path or a list of paths", at: at(node.place), id: "settings/shape"))
                return []
            }
            return node.items.compactMap { path($0, key: key) }
        }
        // A key set twice is the YAML parser's error already.
        for entry in entries {
            switch entry.key {
            case "scenarios": settings.scenarios = paths(entry.value, key: entry.key)
            case "code": settings.code = paths(entry.value, key: entry.key)
            case "exclude":
                settings.exclude = entry.value.items.compactMap { item in
                    guard let name = item.string, !name.isEmpty, !name.contains("/") else {
                        errors.append(.error("'exclude' lists folder or file names (no '/'), skipped wherever they are", at: at(item.place), id: "settings/shape"))
                        return nil
                    }
                    return name
                }
            case "out":
                guard let text = entry.value.string, !text.isEmpty else {
                    errors.append(.error("'out' is one folder", at: at(entry.value.place), id: "settings/shape"))
                    continue
                }
                settings.out = path(entry.value, key: "out", mustExist: false)
            case "accept":
                switch entry.value {
                case .scalar:
                    guard let file = path(entry.value, key: "accept") else { continue }
                    settings.acceptanceFile = file
                    settings.acceptancesInOwnFile = true
                case .sequence:
                    settings.acceptanceFile = file
                    do { settings.inlineAcceptances = try CodeMap.acceptances(in: entry.value, file: file) } catch let failure as Failure {
                        errors.append(contentsOf: failure.diagnostics)
                    }
                default:
                    errors.append(.error("'accept' is an acceptance file, or a list of '- { rule, at, reason }'", at: at(entry.value.place), id: "settings/shape"))
                }
            case "drift":
                for item in entry.value.items {
                    guard case .mapping = item, let scenarioNode = item["scenario"] else {
                        errors.append(.error("each 'drift' item is '{ scenario: FILE, code: [FOLDER…] }'", at: at(item.place), id: "settings/shape"))
                        continue
                    }
                    for unknown in item.entries where !["scenario", "code"].contains(unknown.key) {
                        settings.warnings.append(.warning("'\(unknown.key)' does nothing in a drift item (it has 'scenario' and 'code')",
                                                          at: at(unknown.keyPlace), id: "settings/unused-key"))
                    }
                    guard let scenario = path(scenarioNode, key: "scenario") else { continue }
                    settings.drift.append(DriftPair(scenario: scenario, code: item["code"].map { paths($0, key: "code") } ?? []))
                }
            default:
                var warning = Diagnostic.warning("'\(entry.key)' does nothing in the settings file", at: at(entry.keyPlace), id: "settings/unused-key")
                if let near = Suggestion.closest(to: entry.key, among: keys) {
                    warning.notes.append(.init("did you mean '\(near)'?"))
                } else {
                    warning.notes.append(.init("the keys are " + keys.map { "'\($0)'" }.joined(separator: ", ")))
                }
                settings.warnings.append(warning)
            }
        }
        if settings.drift.contains(where: \.code.isEmpty), settings.code.isEmpty {
            errors.append(.error("a 'drift' item without 'code' compares with the top-level 'code', which is not set",
                                 at: at(tree["drift"]?.place ?? tree.place), id: "settings/shape"))
        }
        settings.drift = settings.drift.map { pair in
            DriftPair(scenario: pair.scenario, code: pair.code.isEmpty ? settings.code : pair.code)
        }
        settings.warnings.sort()
        guard errors.isEmpty else { throw Failure((errors + settings.warnings).sorted()) }
        return settings
    }

    /// `path` relative to the current folder when it is inside or beside it, so messages stay short.
    static func shown(_ path: String) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < min(cwd.count, target.count), cwd[common] == target[common] { common += 1 }
        // Only up to two folders up: beyond that, the absolute path reads better.
        guard common > 1 || cwd.count == 1, cwd.count - common <= 2 else { return path }
        let parts = Array(repeating: "..", count: cwd.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
