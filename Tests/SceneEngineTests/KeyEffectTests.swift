import Foundation
@testable import ScenarioLoader
import ScenarioSpec
import SceneEngine
import StoryCheck
import Testing
import TestSupport
import TraceFormat

/// Every key of the scenario format has an effect: taking it out of a scenario changes the run's trace, what
/// `check` verifies, or the diagnostics (an error, or a warning that appears or goes). A key that could be taken
/// out without any of these would be silently ignored. The keys are the format's vocabulary (which `SchemaTests`
/// proves is the JSON Schema's). Each key must matter somewhere in the examples or in `Fixtures/every-key.yml`, and
/// every key of that fixture must matter.
@Suite("Every key has an effect")
struct KeyEffectTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/every-key.yml")
    static let viperFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/every-key-viper.yml")
    static let tabsFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/every-key-tabs.yml")
    static var files: [URL] { PackagePaths.exampleScenarios() + [fixture, viperFixture, tabsFixture] }

    /// Every key the format knows, by name.
    static let vocabulary: Set<String> = {
        var keys = Set(Vocabulary.scenario + Vocabulary.scene + Vocabulary.view + Vocabulary.field + Vocabulary.operation
                       + Vocabulary.callbacks + Vocabulary.workerCase + Vocabulary.useCase + Vocabulary.output
                       + Vocabulary.useCaseMethods + Vocabulary.outputMethods + Vocabulary.route + Vocabulary.storyStep
                       + Vocabulary.stub + Vocabulary.expect + Vocabulary.stepKeys + Vocabulary.acceptance)
        keys.insert("state")  // a shared worker's state
        keys.insert("made")  // who makes a scene's worker
        return keys
    }()

    /// Keys that document and change no behaviour: shown in reports and narration, nowhere else.
    static let documentation: Set<String> = ["description"]

    /// What a scenario does, without where things are written (taking a line out moves every line after it).
    struct Effect: Equatable {
        var diagnostics: [String]
        var trace: [String]
        var checks: [String]
    }

    static func effect(_ text: String, file: URL) -> Effect {
        let loaded = ScenarioLoader().load(yaml: text, file: file.lastPathComponent, baseDirectory: file.deletingLastPathComponent())
        let diagnostics = loaded.diagnostics.map { "\($0.severity): \($0.message)" }.sorted()
        guard let scenario = loaded.scenario else { return Effect(diagnostics: diagnostics, trace: [], checks: []) }
        let recorder = TraceRecorder()
        _ = try? Engine(scenario: scenario).run(into: recorder)
        guard let trace = recorder.trace else { return Effect(diagnostics: diagnostics, trace: ["no trace"], checks: []) }
        let lines = String(decoding: TraceEncoder.encode(trace), as: UTF8.self).split(separator: "\n").map {
            String($0).replacing(#/,"at":"[^"]*"/#, with: "").replacing(#/,"sha256":"[0-9a-f]*"/#, with: "")
        }
        let report = StoryChecker().check(scenario, trace: trace)
        let checks = report.steps.flatMap { step in step.checks.map { "\(step.step) \($0.name) \($0.expected)" } }
            + report.runChecks.map { "\($0.name) \($0.expected)" }
        return Effect(diagnostics: diagnostics, trace: lines, checks: checks)
    }

    /// The scenario's lines with the key on line `index` taken out, with everything nested under it. A list
    /// item's first key (`- call: …`) hands its dash to the item's next key, or takes the item with it.
    static func removing(_ index: Int, from lines: [Substring]) -> String {
        let line = lines[index]
        let dashed = line.drop { $0 == " " }.hasPrefix("- ")
        let indent = line.prefix { $0 == " " }.count + (dashed ? 2 : 0)
        var end = index + 1
        while end < lines.count {
            let next = lines[end]
            let trimmed = next.drop { $0 == " " }
            if !trimmed.isEmpty && !trimmed.hasPrefix("#") && next.prefix(while: { $0 == " " }).count <= indent { break }
            end += 1
        }
        var rest = Array(lines[end...])
        if dashed, let sibling = rest.first, sibling.prefix(while: { $0 == " " }).count == indent,
           !sibling.drop(while: { $0 == " " }).hasPrefix("- ") {
            rest[0] = Substring(String(repeating: " ", count: indent - 2) + "- " + sibling.drop { $0 == " " })
        }
        return (lines[..<index] + rest).joined(separator: "\n") + "\n"
    }

    /// `key:` at the start of a line, or a list item's first key (`- key:`).
    static func key(of line: Substring) -> String? {
        guard let match = line.firstMatch(of: #/^ *(?:- )?([A-Za-z_][A-Za-z0-9_]*):( |$)/#) else { return nil }
        return String(match.output.1)
    }

    @Test("taking out any key changes the trace, the checks or the diagnostics")
    func everyKeyHasAnEffect() throws {
        var covered = Set<String>()
        var noEffect: [String] = []
        var removals = 0
        for file in Self.files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let baseline = Self.effect(text, file: file)
            #expect(!baseline.diagnostics.contains { $0.hasPrefix("error") }, "\(file.lastPathComponent): \(baseline.diagnostics)")
            for index in lines.indices {
                guard let key = Self.key(of: lines[index]), Self.vocabulary.contains(key), !Self.documentation.contains(key) else { continue }
                removals += 1
                if Self.effect(Self.removing(index, from: lines), file: file) == baseline {
                    // The examples' stories do not reach every branch, so there a key may go unseen; the fixture's
                    // keys are each written to be seen.
                    if file == Self.fixture { noEffect.append("\(file.lastPathComponent):\(index + 1): \(lines[index].trimmingPrefix(" "))") }
                } else {
                    covered.insert(key)
                }
            }
        }
        #expect(noEffect == [])
        #expect(removals > 800)
        // Every key of the format was taken out somewhere, and mattered.
        #expect(Self.vocabulary.subtracting(Self.documentation).subtracting(covered).sorted() == [])
    }
}
