import ScenarioSpec
import TraceFormat

/// One live instance of a scene: its components' state and what its View shows.
final class SceneInstance {
    let scene: Scene
    /// The names its messages carry, shared by every instance of the scene.
    let names: SceneNames
    /// 1 for the first time the scene is shown, 2 for the next, …
    let number: Int
    /// How it was shown, which decides how `back` removes it.
    var navigation: Route.Navigation?
    /// How it was presented, when it was (`presentation:`); nil: full screen.
    var presentation: Route.Presentation?

    /// Whether the scene below stayed on screen under it (a sheet, an over-full-screen alert): taking it off then
    /// brings nothing back on screen.
    var keptBelowOnScreen: Bool { navigation == .present && presentation?.keepsBelowOnScreen == true }
    var dataStore: Record
    var viewState: Record
    /// Label → value, in the order the View first showed them.
    var shown = Record()
    var lastViewModel: Value?
    /// A tab bar's tabs (`tabs:`), made when it comes on screen; what each tab shows (its root first, what was pushed on
    /// it after), kept while another tab is selected; and the selected tab. Empty for other scenes.
    var tabs: [SceneInstance] = []
    var tabStacks: [[SceneInstance]] = []
    var selectedTab = 0

    let configurator: Participant
    let view: Participant
    let interactor: Participant
    let presenter: Participant
    let router: Participant
    let dataStoreParticipant: Participant
    private var workers: [String: Participant] = [:]

    /// - Parameter participant: makes a participant with the next number of the run.
    init(scene: Scene, number: Int, names: SceneNames,
         participant: (ComponentRole, String, SceneName, Int) -> Participant) {
        self.scene = scene
        self.names = names
        self.number = number
        dataStore = Record(scene.dataStore.map { ($0.name, $0.initialValue ?? .null) })
        viewState = Record(scene.view.state.map { ($0.name, $0.initialValue ?? .null) })
        // In the order the wiring first names them, so the trace's participant numbers mostly read in order.
        configurator = participant(.configurator, names.configurator, scene.name, number)
        view = participant(.view, names.view, scene.name, number)
        interactor = participant(.interactor, names.interactor, scene.name, number)
        presenter = participant(.presenter, names.presenter, scene.name, number)
        router = participant(.router, names.router, scene.name, number)
        dataStoreParticipant = participant(.dataStore, names.dataStoreComponent, scene.name, number)
        for worker in scene.workers {
            workers[worker.name.rawValue] = participant(.worker, worker.name.rawValue, scene.name, number)
        }
    }

    /// The scene's worker called `name` (the loader checked it is declared).
    func worker(_ name: String) -> Participant { workers[name]! }

    var label: String { "\(scene.name)#\(number)" }
}
