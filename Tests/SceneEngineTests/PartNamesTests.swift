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

@Suite("A scene without its router")
struct WithoutRouterTests {
    @Test("'without: [router]' wires no router into a VIPER module; routes there are refused; in a Clean Swift scene without routes it has no effect")
    func without() throws {
        let yaml = """
            scenario: Reviews
            pattern: viper
            scenes:
              Reviews:
                without: [router]
                useCases:
                  Load:
                    trigger: load
                    interactor: [{ respond: {} }]
                    presenter:
                      - display: showReviews()
            story:
              - appear: Reviews
            """
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "reviews.yml").scenario)
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        let wiring = try #require(recorder.trace).events.filter { $0.kind == .configure }.map { "\($0.to.name)  \($0.text())" }
        #expect(wiring == ["ReviewsView  presenter = ReviewsPresenter", "ReviewsPresenter  view = ReviewsView",
                           "ReviewsPresenter  interactor = ReviewsInteractor", "ReviewsInteractor  presenter = ReviewsPresenter"])
        let routed = ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "story:", with: "    routes: { toMore: Reviews }\nstory:"), file: "reviews.yml")
        #expect(routed.diagnostics.map { "\($0.location!) \($0.message)" } == ["reviews.yml:12:15 scene 'Reviews' is without its router, so it has no routes"])
        // Clean Swift wires a Router into every scene, routes or not: without it, none.
        let clean = try #require(ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "pattern: viper\n", with: ""), file: "reviews.yml").scenario)
        let cleanRun = TraceRecorder()
        _ = try Engine(scenario: clean).run(into: cleanRun)
        #expect(try #require(cleanRun.trace).events.filter { $0.kind == .configure }.map { "\($0.to.name)  \($0.text())" } == [
            "ReviewsViewController  interactor = ReviewsInteractor", "ReviewsInteractor  presenter = ReviewsPresenter",
            "ReviewsPresenter  viewController = ReviewsViewController",
        ])
        // The SwiftUI variant wires its Router only where there are routes: there, 'without' changes nothing.
        let swiftUI = ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "pattern: viper", with: "pattern: swiftui"), file: "reviews.yml")
        #expect(swiftUI.diagnostics.map { "\($0.location!) \($0.message)" }.contains("reviews.yml:4:3 'without: [router]' has no effect: scene 'Reviews' has no routes, so swiftui wires no router for it"))
    }
}

@Suite("The View's appear method as the app names it")
struct AppearNameTests {
    @Test("'names: { appear: viewDidAppear(_:) }' is traced where the View comes on screen; without an appear use case it has no effect")
    func appear() throws {
        let yaml = """
            scenario: Anime
            scenes:
              Anime:
                names: { appear: "viewDidAppear(_:)" }
                useCases:
                  Refresh:
                    trigger: appear
                    interactor: [{ respond: {} }]
                routes:
                  toDetail: Detail
              Detail: {}
            story:
              - appear: Anime
              - route: Anime.toDetail
              - back
            """
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "anime.yml").scenario)
        let recorder = TraceRecorder()
        #expect(try Engine(scenario: scenario).run(into: recorder).completed)
        #expect(try #require(recorder.trace).events.filter { $0.kind == .load || $0.kind == .appear }.map { "\($0.to.name) \($0.text())" } == [
            "AnimeViewController viewDidLoad()", "DetailViewController viewDidLoad()", "AnimeViewController viewDidAppear(_:)",
        ])
        let loaded = ScenarioLoader().load(yaml: yaml.replacingOccurrences(of: "trigger: appear", with: "trigger: load"), file: "anime.yml")
        #expect(loaded.diagnostics.map { "\($0.location!) \($0.message)" } == [
            "anime.yml:4:22 'appear: viewDidAppear(_:)' has no effect: no use case of 'Anime' runs when it comes on screen",
        ])
    }
}
