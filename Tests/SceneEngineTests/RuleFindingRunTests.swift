import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import StoryCheck
import Testing
import TraceFormat

/// A scenario says what a real app does even where it breaks its pattern's rules: the step runs and is traced
/// between the parts that take it, and `check` fails on it unless the scenario accepts it.
@Suite("Steps that break a rule run")
struct RuleFindingRunTests {
    static let app = """
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
                    ACCEPT_STEP
                  - route: toDetail
            routes:
              toDetail: Detail
          Detail: {}
        story:
          - do: List.Select
            request: { id: a7 }
            expect: { scene: Detail }
        """

    static func load(accepting: Bool) throws -> Scenario {
        let yaml = Self.app.replacingOccurrences(of: "ACCEPT_STEP", with: accepting
            ? "accept: { rule: clean-swift/workers-serve-interactor, reason: every tap is tracked where it is formatted }" : "")
        let loaded = ScenarioLoader().load(yaml: yaml, file: "tracked.yml")
        return try #require(loaded.scenario, "\(loaded.diagnostics.map(\.description))")
    }

    @Test("a Presenter calling a worker and routing is traced between the Presenter, the worker and the Router")
    func trace() throws {
        let scenario = try Self.load(accepting: false)
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        let lines = try #require(recorder.trace).events.filter { $0.kind != .configure }.map { "\($0.from.name) → \($0.to.name)  \($0.text())" }
        #expect(lines == [
            "ListViewController → ListViewController  viewDidLoad()",
            "User → ListViewController  Select {id: \"a7\"}",
            "ListViewController → ListInteractor  ListBusinessLogic.select(request:) {id: \"a7\"}",
            "ListInteractor → ListPresenter  ListPresentationLogic.presentSelect(response:) {id: \"a7\"}",
            "ListPresenter → Analytics  track(event:) {event: \"select a7\"}",
            "Analytics → ListPresenter  track(event:) → done",
            "ListPresenter → ListRouter  ListRoutingLogic.routeToDetail()",
            "ListRouter → DetailViewController  navigateToDetail(source:destination:) [push]",
            "DetailViewController → DetailViewController  viewDidLoad()",
        ])
    }

    @Test("check fails on a finding the scenario does not accept, and passes, naming the reason, when it does")
    func check() throws {
        let unaccepted = try Self.load(accepting: false)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: unaccepted).run(into: recorder)
        let failed = StoryChecker().architecture(try #require(recorder.trace), scenario: unaccepted)
        #expect(!failed.passed)
        #expect(failed.actual == "event 12 Presenter → Worker breaks clean-swift/workers-serve-interactor; event 14 Presenter → Router breaks clean-swift/view-routes")

        let accepted = try Self.load(accepting: true)
        let again = TraceRecorder()
        _ = try Engine(scenario: accepted).run(into: again)
        let partly = StoryChecker().architecture(try #require(again.trace), scenario: accepted)
        #expect(!partly.passed, "the route is not accepted")
        #expect(partly.actual == "event 14 Presenter → Router breaks clean-swift/view-routes")
        #expect(partly.expected == "every message follows clean-swift's rules but those the scenario accepts: clean-swift/workers-serve-interactor (1 message: every tap is tracked where it is formatted)")
    }

    @Test("a finding in a step the story never runs still fails check")
    func unrunFinding() throws {
        let scenario = try Self.load(accepting: false)
        var quiet = scenario
        quiet.story = []
        let recorder = TraceRecorder()
        _ = try Engine(scenario: quiet).run(into: recorder)
        let check = StoryChecker().architecture(try #require(recorder.trace), scenario: scenario)
        #expect(!check.passed)
        #expect(check.actual == "tracked.yml:14:13 (a step the story does not run) breaks clean-swift/workers-serve-interactor; tracked.yml:17:13 (a step the story does not run) breaks clean-swift/view-routes")
    }

    @Test("a Presenter that calls the Interactor from what the Interactor answers stops the run, not the stack")
    func unboundedCalls() throws {
        let yaml = """
            scenario: Loop
            pattern: viper
            scenes:
              A:
                useCases:
                  Load:
                    trigger: load
                    event:
                      - call: Interactor.load
                    interactor:
                      - respond: {}
                    presenter:
                      - call: Interactor.load
            story:
              - appear: A
            """
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "loop.yml").scenario)
        let summary = try Engine(scenario: scenario).run(into: TraceRecorder())
        #expect(!summary.completed)
        #expect(summary.error?.description == """
            loop.yml:13:13: error: calls into the Interactor of 'A' ran 64 deep without returning: its use case 'Load' is called again from what it answers, without end
            note: make the call depend on a condition ('if:') that the answer changes, or call it from the View
            """)
    }
}

@Suite("A View reading its DataStore")
struct DataStoreReadTests {
    @Test("a Clean Swift View reads its DataStore as apps do through their Router: the run reads it, check fails on the read")
    func read() throws {
        let yaml = """
            scenario: Reads
            scenes:
              List:
                dataStore:
                  items: { type: "[String]", default: [a, b] }
                useCases:
                  Open:
                    interactor:
                      - respond: {}
                    view:
                      - route: toDetail
                        with: { item: 'dataStore.items[1]' }
                routes:
                  toDetail:
                    to: Detail
                    input: { item: String }
                    pass: { item: input.item }
              Detail:
                dataStore: { item: String? }
            story:
              - do: List.Open
                expect: { scene: Detail, dataStore: { Detail.item: b } }
            """
        let loaded = ScenarioLoader().load(yaml: yaml, file: "reads.yml")
        let scenario = try #require(loaded.scenario)
        #expect(loaded.diagnostics.map { "\($0.location!) \($0.messageWithID())" } == [
            "reads.yml:12:28 the View reads 'dataStore', which clean-swift does not allow [clean-swift/interactor-owns-datastore]",
        ])
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        let report = StoryChecker().check(scenario, trace: try #require(recorder.trace))
        #expect(report.steps.flatMap(\.checks).allSatisfy { $0.outcome == .passed })
        let architecture = try #require(report.runChecks.first { $0.name == "architecture" })
        #expect(architecture.actual == "reads.yml:12:28 (a read, which sends no message) breaks clean-swift/interactor-owns-datastore")
    }
}

@Suite("A View leaving its screen itself")
struct LeaveTests {
    static func yaml(_ leave: String, navigation: String = "present") -> String {
        """
        scenario: Leave
        scenes:
          List:
            useCases:
              Add:
                interactor: [{ respond: {} }]
                view: [{ route: toEditor }]
            routes:
              toEditor: { to: Editor, navigation: \(navigation) }
          Editor:
            useCases:
              Save:
                interactor: [{ respond: {} }]
                view:
                  - leave: \(leave)
        story:
          - do: List.Add
          - do: Editor.Save
            expect: { scene: List, stack: [List] }
        """
    }

    static func run(_ yaml: String) throws -> (Scenario, RunSummary, [String]) {
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "leave.yml").scenario)
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        let lines = try #require(recorder.trace).events.filter { $0.kind == .navigation }.map { "\($0.from.name) → \($0.to.name)  \($0.text())" }
        return (scenario, summary, lines)
    }

    @Test("'leave: dismiss' dismisses the presented Editor from its View, the scene below comes back, and the rule is a finding")
    func dismisses() throws {
        let loaded = ScenarioLoader().load(yaml: Self.yaml("dismiss"), file: "leave.yml")
        #expect(loaded.diagnostics.map { "\($0.location!) \($0.messageWithID())" } == [
            "leave.yml:15:13 'leave' has the View leave its screen itself, which clean-swift does not allow [clean-swift/router-navigates]",
        ])
        let (scenario, summary, lines) = try Self.run(Self.yaml("dismiss"))
        #expect(summary.completed)
        #expect(lines == [
            "ListRouter → EditorViewController  navigateToEditor(source:destination:) [present]",
            "EditorViewController → ListViewController  dismiss(animated:) [back to List#1]",
        ])
        #expect(scenario.findings.map(\.rule) == ["clean-swift/router-navigates"])
    }

    @Test("'leave: back' pops what was pushed; dismissing a pushed screen stops the run with the fix")
    func back() throws {
        let (_, popped, lines) = try Self.run(Self.yaml("back", navigation: "push"))
        #expect(popped.completed)
        #expect(lines.last == "EditorViewController → ListViewController  popViewController(animated:) [back to List#1]")
        let (_, refused, _) = try Self.run(Self.yaml("dismiss", navigation: "push"))
        #expect(refused.error?.description == """
            leave.yml:15:20: error: 'Editor' dismisses itself, but it was pushed, not presented
            note: write 'leave: pop', or 'leave: back' to leave the way it came
            """)
    }

    @Test("a View leaves by back, pop or dismiss only")
    func unknown() {
        let loaded = ScenarioLoader().load(yaml: Self.yaml("close"), file: "leave.yml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.first?.description == """
            leave.yml:15:20: error: a View leaves its screen by 'back', 'pop' or 'dismiss', not 'close'
            note: 'back' leaves the way the screen came: dismissed if presented, popped if pushed
            """)
    }
}

@Suite("Time passing in a step")
struct WaitTests {
    @Test("'wait' moves the simulated clock before the next step, as asyncAfter does")
    func waits() throws {
        let yaml = """
            scenario: Splash
            scenes:
              Splash:
                useCases:
                  Start:
                    trigger: load
                    interactor: [{ respond: {} }]
                    view:
                      - wait: 0.5s
                      - route: toHome
                routes:
                  toHome: { to: Home, navigation: replace }
              Home: {}
            story:
              - appear: Splash
                expect: { scene: Home }
            """
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "splash.yml").scenario)
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        let timed = try #require(recorder.trace).events.filter { $0.kind == .display || $0.kind == .route }.map { "\($0.time) ms \($0.text())" }
        #expect(timed == ["0 ms SplashDisplayLogic.displayStart(viewModel:)", "500 ms SplashRoutingLogic.routeToHome()"])
        let bad = ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "wait: 0.5s", with: "wait: soon"), file: "splash.yml")
        #expect(bad.diagnostics.first.map { "\($0.location!) \($0.message)" } == "splash.yml:9:19 'wait: soon' is not a duration; write e.g. '120ms' or '1.5s' (at most a day)")
    }
}

@Suite("A scene calling back the scene that showed it")
struct DelegateTests {
    static let yaml = """
        scenario: Orders
        scenes:
          List:
            dataStore: { status: String = "new" }
            useCases:
              Open:
                interactor: [{ respond: {} }]
                view: [{ route: toDetail }]
              StatusChanged:
                delegate: didUpdateStatus(with:)
                request: { status: String }
                interactor:
                  - store: { status: request.status }
                  - respond: {}
            routes:
              toDetail: Detail
          Detail:
            useCases:
              Ship:
                interactor: [{ respond: {} }]
                view:
                  - delegate: didUpdateStatus(with:)
                    with: { status: '"shipped"' }
        story:
          - do: List.Open
          - do: Detail.Ship
            expect: { scene: Detail, dataStore: { List.status: shipped } }
        """

    @Test("the call goes from the Detail's View to the List's, then the List's use case runs as a cycle of its own, its Request from the call")
    func callsBack() throws {
        let loaded = ScenarioLoader().load(yaml: Self.yaml, file: "orders.yml")
        let scenario = try #require(loaded.scenario)
        #expect(loaded.diagnostics.map { "\($0.location!) \($0.messageWithID())" } == [
            "orders.yml:22:13 'delegate: didUpdateStatus(with:)' calls back the scene that showed 'Detail', outside the Router's data passing [all/own-scene]",
        ])
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        let trace = try #require(recorder.trace)
        let shipping = trace.events.filter { $0.step == 2 }.map { "\($0.from.name) → \($0.to.name)  \($0.text())" }
        #expect(shipping == [
            "User → DetailViewController  Ship",
            "DetailViewController → DetailInteractor  DetailBusinessLogic.ship(request:)",
            "DetailInteractor → DetailPresenter  DetailPresentationLogic.presentShip(response:)",
            "DetailPresenter → DetailViewController  DetailDisplayLogic.displayShip(viewModel:)",
            "DetailViewController → ListViewController  didUpdateStatus(with:) {status: \"shipped\"}",
            "ListViewController → ListInteractor  ListBusinessLogic.statusChanged(request:) {status: \"shipped\"}",
            "ListInteractor → ListDataStore  status = \"shipped\"",
            "ListInteractor → ListPresenter  ListPresentationLogic.presentStatusChanged(response:)",
            "ListPresenter → ListViewController  ListDisplayLogic.displayStatusChanged(viewModel:)",
        ])
        let cycle = try #require(trace.cycles.last)
        #expect(cycle.trigger == .callback)
        #expect(cycle.title == "Detail calls back didUpdateStatus(with:)")
        #expect(StoryChecker().check(scenario, trace: trace).steps.flatMap(\.checks).allSatisfy { $0.outcome == .passed })
    }

    @Test("a call nothing answers, an answer nothing calls, and a root that calls back are said")
    func unanswered() throws {
        let loaded = ScenarioLoader().load(yaml: Self.yaml.replacingOccurrences(of: "        delegate: didUpdateStatus(with:)\n        request", with: "        delegate: didChange(with:)\n        request"), file: "orders.yml")
        #expect(loaded.diagnostics.map { "\($0.location!) \($0.message)" }.filter { !$0.contains("all/own-scene") && !$0.contains("outside the Router") } == [
            "orders.yml:10:19 no step calls 'didChange(with:)' back, so 'delegate:' of 'List.StatusChanged' has no effect",
            "orders.yml:22:23 no use case answers 'didUpdateStatus(with:)': the call back is traced and starts nothing",
        ])
        let root = Self.yaml.replacingOccurrences(of: "  - do: List.Open\n", with: "  - appear: Detail\n")
            .replacingOccurrences(of: "expect: { scene: Detail, dataStore: { List.status: shipped } }", with: "title: Ship")
        let scenario = try #require(ScenarioLoader().load(yaml: root, file: "orders.yml").scenario)
        let summary = try Engine(scenario: scenario).run(into: TraceRecorder())
        #expect(summary.error?.description == """
            orders.yml:22:23: error: 'Detail' calls back 'didUpdateStatus(with:)', but no scene below it showed it
            note: the navigation stack is Detail
            """)
    }
}

@Suite("An action the View handles alone")
struct ViewAloneTests {
    @Test("'interactor: none' runs the View's steps with its request, no Request goes anywhere; nothing may answer it")
    func alone() throws {
        let yaml = """
            scenario: Alone
            scenes:
              Detail:
                useCases:
                  OpenWebsite:
                    request: { url: String }
                    interactor: none
                    view:
                      - route: showWebsite
                        with: { url: request.url }
                routes:
                  showWebsite: { to: SFSafariViewController, navigation: present, input: { url: String } }
              SFSafariViewController:
                external: true
            story:
              - do: Detail.OpenWebsite
                request: { url: "https://example.org" }
                expect: { scene: SFSafariViewController, stack: [Detail, SFSafariViewController] }
              - back
            """
        let loaded = ScenarioLoader().load(yaml: yaml, file: "alone.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.isEmpty)
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        let lines = try #require(recorder.trace).events.filter { $0.kind != .configure }.map { "\($0.from.name) → \($0.to.name)  \($0.text())" }
        #expect(lines == [
            "DetailViewController → DetailViewController  viewDidLoad()",
            "User → DetailViewController  OpenWebsite {url: \"https://example.org\"}",
            "DetailViewController → DetailRouter  DetailRoutingLogic.routeShowWebsite(url:) {url: \"https://example.org\"}",
            "DetailRouter → SFSafariViewController  navigateToSFSafariViewController(source:destination:) [present]",
            "SFSafariViewController → SFSafariViewController  viewDidLoad()",
            "User → DetailViewController  dismiss(animated:) [back to Detail#1]",
        ])
        let answered = ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "interactor: none\n", with: "interactor: none\n        response: { ok: Bool }\n"), file: "alone.yml")
        #expect(answered.diagnostics.map { "\($0.location!) \($0.message)" } == [
            "alone.yml:8:9 use case 'Detail.OpenWebsite' is handled by the View alone ('interactor: none'), so nothing answers it: it has no 'response'",
        ])
        let parts = ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "external: true", with: "external: true\n    dataStore: { url: String? }"), file: "alone.yml")
        #expect(parts.diagnostics.map { "\($0.location!) \($0.message)" } == [
            "alone.yml:15:5 scene 'SFSafariViewController' is external, a screen with none of the pattern's parts, so it has no 'dataStore'",
        ])
    }
}
