import Diagrams
import Foundation
import HTMLReport
import Narration
import ScenarioSpec
import SceneFlowKit
import Testing
import TestSupport

@Suite("One story lined up across patterns")
struct StageAlignmentTests {
    static let builtIn = TranslationTests.builtIn

    static func alignment(_ example: String) throws -> (StageAlignment, [PatternComparison.Entry]) {
        let entries = PatternComparison().compare(path: PackagePaths.scenarios.appendingPathComponent(example).path,
                                                  patterns: Self.builtIn)
        let runs = entries.compactMap { entry in entry.trace.map { StageAlignment.Run(pattern: entry.pattern, trace: $0) } }
        #expect(runs.count == 4)
        return (StageAlignment(runs), entries)
    }

    @Test("seed 000's counter: the stages each pattern takes in a step, and one sentence per stage that differs")
    func counter() throws {
        let (alignment, _) = try Self.alignment("Counter-SwiftUI.yml")
        #expect(alignment.runs.map(\.pattern.rawValue) == ["clean-swift", "swiftui", "appstate", "viper"])
        let step = try #require(alignment.steps.first)
        #expect(step.title == #"Tap "add 1" (do Some.DoSomething)"#)
        let page = ComparisonPage(title: "Counter", columns: [], alignment: alignment)
        #expect(step.differences.map(page.sentence) == [
            "Event (VIPER): View → Presenter in viper; none in clean-swift, swiftui and appstate.",
            "Request: View → Interactor in clean-swift, swiftui and appstate; none in viper.",
            "Input (Presenter → Interactor): Presenter → Interactor in viper; none in clean-swift, swiftui and appstate.",
            "Store: Interactor → DataStore in clean-swift and viper, View → DataStore in swiftui; none in appstate.",
            "AppState write: Interactor → AppState in appstate; none in clean-swift, swiftui and viper.",
            "Re-render: AppState → View in appstate; none in clean-swift, swiftui and viper.",
            "Response: Interactor → Presenter in clean-swift, swiftui and viper; none in appstate.",
            "ViewModel: Presenter → View in clean-swift, swiftui and viper; none in appstate.",
        ])
        #expect(step.rows.filter { !$0.differs }.map(\.stage) == [.user])
        #expect(step.shown.map { $0["Some.count"] } == [.int(1), .int(1), .int(1), .int(1)])
    }

    @Test("the page in Korean says the same, from the catalogue")
    func korean() throws {
        let (alignment, _) = try Self.alignment("Counter-SwiftUI.yml")
        let page = ComparisonPage(title: "Counter", columns: [], alignment: alignment, language: .korean).html
        #expect(page.contains("<html lang=\"ko\">"))
        #expect(page.contains("<h1>Counter — 하나의 스토리, 패턴 4개</h1>"))
        #expect(page.contains("<li>이벤트 (VIPER): viper에서는 View → Presenter; clean-swift, swiftui, appstate에는 없음.</li>"))
        #expect(page.contains("<h2>2단계 중 1단계 · Tap &quot;add 1&quot; (do Some.DoSomething)</h2>"))
        #expect(!page.contains("none in"))
    }
}
