import Foundation
import Testing
import TestSupport

/// `check`, `diff`, `coverage` and `run --golden`: scenarios as tests in CI.
@Suite("sceneflow check, diff, coverage")
struct CheckCommandTests {
    /// A folder holding `Login.yml`, the Login example with `edit` applied.
    func login(_ edit: (String) -> String = { $0 }) throws -> URL {
        let text = try String(contentsOf: PackagePaths.scenarios.appendingPathComponent("Login.yml"), encoding: .utf8)
        return try CLI.temporaryFile(edit(text), name: "Login.yml").deletingLastPathComponent()
    }

    @Test("every example passes: a line per step, the architecture, the summary, exit 0")
    func examples() throws {
        let result = try CLI.run(["check", "Scenarios/", "--color", "never"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("8 scenarios: 98 checks passed, 0 failed\n"))
        #expect(result.stdout.contains("""
            Scenarios/Login.yml — Sign in (clean-swift)
              ✓ 1  appear Login
              ✓ 2  do Login.Login — Wrong password
              ✓ 3  do Login.Login — Right password
              ✓ architecture: every message follows clean-swift's rules

            """))
        #expect(!result.stdout.contains("✗"))
    }

    @Test("a broken copy fails: where, expected, got, the trace around it; exit 1")
    func broken() throws {
        let folder = try login {
            $0.replacingOccurrences(of: "shown: { message: Invalid credentials }", with: "shown: { message: Wrong credentials }")
                .replacingOccurrences(of: "route: toHome\n      dataStore", with: "route: toSignup\n      dataStore")
        }
        let result = try CLI.run(["check", "Login.yml", "--color", "never"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == """
            Login.yml — Sign in (clean-swift)
              ✓ 1  appear Login
              ✗ 2  do Login.Login — Wrong password
            Login.yml:86:16: error: shown message: expected "Wrong credentials", got "Invalid credentials"
                    13  LoginInteractor → LoginPresenter  LoginPresentationLogic.presentLogin(response:) {firstName: nil, error: "Invalid credentials"}
                    14  LoginPresenter → LoginViewController  LoginDisplayLogic.displayLogin(viewModel:) {isSuccess: false, message: "Invalid credentials"}
                    15  LoginViewController → User  shows message = "Invalid credentials"
              ✗ 3  do Login.Login — Right password
            Login.yml:94:14: error: route: expected toSignup, got toHome
                    23  LoginPresenter → LoginViewController  LoginDisplayLogic.displayLogin(viewModel:) {isSuccess: true, message: "Welcome, Ann"}
                    24  LoginViewController → User  shows message = "Welcome, Ann"
                    25  LoginViewController → LoginRouter  LoginRoutingLogic.showHome()
                    32  LoginRouter → HomeDataStore  passDataToHome(source:destination:): destination.userID = source.userID → "42"
                    33  LoginRouter → HomeDataStore  passDataToHome(source:destination:): destination.name = source.firstName → "Ann"
              ✓ architecture: every message follows clean-swift's rules

            1 scenario: 13 checks passed, 2 failed

            """)
        #expect(result.stderr == "")
    }

    @Test("--junit writes a report that validates against the JUnit schema")
    func junit() throws {
        let folder = try login { $0.replacingOccurrences(of: "Home.name: Ann", with: "Home.name: Bob") }
        let bad = folder.appendingPathComponent("Bad.yml")
        try Data("scenario: [\n".utf8).write(to: bad)
        let result = try CLI.run(["check", "Login.yml", "Bad.yml", "--junit", "report/junit.xml"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.hasSuffix("2 scenarios: 14 checks passed, 1 failed, 1 scenario with errors\n"))
        #expect(result.stderr.hasPrefix("Bad.yml:2:1: error: invalid YAML"))
        let report = folder.appendingPathComponent("report/junit.xml")
        #expect(try ExternalTool.xmlSchemaErrors(schema: PackagePaths.tests.appendingPathComponent("StoryCheckTests/Schemas/junit.xsd"),
                                                 file: report) == nil)
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"sceneflow check\" tests=\"16\" failures=\"1\" errors=\"1\" time=\"0\">"))
        #expect(xml.contains("<failure message=\"expected &quot;Bob&quot;, got &quot;Ann&quot;\" type=\"expectation\">Login.yml:95:81: expected"))
    }

    @Test("--exhaustive names every change the story did not expect")
    func exhaustive() throws {
        let result = try CLI.run(["check", "Scenarios/CreateIceCream.yml", "Scenarios/Login.yml", "--exhaustive", "--color", "never"])
        #expect(result.status == 0, "Login and CreateIceCream expect everything they change")
        let repositories = try CLI.run(["check", "Scenarios/Repositories.yml", "--exhaustive", "--color", "never"])
        #expect(repositories.status == 1)
        #expect(repositories.stdout.contains("""
              ✗ 2  do RepositoryList.SelectRepository — Tap the second row
            Scenarios/Repositories.yml:105:5: error: exhaustive: expected every change of the step in 'expect:', got 2 not expected
                    DataStore RepositoryShow.repository became {id: 2, name: "VIP-Architecture", owner: "sumantkanala", st… — expect 'dataStore: { RepositoryShow.repository: … }'
                    event 34 called RepositoryWorker.fetchRepository(id:) — expect 'messages: [RepositoryWorker.fetchRepository(id:)]'

            """))
    }

    @Test("run --golden records, check --golden compares: the same passes, a change fails with the diff")
    func golden() throws {
        let folder = try login()
        let recorded = try CLI.run(["run", "Login.yml", "--golden", "flows", "--no-diagrams", "--quiet"], in: folder)
        #expect(recorded.status == 0)
        #expect(recorded.stdout.hasSuffix("  golden: flows/Login.jsonl\n"))
        let golden = folder.appendingPathComponent("flows/Login.jsonl")
        #expect(FileManager.default.fileExists(atPath: golden.path))
        let same = try CLI.run(["check", "Login.yml", "--golden", "flows", "--color", "never"], in: folder)
        #expect(same.status == 0)
        #expect(same.stdout.contains("  ✓ golden trace: the same messages as Login.jsonl\n"))

        var text = try String(contentsOf: folder.appendingPathComponent("Login.yml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "latency: 120ms", with: "latency: 300ms")
        try Data(text.utf8).write(to: folder.appendingPathComponent("Login.yml"))
        let slower = try CLI.run(["check", "Login.yml", "--golden", "flows", "--color", "never"], in: folder)
        #expect(slower.status == 1)
        #expect(slower.stdout.contains("""
              ✗ golden trace
            error: golden trace: expected the same messages as Login.jsonl, got 0 inserted, 0 removed, 2 changed, 37 unchanged
                      … 10 unchanged
                      11  LoginInteractor → AuthWorker  login(username:password:) {username: "ann", password: "wrong"}
                    ~ 12  AuthWorker ⇢ LoginInteractor  login(username:password:) ✗ "Invalid credentials"
                          +120 ms → +300 ms after the previous message
                          latency 120 ms → 300 ms
                      13  LoginInteractor → LoginPresenter  LoginPresentationLogic.presentLogin(response:) {firstName: nil, error: "Invalid credentials"}
                      … 4 unchanged

            """))
        let missing = try CLI.run(["check", "Login.yml", "--golden", "elsewhere", "--color", "never"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("""
              ✗ golden trace
            error: golden trace: expected a golden trace at elsewhere/Login.jsonl, got none; record it with 'sceneflow run FILE --golden elsewhere'

            """))
    }

    @Test("diff: two scenarios or traces, aligned like a text diff; exit 1 when they differ, 2 on an error")
    func diff() throws {
        let folder = try login()
        let changed = try login { $0.replacingOccurrences(of: "firstName: Ann }", with: "firstName: Anna }") }
        _ = try CLI.run(["run", "Login.yml", "--no-diagrams", "--quiet", "--out", "out"], in: folder)
        let result = try CLI.run(["diff", "out/Login/trace.jsonl", changed.appendingPathComponent("Login.yml").path,
                                  "--context", "0", "--color", "never"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == """
            --- out/Login/trace.jsonl (39 messages)
            +++ \(changed.path)/Login.yml (39 messages)
              … 18 unchanged
            ~ 19  AuthWorker ⇢ LoginInteractor  login(username:password:) → {userID: "42", firstName: "Anna"}
                  payload {userID: "42", firstName: "Ann"} → {userID: "42", firstName: "Anna"}
              … 1 unchanged
            ~ 21  LoginInteractor → LoginDataStore  firstName = "Anna"
                  payload "Ann" → "Anna"
            ~ 22  LoginInteractor → LoginPresenter  LoginPresentationLogic.presentLogin(response:) {firstName: "Anna", error: nil}
                  payload {firstName: "Ann", error: nil} → {firstName: "Anna", error: nil}
            ~ 23  LoginPresenter → LoginViewController  LoginDisplayLogic.displayLogin(viewModel:) {isSuccess: true, message: "Welcome, Anna"}
                  payload {isSuccess: true, message: "Welcome, Ann"} → {isSuccess: true, message: "Welcome, Anna"}
            ~ 24  LoginViewController → User  shows message = "Welcome, Anna"
                  payload "Welcome, Ann" → "Welcome, Anna"
              … 8 unchanged
            ~ 33  LoginRouter → HomeDataStore  passDataToHome(source:destination:): destination.name = source.firstName → "Anna"
                  payload "Ann" → "Anna"
              … 3 unchanged
            ~ 37  HomeInteractor → HomePresenter  HomePresentationLogic.presentGreet(response:) {name: "Anna"}
                  payload {name: "Ann"} → {name: "Anna"}
            ~ 38  HomePresenter → HomeViewController  HomeDisplayLogic.displayGreet(viewModel:) {greeting: "Hello, Anna!"}
                  payload {greeting: "Hello, Ann!"} → {greeting: "Hello, Anna!"}
            ~ 39  HomeViewController → User  shows greeting = "Hello, Anna!"
                  payload "Hello, Ann!" → "Hello, Anna!"
            0 inserted, 0 removed, 9 changed, 30 unchanged

            """)
        let same = try CLI.run(["diff", "Login.yml", "out/Login/trace.jsonl"], in: folder)
        #expect(same.status == 0)
        #expect(same.stdout == """
            --- Login.yml (39 messages)
            +++ out/Login/trace.jsonl (39 messages)
              … 39 unchanged
            0 inserted, 0 removed, 0 changed, 39 unchanged

            """)
        #expect(try CLI.run(["diff", "Login.yml", "nothing.jsonl"], in: folder).status == 2)
        #expect(try CLI.run(["diff", "Login.yml", "Login.yml", "--context", "-1"], in: folder).status == 2)
    }

    @Test("coverage: a table per scenario, what was not exercised with its place, coverage.svg; --minimum fails below")
    func coverage() throws {
        let folder = try login()
        let result = try CLI.run(["coverage", "Login.yml", "--out", "out"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == """
            Login.yml — Sign in
              scenes                 2/  3   67%
              routes                 1/  2   50%
              use cases              2/  3   67%
              worker outcomes        2/  2  100%
              data-passing fields    2/  2  100%
              total                  9/ 12   75%
              not exercised:
                Login.yml:45:7: use case Login.Signup
                Login.yml:57:7: route Login.toSignup → Signup
                Login.yml:75:3: scene Signup
              map: out/Login/coverage.svg

            total: 9 of 12 (75%)

            """)
        let svg = try String(contentsOf: folder.appendingPathComponent("out/Login/coverage.svg"), encoding: .utf8)
        #expect(svg.contains("Sign in — coverage 75%"))
        #expect(svg.contains("text-decoration=\"line-through\" font-size=\"8.00\" fill=\"#b91c1c\">Signup</text>"),
                "the use case the story never ran is struck out in red")
        let strict = try CLI.run(["coverage", "Login.yml", "--out", "out", "--minimum", "80"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr == "coverage 75% is below --minimum 80%\n")
    }
}
