import Diagrams
import Exporters
import Foundation
import Narration
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import TerminalOutput
import Testing
import TraceFormat

/// A message that breaks a rule of the pattern is said to break it wherever the run is shown — the terminal, the
/// narration, the sequence diagram, Mermaid and PlantUML — and said to be accepted, with the reason, where the
/// scenario accepts it.
@Suite("What breaks a rule, told everywhere")
struct RuleBreakTellingTests {
    static func run(accepting: Bool) throws -> (Scenario, Trace, String) {
        let yaml = """
            scenario: Tracked
            scenes:
              List:
                workers:
                  Analytics:
                    track: { input: { event: String } }
                useCases:
                  Select:
                    request: { id: String }
                    interactor:
                      - respond: { id: request.id }
                    response: { id: String }
                    presenter:
                      - call: Analytics.track
                        with: { event: '"select \\(response.id)"' }
            \(accepting ? "            accept: { rule: clean-swift/workers-serve-interactor, reason: every tap is tracked where it is formatted }" : "")
                      - route: toDetail
                routes:
                  toDetail: Detail
              Detail: {}
            story:
              - do: List.Select
                request: { id: a7 }
            """
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "tracked.yml").scenario)
        var printed = ""
        let printer = TracePrinter(style: .plain) { printed += $0 }
        printer.ruleBreaks = RuleBreaks(scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: TraceFanout([recorder, printer]))
        return (scenario, try #require(recorder.trace), printed)
    }

    @Test("the terminal ends each such line with the rule; an accepted one says so")
    func terminal() throws {
        let (_, _, printed) = try Self.run(accepting: false)
        #expect(printed.split(separator: "\n").filter { $0.contains("✗") || $0.contains("⚑") } == [
            "     0 ms          ListPresenter → Analytics  track(event:) {event: \"select a7\"}  ✗ clean-swift/workers-serve-interactor",
            "     0 ms          ListPresenter → ListRouter  ListRoutingLogic.routeToDetail()  ✗ clean-swift/view-routes",
        ])
        let (_, _, accepted) = try Self.run(accepting: true)
        #expect(accepted.split(separator: "\n").filter { $0.contains("✗") || $0.contains("⚑") } == [
            "     0 ms          ListPresenter → Analytics  track(event:) {event: \"select a7\"}  ⚑ clean-swift/workers-serve-interactor accepted",
            "     0 ms          ListPresenter → ListRouter  ListRoutingLogic.routeToDetail()  ✗ clean-swift/view-routes",
        ])
    }

    @Test("the narration tells the rule, what goes wrong and the fix instead of the pattern's reason, lights no arrow of the cycle and asks no quiz question")
    func narration() throws {
        let (scenario, trace, _) = try Self.run(accepting: true)
        let steps = Explanation.narrate(trace, scenario: scenario).steps.filter { $0.headline?.contains("Analytics") == true || $0.headline?.contains("ListRouter") == true }
        #expect(steps.map { $0.headline ?? "" } == [
            "12  ListPresenter → Analytics  ⚑ clean-swift/workers-serve-interactor",
            "13  Analytics ⇢ ListPresenter",
            "14  ListPresenter → ListRouter  · through ListRoutingLogic  ✗ clean-swift/view-routes",
            "21  ListRouter → DetailViewController",
        ])
        #expect(steps[0].why == nil)
        #expect(steps[0].rule == "⚑ Presenter → Worker breaks clean-swift/workers-serve-interactor: Workers serve the Interactor; the Presenter only formats. What would go wrong in the app: business work is done outside the Interactor: its result bypasses the Interactor, nothing stores it in the DataStore, and the same work is done again wherever another scene needs it. Fix: call the Worker in 'interactor:' and put the result in the Response. The scenario accepts it: every tap is tracked where it is formatted.")
        #expect(steps[2].rule?.hasPrefix("✗ Presenter → Router breaks clean-swift/view-routes: ") == true)
        #expect(steps[0].question == nil && steps[2].question == nil)
        // The pattern's cycle has no arrow for them: its picture lights none.
        #expect(steps[0].stage == nil && steps[2].stage == nil)
    }

    @Test("the sequence diagram draws what is not accepted red with the rule, and labels what is")
    func diagram() throws {
        let (scenario, trace, _) = try Self.run(accepting: true)
        var options = SequenceDiagramBuilder.Options()
        options.ruleBreaks = RuleBreaks(scenario)
        let messages = SequenceDiagramBuilder.build(trace, options: options).messages
        let flagged = messages.filter { $0.label.contains("✗") || $0.label.contains("⚑") }
        #expect(flagged.map(\.label) == [
            "12  track(event:)  ⚑ clean-swift/workers-serve-interactor accepted",
            "14  ListRoutingLogic.routeToDetail()  ✗ clean-swift/view-routes",
        ])
        #expect(flagged.map(\.style) == [.call, .violation])
    }

    @Test("Mermaid and PlantUML mark the unaccepted message as the diagram does")
    func exports() throws {
        let (scenario, trace, _) = try Self.run(accepting: true)
        let mermaid = try Export.text(trace, scenario: scenario, format: .mermaid)
        #expect(mermaid.split(separator: "\n").filter { $0.contains("clean-swift/") }.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "p4->>p3: track(event:)  ⚑ clean-swift/workers-serve-interactor accepted<br/>{event: #quot;select a7#quot;}",
            "p4-xp5: ListRoutingLogic.routeToDetail()  ✗ clean-swift/view-routes",
        ])
        let plantuml = try Export.text(trace, scenario: scenario, format: .plantuml)
        #expect(plantuml.contains("-[#DC2626,bold]> p5 : 14  ListRoutingLogic.routeToDetail()  ✗ clean-swift/view-routes"))
    }
}
