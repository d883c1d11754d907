import Foundation
import PatternTranslation
import ScenarioLoader
import ScenarioSpec
import ScenarioWriting

/// `translate` as a library call: a scenario rewritten into another pattern, written as a scenario file and
/// loaded back, so what comes out is checked exactly as a hand-written file is.
public enum ScenarioTranslate {
    public struct Result: Sendable {
        /// The translated scenario file's text.
        public var text: String
        /// The translated scenario, as the loader reads the text.
        public var scenario: Scenario
        /// What `validate` says about it (warnings only: an error is a refusal).
        public var diagnostics: [Diagnostic]
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var reasons: [String]
        public var description: String { reasons.joined(separator: "\n") }
    }

    /// Translates `scenario` (loaded from `sourcePath`) into `pattern`. `outputPath` names the file the text is meant
    /// for: fixtures are kept as files when it is in the scenario's folder and written inline otherwise.
    public static func translate(_ scenario: Scenario, from sourcePath: String, to pattern: Pattern,
                                 outputPath: String? = nil) throws(Failure) -> Result {
        let translation: Translation
        do {
            translation = try PatternTranslator(to: pattern).translate(scenario)
        } catch {
            throw Failure(reasons: error.reasons)
        }
        let sourceFolder = URL(fileURLWithPath: sourcePath).deletingLastPathComponent().standardizedFileURL
        let outputFolder = outputPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().standardizedFileURL }
        var writer = ScenarioWriter()
        writer.fixtures = outputFolder == nil || outputFolder == sourceFolder ? .path : .inline
        writer.header = ["\(scenario.name): translated from \(scenario.pattern.rawValue) (\((sourcePath as NSString).lastPathComponent)) to \(pattern.rawValue) by 'sceneflow translate'."]
            + translation.header
        writer.notes = translation.notes
        let text = writer.text(of: translation.scenario)
        let file = outputPath ?? (sourcePath as NSString).deletingPathExtension + "-\(pattern.rawValue).yml"
        let loaded = ScenarioLoader().load(yaml: text, file: file, baseDirectory: outputFolder ?? sourceFolder)
        guard let translated = loaded.scenario else {
            throw Failure(reasons: ["the translation into \(pattern.rawValue) does not validate:"]
                + loaded.diagnostics.filter { $0.severity == .error }.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") })
        }
        return Result(text: text, scenario: translated, diagnostics: loaded.diagnostics)
    }
}
