import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import StoryCheck
import Testing
import TraceFormat
import TraceReading

/// Behaviour of runs, on small scenarios written for each case.
@Suite("Engine")
struct EngineTests {
    struct Run {
        var trace: Trace
        var summary: RunSummary
        var snapshots: [StepSnapshot]

        func events(_ kind: EventKind) -> [TraceEvent] { trace.events.filter { $0.kind == kind } }
    }

    func run(_ yaml: String, maxMessages: Int = EngineOptions.defaultMaxMessages) throws -> Run {
        let loaded = ScenarioLoader().load(yaml: yaml, file: "s.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics.map(\.description))")
        let recorder = TraceRecorder()
        var snapshots: [StepSnapshot] = []
        let summary = try Engine(scenario: scenario, options: EngineOptions(maxMessages: maxMessages))
            .run(into: recorder) { snapshots.append($0) }
        return Run(trace: try #require(recorder.trace), summary: summary, snapshots: snapshots)
    }

    static let login = """
        scenario: Login
        scenes:
          Login:
            dataStore: { userID: String? }
            workers:
              AuthWorker:
                login:
                  input: { username: String }
                  output: { userID: String }
                  cases:
                    - when: username == "ann"
                      result: { userID: "42" }
                    - when: username == "slow"
                      result: { userID: "7" }
                      latency: 2s
                    - error: Invalid credentials
                  latency: 120ms
            useCases:
              Login:
                request: { username: String }
                response: { error: String? }
                viewModel: { message: String }
                interactor:
                  - call: AuthWorker.login
                    with: { username: request.username }
                    as: auth
                    onError:
                      - respond: { error: error }
                  - store: { userID: auth.userID }
                  - respond: {}
                presenter: { message: 'response.error ?? "ok"' }
                view: [{ show: message }]
        story:
          - do: Login.Login
            request: { username: bob }
          - do: Login.Login
            request: { username: ann }
          - do: Login.Login
            request: { username: slow }
        """

    @Test("a worker failure runs onError and ends the Interactor's logic")
    func workerFailure() throws {
        let run = try run(Self.login)
        #expect(run.summary.completed)
        let failed = run.trace.events.filter { $0.step == 1 }.map(\.kind)
        #expect(failed == [.action, .request, .workerCall, .workerError, .response, .display, .show])
        #expect(run.events(.workerError).first?.payload == .string("Invalid credentials"))
        #expect(run.snapshots[0].shown["message"] == .string("Invalid credentials"))
        #expect(run.snapshots[0].dataStores["Login"]?["userID"] == .null, "no store after a failure")
        #expect(run.snapshots[1].dataStores["Login"]?["userID"] == .string("42"))
        #expect(run.snapshots[1].shown["message"] == .string("ok"))
    }

    @Test("worker latency advances the logical clock; a case's latency overrides the operation's")
    func latency() throws {
        let run = try run(Self.login)
        #expect(run.events(.workerCall).map(\.time) == [0, 120, 240])
        #expect(run.events(.workerError).map(\.time) == [120])
        #expect(run.events(.workerResult).map(\.time) == [240, 2240])
        #expect(run.summary.time == 2240)
    }

    @Test("a failure without onError stops the run at the call, keeping the trace")
    func unhandledFailure() throws {
        let yaml = Self.login.replacingOccurrences(of: "            onError:\n              - respond: { error: error }\n", with: "")
        #expect(yaml != Self.login)
        let run = try run(yaml)
        let error = try #require(run.summary.error)
        #expect(error.description == """
            s.yml:24:19: error: 'AuthWorker.login' failed with "Invalid credentials", and the call has no 'onError'
            note: add 'onError:' steps to handle the failure
            """)
        #expect(run.trace.end?.status == .failed)
        #expect(run.trace.end?.error == error.message)
        #expect(run.trace.events.last?.kind == .workerError)
    }

    @Test("every declared field is passed, with its type")
    func dataPassing() throws {
        let run = try run("""
            scenario: Passing
            entities:
              Item: { id: Int, name: String }
            scenes:
              List:
                dataStore:
                  id: Int = 7
                  name: String = "seven"
                  price: Int = 3
                  items: "[Item] = []"
                  note: String?
                useCases:
                  Open:
                    interactor: [{ respond: {} }]
                    view: [{ route: toShow }]
                routes:
                  toShow:
                    to: Show
                    pass:
                      id: source.id
                      title: '"#\\(source.id) \\(source.name)"'
                      price: source.price
                      items: source.items
                      note: source.note
                      count: source.items.count + 1
              Show:
                dataStore: { id: Int?, title: String, price: Double, items: "[Item]", note: String?, count: Int, untouched: Bool = true }
            story:
              - do: List.Open
            """)
        #expect(run.summary.completed)
        let passed = run.events(.dataPassing)
        #expect(passed.map { event in
            guard case .dataPassing(let pass) = event.message else { return "" }
            return "destination.\(pass.field) = \(pass.source)"
        } == [
            "destination.id = source.id", ##"destination.title = "#\(source.id) \(source.name)""##,
            "destination.price = source.price", "destination.items = source.items", "destination.note = source.note",
            "destination.count = source.items.count + 1",
        ])
        #expect(passed.map(\.payloadType) == ["Int?", "String", "Double", "[Item]", "String?", "Int"])
        #expect(run.snapshots[0].dataStores["Show"] == Record([
            ("id", .int(7)), ("title", .string("#7 seven")), ("price", .double(3)), ("items", .list([])),
            ("note", .null), ("count", .int(1)), ("untouched", .bool(true)),
        ]))
        #expect(Set(passed.map(\.from.name)) == ["ListRouter"])
        #expect(Set(passed.map(\.to.name)) == ["ShowDataStore"])
    }

    static let navigation = """
        scenario: Navigation
        scenes:
          A:
            dataStore: { taps: Int = 0 }
            useCases:
              Tap:
                interactor:
                  - store: { taps: dataStore.taps + 1 }
                  - respond: { taps: dataStore.taps }
                response: { taps: Int }
                viewModel: { taps: Int }
                presenter: { taps: response.taps }
                view: [{ show: taps }]
              Open:
                interactor: [{ respond: {} }]
                view: [{ route: toB }]
              Present:
                interactor: [{ respond: {} }]
                view: [{ route: toModal }]
            routes:
              toB: { to: B, pass: { fromTaps: source.taps } }
              toModal: { to: B, navigation: present }
          B:
            dataStore: { fromTaps: Int = -1 }
            useCases:
              Load:
                trigger: appear
                interactor: [{ respond: {} }]
        story:
          - do: A.Tap
          - do: A.Tap
          - do: A.Open
          - back
          - do: A.Tap
          - do: A.Present
          - back
          - do: A.Open
        """

    @Test("back returns to the previous instance with its state")
    func backRestoresState() throws {
        let run = try run(Self.navigation)
        #expect(run.summary.completed)
        #expect(run.snapshots.map(\.stack) == [["A"], ["A"], ["A", "B"], ["A"], ["A"], ["A", "B"], ["A"], ["A", "B"]])
        #expect(run.snapshots[3].shown["taps"] == .int(2), "A still shows what it showed")
        #expect(run.snapshots[4].dataStores["A"]?["taps"] == .int(3), "A's DataStore kept its state and goes on")
        let backs = run.events(.navigation).filter { $0.from.role == .user }
        #expect(backs.compactMap(\.method) == ["popViewController(animated:)", "dismiss(animated:)"])
        #expect(backs.map { $0.text() } == ["popViewController(animated:) [back to A#1]", "dismiss(animated:) [back to A#1]"])
        #expect(backs.map { $0.to.id } == ["A#1.AViewController", "A#1.AViewController"])
        // Each time B is shown it is a new instance, and its appear use case runs again.
        let instances = run.trace.events.filter { $0.to.name == "BViewController" && $0.kind.isLifecycle }.compactMap(\.to.instance)
        #expect(instances == [1, 2, 3])
        #expect(run.snapshots[7].dataStores["B"]?["fromTaps"] == .int(3))
        #expect(run.trace.cycles.filter { $0.name == "B.Load" }.count == 3)
    }

    @Test("repeat plays the story again from where it left the app: pass 2 is pass 1 shifted in sequence, cycle and time")
    func repeatedStory() throws {
        // The same file with and without the key, on the same lines.
        let once = try run(Self.login.replacingOccurrences(of: "scenario: Login\n", with: "scenario: Login\n# once\n"))
        let twice = try run(Self.login.replacingOccurrences(of: "scenario: Login\n", with: "scenario: Login\nrepeat: 2\n"))
        #expect(twice.summary.completed)
        #expect(twice.snapshots.map(\.step) == [1, 2, 3, 1, 2, 3])
        #expect(twice.snapshots.map(\.pass) == [1, 1, 1, 2, 2, 2])
        let first = once.trace.events
        #expect(Array(twice.trace.events.prefix(first.count)) == first)
        // The launch (configuration, viewDidLoad) happens once; the story's events come again, numbered on from
        // the first pass, in later cycles and at later times, on the same scene instance.
        let story = first.drop { $0.step == nil }
        #expect(story.count == first.count - 8)
        let shift = story.count, cycles = once.summary.cycles, time = once.summary.time
        let expected = story.map { event in
            var moved = event
            moved.sequence += shift
            moved.parent = event.parent.map { $0 + shift }
            moved.cycle = event.cycle.map { $0 + cycles }
            moved.time += time
            return moved
        }
        #expect(Array(twice.trace.events.dropFirst(first.count)) == expected)
        #expect(twice.trace.end == RunEnd(status: .completed, messages: first.count + shift, cycles: 2 * cycles, time: 2 * time))
    }

    @Test("a repeated story that does not end where it starts stops on pass 2, saying why")
    func repeatedStoryMustCloseTheLoop() throws {
        let run = try run("""
            scenario: Away
            repeat: 3
            scenes:
              A:
                useCases:
                  Open:
                    interactor: [{ respond: {} }]
                    view: [{ route: toB }]
                routes: { toB: B }
              B: {}
            story:
              - do: A.Open
            """)
        let error = try #require(run.summary.error)
        #expect(error.description == """
            s.yml:12:5: error: 'do: A.Open' needs scene 'A' on screen, but 'B' is
            note: the navigation stack is A → B
            note: the story repeats ('repeat: 3'); pass 2 starts where pass 1 left the app: end the story where it starts, or start it with 'appear:'
            """)
        #expect(run.snapshots.map(\.pass) == [1])
    }

    @Test("a story whose routes loop stops at the message budget, with the trace so far")
    func budget() throws {
        let run = try run("""
            scenario: Loop
            scenes:
              A:
                useCases:
                  Go:
                    trigger: appear
                    interactor: [{ respond: {} }]
                    view: [{ route: toB }]
                routes: { toB: B }
              B:
                useCases:
                  Go:
                    trigger: appear
                    interactor: [{ respond: {} }]
                    view: [{ route: toA }]
                routes: { toA: A }
            """, maxMessages: 500)
        let error = try #require(run.summary.error)
        #expect(error.message == "the run reached 500 messages and stopped: the launch has run 42 cycles without ending, 21 of them A.Go: its routes loop")
        #expect(error.notes.map(\.message) == ["break the loop (a route that leads back, and an appear use case that routes on), or raise the limit with --max-messages"])
        #expect(run.trace.events.count == 500)
        #expect(run.trace.end == RunEnd(status: .failed, messages: 500, cycles: run.summary.cycles, time: 0,
                                        error: error.message, location: error.location))
    }

    @Test("run-time errors point at the scenario", arguments: [
        ("""
            scenario: Index
            scenes:
              A:
                dataStore: { items: "[Int] = [1, 2]" }
                useCases:
                  Pick:
                    request: { i: Int }
                    interactor:
                      - store: { items: '[dataStore.items[request.i]]' }
                      - respond: {}
            story:
              - do: A.Pick
                request: { i: 5 }
            """, "s.yml:9:46: error: index 5 is out of range: the list has 2 items"),
        ("""
            scenario: Divide
            scenes:
              A:
                dataStore: { n: Int = 0 }
                useCases:
                  Split:
                    interactor:
                      - store: { n: 10 / dataStore.n }
                      - respond: {}
            story:
              - do: A.Split
            """, "s.yml:8:28: error: division by zero"),
        ("""
            scenario: Overflow
            scenes:
              A:
                dataStore: { n: Int = 9223372036854775807 }
                useCases:
                  Grow:
                    interactor:
                      - store: { n: dataStore.n + 1 }
                      - respond: {}
            story:
              - do: A.Grow
            """, "s.yml:8:37: error: 9223372036854775807 + 1 overflows Int"),
        ("""
            scenario: NoCase
            scenes:
              A:
                workers:
                  W:
                    op:
                      input: { n: Int }
                      cases:
                        - when: n > 0
                useCases:
                  U:
                    interactor:
                      - call: W.op
                        with: { n: -1 }
                      - respond: {}
            story:
              - do: A.U
            """, "s.yml:13:13: error: no case of 'W.op' matches {n: -1}\ns.yml:6:9: note: add a last case without 'when' (a default) to 'W.op'"),
        ("""
            scenario: Offscreen
            scenes:
              A:
                useCases:
                  U: { interactor: [{ respond: {} }] }
                routes: { toB: B }
              B: {}
            story:
              - do: B.U
            """, "s.yml:9:11: error: scene 'B' has no use case 'U'"),
        ("""
            scenario: Root
            scenes:
              A: {}
            story:
              - back
            """, "s.yml:5:5: error: there is nothing to go back to: 'A' is the root"),
        ("""
            scenario: NotOnScreen
            scenes:
              A:
                useCases:
                  U: { interactor: [{ respond: {} }], view: [{ route: toB }] }
                routes: { toB: B }
              B:
                useCases:
                  V: { interactor: [{ respond: {} }] }
            story:
              - do: B.V
            """, "s.yml:11:5: error: 'do: B.V' needs scene 'B' on screen, but 'A' is\nnote: the navigation stack is A"),
        ("""
            scenario: Twice
            scenes:
              A:
                useCases:
                  U:
                    interactor: [{ respond: {} }]
                    view: [{ route: toB }, { route: toB }]
                routes: { toB: B }
              B: {}
            story:
              - do: A.U
            """, "s.yml:7:41: error: route 'toB' is taken from 'A', which is no longer on screen\nnote: the screen shows 'B'; a View can route only while it is visible"),
    ])
    func runtimeErrors(_ yaml: String, _ expected: String) throws {
        let loaded = ScenarioLoader().load(yaml: yaml, file: "s.yml")
        guard let scenario = loaded.scenario else {
            // Problems the loader can see never reach the engine.
            #expect(loaded.diagnostics.map(\.description).joined(separator: "\n") == expected)
            return
        }
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        #expect(summary.error?.description == expected)
        #expect(recorder.end?.status == .failed)
    }

    @Test("the file writer and the in-memory recorder see the same trace")
    func streamedEqualsRecorded() throws {
        let scenario = try #require(ScenarioLoader().load(yaml: Self.login, file: "s.yml").scenario)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID())")
        let file = folder.appendingPathComponent("trace.jsonl")
        let writer = try TraceFileWriter(destination: file, chunkSize: 100)
        _ = try Engine(scenario: scenario).run(into: writer)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        #expect(try Data(contentsOf: file) == Data(TraceEncoder.encode(try #require(recorder.trace))))
        #expect(try TraceReader.read(contentsOf: file) == recorder.trace)
    }

    @Test("a use case on appear cannot require request values")
    func appearRequest() {
        let result = ScenarioLoader().load(yaml: """
            scenario: S
            scenes:
              A:
                useCases:
                  Load:
                    trigger: appear
                    request: { id: Int, page: Int = 1 }
                    interactor: [{ respond: {} }]
            """, file: "s.yml")
        #expect(result.diagnostics.map(\.description) == [
            "s.yml:7:20: error: 'Load' runs when the scene appears, so nobody gives its request value 'id'\nnote: give it a default ('id: Int = …') or make it optional",
        ])
    }
}

/// References are resolved once, by the loader, and the engine executes what the checker checked.
@Suite("Resolved references")
struct ResolvedReferenceTests {
    @Test("a VIPER Presenter calling its Interactor by a declared method name runs the Interactor's logic")
    func declaredInteractorMethod() throws {
        let yaml = """
            scenario: Fetch
            pattern: viper
            scenes:
              List:
                dataStore: { count: Int = 0 }
                useCases:
                  Fetch:
                    trigger: appear
                    methods: { interactor: "FetchData()" }
                    event:
                      - call: Interactor.FetchData
                    interactor:
                      - store: { count: 3 }
                      - respond: { count: dataStore.count }
                    response: { count: Int }
                    presenter:
                      - display: "showCount(_:)"
                        with: { count: response.count }
            story:
              - appear: List
                expect: { shown: { count: 3 } }
            """
        let loaded = ScenarioLoader().load(yaml: yaml, file: "fetch.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics.map(\.description))")
        let call = scenario.scenes[0].useCases[0].event?.first.flatMap { step -> Call? in
            if case .call(let call) = step.kind { return call }
            return nil
        }
        #expect(call?.target == .useCase("Fetch"), "the loader resolved the call once")
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        #expect(summary.completed)
        let lines = try #require(recorder.trace).events.map { "\($0.from.name) → \($0.to.name)  \($0.text())" }
        #expect(lines.suffix(6) == [
            "ListView → ListPresenter  ListPresenterProtocol.viewDidLoad()",
            "ListPresenter → ListInteractor  ListInteractorInputProtocol.FetchData()",
            "ListInteractor → ListDataStore  count = 3",
            "ListInteractor → ListPresenter  ListInteractorOutputProtocol.fetch(_:) {count: 3}",
            "ListPresenter → ListView  ListViewProtocol.showCount(_:) {count: 3}",
            "ListView → User  shows count = 3",
        ])
    }

    @Test("set: with a dataStore. prefix writes the DataStore even when the View's state has a field of that name")
    func setPrefix() throws {
        let yaml = """
            scenario: Set
            pattern: swiftui
            scenes:
              A:
                dataStore: { n: Int = 0 }
                view: { state: { n: Int = 0 } }
                useCases:
                  Tap:
                    interactor: [{ respond: {} }]
                    presenter: {}
                    view:
                      - set: { dataStore.n: 5, n: 7 }
            story:
              - do: A.Tap
            """
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "set.yml").scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let writes = try #require(recorder.trace).events.filter { $0.kind == .dataStoreWrite || $0.kind == .stateWrite }
        #expect(writes.map { "\($0.kind) \($0.text())" } == ["dataStoreWrite n = 5", "stateWrite n = 7"])
    }

    @Test("the state roots are resolved when parsed; 'let' and 'as' cannot take a name the pattern gives")
    func stateRoots() throws {
        let parsed = try #require(ScenarioLoader.parseExpression("dataStore.n + state.m + appState.k + request.x").expression)
        var roots: [String] = []
        func walk(_ node: ExprNode) {
            switch node.kind {
            case .state(let root): roots.append(root.rawValue)
            case .identifier(let name): roots.append("name " + name)
            case .member(let base, _, _): walk(base)
            case .binary(_, let left, let right): walk(left); walk(right)
            default: break
            }
        }
        walk(parsed.root)
        #expect(roots == ["dataStore", "state", "appState", "name request"])
        let yaml = """
            scenario: Reserved
            start: A
            scenes:
              A:
                dataStore: { n: Int = 0 }
                workers:
                  W:
                    get: { output: Int, result: 1 }
                useCases:
                  U:
                    interactor:
                      - let: { dataStore: 1 }
                      - call: W.get
                        as: request
                      - respond: {}
            story:
              - do: A.U
            """
        let loaded = ScenarioLoader().load(yaml: yaml, file: "r.yml")
        #expect(loaded.diagnostics.map(\.description) == [
            "r.yml:12:20: error: 'dataStore' is a name the pattern gives; call the value something else",
            "r.yml:14:17: error: 'request' is a name the pattern gives; call the value something else",
        ])
    }

    @Test("an optional list is indexed with ?[…]: nil when the list is, the rest of the chain skipped")
    func optionalSubscript() throws {
        let yaml = """
            scenario: OS
            start: A
            entities:
              Order: { id: String }
            scenes:
              A:
                dataStore: { orders: "[Order]?", picked: String? }
                workers:
                  OrdersWorker:
                    fetch: { output: "[Order]", result: [{ id: a }, { id: b }] }
                useCases:
                  Load:
                    interactor:
                      - call: OrdersWorker.fetch
                        as: orders
                      - store: { orders: orders }
                      - respond: {}
                  Pick:
                    request: { i: Int }
                    interactor:
                      - store: { picked: 'dataStore.orders?[request.i].id' }
                      - respond: {}
            story:
              - do: A.Pick
                request: { i: 0 }
              - do: A.Load
              - do: A.Pick
                request: { i: 1 }
            """
        let loaded = ScenarioLoader().load(yaml: yaml, file: "os.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics.map(\.description))")
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let writes = try #require(recorder.trace).events.filter { $0.kind == .dataStoreWrite }.map { $0.text() }
        #expect(writes == ["picked = nil", #"orders = [{id: "a"}, {id: "b"}]"#, #"picked = "b""#])
        let unwrapped = ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "orders?[request.i]", with: "orders[request.i]"), file: "os.yml")
        #expect(unwrapped.diagnostics.map(\.description) == [
            "os.yml:21:47: error: '[Order]?' is optional; index it with '?[…]', or unwrap it with '?? []' first",
        ])
    }
}

@Suite("A View that fills its Request")
struct SendsRunTests {
    @Test("the Request the View sends carries its DataStore's value, and the story's values for the rest")
    func sends() throws {
        let yaml = """
            scenario: S
            pattern: swiftui
            scenes:
              Home:
                dataStore: { name: 'String = "Ann"' }
                useCases:
                  Greet:
                    request: { name: String, times: Int }
                    sends: { name: 'dataStore.name + "!"' }
                    interactor:
                      - respond: { text: '"\\(request.name) ×\\(request.times)"' }
                    response: { text: String }
                    viewModel: { text: String }
                    presenter: { text: response.text }
                    view:
                      - show: text
            story:
              - do: Home.Greet
                request: { times: 2 }
                expect: { shown: { text: "Ann! ×2" } }
            """
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "s.yml").scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario, options: EngineOptions()).run(into: recorder)
        let trace = try #require(recorder.trace)
        let request = try #require(trace.events.first { $0.kind == .request })
        #expect(request.payload == .record(Record([("name", .string("Ann!")), ("times", .int(2))])))
        #expect(StoryChecker().check(scenario, trace: trace).checks.filter(\.failed).isEmpty)
    }
}

@Suite("AppState: the View reacts after the Interactor")
struct AppStateViewStepsTests {
    @Test("view steps run once the Interactor returns, on the AppState it wrote, with no Presenter")
    func routesOnState() throws {
        let yaml = """
            scenario: S
            pattern: appstate
            appState: { signedIn: Bool = false }
            scenes:
              Login:
                useCases:
                  SignIn:
                    interactor:
                      - store: { signedIn: true }
                    view:
                      - route: toHome
                        when: appState.signedIn
                routes:
                  toHome: { to: Home, navigation: replace }
              Home: {}
            story:
              - do: Login.SignIn
                expect: { scene: Home, appState: { signedIn: true } }
            """
        let loaded = ScenarioLoader().load(yaml: yaml, file: "s.yml")
        #expect(loaded.diagnostics.map(\.description) == [])
        let scenario = try #require(loaded.scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario, options: EngineOptions()).run(into: recorder)
        let trace = try #require(recorder.trace)
        let cycle = trace.events.filter { $0.cycle == 1 }.map { "\($0.from.role.rawValue)→\($0.to.role.rawValue) \($0.kind.rawValue)" }
        #expect(cycle == ["user→view action", "view→interactor request", "interactor→appState publish", "view→router route",
                          "configurator→view configure", "configurator→interactor configure", "configurator→view configure",
                          "router→view navigation", "view→view appear"])
        #expect(StoryChecker().check(scenario, trace: trace).checks.filter(\.failed).isEmpty)
    }
}
