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

    /// Why the scenario cannot be said in the pattern: the translator's reasons, or the loader's errors about what it
    /// wrote.
    public typealias Refusal = TranslationRefusal

    /// `sceneflow translate`: loads the scenario at `path`, translates it into `pattern` and writes it to `output`
    /// (never over an existing file unless `force`), or returns the text when `output` is nil. Throws `Failure`: the
    /// scenario's errors when it does not load, `translate/refused` with the reasons when it cannot be said in the
    /// pattern, `output/…` when the file cannot be written.
    public static func run(_ path: String, to pattern: Pattern, output: String?, force: Bool) throws(Failure)
        -> (scenario: Scenario, result: Result, written: URL?)
    {
        let loaded = Pipeline.check(path)
        guard let scenario = loaded.scenario else { throw Failure(loaded.diagnostics) }
        if scenario.pattern == pattern { throw Failure("translate/same-pattern", "\(path) is already written in \(pattern.rawValue)") }
        if let output, !force, AtomicFile.wouldOverwrite(output) { throw Failure("output/exists", "\(output) exists; --force overwrites it") }
        let result: Result
        do throws(Refusal) {
            result = try translate(scenario, from: path, to: pattern, outputPath: output)
        } catch {
            throw Failure("translate/refused", "\(path) cannot be said in \(pattern.rawValue):\n" + error.reasons.map { "  " + $0 }.joined(separator: "\n"))
        }
        guard let output else { return (scenario, result, nil) }
        let file = URL(fileURLWithPath: output)
        do {
            try AtomicFile.write(result.text, to: file)
        } catch {
            throw Failure("output/write", "\(output) cannot be written: \(error)")
        }
        return (scenario, result, file)
    }

    /// Translates `scenario` (loaded from `sourcePath`) into `pattern`. `outputPath` names the file the text is meant
    /// for: fixtures are kept as files when it is in the scenario's folder and written inline otherwise.
    public static func translate(_ scenario: Scenario, from sourcePath: String, to pattern: Pattern,
                                 outputPath: String? = nil) throws(Refusal) -> Result {
        let translation = try PatternTranslator(to: pattern).translate(scenario)
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
            throw Refusal(reasons: ["the translation into \(pattern.rawValue) does not validate:"]
                + loaded.diagnostics.filter { $0.severity == .error }.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") })
        }
        return Result(text: text, scenario: translated, diagnostics: loaded.diagnostics)
    }
}
