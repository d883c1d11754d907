import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Testing
import TraceFormat

/// A scene's parts and protocols as the app names them (`names:`): the run's messages carry those names.
@Suite("Parts named as the app names them")
struct PartNamesTests {
    static let yaml = """
        scenario: Named
        pattern: viper
        scenes:
          GendreList:
            names:
              view: GendreListViewController
              router: DefaultRouter
              configurator: HomeTabRoute.makeHomeTab()
              protocols:
                presenterInput: BaseListViewToPresenterProtocol
                businessLogic: BaseListPresentorToInteractorProtocol
                presentationLogic: BaseListInteractorToPresenterProtocol
                displayLogic: BasePresenterToViewProtocol
            useCases:
              Load:
                trigger: load
                methods: { event: viewDidLoad(), interactor: fetchGendre() }
                interactor: [{ respond: {} }]
                presenter:
                  - display: showGendreList()
        story:
          - appear: GendreList
            expect: { messages: [GendreListViewController.viewDidLoad(), BaseListPresentorToInteractorProtocol.fetchGendre()] }
        """

    @Test("the trace names the View, the Router, what wires the scene and every protocol as the app does")
    func trace() throws {
        let loaded = ScenarioLoader().load(yaml: Self.yaml, file: "named.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.isEmpty, "generate's limit (generate/names) is validate's to say: the loader says nothing")
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        let lines = try #require(recorder.trace).events.map { "\($0.from.name) → \($0.to.name)  \($0.text())" }
        #expect(lines == [
            "HomeTabRoute.makeHomeTab() → GendreListViewController  presenter = GendreListPresenter",
            "HomeTabRoute.makeHomeTab() → GendreListPresenter  view = GendreListViewController",
            "HomeTabRoute.makeHomeTab() → GendreListPresenter  wireFrame = DefaultRouter",
            "HomeTabRoute.makeHomeTab() → GendreListPresenter  interactor = GendreListInteractor",
            "HomeTabRoute.makeHomeTab() → GendreListInteractor  presenter = GendreListPresenter",
            "GendreListViewController → GendreListViewController  viewDidLoad()",
            "GendreListViewController → GendreListPresenter  BaseListViewToPresenterProtocol.viewDidLoad()",
            "GendreListPresenter → GendreListInteractor  BaseListPresentorToInteractorProtocol.fetchGendre()",
            "GendreListInteractor → GendreListPresenter  BaseListInteractorToPresenterProtocol.load()",
            "GendreListPresenter → GendreListViewController  BasePresenterToViewProtocol.showGendreList()",
        ])
    }

    @Test("a name Swift does not take, a part or protocol the pattern does not have, and two parts of one name are refused")
    func refusals() {
        let yaml = """
            scenario: Named
            scenes:
              Login:
                names:
                  view: Login-Screen
                  wireFrame: X
                  router: LoginInteractor
                  protocols: { presenterInput: LoginOutput, displayLogic: LoginDisplaying }
            """
        let loaded = ScenarioLoader().load(yaml: yaml, file: "named.yml")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.message)" } == [
            "5:13 'Login-Screen' is no Swift type name; the view of scene 'Login' needs one",
            "6:7 unknown key 'wireFrame' in 'names' of scene 'Login'",
            "7:15 the router of scene 'Login' is named 'LoginInteractor', as is its interactor",
            "8:20 unknown key 'presenterInput' in 'protocols' of scene 'Login'",
        ])
    }
}
