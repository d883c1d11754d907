/// Who may send to whom in each pattern, as data: the message paths a pattern allows, each with its rule, so a
/// scenario (or a trace) that asks for another path is refused with the rule it breaks.
///
/// A new pattern is a new entry in `all`: its cycle, its paths, and why.
public struct PatternRules: Sendable, Hashable {
    /// A message path between component roles.
    public struct Path: Sendable, Hashable, CustomStringConvertible {
        public var from: ComponentRole
        public var to: ComponentRole

        public init(_ from: ComponentRole, _ to: ComponentRole) {
            self.from = from
            self.to = to
        }

        public var description: String { "\(PatternRules.roleName(from)) → \(PatternRules.roleName(to))" }
    }

    /// An allowed path, what it goes through, and why it exists.
    public struct Allowed: Sendable, Hashable {
        public var path: Path
        /// The protocol, in the pattern's words: `BusinessLogic`, `InteractorOutputProtocol`.
        public var through: String
        public var purpose: String
    }

    /// A named rule, cited by diagnostics.
    public struct Rule: Sendable, Hashable {
        /// `clean-swift/one-way`.
        public var id: String
        public var text: String
        /// What to do instead.
        public var fix: String
    }

    public var pattern: Pattern
    /// The cycle in one line: `View → Interactor → Presenter → View`.
    public var cycle: String
    public var allowed: [Allowed]
    /// The rule a path breaks, for the paths people reach for; others break `defaultRule`.
    public var violations: [Path: Rule]
    public var defaultRule: Rule
    /// Components the pattern does not have (appstate has no Presenter).
    public var absent: [ComponentRole: Rule]

    /// Whether `path` is one the pattern allows.
    public func allows(_ path: Path) -> Bool { allowed.contains { $0.path == path } }

    /// The rule broken by `path`, or nil when the pattern allows it.
    public func violation(_ path: Path) -> Rule? {
        if allows(path) { return nil }
        if let rule = absent[path.to] ?? absent[path.from] { return rule }
        return violations[path] ?? defaultRule
    }

    /// Components talk to components of their own scene; data crosses scenes only through data passing.
    public static let ownScene = Rule(
        id: "all/own-scene",
        text: "a component talks only to components of its own scene; data reaches another scene only through the Router's data passing",
        fix: "route to the other scene and pass what it needs with 'pass:' into its DataStore")

    static func roleName(_ role: ComponentRole) -> String {
        switch role {
        case .user: "User"
        case .configurator: "Configurator"
        case .view: "View"
        case .interactor: "Interactor"
        case .worker: "Worker"
        case .dataStore: "DataStore"
        case .presenter: "Presenter"
        case .router: "Router"
        case .appState: "AppState"
        }
    }

    public static func rules(for pattern: Pattern) -> PatternRules {
        switch pattern {
        case .cleanSwift: cleanSwift
        case .swiftUI: swiftUI
        case .appState: appState
        case .viper: viper
        }
    }

    public static var all: [PatternRules] { Pattern.allCases.map(rules(for:)) }

    // MARK: - The patterns

    private static func path(_ from: ComponentRole, _ to: ComponentRole, _ through: String, _ purpose: String) -> Allowed {
        Allowed(path: Path(from, to), through: through, purpose: purpose)
    }

    static let cleanSwift = PatternRules(
        pattern: .cleanSwift,
        cycle: "View → Interactor → Presenter → View, and View → Router → next scene",
        allowed: [
            path(.view, .interactor, "BusinessLogic", "the View sends each user action to the Interactor as a Request"),
            path(.interactor, .worker, "the worker's methods", "the Interactor hands reusable work (network, storage) to Workers"),
            path(.interactor, .dataStore, "DataStore", "the Interactor keeps what later scenes need in its DataStore"),
            path(.interactor, .presenter, "PresentationLogic", "the Interactor answers with a Response"),
            path(.presenter, .view, "DisplayLogic", "the Presenter formats the Response into a ViewModel for the View"),
            path(.view, .router, "RoutingLogic", "the View's display logic asks the Router to move on"),
            path(.router, .dataStore, "DataPassing", "the Router reads its DataStore and fills the next scene's"),
            path(.router, .view, "navigation", "the Router shows the next scene"),
        ],
        violations: [
            Path(.presenter, .interactor): Rule(
                id: "clean-swift/one-way",
                text: "data flows one way, View → Interactor → Presenter → View: the Presenter never calls the Interactor",
                fix: "the Presenter only formats; have the View send a new Request instead"),
            Path(.view, .presenter): Rule(
                id: "clean-swift/view-to-interactor",
                text: "the View sends requests to the Interactor, not to the Presenter",
                fix: "call the Interactor (BusinessLogic); the Presenter is reached only through the Interactor's Response"),
            Path(.interactor, .view): Rule(
                id: "clean-swift/one-way",
                text: "data flows one way: the Interactor answers the Presenter, never the View",
                fix: "use 'respond:' and let the Presenter build the ViewModel"),
            Path(.presenter, .router): Rule(
                id: "clean-swift/view-routes",
                text: "the View asks the Router to route, in its display logic; the Presenter only formats",
                fix: "put 'route:' in the use case's 'view:' steps, with 'when:' on a ViewModel field"),
            Path(.interactor, .router): Rule(
                id: "clean-swift/view-routes",
                text: "the View asks the Router to route; the Interactor decides nothing about screens",
                fix: "respond with what the View needs to decide, and route in 'view:'"),
            Path(.view, .dataStore): Rule(
                id: "clean-swift/interactor-owns-datastore",
                text: "the DataStore belongs to the Interactor; the View sees only its ViewModel",
                fix: "send a Request and 'store:' in the Interactor"),
            Path(.view, .worker): Rule(
                id: "clean-swift/workers-serve-interactor",
                text: "Workers serve the Interactor; the View does no business work",
                fix: "send a Request; the Interactor calls the Worker"),
            Path(.presenter, .worker): Rule(
                id: "clean-swift/workers-serve-interactor",
                text: "Workers serve the Interactor; the Presenter only formats",
                fix: "call the Worker in 'interactor:' and put the result in the Response"),
        ],
        defaultRule: Rule(
            id: "clean-swift/paths",
            text: "Clean Swift's components talk only along View → Interactor → Presenter → View, View → Router, Interactor → Worker and DataStore",
            fix: "move the step to the component that owns that conversation"),
        absent: [:])

    static let swiftUI = PatternRules(
        pattern: .swiftUI,
        cycle: "View → Interactor → Presenter → View, the DataStore held by the View",
        allowed: [
            path(.view, .interactor, "BusinessLogic", "the View (a struct set up by configureView()) sends each action to the Interactor"),
            path(.interactor, .worker, "the worker's methods", "the Interactor hands reusable work to Workers"),
            path(.interactor, .presenter, "PresentationLogic", "the Interactor answers with a Response"),
            path(.presenter, .view, "DisplayLogic", "the Presenter formats a ViewModel for the View"),
            path(.view, .dataStore, "ObservableObject", "the View's display logic updates its observed DataStore, which re-renders it"),
            path(.view, .router, "RoutingLogic", "the View asks the Router to move on"),
            path(.router, .dataStore, "DataPassing", "the Router fills the next scene's DataStore"),
            path(.router, .view, "navigation", "the Router shows the next scene"),
        ],
        violations: [
            Path(.interactor, .dataStore): Rule(
                id: "swiftui/view-owns-datastore",
                text: "in SwiftUI VIP the DataStore is an ObservableObject held by the View; the Interactor cannot write it",
                fix: "respond with the value and 'set:' it in the View's display logic"),
            Path(.presenter, .interactor): Rule(
                id: "swiftui/one-way",
                text: "data flows one way, View → Interactor → Presenter → View: the Presenter never calls the Interactor",
                fix: "have the View send a new Request instead"),
            Path(.view, .presenter): Rule(
                id: "swiftui/view-to-interactor",
                text: "the View sends requests to the Interactor, not to the Presenter",
                fix: "call the Interactor (BusinessLogic)"),
        ],
        defaultRule: Rule(
            id: "swiftui/paths",
            text: "SwiftUI VIP's components talk only along View → Interactor → Presenter → View, View → DataStore and View → Router",
            fix: "move the step to the component that owns that conversation"),
        absent: [:])

    static let appState = PatternRules(
        pattern: .appState,
        cycle: "View → Interactor → AppState → (observing) Views",
        allowed: [
            path(.view, .interactor, "@Environment(\\.interactor)", "the View calls the Interactor it was given through the environment"),
            path(.interactor, .worker, "the worker's methods", "the Interactor hands reusable work to Workers"),
            path(.interactor, .appState, "@Published properties", "the Interactor writes results to the one AppState"),
            path(.appState, .view, "@EnvironmentObject", "Views observe AppState and re-render when it changes"),
            path(.view, .router, "navigation", "a View navigates"),
            path(.router, .view, "navigation", "the next scene is shown"),
            path(.router, .dataStore, "navigation", "the next scene gets its values"),
        ],
        violations: [
            Path(.interactor, .view): Rule(
                id: "appstate/no-return",
                text: "the Interactor does not return results to the View; it writes them to AppState, which the View observes",
                fix: "'store:' into appState and show it from the View's 'shows:'"),
        ],
        defaultRule: Rule(
            id: "appstate/paths",
            text: "in the AppState variant, Views call the Interactor, the Interactor writes AppState, and Views observe AppState",
            fix: "move the step to the component that owns that conversation"),
        absent: [
            .presenter: Rule(
                id: "appstate/no-presenter",
                text: "the AppState variant has no Presenter: the View observes AppState directly, so there is no Response or ViewModel",
                fix: "'store:' the result into appState and render it with the View's 'shows:'"),
            .dataStore: Rule(
                id: "appstate/one-state",
                text: "the AppState variant keeps state in the one AppState, not in a scene's DataStore",
                fix: "declare the fields under 'appState:' and 'store:' them there"),
        ])

    static let viper = PatternRules(
        pattern: .viper,
        cycle: "View ↔ Presenter ↔ Interactor, Presenter → WireFrame, Interactor → DataManagers",
        allowed: [
            path(.view, .presenter, "PresenterProtocol", "the View tells its Presenter what happened (viewDidLoad, a tap)"),
            path(.presenter, .view, "ViewProtocol", "the Presenter tells the View what to show (showLoading, showPosts)"),
            path(.presenter, .interactor, "InteractorInputProtocol", "the Presenter asks the Interactor for data"),
            path(.interactor, .presenter, "InteractorOutputProtocol", "the Interactor reports results or errors"),
            path(.interactor, .worker, "DataManagerInputProtocol", "the Interactor reads and saves through local and remote DataManagers"),
            path(.interactor, .dataStore, "module state", "the Interactor keeps the module's state"),
            path(.presenter, .router, "WireFrameProtocol", "the Presenter asks the WireFrame to present another module"),
            path(.router, .dataStore, "module creation", "the WireFrame builds the next module with its data"),
            path(.router, .view, "navigation", "the WireFrame presents the next module"),
        ],
        violations: [
            Path(.view, .interactor): Rule(
                id: "viper/view-knows-presenter",
                text: "in VIPER the View knows only its Presenter; the Presenter talks to the Interactor",
                fix: "put the call in the use case's 'event:' (the Presenter's handling of the View's event)"),
            Path(.view, .router): Rule(
                id: "viper/presenter-navigates",
                text: "in VIPER the Presenter asks the WireFrame to navigate; the View only reports events",
                fix: "route from the Presenter: in 'event:' or in an output's 'presenter:' steps"),
            Path(.interactor, .view): Rule(
                id: "viper/through-presenter",
                text: "in VIPER the Interactor reports to the Presenter (InteractorOutputProtocol), never to the View",
                fix: "'respond:' with an output, and let the Presenter 'display:'"),
        ],
        defaultRule: Rule(
            id: "viper/paths",
            text: "VIPER's components talk only along View ↔ Presenter ↔ Interactor, Presenter → WireFrame and Interactor → DataManagers",
            fix: "move the step to the component that owns that conversation"),
        absent: [:])
}
