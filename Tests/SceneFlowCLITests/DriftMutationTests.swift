import Foundation
import Testing
import TestSupport

/// Mutation testing of `drift`: each kind of change a team makes, seeded into the code and into the scenario of every
/// import fixture, must come out as a new difference; the unmodified pair differs only where the fixture breaks a
/// rule on purpose.
@Suite("drift mutation testing")
struct DriftMutationTests {
    static let folder = PackagePaths.tests.appendingPathComponent("CodeImportTests")

    /// `sceneflow-corpus mutants SCENARIO CODE`, built beside `sceneflow`.
    func mutants(_ fixture: String) throws -> (status: Int32, output: String) {
        let tool = try CLI.binary.deletingLastPathComponent().appendingPathComponent("sceneflow-corpus")
        let process = Process()
        process.executableURL = tool
        process.arguments = ["mutants", "Expected/\(fixture).yml", "Fixtures/\(fixture)"]
        process.currentDirectoryURL = Self.folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static let fixtures = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Expected").path))?
        .filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }.sorted() ?? []

    /// What the fixtures hold strongly on purpose: the unmodified pair's only differences.
    static let strongOnPurpose = ["own-names": 1, "retain-cycle": 1, "viper-to": 3]

    @Test("every mutant of every fixture is killed", arguments: fixtures)
    func everyMutantKilled(_ fixture: String) throws {
        let result = try mutants(fixture)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let expected = Self.strongOnPurpose[fixture] ?? 0
        #expect(lines.first == "unmodified: \(expected) difference\(expected == 1 ? "" : "s")", "\(result.output)")
        #expect(!lines.contains { $0.hasPrefix("SURVIVED") }, "\(result.output)")
        let summary = try #require(lines.last?.firstMatch(of: /^killed (\d+) of (\d+)/))
        #expect(summary.1 == summary.2 && Int(summary.2)! >= 3)
    }

    @Test("the kinds seeded into the current-template fixture, each found as what it is")
    func currentFixture() throws {
        let result = try mutants("current")
        #expect(result.status == 0)
        #expect(result.output == """
            unmodified: 0 differences
            killed   code rename-use-case-method: Home: 'greet' renamed 'greetMutant' in 2 files
                'Home.Greet': the scenario's Interactor method is 'greet(request:)', the code's 'greetMutant(request:)'
            killed   code drop-route: Home: the route method 'routeToLogin' deleted
                route 'Home.toLogin': the scenario's method is 'routeToLogin(segue:)', the code's 'navigateToLogin(source:destination:)'
            killed   code add-datastore-field: Home: DataStore field 'mutantField' added at current/Shop/Scenes/Home/HomeInteractor.swift:8
                'Home.DataStore' has 'mutantField' in the code, not in the scenario
            killed   code change-field-type: Home: DataStore field 'name' typed MutantType at current/Shop/Scenes/Home/HomeInteractor.swift:8
                'Home.DataStore.name' is 'String?' in the scenario, 'MutantType' in the code
            killed   code pass-one-more-field: Login: route 'toHome' also fills 'mutantPassed' at current/Shop/Scenes/Login/LoginRouter.swift:34
                route 'Login.toHome' passes 'mutantPassed' in the code, not in the scenario
                'Home.DataStore' has 'mutantPassed' in the code, not in the scenario
            killed   code add-worker-call: Login: 'signIn' also calls authWorker?.mutantOperation() at current/Shop/Scenes/Login/LoginInteractor.swift:19
                'Login' calls 'AuthWorker.mutantOperation' in the code, not in the scenario
            killed   code strong-reference: Home: 'viewController' held strongly at current/Shop/Scenes/Home/HomePresenter.swift:8
                'Home': HomePresenter.viewController holds the View strongly, closing a retain cycle of 3 strong references; the Presenter holds its View weakly: the View holds the Interactor, which holds the Presenter, so a strong reference back is a retain cycle and the scene never leaves memory [clean-swift/weak-view]
            killed   scenario rename-use-case-method: Login: the Interactor method of 'SignIn', 'signIn(request:)', renamed 'signInMutant(request:)'
                'Login.SignIn': the scenario's Interactor method is 'signInMutant(request:)', the code's 'signIn(request:)'
            killed   scenario drop-route: Login: route 'toHome' removed
                route 'Login.toHome' is in the code but not in the scenario
            killed   scenario add-datastore-field: Login: DataStore field 'mutantField' added
                'Login.DataStore' has 'mutantField' in the scenario, not in the code
            killed   scenario change-field-type: Login: DataStore field 'user' typed MutantType
                'Login.DataStore.user' is 'MutantType' in the scenario, 'User?' in the code
            killed   scenario pass-one-more-field: Login: route 'toHome' also passes 'mutantPassed'
                route 'Login.toHome' passes 'mutantPassed' in the scenario, not in the code
            killed   scenario add-worker-operation: Login: worker 'AuthWorker' gains 'mutantOperation'
                'Login' calls 'AuthWorker.mutantOperation' in the scenario, not in the code
            killed   scenario rename-display-method: Login: display method 'displaySignIn(viewModel:)' renamed 'displaySignInMutant(viewModel:)'
                'Login.SignIn': the scenario's display method is 'displaySignInMutant(viewModel:)', the code's 'displaySignIn(viewModel:)'
            killed 14 of 14

            """)
    }

    @Test("drift: a strong reference where the pattern holds it weakly is a difference with both places; an acceptance takes it back")
    func strongReference() throws {
        let drift = try CLI.run(["drift", "Expected/retain-cycle.yml", "Fixtures/retain-cycle", "--color", "never"], in: Self.folder)
        #expect(drift.status == 1)
        #expect(drift.stderr == """
            Expected/retain-cycle.yml:10:3: error: 'Orders': OrdersPresenter.viewController holds the View strongly, closing a retain cycle of 3 strong references; the Presenter holds its View weakly: the View holds the Interactor, which holds the Presenter, so a strong reference back is a retain cycle and the scene never leaves memory [clean-swift/weak-view]
            retain-cycle/Orders/Orders.swift:29:7: note: the code says it here

            """)
        #expect(drift.stdout == """
            1 difference

            """)
        let accept = try CLI.temporaryFile("""
            accept:
              - rule: clean-swift/weak-view
                at: retain-cycle/Orders/Orders.swift:29
                reason: the list screen is never released anyway

            """, name: "accepted.yml")
        let accepted = try CLI.run(["drift", "Expected/retain-cycle.yml", "Fixtures/retain-cycle", "--accept", accept.path, "--color", "never"],
                                   in: Self.folder)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(accepted.stdout == "✓ the scenario and the code agree\n")
    }

    @Test("drift across patterns: said once on the first line; DataStores held by different parts are not compared field by field")
    func acrossPatterns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-drift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let translated = try CLI.run(["translate", Self.folder.appendingPathComponent("Expected/current.yml").path, "--to", "swiftui",
                                      "-o", "current-swiftui.yml"], in: folder)
        #expect(translated.status == 0, "\(translated.stderr)")
        let drift = try CLI.run(["drift", "current-swiftui.yml", Self.folder.appendingPathComponent("Fixtures/current").path, "--color", "never"],
                                in: folder)
        #expect(drift.status == 1)
        #expect(drift.stderr == """
            current-swiftui.yml:1:1: error: the scenario is 'swiftui', the code reads as 'clean-swift' (Clean Swift (BusinessLogic protocols)); their DataStores are held by different parts, so DataStore fields are not compared
            current-swiftui.yml:47:11: error: 'Login.SignIn.Response' has 'storedUser' in the scenario, not in the code
            current-swiftui.yml:55:11: error: 'Login.SignIn.ViewModel' has 'storedUser' in the scenario, not in the code
            current-swiftui.yml:79:11: error: 'Home.Greet.Request' has 'name' in the scenario, not in the code

            """)
        #expect(drift.stdout == """
            4 differences

            """)
    }
}

/// The corpus apps modelled by hand (Tests/Corpus/Models) stay valid scenarios whose stories pass.
@Suite("corpus apps modelled by hand")
struct CorpusModelTests {
    static let folder = PackagePaths.tests.appendingPathComponent("Corpus/Models")

    @Test("each model validates and its story passes check")
    func modelsCheck() throws {
        let result = try CLI.run(["check", Self.folder.path, "--color", "never"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("9 scenarios: 542 checks passed, 0 failed\n"), "\(result.stdout)")
    }
}
