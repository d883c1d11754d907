/// How a pattern names its components, protocols and methods, as the seeds' code does: `LoginInteractor`,
/// `LoginBusinessLogic.login(request:)`, `PostListInteractorOutputProtocol.didRetrievePosts(_:)`.
/// Signatures given in the scenario (`methods:`, `method:`) win over these conventions.
public struct PatternConventions: Sendable, Hashable {
    public let pattern: Pattern

    public init(_ pattern: Pattern) { self.pattern = pattern }

    // MARK: - Components

    /// The type name of a scene's component.
    public func componentName(_ role: ComponentRole, scene: SceneName) -> String {
        switch role {
        case .user: return "User"
        case .configurator: return pattern == .viper ? "\(scene)WireFrame.create\(scene)Module()" : "\(scene)Configurator"
        case .view: return pattern == .cleanSwift ? "\(scene)ViewController" : "\(scene)View"
        case .interactor: return "\(scene)Interactor"
        case .presenter: return "\(scene)Presenter"
        case .router: return pattern == .viper ? "\(scene)WireFrame" : "\(scene)Router"
        case .dataStore: return "\(scene)DataStore"
        case .worker: return "\(scene)Worker"
        case .appState: return "AppState"
        }
    }

    // MARK: - Protocols

    /// View → Interactor (clean-swift, swiftui) or Presenter → Interactor (viper); appstate calls the struct directly.
    public func businessLogic(_ scene: SceneName) -> String? {
        switch pattern {
        case .cleanSwift, .swiftUI: "\(scene)BusinessLogic"
        case .viper: "\(scene)InteractorInputProtocol"
        case .appState: nil
        }
    }

    /// Interactor → Presenter.
    public func presentationLogic(_ scene: SceneName) -> String? {
        switch pattern {
        case .cleanSwift, .swiftUI: "\(scene)PresentationLogic"
        case .viper: "\(scene)InteractorOutputProtocol"
        case .appState: nil
        }
    }

    /// Presenter → View.
    public func displayLogic(_ scene: SceneName) -> String? {
        switch pattern {
        case .cleanSwift, .swiftUI: "\(scene)DisplayLogic"
        case .viper: "\(scene)ViewProtocol"
        case .appState: nil
        }
    }

    /// View → Router (clean-swift, swiftui) or Presenter → WireFrame (viper).
    public func routingLogic(_ scene: SceneName) -> String? {
        switch pattern {
        case .cleanSwift, .swiftUI: "\(scene)RoutingLogic"
        case .viper: "\(scene)WireFrameProtocol"
        case .appState: nil
        }
    }

    /// VIPER: View → Presenter.
    public func presenterInput(_ scene: SceneName) -> String? {
        pattern == .viper ? "\(scene)PresenterProtocol" : nil
    }

    /// The Router's access to its scene's DataStore.
    public func dataPassing(_ scene: SceneName) -> String? {
        pattern == .cleanSwift || pattern == .swiftUI ? "\(scene)DataPassing" : nil
    }

    /// The DataStore protocol whose fields are written.
    public func dataStore(_ scene: SceneName) -> String { "\(scene)DataStore" }

    /// Interactor → Worker: VIPER's DataManagers have input protocols; Clean Swift workers are plain classes.
    public func workerProtocol(_ scene: SceneName, worker: WorkerName) -> String? {
        pattern == .viper ? "\(scene)\(worker)InputProtocol" : nil
    }

    /// How an asynchronous worker calls its Interactor back (VIPER: `PostListRemoteDataManagerOutputProtocol`).
    public func workerOutputProtocol(_ scene: SceneName, worker: WorkerName) -> String? {
        pattern == .viper ? "\(scene)\(worker)OutputProtocol" : nil
    }

    // MARK: - Methods

    /// The method that starts a use case in the Interactor: `login(request:)` (Clean Swift), `doSomething()` (appstate).
    public func interactorMethod(_ useCase: UseCase) -> String {
        let labels: [String]
        switch pattern {
        case .cleanSwift, .swiftUI: labels = ["request"]
        case .viper, .appState: labels = useCase.request.map(\.name)
        }
        return Self.signature(useCase.methods.interactor?.value, default: Self.lowerFirst(useCase.name.rawValue), labels: labels)
    }

    /// VIPER: the Presenter method the View calls (`viewDidLoad()`, `showPostDetail(forPost:)`).
    public func eventMethod(_ useCase: UseCase) -> String {
        let fallback = useCase.trigger == .appear ? "viewDidLoad" : Self.lowerFirst(useCase.name.rawValue)
        return Self.signature(useCase.methods.event?.value, default: fallback, labels: useCase.request.map(\.name))
    }

    /// Interactor → Presenter: `presentLogin(response:)`, or VIPER's `didRetrievePosts(_:)`.
    public func presenterMethod(_ useCase: UseCase, output: Output) -> String {
        let override = output.methods.presenter?.value
        switch pattern {
        case .viper:
            return Self.signature(override, default: Self.lowerFirst(output.name.rawValue),
                                  labels: output.response.isEmpty ? [] : ["_"])
        default:
            return Self.signature(override, default: "present\(output.name)", labels: ["response"])
        }
    }

    /// Presenter → View: `displayLogin(viewModel:)`.
    public func viewMethod(_ useCase: UseCase, output: Output) -> String {
        Self.signature(output.methods.view?.value, default: "display\(output.name)", labels: ["viewModel"])
    }

    /// The RoutingLogic method: `routeToHome()` for a route named `toHome`.
    public func routeMethod(_ route: Route) -> String {
        Self.signature(route.method?.value, default: "route" + Self.upperFirst(route.name.rawValue),
                       labels: route.input.map(\.name))
    }

    /// The Router's data passing: `passDataToHome(source:destination:)`.
    public func passDataMethod(_ route: Route) -> String {
        "passDataTo\(route.destination.value)(source:destination:)"
    }

    /// The Router's navigation: `navigateToHome(source:destination:)`.
    public func navigateMethod(_ route: Route) -> String {
        "navigateTo\(route.destination.value)(source:destination:)"
    }

    /// A worker operation: `login(username:password:)`.
    public func operationMethod(_ operation: WorkerOperation) -> String {
        Self.signature(operation.signature, default: operation.name.rawValue, labels: operation.input.map(\.name))
    }

    /// What the View does when it appears.
    public var appearMethod: String {
        pattern == .swiftUI || pattern == .appState ? "onAppear()" : "viewDidLoad()"
    }

    /// `name(label:…)` for a default name, or the override as given (labels added when it has none).
    public static func signature(_ override: String?, default name: String, labels: [String]) -> String {
        if let override, override.contains("(") { return override }
        return (override ?? name) + "(" + labels.map { "\($0):" }.joined() + ")"
    }

    public static func lowerFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }
    public static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
