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
    var dataStore: Record
    var viewState: Record
    /// Label → value, in the order the View first showed them.
    var shown = Record()
    var lastViewModel: Value?

    let view: Participant
    let interactor: Participant
    let presenter: Participant
    let router: Participant
    let dataStoreParticipant: Participant
    let configurator: Participant
    private var workers: [String: Participant] = [:]

    init(scene: Scene, number: Int, names: SceneNames) {
        self.scene = scene
        self.names = names
        self.number = number
        dataStore = Record(scene.dataStore.map { ($0.name, $0.initialValue ?? .null) })
        viewState = Record(scene.view.state.map { ($0.name, $0.initialValue ?? .null) })
        view = names.viewTemplate.participant(instance: number)
        interactor = names.interactorTemplate.participant(instance: number)
        presenter = names.presenterTemplate.participant(instance: number)
        router = names.routerTemplate.participant(instance: number)
        dataStoreParticipant = names.dataStoreTemplate.participant(instance: number)
        configurator = names.configuratorTemplate.participant(instance: number)
        for (name, template) in names.workerTemplates {
            workers[name] = template.participant(instance: number)
        }
    }

    func worker(_ name: String) -> Participant {
        workers[name] ?? Participant(role: .worker, name: name, scene: scene.name, instance: number)
    }

    var label: String { "\(scene.name)#\(number)" }
}
