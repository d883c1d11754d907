import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import StoryCheck
import Testing
import TestSupport
import TraceFormat

/// Loads YAML (an example, possibly edited) as `file`.
func load(_ yaml: String, file: String = "s.yml") throws -> Scenario {
    let loaded = ScenarioLoader().load(yaml: yaml, file: file, baseDirectory: PackagePaths.scenarios)
    return try #require(loaded.scenario, "\(loaded.diagnostics.map(\.description))")
}

/// The story of `scenario` checked against the engine's run of it.
func checked(exhaustive: Bool = false, _ scenario: Scenario) throws -> StoryChecker.Report {
    StoryChecker(exhaustive: exhaustive).check(scenario, trace: try run(scenario))
}

/// The engine's trace of `scenario`.
func run(_ scenario: Scenario) throws -> Trace {
    let recorder = TraceRecorder()
    _ = try Engine(scenario: scenario).run(into: recorder)
    return try #require(recorder.trace)
}

/// What `scenario`'s story exercises, on the engine's run.
func coverage(_ scenario: Scenario) throws -> Coverage {
    Coverage.measure(scenario, trace: try run(scenario))
}

/// An example scenario's text.
func example(_ name: String) throws -> String {
    try String(contentsOf: PackagePaths.scenarios.appendingPathComponent("\(name).yml"), encoding: .utf8)
}

/// Each check as one line: `name | passed | expected | actual | line:col`.
func lines(_ checks: [StoryChecker.Check]) -> [String] {
    checks.map { "\($0.name) | \($0.passed ? "pass" : "FAIL") | \($0.expected) | \($0.actual) | \($0.location.map { "\($0.line):\($0.column)" } ?? "-")" }
}

@Suite("check: expectations")
struct StoryCheckerTests {
    @Test("every example's story passes, and every step with 'expect:' is checked",
          arguments: PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent })
    func examplesPass(_ name: String) throws {
        let scenario = try #require(ScenarioLoader().load(path: PackagePaths.scenarios.appendingPathComponent("\(name).yml").path).scenario)
        let report = try checked(scenario)
        #expect(report.failedCount == 0, "\(lines(report.checks.filter { !$0.passed }))")
        #expect(report.steps.count == scenario.story.count)
        for (step, result) in zip(scenario.story, report.steps) where step.expectations != nil {
            #expect(!result.checks.isEmpty, "step \(result.step) has expectations but nothing was checked")
        }
        #expect(report.runChecks.map(\.name) == ["architecture"])
    }

    @Test("a deliberately broken copy of Login fails each broken expectation, at its line and column")
    func brokenLogin() throws {
        var yaml = try example("Login")
        yaml = yaml.replacingOccurrences(of: "shown: { message: Invalid credentials }", with: "shown: { message: Wrong credentials }")
        yaml = yaml.replacingOccurrences(of: "messages: [LoginBusinessLogic.login(request:), AuthWorker.login(username:password:)]",
                                         with: "messages: [AuthWorker.login(username:password:), LoginBusinessLogic.login(request:)]")
        yaml = yaml.replacingOccurrences(of: "absent: [LoginRoutingLogic.showHome()]", with: "absent: [AuthWorker.login]")
        yaml = yaml.replacingOccurrences(of: "scene: Home", with: "scene: Login")
        yaml = yaml.replacingOccurrences(of: "Home.name: Ann", with: "Home.name: Bob")
        let report = try checked(try load(yaml, file: "Login.yml"))
        #expect(report.steps.map(\.title) == ["appear Login", "do Login.Login — Wrong password", "do Login.Login — Right password"])
        #expect(report.steps.map(\.passed) == [true, false, false])
        #expect(lines(report.checks.filter { !$0.passed }) == [
            "shown message | FAIL | \"Wrong credentials\" | \"Invalid credentials\" | 86:16",
            "messages | FAIL | AuthWorker.login(username:password:), then LoginBusinessLogic.login(request:) | no 'LoginBusinessLogic.login(request:)' after event 11 | 87:56",
            "absent | FAIL | no 'AuthWorker.login' | event 11: 11  LoginInteractor → AuthWorker  login(username:password:) {username: \"ann\", password: \"wrong\"} | 88:16",
            "scene | FAIL | Login | Home | 93:14",
            "dataStore Home.name | FAIL | \"Bob\" | \"Ann\" | 95:81",
        ])
        #expect(report.passedCount == 10)
        let scene = try #require(report.checks.last { $0.name == "scene" })
        #expect(scene.excerpt == [
            "32  LoginRouter → HomeDataStore  passDataToHome(source:destination:): destination.userID = source.userID → \"42\"",
            "33  LoginRouter → HomeDataStore  passDataToHome(source:destination:): destination.name = source.firstName → \"Ann\"",
            "34  LoginRouter → HomeViewController  navigateToHome(source:destination:) [replace]",
            "35  HomeViewController → HomeViewController  viewDidLoad()",
            "36  HomeViewController → HomeInteractor  HomeBusinessLogic.greet(request:)",
        ], "the navigation and the messages around it")
    }

    static let counter = """
        scenario: Counter
        scenes:
          Counter:
            dataStore: { count: Int = 0, taps: Int = 0 }
            workers:
              Clock:
                now:
                  output: { time: String }
                  cases: [{ result: { time: "9:00" } }]
            useCases:
              Add:
                response: { count: Int }
                viewModel: { text: String }
                interactor:
                  - call: Clock.now
                    as: clock
                  - store: { count: dataStore.count + 1, taps: dataStore.taps + 1 }
                  - respond: { count: dataStore.count }
                presenter: { text: '"\\(response.count)"' }
                view:
                  - show: { label: viewModel.text }
        story:
          - do: Add
            expect: { shown: { label: "1" } }
          - do: Add
            expect: { shown: { label: "2" }, dataStore: { count: 2, taps: 2 }, messages: [Clock.now] }
        """

    @Test("exhaustive: what a step changed but did not expect fails, naming it and what to write")
    func exhaustive() throws {
        let report = try checked(exhaustive: true, try load(Self.counter))
        let first = try #require(report.steps.first?.checks.last)
        #expect(first.name == "exhaustive")
        #expect(!first.passed)
        #expect(first.actual == "3 not expected")
        #expect(first.excerpt == [
            "DataStore Counter.count became 1 — expect 'dataStore: { Counter.count: 1 }'",
            "DataStore Counter.taps became 1 — expect 'dataStore: { Counter.taps: 1 }'",
            "event 11 called Clock.now() — expect 'messages: [Clock.now()]'",
        ])
        #expect(first.location.map { "\($0.line):\($0.column)" } == "24:5", "at the step's expect:")
        let second = try #require(report.steps.last?.checks.last)
        #expect(second.passed, "\(second.excerpt)")
        #expect(try checked(try load(Self.counter)).failedCount == 0, "without --exhaustive the same story passes")
    }

    @Test("the Login example passes exhaustive mode")
    func loginExhaustive() throws {
        let report = try checked(exhaustive: true, try load(try example("Login"), file: "Login.yml"))
        #expect(report.failedCount == 0, "\(report.checks.filter { !$0.passed }.map(\.excerpt))")
    }

    @Test("steps after a run-time error fail with it")
    func runError() throws {
        let report = try checked(try load("""
            scenario: S
            scenes:
              A:
                useCases:
                  U:
                    request: { n: Int }
                    interactor: [{ respond: { n: 10 / request.n } }]
                    response: { n: Int }
            story:
              - do: U
                request: { n: 0 }
              - do: U
                request: { n: 1 }
                expect: { scene: A }
            """))
        #expect(report.steps.map(\.passed) == [false, false])
        #expect(lines(report.checks) == [
            "step ran | FAIL | the step runs | the run stopped: division by zero | 7:41",
            "step ran | FAIL | the step runs | the run stopped: division by zero | 7:41",
            "architecture | pass | every message follows clean-swift's rules | every message follows clean-swift's rules | -",
        ])
    }

    @Test("a repeated story reports the first pass in full and later passes by their failures")
    func repeatedStory() throws {
        let report = try checked(try load("""
            scenario: S
            repeat: 3
            scenes:
              A:
                dataStore: { taps: Int = 0 }
                useCases:
                  Tap:
                    interactor: [{ store: { taps: dataStore.taps + 1 } }, { respond: {} }]
                  Look:
                    interactor: [{ respond: {} }]
            story:
              - do: Tap
                expect: { dataStore: { taps: 1 } }
              - do: Look
                expect: { scene: A }
            """))
        #expect(report.steps.map(\.title) == ["do Tap", "do Look", "do Tap (pass 2)", "do Tap (pass 3)"])
        #expect(lines(report.checks) == [
            "dataStore taps | pass | 1 | 1 | 13:28",
            "scene | pass | A | A | 15:22",
            "dataStore taps | FAIL | 1 | 2 | 13:28",
            "dataStore taps | FAIL | 1 | 3 | 13:28",
            "architecture | pass | every message follows clean-swift's rules | every message follows clean-swift's rules | -",
        ])
    }
}

@Suite("check: messages and values")
struct MatchingTests {
    static let login: Trace = {
        let scenario = ScenarioLoader().load(path: PackagePaths.scenarios.appendingPathComponent("Login.yml").path).scenario!
        let recorder = TraceRecorder()
        _ = try! Engine(scenario: scenario).run(into: recorder, hooks: EngineHooks())
        return recorder.trace!
    }()

    @Test("message patterns name a message by protocol, receiver, method, roles or names", arguments: [
        ("LoginBusinessLogic.login(request:)", [10, 17]),
        ("login(request:)", [10, 17]),
        ("AuthWorker.login(username:password:)", [11, 18]),
        ("AuthWorker.login", [11, 18]),
        ("login", [10, 11, 17, 18]),
        ("AuthWorker -> Interactor", [12, 19]),
        ("Worker.logout", []),
        ("Interactor -> Worker", [11, 18]),
        ("View -> Interactor: login(request:)", [10, 17]),
        ("LoginViewController → LoginInteractor", [10, 17]),
        ("Router -> View", [34]),
        ("wireframe -> view", [34]),
        ("Presenter -> Interactor", []),
        ("LoginRoutingLogic.showHome()", [25]),
        ("LoginDataStore.userID", [20]),
    ])
    func patterns(_ text: String, _ sequences: [Int]) {
        let pattern = MessagePattern(text)
        #expect(Self.login.events.filter(pattern.matches).map(\.sequence) == sequences)
    }

    @Test("values compare across Int and Double, as shown text, and by the fields a record names", arguments: [
        (Value.int(2), Value.double(2.0), true),
        (.double(7.25), .int(7), false),
        (.string("2"), .int(2), true),
        (.string("Ann"), .string("Ann"), true),
        (.int(2), .string("2"), true),
        (.list([.int(1), .int(2)]), .list([.int(1), .int(2)]), true),
        (.list([.int(1)]), .list([.int(1), .int(2)]), false),
        (.record(Record([("id", .int(2))])), .record(Record([("id", .int(2)), ("name", .string("x"))])), true),
        (.record(Record([("id", .int(3))])), .record(Record([("id", .int(2))])), false),
        (.null, .null, true),
        (.bool(true), .string("true"), true),
    ])
    func values(_ expected: Value, _ actual: Value, _ matches: Bool) {
        #expect(ValueMatch.matches(expected: expected, actual: actual) == matches)
    }

    @Test("nothing matches only an expected null")
    func nothing() {
        #expect(ValueMatch.matches(expected: .null, actual: nil))
        #expect(!ValueMatch.matches(expected: .int(0), actual: nil))
    }
}
