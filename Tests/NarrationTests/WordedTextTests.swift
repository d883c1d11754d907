import Foundation
import Narration
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import Testing
import TestSupport
import TraceFormat

/// The narration teaches that business logic never formats; where an example's Interactor or Router words text
/// itself, as apps do, the reason under that message says so instead of teaching a rule the message bends.
@Suite("Text worded outside the Presenter, told as it is")
struct WordedTextTests {
    static func narrate(_ name: String, language: Language = .english) throws -> (Trace, Narration) {
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let scenario = try #require(ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(name).yml",
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        return (trace, Explanation.narrate(trace, scenario: scenario, language: language))
    }

    static func why(_ narration: Narration, _ sequence: Int) -> String? {
        narration.steps.first { $0.kind == .message && $0.sequences == [sequence] }?.why
    }

    @Test("Shop: a Response carrying a cart line and a Router wording the decline reason are each told as worded there, never as 'business logic never formats'")
    func shop() throws {
        let (trace, narration) = try Self.narrate("Shop")
        let line = try #require(trace.events.first { event in
            if case .response(_, _, let call) = event.message, case .record(let record)? = call.payload { record.names.contains("line") } else { false }
        })
        #expect(Self.why(narration, line.sequence) == "The Interactor creates the Response, and here it words text itself (line), as the app does. The pattern's rule is that business logic never formats: the Interactor would answer with raw values (a flag, a count) and the Presenter would word them, so the text can change without touching business logic.")
        let reason = try #require(trace.events.first { event in
            if case .dataPassing(let pass) = event.message { pass.field == "reason" } else { false }
        })
        #expect(Self.why(narration, reason.sequence) == "DataPassing copies what the next scene needs into its DataStore; here the Router words text itself (reason), as the app does. The pattern would have it pass the raw value and leave the wording to the next scene's Presenter, so the Router only copies.")
    }

    @Test("in Korean too, and a Response that words nothing keeps the pattern's reason")
    func korean() throws {
        let (trace, narration) = try Self.narrate("Shop", language: .korean)
        let line = try #require(trace.events.first { event in
            if case .response(_, _, let call) = event.message, case .record(let record)? = call.payload { record.names.contains("line") } else { false }
        })
        #expect(Self.why(narration, line.sequence) == "Interactor가 Response를 만드는데, 여기서는 앱이 그러듯 텍스트를 직접 만듭니다(line). 패턴의 규칙은 비즈니스 로직이 포맷을 다루지 않는 것입니다. Interactor는 가공하지 않은 값(플래그, 개수)으로 답하고 Presenter가 문장을 만들면, 비즈니스 로직을 건드리지 않고 텍스트를 바꿀 수 있습니다.")
        // CleanStore's Responses carry orders and dates, worded by its Presenters.
        let (cleanStore, told) = try Self.narrate("CleanStore")
        let responses = cleanStore.events.filter { $0.kind == .response }
        #expect(!responses.isEmpty)
        for event in responses {
            #expect(Self.why(told, event.sequence)?.contains("business logic never formats.") == true, "#\(event.sequence)")
        }
    }
}
