import Foundation
import ScenarioLoader
import ScenarioSpec
import Testing
import TestSupport

@Suite("Example scenarios")
struct ExampleScenarioTests {
    @Test("every scenario in Scenarios/ loads without a diagnostic", arguments: PackagePaths.exampleScenarios())
    func exampleLoads(_ url: URL) throws {
        let result = ScenarioLoader().load(path: url.path)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(result.scenario != nil)
    }

    @Test("there is one example per seed")
    func seedsAreCovered() {
        let names = Set(PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent })
        #expect(names.isSuperset(of: ["Counter-SwiftUI", "Counter-AppState", "PostList-VIPER", "CreateIceCream",
                                      "Login", "Repositories", "Shop"]))
    }

    @Test("the Login example reads into the expected model")
    func loginModel() throws {
        let url = PackagePaths.scenarios.appendingPathComponent("Login.yml")
        let scenario = try #require(ScenarioLoader().load(path: url.path).scenario)
        #expect(scenario.name == "Sign in")
        #expect(scenario.pattern == .cleanSwift)
        #expect(scenario.start == "Login")
        #expect(scenario.scenes.map(\.name) == ["Login", "Home", "Signup"])
        let login = try #require(scenario.scene("Login"))
        #expect(login.dataStore.map(\.name) == ["userID", "firstName"])
        #expect(login.dataStore.map(\.type) == [.optional(.string), .optional(.string)])
        let op = try #require(login.worker("AuthWorker")?.operation("login"))
        #expect(op.latency == 120)
        #expect(op.output == .named("AuthWorker.login.Result"))
        #expect(op.cases.count == 2)
        #expect(op.cases[0].outcome == .result(.record(Record([("userID", .string("42")), ("firstName", .string("Ann"))]))))
        #expect(op.cases[1].outcome == .error("Invalid credentials"))
        #expect(op.cases[0].condition?.text == #"username == "ann" && password == "secret""#)
        let useCase = try #require(login.useCase("Login"))
        #expect(useCase.trigger == .action)
        #expect(useCase.request.map(\.name) == ["username", "password"])
        #expect(useCase.interactor.count == 4)
        #expect(useCase.outputs.count == 1)
        #expect(useCase.outputs[0].viewModel.map(\.name) == ["isSuccess", "message"])
        let route = try #require(login.route("toHome"))
        #expect(route.destination?.value == "Home")
        #expect(route.navigation == .replace)
        #expect(route.pass.map(\.target) == ["userID", "name"])
        #expect(route.method?.value == "showHome()")
        #expect(scenario.story.count == 3)
        guard case .perform(let scene, let name, let request) = scenario.story[1].action else {
            Issue.record("story step 2 is not a 'do'")
            return
        }
        #expect(scene?.value == "Login")
        #expect(name.value == "Login")
        #expect(request.map(\.value) == [FieldValue(path: "username", value: .string("ann")),
                                         FieldValue(path: "password", value: .string("wrong"))])
        #expect(scenario.story[2].expectations?.dataStore.map(\.value) == [
            FieldValue(path: "Login.userID", value: .string("42")), FieldValue(path: "Login.firstName", value: .string("Ann")),
            FieldValue(path: "Home.userID", value: .string("42")), FieldValue(path: "Home.name", value: .string("Ann"))])
        #expect(scenario.story[2].expectations?.messages.map(\.value) == [
            "AuthWorker.login(username:password:)", "LoginRoutingLogic.showHome()"])
    }

    @Test("the ice cream fixture is read and typed by the worker's output")
    func fixtureIsRead() throws {
        let url = PackagePaths.scenarios.appendingPathComponent("CreateIceCream.yml")
        let scenario = try #require(ScenarioLoader().load(path: url.path).scenario)
        let op = try #require(scenario.scene("CreateIceCream")?.worker("IceCreamWorker")?.operation("loadIceCream"))
        guard case .fixture(let path, let value) = op.cases.first?.outcome else {
            Issue.record("no fixture outcome")
            return
        }
        #expect(path == "fixtures/icecream.json")
        #expect(value[field: "cones"] == .list(["Waffle Cone", "Sugar Cone", "Cake Cone", "Cup"].map(Value.string)))
        #expect(value[field: "toppings"] == .list(["Sprinkles", "Hot Fudge", "Whipped Cream", "Cherry"].map(Value.string)))
    }
}
