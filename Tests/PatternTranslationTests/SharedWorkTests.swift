import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import StoryCheck
import Testing
import TraceFormat

/// A VIPER event that asks the Interactor for another use case's work — a Reload tap asking what loading asks — is
/// said in VIP as a use case of its own name whose Interactor does that work, with a note; the values shown at every
/// step stay the same.
@Suite("an event asking another use case's work")
struct SharedWorkTests {
    static let viper = """
        scenario: Feed
        pattern: viper
        scenes:
          Feed:
            workers:
              FeedService:
                fetch:
                  output: Int
                  result: 3
            useCases:
              Load:
                trigger: load
                methods: { event: viewDidLoad(), interactor: fetchFeed() }
                event:
                  - call: Interactor.fetchFeed
                interactor:
                  - call: FeedService.fetch
                    as: count
                  - respond: { count: count }
                    output: didFetch
                outputs:
                  didFetch:
                    response: { count: Int }
                    presenter:
                      - display: "showCount(_:)"
                        with: { count: response.count }
              Reload:
                methods: { event: refreshTapped() }
                event:
                  - call: Interactor.fetchFeed
        story:
          - appear: Feed
          - do: Feed.Reload
            given:
              FeedService.fetch: { result: 5 }
            expect:
              shown: { count: 5 }

        """

    @Test("translated into each VIP pattern: Reload does Load's work under its own name, said in a note; every step shows the same", arguments: ["clean-swift", "swiftui", "appstate"])
    func reloadAsksLoadsWork(_ pattern: String) throws {
        let loaded = ScenarioLoader().load(yaml: Self.viper, file: "feed.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        #expect(try Engine(scenario: scenario).run(into: TraceRecorder()).error == nil)
        let target = try #require(PatternRegistry.shared.all.first { $0.pattern.rawValue == pattern }?.pattern)
        let result = try ScenarioTranslate.translate(scenario, from: "feed.yml", to: target)
        #expect(result.text.contains("      # VIPER's Presenter asked the Interactor for Load's work; in VIP the View asks for it under Reload's own Request, and the Interactor does the same work.\n      Reload:\n"),
                "\(result.text)")
        let reload = try #require(result.scenario.scene("Feed")?.useCases.first { $0.name.rawValue == "Reload" })
        // Load's Interactor logic, as the pattern says it (AppState publishes what it answers).
        let load = try #require(result.scenario.scene("Feed")?.useCases.first { $0.name.rawValue == "Load" })
        #expect(reload.interactor.count == load.interactor.count && !reload.interactor.isEmpty)
        let before = TraceRecorder(), after = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: before)
        #expect(try Engine(scenario: result.scenario).run(into: after).error == nil)
        let original = try #require(before.trace), translated = try #require(after.trace)
        #expect(ShownValues.differences(ShownValues.perStep(translated), from: ShownValues.perStep(original)) == [])
        #expect(ShownValues.perStep(translated).last == ["Feed.count": .int(5)], "the Reload step shows the new count")
    }
}
