import ScenarioSpec

/// An app as its code has it, in the scenario format's terms: what `import` writes, `map` draws and `drift`
/// compares. Every part keeps where the code says it.
public struct ImportedApp: Sendable {
    public var pattern: Pattern
    /// Which generation of the pattern's conventions the code follows (`clean-swift (BusinessLogic protocols)`).
    public var convention: String
    public var scenes: [Scene]
    public var entities: [Entity]
    /// Enums with raw values (or none) and no associated values: `ShippingSpeed`.
    public var enums: [Enum] = []
    /// The AppState variant's one observable state.
    public var appState: [Field] = []
    /// What could not be mapped, with its place: said on stderr and as comments.
    public var unmapped: [Unmapped]
    /// Files the parser could not read whole (read as far as it recovered).
    public var filesWithErrors: [String]
    /// Files not read at all (too deep, too slow to parse, too large), each with why: what `map` and `drift` cannot
    /// vouch for.
    public var filesNotRead: [Unmapped] = []
    /// How many Swift files were read.
    public var files: Int

    public struct Field: Sendable, Hashable {
        public var name: String
        /// The scenario type (`[Order]?`).
        public var type: String
        /// Why the type differs from the code's (`Date in the code`).
        public var note: String?
        public var location: SourceLocation
        /// A default, as YAML text: what the code passes when the View asks for a use case as it loads.
        public var defaultValue: String? = nil
        /// The type as the code writes it (`DB_Item?`), when the scenario's type says less.
        public var codeType: String? = nil
    }

    public struct Entity: Sendable, Hashable {
        public var name: String
        public var fields: [Field]
        public var location: SourceLocation
    }

    public struct Enum: Sendable, Hashable {
        public var name: String
        /// Case names and their raw values, as YAML text (a whole number, or text); nil for an enum without them.
        public var cases: [Case]
        public var location: SourceLocation

        public struct Case: Sendable, Hashable {
            public var name: String
            public var rawValue: String?
        }
    }

    public struct Component: Sendable, Hashable {
        public var role: ComponentRole
        public var typeName: String
        public var location: SourceLocation
    }

    /// A reference one component holds to another (`presenter: ListOrdersPresentationLogic?`), and whether it
    /// is weak: what `map` draws.
    public struct Reference: Sendable, Hashable {
        public var from: ComponentRole
        public var to: ComponentRole
        public var property: String
        public var weak: Bool
        public var location: SourceLocation
        /// For a worker, its type (`AuthWorker`).
        public var worker: String? = nil
    }

    /// A call one component makes to another, found in a method body.
    public struct Call: Sendable, Hashable {
        public var from: ComponentRole
        public var to: ComponentRole
        public var method: String
        public var location: SourceLocation
    }

    public struct Scene: Sendable {
        public var name: String
        public var location: SourceLocation
        public var components: [Component]
        /// `configurator`, `setup` (the View Controller's `setup()`) or `wireFrame`.
        public var wiring: String?
        public var dataStore: [Field]
        public var workers: [Worker]
        public var useCases: [UseCase]
        public var routes: [Route]
        public var references: [Reference]
        public var calls: [Call]
        /// Labels the View renders from state (SwiftUI's `Text("\(dataStore.someInt)")`): label and expression.
        public var shows: [Assignment] = []
        /// What the code does that the pattern's rules do not allow, each with its place.
        public var findings: [Finding] = []
        /// A plain screen another scene shows (a View Controller with no parts of its own): a destination only.
        public var isScreen = false
        /// A tab bar View Controller (a screen with no parts): the scenes of its tabs, in order.
        public var tabs: [String] = []
    }

    /// A rule of the pattern the code breaks: the rule's id (`presenter-holds-view-strongly`), where, and what goes
    /// wrong in the app.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The pattern's rule (`clean-swift/weak-view`).
        public var rule: String
        /// What the code does, in a word a person searches for (`presenter-holds-view-strongly`).
        public var kind: String
        public var message: String
        /// What to do instead.
        public var fix: String
        public var location: SourceLocation
        /// For a retain cycle, each strong reference in it (`LoginInteractor.presenter → LoginPresenter`) and its place.
        public var cycle: [Edge] = []
        /// For a part calling a worker the pattern does not let it call: that part, and the worker as the scene's
        /// workers name it.
        public var workerCall: WorkerCall?

        public struct WorkerCall: Sendable, Hashable {
            public var from: ComponentRole
            public var worker: String
        }
        public var description: String { "\(location): \(message) [\(rule)]" }

        public struct Edge: Sendable, Hashable {
            public var text: String
            public var location: SourceLocation
        }

        public init(rule: String, kind: String, message: String, fix: String, location: SourceLocation) {
            self.rule = rule
            self.kind = kind
            self.message = message
            self.fix = fix
            self.location = location
        }
    }

    public struct Worker: Sendable {
        public var name: String
        public var location: SourceLocation
        public var operations: [Operation]
        /// The protocol the scene's parts hold it as (`LoginWorkerProtocol`), when that is not the worker's own type.
        public var protocolName: String? = nil
        /// The part that holds it makes it (`var worker = HomeWorker()`); nil when what wires the scene sets it.
        public var made: ScenarioSpec.Worker.Making? = nil
    }

    public struct Operation: Sendable {
        public var name: String
        /// The method as the code spells it, when it differs from the scenario's convention.
        public var signature: String
        public var input: [Field]
        public var output: String?
        /// `callback` when the result comes through a completion handler.
        public var callback: Bool
        public var location: SourceLocation
    }

    public struct Assignment: Sendable, Hashable {
        public var field: String
        /// A scenario expression, or `todo`.
        public var expression: String
        public var location: SourceLocation
    }

    public enum Step: Sendable {
        case call(worker: String, operation: String, binding: String?, arguments: [Assignment], location: SourceLocation)
        case store([Assignment], location: SourceLocation)
        /// The Interactor tells its Presenter, through the method the code names (`presentOrders`), the Response's fields.
        case respond(method: String?, [Assignment], location: SourceLocation)
        /// The View writes state it holds (SwiftUI VIP's DataStore in its display logic).
        case set([Assignment], location: SourceLocation)
        /// VIPER: the Interactor answers through one method of its output protocol (`output?.didRetrievePosts(posts)`).
        case respondOutput(String, [Assignment], location: SourceLocation)
        /// VIPER: the Presenter asks its Interactor (`interactor?.retrievePostList()`), by the Interactor's method name.
        case callInteractor(String, arguments: [Assignment], location: SourceLocation)
        /// VIPER: the Presenter tells the View what to show (`view?.showPosts(with: posts)`).
        case display(String, values: [Assignment], location: SourceLocation)
        /// The Presenter (VIPER) asks the WireFrame to navigate, by the route's name.
        case route(String, arguments: [Assignment], location: SourceLocation)
        /// `if condition { … } else { … }` whose condition the scenario language can say.
        indirect case conditional(String, then: [Step], otherwise: [Step], location: SourceLocation)
        /// `guard condition else { … }`: when the condition does not hold, the steps run and the logic ends.
        indirect case validate(String, otherwise: [Step], location: SourceLocation)
    }


    public struct Output: Sendable {
        public var name: String
        public var presenterMethod: String
        public var response: [Field]
        public var presenter: [Step]
        public var location: SourceLocation
        /// Clean Swift: the ViewModel the Presenter builds for this answer, how, and the View method it calls.
        public var viewModel: [Field] = []
        public var mapping: [Assignment] = []
        public var viewMethod: String? = nil
        /// What the View does when it displays this answer (routes).
        public var view: [Step] = []
    }

    public struct UseCase: Sendable {
        public var name: String
        public var location: SourceLocation
        public var request: [Field]
        public var response: [Field]
        public var viewModel: [Field]
        /// Methods as the code names them (the scenario writes them only where they differ from the convention).
        public var interactorMethod: String
        public var presenterMethod: String?
        public var viewMethod: String?
        public var interactor: [Step]
        public var presenter: [Assignment]
        /// Whether the View asks for it when it appears (`viewWillAppear`/`viewDidLoad` calls it).
        /// `load` when the View asks for it as it loads (`viewDidLoad`), `appear` when it comes on screen
        /// (`viewWillAppear`, `viewDidAppear`), nil when the user starts it.
        public var trigger: String?
        /// VIPER: the Presenter method the View calls (`viewDidLoad()`), and what the Presenter does with it.
        public var eventMethod: String? = nil
        public var event: [Step]? = nil
        /// VIPER: the Interactor's answers through its output protocol.
        public var outputs: [Output] = []
        /// The View's display logic (SwiftUI VIP: what it writes into the DataStore it holds).
        public var view: [Step] = []
    }

    public struct Route: Sendable {
        public var name: String
        public var destination: String
        public var method: String
        public var navigation: String?
        /// Values the route is called with (VIPER's `presentPostDetailScreen(from:forPost:)`).
        public var input: [Field] = []
        public var pass: [Assignment]
        public var location: SourceLocation
        /// The method the scene calls when it hands the navigation over (`logout()`, reaching a delegate's
        /// `navigateToAuthorizationScene()`): the route goes by that name too.
        public var entry: String? = nil
        /// How a presented scene covers the one below (`overFullScreen`).
        public var presentation: ScenarioSpec.Route.Presentation? = nil
    }

    public struct Unmapped: Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var location: SourceLocation?
        public var description: String { (location.map { "\($0): " } ?? "") + message }
    }
}

extension ImportedApp.UseCase {
    /// The Presenter methods the use case reaches, by base name, in the order the code calls them.
    public var presenterMethods: [String] {
        var names: [String] = []
        func add(_ name: String?) { if let name, !names.contains(name) { names.append(name) } }
        for step in interactor.flatMap(\.flattened) {
            switch step {
            case .respond(let method, _, _): add(method ?? presenterMethod.map(PatternNaming.baseName))
            case .respondOutput(let output, _, _): add(output)
            default: break
            }
        }
        if names.isEmpty { add(presenterMethod.map(PatternNaming.baseName)) }
        for output in outputs { add(output.name) }
        return names
    }

    /// The View methods the Presenter calls while handling the use case, by base name, in order.
    public var displayMethods: [String] {
        var names: [String] = []
        func add(_ name: String?) { if let name, !names.contains(name) { names.append(name) } }
        for step in (event ?? []).flatMap(\.flattened) + outputs.flatMap({ $0.presenter.flatMap(\.flattened) }) {
            if case .display(let method, _, _) = step { add(PatternNaming.baseName(method)) }
        }
        add(viewMethod.map(PatternNaming.baseName))
        return names
    }
}

extension [ImportedApp.Step] {
    /// The steps without the calls of a worker's operations (a worker left out), inside branches too.
    func removingCalls(to worker: String) -> [ImportedApp.Step] {
        compactMap { step in
            switch step {
            case .call(let name, _, _, _, _) where name == worker: return nil
            case .conditional(let condition, let then, let otherwise, let location):
                return .conditional(condition, then: then.removingCalls(to: worker), otherwise: otherwise.removingCalls(to: worker), location: location)
            case .validate(let condition, let otherwise, let location):
                return .validate(condition, otherwise: otherwise.removingCalls(to: worker), location: location)
            default: return step
            }
        }
    }
}

extension ImportedApp.Step {
    /// This step and the steps nested in it, in order.
    public var flattened: [ImportedApp.Step] {
        if case .conditional(_, let then, let otherwise, _) = self { return [self] + (then + otherwise).flatMap(\.flattened) }
        if case .validate(_, let otherwise, _) = self { return [self] + otherwise.flatMap(\.flattened) }
        return [self]
    }
}
