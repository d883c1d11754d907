/// A scene: one screen with its View, Interactor (and DataStore), Presenter, Router and Workers.
public struct Scene: Sendable, Hashable {
    public var name: SceneName
    public var location: SourceLocation
    public var description: String?
    /// The DataStore's fields (the Interactor's in Clean Swift, the View's ObservableObject in SwiftUI).
    public var dataStore: [FieldDecl]
    /// The View's own state (`@State`) and what it renders from state (`Text("\(appState.someInt)")`).
    public var view: ViewSpec
    public var workers: [Worker]
    public var useCases: [UseCase]
    public var routes: [Route]
    /// The names the app gives the scene's parts and protocols where they are not the pattern's (`names:`).
    public var names = PartNames()
    /// `external: true` — a screen the app shows that has none of the pattern's parts: a system or third-party View
    /// Controller (`SFSafariViewController`, an image picker, an alert) or a plain one of the app's own. Routes lead
    /// to it and going back leaves it; its View is named as the scene is, and nothing wires it.
    public var isExternal = false
    /// `tabs: [Home, Category]` — a tab bar container (`UITabBarController`): no pattern parts of its own, it embeds
    /// these scenes, one per tab, the first selected when it comes on screen; the story's `tab:` selects another.
    public var tabs: [Located<SceneName>] = []
    /// `without: [router]` — parts of the pattern the app does not give this scene (a module whose Presenter holds no
    /// Router): nothing wires them and nothing may ask them.
    public var without: Set<ComponentRole> = []

    public init(name: SceneName, location: SourceLocation, description: String? = nil, dataStore: [FieldDecl],
                view: ViewSpec, workers: [Worker], useCases: [UseCase], routes: [Route]) {
        self.name = name
        self.location = location
        self.description = description
        self.dataStore = dataStore
        self.view = view
        self.workers = workers
        self.useCases = useCases
        self.routes = routes
    }

    /// A tab bar container (`tabs:`).
    public var isTabBar: Bool { !tabs.isEmpty }
    /// A screen with none of the pattern's parts: an external one or a tab bar container. Nothing wires it.
    public var isOutsidePattern: Bool { isExternal || isTabBar }

    public func useCase(_ name: String) -> UseCase? { useCases.first { $0.name.rawValue == name } }
    public func route(_ name: String) -> Route? { routes.first { $0.name.rawValue == name } }
    public func worker(_ name: String) -> Worker? { workers.first { $0.name.rawValue == name } }
}

/// The View's declared state.
public struct ViewSpec: Sendable, Hashable {
    /// Local state (`@State`); the View's display logic writes it with `set:`.
    public var state: [FieldDecl]
    /// Labels the View renders from state whenever that state changes: `count: appState.someInt`.
    public var shows: [Assignment]

    public init(state: [FieldDecl] = [], shows: [Assignment] = []) {
        self.state = state
        self.shows = shows
    }
}

/// `names: { view: GendreListViewController, protocols: { presenterInput: GendreListViewToPresenterProtocol } }`: a
/// scene's parts and protocols as the app names them, where its pattern's template names them otherwise. Every
/// trace, diagram, export and narration then says the app's names.
public struct PartNames: Sendable, Hashable {
    public var components: [ComponentRole: Located<String>] = [:]
    public var protocols: [ProtocolSlot: Located<String>] = [:]
    /// The View's method that runs each time it comes on screen, where the app uses another than the pattern's
    /// (`viewDidAppear(_:)` for `viewWillAppear(_:)`).
    public var appear: Located<String>?

    public init(components: [ComponentRole: Located<String>] = [:], protocols: [ProtocolSlot: Located<String>] = [:]) {
        self.components = components
        self.protocols = protocols
    }

    public var isEmpty: Bool { components.isEmpty && protocols.isEmpty && appear == nil }
}
