/// How a pattern names its components, protocols and methods, as the seeds' code does: `LoginInteractor`,
/// `LoginBusinessLogic.login(request:)`, `PostListInteractorOutputProtocol.didRetrievePosts(_:)`.
/// Signatures given in the scenario (`methods:`, `method:`) win over these conventions.
///
/// Templates fill `{scene}`, `{worker}`, `{Output}` (first letter upper-cased: `presentDidRetrievePosts`) and
/// `{output}` (first letter lower-cased).
public struct PatternNaming: Sendable, Hashable {
    /// Type names of a scene's components: `.view: "{scene}ViewController"`.
    public var components: [ComponentRole: String]
    /// Protocol names: `.businessLogic: "{scene}BusinessLogic"`; a slot without an entry has no protocol.
    public var protocols: [ProtocolSlot: String]
    /// How the Interactor's method is labelled.
    public var requestLabels: RequestLabels
    /// Interactor → Presenter: `present{Output}` with `response:`.
    public var presenterMethod: String
    public var presenterLabels: PresenterLabels
    /// Presenter → View: `display{Output}(viewModel:)`.
    public var viewMethod: String
    /// What a View does when it is created and loads, once per instance: UIKit's `viewDidLoad()`; nil for SwiftUI.
    public var loadMethod: String?
    /// What a View does each time it comes on screen: UIKit's `viewWillAppear(_:)`, SwiftUI's `onAppear()`.
    public var appearMethod: String?
    /// The View's own method that puts its scene together, where the pattern wires that way (SwiftUI's
    /// `configureView()`, in the scene's Configurator file); nil where a Configurator object or WireFrame does it.
    public var configureMethod: String?
    /// The labels of the Router's navigation method: UIKit's Routers are given the source View controller
    /// (`navigateToHome(source:destination:)`), SwiftUI's only the next View (`navigateToHome(destination:)`).
    public var navigateLabels: [String]

    /// The View's wiring method as the code calls it (`configureView`), SwiftUI's where the pattern has none.
    public var configureName: String { Self.baseName(configureMethod ?? "configureView()") }

    public enum RequestLabels: Sendable, Hashable {
        /// One `request:` argument, the Request struct (Clean Swift).
        case request
        /// One label per Request field (VIPER, plain methods).
        case fields
    }

    public enum PresenterLabels: Sendable, Hashable {
        /// `(response:)`.
        case response
        /// `(_:)` when the output carries values, `()` otherwise.
        case unlabelledWhenValues
    }

    public init(components: [ComponentRole: String], protocols: [ProtocolSlot: String], requestLabels: RequestLabels,
                presenterMethod: String, presenterLabels: PresenterLabels, viewMethod: String = "display{Output}",
                loadMethod: String?, appearMethod: String?, configureMethod: String? = nil,
                navigateLabels: [String] = ["source", "destination"]) {
        self.components = components
        self.protocols = protocols
        self.requestLabels = requestLabels
        self.presenterMethod = presenterMethod
        self.presenterLabels = presenterLabels
        self.viewMethod = viewMethod
        self.loadMethod = loadMethod
        self.appearMethod = appearMethod
        self.configureMethod = configureMethod
        self.navigateLabels = navigateLabels
    }

    // MARK: - Components and protocols

    /// The type name of a scene's component (`User` and `AppState` are the same in every scene).
    public func componentName(_ role: ComponentRole, scene: SceneName) -> String {
        switch role {
        case .user: return "User"
        case .appState: return "AppState"
        default: return Self.fill(components[role] ?? "{scene}\(Self.upperFirst(role.rawValue))", scene: scene)
        }
    }

    /// The type name of `role` in `scene`: the app's own (`names:`), or the pattern's.
    public func componentName(_ role: ComponentRole, of scene: Scene) -> String {
        if let name = scene.names.components[role]?.value { return name }
        // A screen outside the pattern is its own View: `SFSafariViewController`.
        if scene.isOutsidePattern && role == .view { return scene.name.rawValue }
        let template = componentName(role, scene: scene.name)
        // What wires a scene may be another part's method (VIPER's `PostListWireFrame.createPostListModule()`): it
        // follows that part's own name (`DefaultRouter.createPostListModule()`).
        if role == .configurator {
            for part in [ComponentRole.router, .view] {
                guard let name = scene.names.components[part]?.value else { continue }
                let partTemplate = componentName(part, scene: scene.name)
                if template.hasPrefix(partTemplate + ".") { return name + template.dropFirst(partTemplate.count) }
            }
        }
        return template
    }

    /// The protocol in `slot` for `scene`: the app's own (`names: { protocols: … }`), or the pattern's; nil when the
    /// pattern has none there.
    public func protocolName(_ slot: ProtocolSlot, of scene: Scene, worker: WorkerName? = nil) -> String? {
        guard let name = protocolName(slot, scene: scene.name, worker: worker) else { return nil }
        return worker == nil ? scene.names.protocols[slot]?.value ?? name : name
    }

    /// The protocol a worker's callers hold it as: the app's name (`protocol:`), else the pattern's, else none.
    public func workerProtocol(_ worker: Worker, scene: SceneName) -> String? {
        worker.protocolName?.value ?? protocolName(.workerInput, scene: scene, worker: worker.name)
    }

    /// The protocol in `slot` for `scene`, or nil when the pattern has none there.
    public func protocolName(_ slot: ProtocolSlot, scene: SceneName, worker: WorkerName? = nil) -> String? {
        protocols[slot].map { Self.fill($0, scene: scene, worker: worker?.rawValue) }
    }

    // MARK: - Methods

    /// The method that starts a use case in the Interactor: `login(request:)` (Clean Swift), `doSomething()`.
    public func interactorMethod(_ useCase: UseCase) -> String {
        let labels: [String]
        switch requestLabels {
        case .request: labels = ["request"]
        case .fields: labels = useCase.request.map(\.name)
        }
        return Self.signature(useCase.methods.interactor?.value, default: Self.lowerFirst(useCase.name.rawValue), labels: labels)
    }

    /// The Presenter method the View calls with an event (`viewDidLoad()`, `showPostDetail(forPost:)`).
    public func eventMethod(_ useCase: UseCase) -> String {
        let fallback = useCase.trigger.runsOnFirstShow ? Self.baseName(loadMethod ?? appearMethod ?? "viewDidLoad()")
            : Self.lowerFirst(useCase.name.rawValue)
        return Self.signature(useCase.methods.event?.value, default: fallback, labels: useCase.request.map(\.name))
    }

    /// Interactor → Presenter: `presentLogin(response:)`, or VIPER's `didRetrievePosts(_:)`.
    public func presenterMethod(_ useCase: UseCase, output: Output) -> String {
        let labels: [String]
        switch presenterLabels {
        case .response: labels = ["response"]
        case .unlabelledWhenValues:
            // An answer with nothing in it is a plain call (`onError()`) — unless that is the name of the use case's
            // own event method on the same Presenter (`signup()`): it then takes its empty Response (`signup(_:)`).
            let plain = Self.fill(presenterMethod, output: output.name.rawValue)
            let clashes = output.methods.presenter == nil && Self.baseName(plain) + "()" == eventMethod(useCase)
            labels = output.response.isEmpty && !clashes ? [] : ["_"]
        }
        return Self.signature(output.methods.presenter?.value, default: Self.fill(presenterMethod, output: output.name.rawValue),
                              labels: labels)
    }

    /// Presenter → View: `displayLogin(viewModel:)`.
    public func viewMethod(_ useCase: UseCase, output: Output) -> String {
        Self.signature(output.methods.view?.value, default: Self.fill(viewMethod, output: output.name.rawValue),
                       labels: ["viewModel"])
    }

    /// The RoutingLogic method: `routeToHome()` for a route named `toHome`.
    public func routeMethod(_ route: Route) -> String {
        Self.signature(route.method?.value, default: "route" + Self.upperFirst(route.name.rawValue),
                       labels: route.input.map(\.name))
    }

    /// The Router's data passing: `passDataToHome(source:destination:)`, named as the Clean Swift template names it
    /// after the route (`routeToEditOrder` → `passDataToEditOrder`, whatever scene it shows).
    public func passDataMethod(_ route: Route) -> String {
        Self.signature(route.passDataMethod?.value, default: "passDataTo\(routeSuffix(route))", labels: ["source", "destination"])
    }

    /// The Router's navigation: `navigateToHome(source:destination:)`.
    public func navigateMethod(_ route: Route) -> String {
        Self.signature(route.navigateMethod?.value, default: "navigateTo\(routeSuffix(route))", labels: navigateLabels)
    }

    /// `EditOrder` for `routeToEditOrder(segue:)`; the destination scene for a route method named otherwise, or
    /// the route's own name for a route back to whichever scene is below.
    private func routeSuffix(_ route: Route) -> String {
        let base = Self.baseName(routeMethod(route))
        if base.hasPrefix("routeTo"), base.count > "routeTo".count { return String(base.dropFirst("routeTo".count)) }
        return route.destination?.value.rawValue ?? Self.upperFirst(route.name.rawValue)
    }

    /// A worker operation: `login(username:password:)`.
    public func operationMethod(_ operation: WorkerOperation) -> String {
        Self.signature(operation.signature, default: operation.name.rawValue, labels: operation.input.map(\.name))
    }

    /// The property a component holds a worker in: `authWorker` for `AuthWorker`.
    public func workerProperty(_ worker: WorkerName) -> String { Self.lowerFirst(worker.rawValue) }

    // MARK: - Text

    /// `name(label:…)` for a default name, or the override as given (labels added when it has none).
    public static func signature(_ override: String?, default name: String, labels: [String]) -> String {
        if let override, override.contains("(") { return override }
        return (override ?? name) + "(" + labels.map { "\($0):" }.joined() + ")"
    }

    /// The name a signature starts with: `login` of `login(request:)`.
    public static func baseName(_ signature: String) -> String { String(signature.prefix { $0 != "(" }) }

    public static func lowerFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }
    public static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// A template with its placeholders filled.
    static func fill(_ template: String, scene: SceneName? = nil, worker: String? = nil, output: String? = nil) -> String {
        guard template.contains("{") else { return template }
        var text = template
        if let scene { text = text.replacing("{scene}", with: scene.rawValue) }
        if let worker { text = text.replacing("{worker}", with: worker) }
        if let output {
            text = text.replacing("{Output}", with: output.prefix(1).uppercased() + output.dropFirst())
                .replacing("{output}", with: lowerFirst(output))
        }
        return text
    }
}
