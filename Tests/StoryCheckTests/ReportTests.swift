import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import StoryCheck
import Testing
import TestSupport
import TraceFormat

@Suite("check: architecture, JUnit, golden traces, coverage")
struct ReportTests {
    static func trace(_ name: String) throws -> (Scenario, Trace) {
        let scenario = try #require(ScenarioLoader().load(path: PackagePaths.scenarios.appendingPathComponent("\(name).yml").path).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder, hooks: EngineHooks())
        return (scenario, try #require(recorder.trace))
    }

    @Test("a message that skips the Presenter breaks the pattern's rules, named by rule")
    func architecture() throws {
        var (scenario, trace) = try Self.trace("Login")
        #expect(StoryChecker().architecture(trace, pattern: scenario.pattern).passed)
        // The Interactor formats and displays by itself: Interactor → View.
        let index = try #require(trace.events.firstIndex { $0.kind == .display })
        let interactor = try #require(trace.events.first { $0.to.role == .interactor }?.to)
        trace.events[index].from = interactor
        let check = StoryChecker().architecture(trace, pattern: scenario.pattern)
        #expect(!check.passed)
        #expect(check.actual == "event 14 Interactor → View breaks clean-swift/one-way")
        #expect(check.excerpt == ["14  LoginInteractor → LoginViewController  LoginDisplayLogic.displayLogin(viewModel:) {isSuccess: false, message: \"Invalid credentials\"}"])
        #expect(check.location == trace.events[index].location)
        // VIPER forbids it too: its Interactor talks to the Presenter only.
        #expect(!StoryChecker().architecture(trace, pattern: .viper).passed)
    }

    static var junitSchema: URL { PackagePaths.tests.appendingPathComponent("StoryCheckTests/Schemas/junit.xsd") }

    static func validate(_ xml: String) throws -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ExternalTool.xmlSchemaErrors(schema: junitSchema, file: file)
    }

    @Test("JUnit XML validates against the JUnit schema, one testcase per expectation")
    func junit() throws {
        var yaml = try example("Login")
        yaml = yaml.replacingOccurrences(of: "scene: Home", with: "scene: Login")
        let broken = try checked(try load(yaml, file: "Login <broken> & \"quoted\".yml"))
        let (scenario, _) = try Self.trace("Counter-SwiftUI")
        let passing = try checked(scenario)
        let xml = JUnitReport.xml([passing, broken], errors: [
            JUnitReport.ScenarioError(file: "bad.yml", message: "bad.yml:1:11: error: invalid YAML\u{1}\n  scenario: [\n"),
        ])
        #expect(try Self.validate(xml) == nil)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == passing.checks.count + broken.checks.count + 1)
        #expect(xml.contains("<testsuites name=\"sceneflow check\" tests=\"21\" failures=\"1\" errors=\"1\" time=\"0\">"))
        #expect(xml.contains("""
                <testcase classname="Login &lt;broken&gt; &amp; &quot;quoted&quot;.yml" name="step 3 · do Login.Login — Right password · scene" time="0">
                  <failure message="expected Login, got Home" type="expectation">Login &lt;broken&gt; &amp; &quot;quoted&quot;.yml:93:14: expected Login, got Home
            32  LoginRouter → HomeDataStore  passDataToHome(source:destination:): destination.userID = source.userID → &quot;42&quot;
            """))
        #expect(xml.contains("""
                <testcase classname="bad.yml" name="loads" time="0">
                  <error message="bad.yml:1:11: error: invalid YAML\u{FFFD}" type="scenario">bad.yml:1:11: error: invalid YAML\u{FFFD}
              scenario: [
            </error>
            """), "control characters XML cannot hold become U+FFFD")
    }

    @Test("the schema rejects what CI systems would not read")
    func schemaCanFail() throws {
        #expect(try Self.validate("<testsuites><testsuite tests=\"1\"><testcase name=\"x\" classname=\"y\"/></testsuite></testsuites>")?
            .contains("The attribute 'name' is required but missing") == true)
        #expect(try Self.validate("<testsuites><testsuite name=\"s\" tests=\"1\"><testcase name=\"x\" classname=\"y\"><oops/></testcase></testsuite></testsuites>") != nil)
    }

    @Test("a run compared with its golden trace: the same passes, a change fails with the aligned diff")
    func golden() throws {
        let (_, trace) = try Self.trace("Login")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = GoldenTrace.file(named: "Login", in: folder)
        #expect(file.lastPathComponent == "Login.jsonl")
        let missing = GoldenTrace.compare(trace, with: file)
        #expect(!missing.passed)
        #expect(missing.actual == "none; record it with 'sceneflow run FILE --golden \(folder.path)'")
        try Data(TraceEncoder.encode(trace)).write(to: file)
        #expect(GoldenTrace.compare(trace, with: file) == StoryChecker.Check(
            name: "golden trace", passed: true, expected: "the same messages as Login.jsonl", actual: "the same", location: nil))

        // Ann's first name changes, and the wrong password no longer reaches the worker.
        var yaml = try example("Login").replacingOccurrences(of: "firstName: Ann }", with: "firstName: Anna }")
        yaml = yaml.replacingOccurrences(of: "request: { username: ann, password: wrong }", with: "request: { username: ann, password: \"\" }")
        yaml = yaml.replacingOccurrences(of: "shown: { message: Invalid credentials }", with: "shown: { message: Enter your username and password }")
        let changed = try checked(try load(yaml, file: "Login.yml")).trace
        let check = GoldenTrace.compare(changed, with: file)
        #expect(!check.passed)
        #expect(check.actual == "0 inserted, 2 removed, 14 changed, 23 unchanged")
        #expect(Array(check.excerpt.prefix(16)) == [
            "  … 7 unchanged",
            "  8  LoginViewController → LoginViewController  viewDidLoad()",
            "~ 9  User → LoginViewController  Login {username: \"ann\", password: \"\"}",
            "      payload {username: \"ann\", password: \"wrong\"} → {username: \"ann\", password: \"\"}",
            "~ 10  LoginViewController → LoginInteractor  LoginBusinessLogic.login(request:) {username: \"ann\", password: \"\"}",
            "      payload {username: \"ann\", password: \"wrong\"} → {username: \"ann\", password: \"\"}",
            "- 11  LoginInteractor → AuthWorker  login(username:password:) {username: \"ann\", password: \"wrong\"}",
            "- 12  AuthWorker ⇢ LoginInteractor  login(username:password:) ✗ \"Invalid credentials\"",
            "~ 11  LoginInteractor → LoginPresenter  LoginPresentationLogic.presentLogin(response:) {firstName: nil, error: \"Enter your username and password\"}",
            "      payload {firstName: nil, error: \"Invalid credentials\"} → {firstName: nil, error: \"Enter your username and password\"}",
            "~ 12  LoginPresenter → LoginViewController  LoginDisplayLogic.displayLogin(viewModel:) {isSuccess: false, message: \"Enter your username and passwo…",
            "      payload {isSuccess: false, message: \"Invalid credentials\"} → {isSuccess: false, message: \"Enter your username and password\"}",
            "~ 13  LoginViewController → User  shows message = \"Enter your username and password\"",
            "      payload \"Invalid credentials\" → \"Enter your username and password\"",
            "  14  User → LoginViewController  Login {username: \"ann\", password: \"secret\"}",
            "  … 1 unchanged",
        ], "one unchanged message around each change; a slower or faster step is not a change of every later message")
        #expect(check.excerpt.count == 31)
        #expect(check.excerpt.last == "… 12 more lines; see 'sceneflow diff'")
    }

    @Test("coverage of Login: what the story reached, and where the rest is declared")
    func loginCoverage() throws {
        let (scenario, _) = try Self.trace("Login")
        let coverage = try coverage(scenario)
        #expect(coverage.items.map { "\($0.kind.rawValue) | \($0.name) | \($0.hits) | \($0.location.line):\($0.location.column)" } == [
            "scenes | Login | 1 | 10:3",
            "use cases | Login.Login | 2 | 23:7",
            "use cases | Login.Signup | 0 | 45:7",
            "routes | Login.toHome → Home | 1 | 52:7",
            "data-passing fields | Login.toHome: userID | 1 | 55:17",
            "data-passing fields | Login.toHome: name | 1 | 55:40",
            "routes | Login.toSignup → Signup | 0 | 57:7",
            "worker outcomes | Login.AuthWorker.login result when username == \"ann\" && password == \"secret\" | 1 | 18:15",
            "worker outcomes | Login.AuthWorker.login error \"Invalid credentials\" | 1 | 20:15",
            "scenes | Home | 1 | 61:3",
            "use cases | Home.Greet | 1 | 64:7",
            "scenes | Signup | 0 | 75:3",
        ])
        #expect(coverage.counts(.scene) == (2, 3))
        #expect(Int(coverage.percentage.rounded()) == 75)
    }
}
