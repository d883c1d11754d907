import CodeImport
import Foundation
import ScenarioLoader
import ScenarioSpec

/// `import` as a library call: Swift code → a scenario, validated, written where asked (never over an existing file
/// unless forced).
public enum ScenarioImport {
    public struct Result: Sendable {
        public var app: ImportedApp
        public var scenario: String
        /// How many `todo`s the scenario holds.
        public var placeholders: Int
        /// What `validate` says about the scenario (warnings for its placeholders and for methods named in a shape
        /// generate cannot write; errors would be a bug here).
        public var diagnostics: [Diagnostic]
        /// How many methods the app names in a shape its pattern's generated code cannot have (`loadFeed()` for a
        /// BusinessLogic method): the story runs, generate refuses them until renamed.
        public var methodsGenerateRefuses: Int = 0
        /// The file written, or nil when the scenario goes to standard output or is not written (it would not load).
        public var written: URL?
    }

    /// `vet` names the files not to read (`SwiftFileVetting.helper`: a helper process parses each within a budget).
    public static func run(_ paths: [String], excluded: Set<String> = [], title: String? = nil, output: String? = nil,
                           force: Bool = false, vet: (@Sendable ([String]) -> [String: String])? = nil) throws -> Result {
        if let output, !force, AtomicFile.wouldOverwrite(output) {
            throw Failure("output/exists", "\(output) exists; --force overwrites it")
        }
        let file = output ?? "imported.yml"
        let base = output.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        var checked: (text: String, loaded: ScenarioLoader.Result)?
        let imported = try CodeImporter(excluded: excluded, vet: vet).importApp(paths, title: title) { text in
            let loaded = ScenarioLoader().load(data: Data(text.utf8), file: file, baseDirectory: base)
            checked = (text, loaded)
            return loaded.diagnostics.compactMap { diagnostic in
                guard diagnostic.severity == .error, let location = diagnostic.location else { return nil }
                return CodeImporter.Problem(line: location.line, column: location.column, message: diagnostic.message)
            }
        }
        // The last check saw the final text unless a repair rewrote its header afterwards.
        let loaded = checked?.text == imported.scenario ? checked!.loaded
            : ScenarioLoader().load(data: Data(imported.scenario.utf8), file: file, baseDirectory: base)
        var written: URL?
        // A scenario that would not load is never written: what could not be said is in the diagnostics.
        if let output, !loaded.diagnostics.contains(where: { $0.severity == .error }) {
            written = URL(fileURLWithPath: output)
            try AtomicFile.write(imported.scenario, to: written!)
        }
        return Result(app: imported.app, scenario: imported.scenario, placeholders: imported.placeholders, diagnostics: loaded.diagnostics,
                      methodsGenerateRefuses: loaded.scenario.map { $0.pattern.definition.methodShapeProblems(in: $0).count } ?? 0,
                      written: written)
    }
}
