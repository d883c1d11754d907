/// Everything a pattern means, in one value: its roles and their type names, how protocols and methods are named,
/// how a scene is wired, who may send what to whom, what each role's logic can see, how a cycle runs, the
/// cycle's stages, and which sentences narration uses. The engine, the checker, the diagrams and narration ask
/// the definition; none of them compares pattern names.
///
/// A new pattern is one new definition (a file in this folder, or `PatternRegistry.shared.register(_:)`; `PatternRegistry.$current` scopes a registry to a task).
public struct PatternDefinition: Sendable {
    public var pattern: Pattern
    /// The pattern's name in prose: `Clean Swift`.
    public var title: String
    /// The scene's components, in the order the sequence diagram draws their columns.
    public var roles: [RoleSpec]
    public var naming: PatternNaming
    public var wiring: Wiring
    /// Who holds a reference to whom, as the dependency diagram draws it.
    public var dependencies: [Dependency]
    public var flow: Flow
    public var scopes: Scopes
    public var rules: PatternRules
    public var cycle: Cycle
    /// The suffix of this pattern's entries in the narration catalogue (`why.response.<key>`, `setup.why.<key>`).
    public var narrationKey: String
    /// How apps written in this pattern name their protocols, one entry per generation of its templates (newest
    /// first): what `sceneflow import` recognises in code. Empty: the pattern is not imported.
    public var codeConventions: [CodeConvention]
    /// The words apps written in this pattern use for the roles their types play, whatever else they call them:
    /// what `import` and `map` find components, workers and builders by.
    public var codeVocabulary: CodeVocabulary
    /// How a scene of this pattern is written as code (its files, what its View is, where it records); nil where
    /// `generate` does not write the pattern.
    public var codeShape: CodeShape?

    public init(pattern: Pattern, title: String, roles: [RoleSpec], naming: PatternNaming, wiring: Wiring,
                dependencies: [Dependency], flow: Flow, scopes: Scopes, rules: PatternRules, cycle: Cycle,
                narrationKey: String, codeConventions: [CodeConvention] = [], codeVocabulary: CodeVocabulary = .init(),
                codeShape: CodeShape? = nil) {
        self.pattern = pattern
        self.title = title
        self.roles = roles
        self.naming = naming
        self.wiring = wiring
        self.dependencies = dependencies
        self.flow = flow
        self.scopes = scopes
        self.rules = rules
        self.cycle = cycle
        self.narrationKey = narrationKey
        self.codeConventions = codeConventions
        self.codeVocabulary = codeVocabulary
        self.codeShape = codeShape
    }

    /// The definitions SceneFlow ships, the default (a scenario without `pattern:`) first.
    static let builtIn: [PatternDefinition] = [.cleanSwift, .swiftUI, .appStateVariant, .viper]

    /// Whether scenes of this pattern have a component in `role`.
    public func has(_ role: ComponentRole) -> Bool { roles.contains { $0.role == role } }

    /// The roles of a scene's columns, in order.
    public var columnOrder: [ComponentRole] { roles.map(\.role) }

    // MARK: - Parts

    /// One generation of a pattern's code: the protocol a scene `X` declares for each role is `X` + the suffix
    /// (`ListOrders` + `BusinessLogic`). The business-logic protocol names the scenes.
    public struct CodeConvention: Sendable, Hashable {
        public var title: String
        public var businessLogic: String
        public var presentationLogic: String
        public var displayLogic: String
        /// Tried in order.
        public var routingLogic: [String]
        public var dataStore: String?
        /// VIPER: the protocol the View tells its Presenter through (`XPresenterProtocol`, `XModuleInterface`); a scene
        /// is then named by it, and the Interactor's output protocol (`presentationLogic`) is how it answers.
        public var presenterInput: String?
        /// VIPER: how a data manager's protocol is named after its scene and its name (`{scene}{worker}InputProtocol`):
        /// the suffix stripped to name the worker (`PostListLocalDataManagerInputProtocol` → `LocalDataManager`).
        public var workerInput: String?

        public init(title: String, businessLogic: String, presentationLogic: String, displayLogic: String,
                    routingLogic: [String], dataStore: String?, presenterInput: String? = nil, workerInput: String? = nil) {
            self.title = title
            self.businessLogic = businessLogic
            self.presentationLogic = presentationLogic
            self.displayLogic = displayLogic
            self.routingLogic = routingLogic
            self.dataStore = dataStore
            self.presenterInput = presenterInput
            self.workerInput = workerInput
        }
    }

    /// Role words: how the end of a type's name, or of a protocol it implements, says which part of a scene the type
    /// is. Real apps name the same role many ways (`LoginBusinessLogic`, `ILoginInteractor`,
    /// `LoginViewToPresenterProtocol`, `SMLoginViewOutput`), and misspell them (`SignUpPresentor`): the words are
    /// matched at the end of a name, after a trailing `Protocol` or `Interface` and a leading `I` are set aside, a
    /// letter's slip allowed in long words.
    public struct CodeVocabulary: Sendable, Hashable {
        public struct Word: Sendable, Hashable {
            public var word: String
            public var role: ComponentRole

            public init(_ word: String, _ role: ComponentRole) {
                self.word = word
                self.role = role
            }
        }

        /// A protocol's last words → the role of the type that implements it (`ViewOutput` → the Presenter).
        public var protocols: [Word]
        /// A type's last words → its role (`ViewController` → the View, `Assembly` → what builds the scene).
        public var types: [Word]
        /// Last words of the types that do a scene's work: what a component holds or calls by these is a worker.
        public var workers: [String]
        /// Names of the property or method a singleton is reached through (`UserStore.shared`).
        public var singletons: [String]
        /// Last words of what helps a View draw itself (`LoadIndicator`, `AppButton`, `FBColor`,
        /// `GoalsDataDisplayManager`): never a worker, whatever else its name says.
        public var viewHelpers: [String]
        /// The names a code template fills a new scene with (`doSomething`, `doSomeWork`): a use case or operation so
        /// named is the template's placeholder, and said so.
        public var templateStubs: [String]

        /// The platform's and the common libraries' entry points to storage, the network and accounts, by the type a
        /// call starts from (`UserDefaults.standard.set(…)`, `Auth.auth().signIn(…)`, `Firestore.firestore()`,
        /// `try Realm()`, `AF.request(…)`): code that calls them does a worker's job itself, whatever the app names
        /// its own workers. Not a pattern's word: every pattern keeps this work out of its View.
        public static let platformServices: Set<String> = [
            "UserDefaults", "URLSession", "FileManager", "NSUbiquitousKeyValueStore", "Auth", "Firestore", "Database",
            "Storage", "Messaging", "Functions", "RemoteConfig", "Realm", "AF", "Alamofire", "KeychainWrapper", "Keychain",
            "KeychainSwift", "CKContainer", "NSPersistentContainer", "HKHealthStore", "PHPhotoLibrary",
        ]

        /// What a screen draws with, however the app names what serves it (`LocalizationManager`, `ThemeService`,
        /// `HapticsHelper`, `FontProvider`): a type named for one of these and a worker's word is presentation, not a
        /// worker. Not a pattern's word: no pattern makes localized text or a theme's colours a worker's job.
        public static let presentationStems: [String] = [
            "Localization", "Localizable", "Localizer", "Localized", "Theme", "Font", "Fonts", "Color", "Colors", "Style",
            "Appearance", "Haptic", "Haptics", "Animation", "Keyboard", "Layout", "Design",
        ]

        /// The methods a dependency container gives and takes services through (`container.resolve(X.self)`,
        /// `register(X.self) { … }`): a type of the app's with one taking a type (`T.Type`) is the container, not a worker,
        /// and what it resolves is the worker. Not a pattern's word either.
        public static let containerMethods: Set<String> = ["resolve", "register"]

        public init(protocols: [Word] = [], types: [Word] = [], workers: [String] = [], singletons: [String] = [],
                    viewHelpers: [String] = [], templateStubs: [String] = []) {
            self.protocols = protocols
            self.types = types
            self.workers = workers
            self.singletons = singletons
            self.viewHelpers = viewHelpers
            self.templateStubs = templateStubs
        }
    }

    /// A component a scene of this pattern has.
    public struct RoleSpec: Sendable, Hashable {
        public var role: ComponentRole
        /// When a scene shows it in the dependency diagram.
        public var presence: Condition

        public init(_ role: ComponentRole, _ presence: Condition = .always) {
            self.role = role
            self.presence = presence
        }
    }

    /// What a scene needs for a component, a link or a dependency to exist.
    public enum Condition: Sendable, Hashable {
        case always
        /// The scene declares routes.
        case hasRoutes
        /// The scene declares DataStore fields.
        case hasDataStore
        /// The scene's View renders labels from state (`view: { shows: … }`).
        case showsState
        /// A route of the scene passes data (`pass:`).
        case passesData

        public func holds(for scene: Scene) -> Bool {
            switch self {
            case .always: true
            case .hasRoutes: !scene.routes.isEmpty
            case .hasDataStore: !scene.dataStore.isEmpty
            case .showsState: !scene.view.shows.isEmpty
            case .passesData: scene.routes.contains { !$0.pass.isEmpty }
            }
        }
    }

    /// How a scene is put together.
    public struct Wiring: Sendable, Hashable {
        public enum Style: String, Sendable, Hashable, CaseIterable {
            /// A `Configurator` object (Clean Swift's templates of 2016–2018).
            case configurator
            /// The View's `setup()` or `configureView()`.
            case setup
            /// A WireFrame (VIPER) that builds the module.
            case wireFrame
            /// Values put into SwiftUI's environment.
            case environment
        }

        /// One property the wiring sets: `holder.property = target`, through a protocol.
        public struct Link: Sendable, Hashable {
            public var holder: ComponentRole
            public var property: String
            public var target: ComponentRole
            public var through: ProtocolSlot?
            public var condition: Condition

            public init(_ holder: ComponentRole, _ property: String, _ target: ComponentRole, through: ProtocolSlot? = nil,
                        when condition: Condition = .always) {
                self.holder = holder
                self.property = property
                self.target = target
                self.through = through
                self.condition = condition
            }
        }

        public var style: Style
        /// In the order the seeds' code sets them.
        public var links: [Link]
        /// The component that holds the scene's workers (one property each, named after the worker).
        public var workerHolder: ComponentRole

        public init(style: Style, links: [Link], workerHolder: ComponentRole = .interactor) {
            self.style = style
            self.links = links
            self.workerHolder = workerHolder
        }
    }

    /// A reference one component holds to another.
    public struct Dependency: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            /// Holds a strong reference and calls through a protocol.
            case calls
            /// A weak back-reference (Presenter → View).
            case weak
            /// Holds a copy of a value and calls it (SwiftUI's Presenter → View: the View is a struct, copied without
            /// its Interactor, so nothing refers back; an AppState View's Interactor and Router, both structs).
            case copy
            /// Writes (or owns) a DataStore or AppState.
            case writes
            /// Reads a DataStore to pass data on (the Router).
            case reads
            /// Observes and re-renders.
            case observes
        }

        public enum Label: Sendable, Hashable {
            case none
            /// The protocol in this slot, named for the scene.
            case slot(ProtocolSlot)
            case text(String)
        }

        public var from: ComponentRole
        public var to: ComponentRole
        public var kind: Kind
        public var label: Label
        public var condition: Condition

        public init(_ from: ComponentRole, _ to: ComponentRole, _ kind: Kind, _ label: Label = .none,
                    when condition: Condition = .always) {
            self.from = from
            self.to = to
            self.kind = kind
            self.label = label
            self.condition = condition
        }
    }

    /// How a cycle runs.
    public struct Flow: Sendable, Hashable {
        /// Who receives the View's action: the Interactor (VIP) or the Presenter (VIPER, which then asks the
        /// Interactor).
        public var entry: ComponentRole
        /// Where `store:` writes: the scene's DataStore, or the one AppState (which Views observe).
        public var store: ComponentRole
        /// Whether the View's `set:` may write the DataStore (SwiftUI, where the View holds it).
        public var viewWritesDataStore: Bool
        /// A use case without Request fields sends no Request value (a plain method call).
        public var omitsEmptyRequest: Bool
        /// An output without Response fields sends no Response value (VIPER's `onError()`).
        public var omitsEmptyResponse: Bool

        public init(entry: ComponentRole = .interactor, store: ComponentRole = .dataStore,
                    viewWritesDataStore: Bool = false, omitsEmptyRequest: Bool = false,
                    omitsEmptyResponse: Bool = false) {
            self.entry = entry
            self.store = store
            self.viewWritesDataStore = viewWritesDataStore
            self.omitsEmptyRequest = omitsEmptyRequest
            self.omitsEmptyResponse = omitsEmptyResponse
        }
    }

    /// What each role's logic sees.
    public struct Scopes: Sendable, Hashable {
        public enum Name: String, Sendable, Hashable {
            case request, response, viewModel, dataStore, state, appState
        }

        public struct Scope: Sendable, Hashable {
            /// Names in scope (the message values only when the logic handles one).
            public var names: [Name]
            /// Names written in a scenario for this role that the pattern does not have there: reported once,
            /// by the rule that forbids them, not at every use.
            public var refused: [Name]
            /// Said when a name is not in scope.
            public var explanation: String

            public init(_ names: [Name], refused: [Name] = [], explanation: String) {
                self.names = names
                self.refused = refused
                self.explanation = explanation
            }
        }

        public var interactor: Scope
        /// The Presenter handling the View's event (VIPER's `event:`).
        public var event: Scope
        public var presenter: Scope
        public var view: Scope

        public init(interactor: Scope, event: Scope, presenter: Scope, view: Scope) {
            self.interactor = interactor
            self.event = event
            self.presenter = presenter
            self.view = view
        }
    }

    /// The pattern's classic cycle picture: its parts and arrows. Positions are the diagram's business.
    public struct Cycle: Sendable, Hashable {
        public struct Node: Sendable, Hashable {
            /// `view`, `interactor`, `next`, `entity`: the picture's id of the part.
            public var id: String
            public var role: ComponentRole?
            public var name: String
            public var detail: String?

            public init(_ id: String, role: ComponentRole?, _ name: String, _ detail: String? = nil) {
                self.id = id
                self.role = role
                self.name = name
                self.detail = detail
            }
        }

        /// One arrow: a stage of the cycle between two parts, and which messages travel along it.
        public struct Arrow: Sendable, Hashable {
            public var stage: CycleStage
            public var from: String
            public var to: String
            public var label: String
            /// The protocol it goes through, in the pattern's words.
            public var through: String?
            /// Messages of this stage between these roles travel along it; empty: drawn, never counted.
            public var carries: [RolePair]
            /// A reply or a "uses" relation.
            public var dashed: Bool

            public init(_ stage: CycleStage, _ from: String, _ to: String, _ label: String, through: String? = nil,
                        carries: [RolePair], dashed: Bool = false) {
                self.stage = stage
                self.from = from
                self.to = to
                self.label = label
                self.through = through
                self.carries = carries
                self.dashed = dashed
            }
        }

        public struct RolePair: Sendable, Hashable {
            public var from: ComponentRole
            public var to: ComponentRole

            public init(_ from: ComponentRole, _ to: ComponentRole) {
                self.from = from
                self.to = to
            }
        }

        /// `Clean Swift — the VIP cycle`.
        public var title: String
        /// The cycle in one line: `View → Interactor → Presenter → View, and View → Router → next scene`.
        public var summary: String
        public var nodes: [Node]
        public var arrows: [Arrow]

        public init(title: String, summary: String, nodes: [Node], arrows: [Arrow]) {
            self.title = title
            self.summary = summary
            self.nodes = nodes
            self.arrows = arrows
        }

        /// The stages the picture has an arrow for.
        public var stages: Set<CycleStage> { Set(arrows.map(\.stage)) }
    }
}

/// A kind of arrow in a pattern's cycle: where in the cycle a message is.
public enum CycleStage: String, Sendable, Hashable, CaseIterable {
    /// The user acts on the View, or the View shows the user a value.
    case user
    /// View → Interactor: the Request (BusinessLogic).
    case request
    /// The View tells its Presenter what happened (VIPER).
    case event
    /// Presenter → Interactor, the input (VIPER).
    case input
    /// Interactor → Worker or DataManager, and the answer.
    case worker
    /// A write to the DataStore (or the View's state).
    case store
    /// Interactor → Presenter: the Response (PresentationLogic), VIPER's output.
    case response
    /// Presenter → View: the ViewModel (DisplayLogic).
    case display
    /// View (or VIPER's Presenter) → Router/WireFrame.
    case route
    /// Router → the next scene: data passing and navigation.
    case next
    /// Interactor → AppState.
    case publish
    /// AppState → an observing View.
    case render
    /// The Interactor uses plain entities (drawn, not a message).
    case entity
}

/// The protocol slots of a scene: what each arrow of the cycle goes through, when the pattern names it.
public enum ProtocolSlot: String, Sendable, Hashable, CaseIterable {
    /// View → Interactor (VIP), Presenter → Interactor (VIPER's InteractorInputProtocol).
    case businessLogic
    /// Interactor → Presenter.
    case presentationLogic
    /// Presenter → View.
    case displayLogic
    /// View → Router (VIPER: Presenter → WireFrame).
    case routingLogic
    /// View → Presenter (VIPER's PresenterProtocol).
    case presenterInput
    /// The Router's access to its DataStore.
    case dataPassing
    /// The DataStore whose fields are written.
    case dataStore
    /// Interactor → a worker (VIPER's DataManager input protocol); `{worker}` in its template.
    case workerInput
    /// How an asynchronous worker calls back (VIPER's DataManager output protocol).
    case workerOutput
}
