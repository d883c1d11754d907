import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Testing
import TraceFormat

/// A pattern that exists only in this file: VIP without a Router, whose Views are `Screen`s wired in `setup()`.
/// Registering it is all it takes for scenarios to load, check and run under it.
extension Pattern {
    static let screens = Pattern(definedAs: "screens-without-router")
}

extension PatternDefinition {
    static let screens: PatternDefinition = {
        var definition = PatternDefinition.cleanSwift
        definition.pattern = .screens
        definition.title = "VIP screens without a Router"
        definition.roles = [.init(.view), .init(.interactor), .init(.worker), .init(.dataStore), .init(.presenter)]
        definition.naming.components[.view] = "{scene}Screen"
        definition.naming.components[.configurator] = "{scene}Screen.setup()"
        definition.naming.protocols = [
            .businessLogic: "{scene}Actions", .presentationLogic: "{scene}Output", .displayLogic: "{scene}Rendering",
            .dataStore: "{scene}State",
        ]
        definition.wiring = .init(style: .setup, links: [
            .init(.view, "interactor", .interactor, through: .businessLogic),
            .init(.interactor, "presenter", .presenter, through: .presentationLogic),
            .init(.presenter, "screen", .view, through: .displayLogic),
        ])
        definition.dependencies.removeAll { $0.from == .router || $0.to == .router }
        definition.rules = PatternRules(
            allowed: definition.rules.allowed.filter { $0.path.from != .router && $0.path.to != .router },
            violations: [:],
            defaultRule: .init(id: "screens/paths", text: "a screen's parts talk along View → Interactor → Presenter → View",
                               fix: "move the step to the component that owns that conversation"),
            absent: [.router: .init(id: "screens/no-router", text: "screens have no Router: each scene stands alone",
                                     fix: "remove the route")])
        definition.cycle.arrows.removeAll { $0.stage == .route || $0.stage == .next }
        definition.cycle.nodes.removeAll { $0.id == "router" || $0.id == "next" }
        return definition
    }()
}

@Suite("A pattern defined in one file")
struct ExtraPatternTests {
    /// The pattern is registered for these tests only: other tests in the process list the built-in patterns.
    static let registry = PatternRegistry(adding: [.screens])

    static let counter = """
        scenario: Counter
        pattern: screens-without-router
        scenes:
          Counter:
            dataStore: { count: Int = 0 }
            useCases:
              Increment:
                interactor:
                  - store: { count: dataStore.count + 1 }
                  - respond: { count: dataStore.count }
                response: { count: Int }
                viewModel: { text: String }
                presenter: { text: '"Count: \\(response.count)"' }
                view:
                  - show: text
        story:
          - do: Counter.Increment
          - do: Counter.Increment
            expect: { shown: { text: "Count: 2" } }
        """

    @Test("a registered pattern loads, runs with its own names and wiring, and is checked by its own rules")
    func runs() throws {
        try PatternRegistry.$current.withValue(Self.registry) { try run() }
    }

    func run() throws {
        let loaded = ScenarioLoader().load(yaml: Self.counter, file: "counter.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics.map(\.description))")
        #expect(scenario.pattern == .screens)
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        #expect(summary.completed)
        let lines = try #require(recorder.trace).events.map { "\($0.from.name) → \($0.to.name)  \($0.text())" }
        #expect(lines.prefix(5) == [
            "CounterScreen.setup() → CounterScreen  interactor = CounterInteractor",
            "CounterScreen.setup() → CounterInteractor  presenter = CounterPresenter",
            "CounterScreen.setup() → CounterPresenter  screen = CounterScreen",
            "CounterScreen → CounterScreen  viewDidLoad()",
            "User → CounterScreen  Increment",
        ])
        #expect(lines.contains("CounterScreen → CounterInteractor  CounterActions.increment(request:)"))
        #expect(lines.contains("CounterInteractor → CounterPresenter  CounterOutput.presentIncrement(response:) {count: 2}"))
        #expect(lines.contains("CounterPresenter → CounterScreen  CounterRendering.displayIncrement(viewModel:) {text: \"Count: 2\"}"))
        #expect(!lines.contains { $0.contains("Router") })
    }

    @Test("a route in a pattern without a Router is refused with the pattern's rule")
    func refusesRoutes() {
        PatternRegistry.$current.withValue(Self.registry) { refuseRoutes() }
    }

    func refuseRoutes() {
        let yaml = Self.counter.replacingOccurrences(of: "          - show: text", with: """
                      - show: text
                      - route: toOther
                routes:
                  toOther: { to: Counter }
            """)
        let loaded = ScenarioLoader().load(yaml: yaml, file: "counter.yml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.map(\.description) == [
            """
            counter.yml:16:13: error: 'route' sends View → Router, which screens-without-router does not allow
            note: rule screens/no-router: screens have no Router: each scene stands alone
            note: remove the route
            """,
        ])
    }
}
