import Foundation
import PatternTranslation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import StoryCheck
import Testing
import TestSupport
import TraceFormat

@Suite("Translation between patterns")
struct TranslationTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        var example: String
        var pattern: Pattern
        var testDescription: String { "\(example) → \(pattern.rawValue)" }
    }

    /// Every example with every pattern but its own.
    static let pairs: [Pair] = PackagePaths.exampleScenarios().flatMap { url -> [Pair] in
        let name = url.deletingPathExtension().lastPathComponent
        let own = ScenarioLoader().load(path: url.path).scenario?.pattern
        return Pattern.all.filter { $0 != own }.map { Pair(example: name, pattern: $0) }
    }

    /// The pairs that cannot be translated yet, and the first reason each gives.
    static let refused: [String: String] = [:]

    static func run(_ scenario: Scenario) throws -> Trace {
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario, options: EngineOptions()).run(into: recorder)
        #expect(summary.error == nil)
        return try #require(recorder.trace)
    }

    @Test("each example in each other pattern: the same values at every story step, its story's expectations met, the file pinned; or refused with its reason",
          arguments: pairs)
    func translate(_ pair: Pair) throws {
        let url = PackagePaths.scenarios.appendingPathComponent(pair.example + ".yml")
        let original = try #require(ScenarioLoader().load(path: url.path).scenario)
        let key = pair.testDescription
        let result: ScenarioTranslate.Result
        do {
            result = try ScenarioTranslate.translate(original, from: "Scenarios/\(pair.example).yml", to: pair.pattern,
                                                     outputPath: "Scenarios/\(pair.example)-\(pair.pattern.rawValue).yml")
        } catch {
            #expect(error.reasons.first == Self.refused[key], "\(key) refused: \(error.reasons)")
            return
        }
        #expect(Self.refused[key] == nil, "\(key) translates now; take it off the refused list")
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.scenario.pattern == pair.pattern)
        let reference = ShownValues.perStep(try Self.run(original))
        let trace = try Self.run(result.scenario)
        #expect(ShownValues.differences(ShownValues.perStep(trace), from: reference) == [])
        // The translated story's own expectations hold, and no message breaks the target's rules.
        let report = StoryChecker().check(result.scenario, trace: trace)
        #expect(report.checks.filter(\.failed).map { "\($0.name): expected \($0.expected), got \($0.actual)" } == [])
        let golden = PackagePaths.tests.appendingPathComponent("PatternTranslationTests/Goldens/\(pair.example).\(pair.pattern.rawValue).yml")
        Golden.check(result.text, against: golden)
    }

    @Test("the same translation twice gives the same bytes")
    func deterministic() throws {
        let url = PackagePaths.scenarios.appendingPathComponent("Login.yml")
        let original = try #require(ScenarioLoader().load(path: url.path).scenario)
        let a = try ScenarioTranslate.translate(original, from: url.path, to: .appStateVariant).text
        let b = try ScenarioTranslate.translate(original, from: url.path, to: .appStateVariant).text
        #expect(a == b)
    }
}
