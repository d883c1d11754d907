/// A use case of a scene, as Clean Swift's `enum Login { enum Login { struct Request; Response; ViewModel } }`:
/// what the user (or the scene appearing) asks for, what the Interactor does, and how the answer is shown.
public struct UseCase: Sendable, Hashable {
    public var name: UseCaseName
    public var location: SourceLocation
    public var description: String?
    /// What starts the cycle.
    public var trigger: Trigger
    public var request: [FieldDecl]
    /// Request fields the View fills from what it holds when it sends the Request (`sends: { name: dataStore.name }`):
    /// SwiftUI VIP's View passing the Interactor a value of the DataStore it owns, a View passing its state. The
    /// story gives the other fields.
    public var sends: [Assignment] = []
    /// VIPER: the Presenter's handling of the View's event before (and instead of) the View calling the Interactor.
    public var event: [Step]?
    /// The Interactor's business logic.
    public var interactor: [Step]
    /// The Interactor's possible answers; a plain use case has exactly one, named like the use case.
    public var outputs: [Output]
    /// Method signatures for this use case's messages, where they differ from the pattern's convention.
    public var methods: MethodNames
    /// `interactor: none`: the View handles the action alone (a tap that opens a web page, an alert, the next
    /// screen from what the View holds): no Request goes anywhere; the `view:` steps run, seeing the `request`.
    public var handledByView = false
    /// `delegate: didUpdateStatus(with:)`: the use case runs when a scene this one showed calls this method back
    /// (a `delegate:` step there); its Request takes the call's values by name.
    public var delegate: Located<String>?

    public enum Trigger: String, Sendable, Hashable, Codable {
        /// The user does something (a story step `do:`).
        case action
        /// The scene comes on screen (`viewWillAppear`, `.onAppear`): when it is first shown, and again whenever going
        /// back reveals it.
        case appear
        /// The scene's View loads (`viewDidLoad`): once per instance, when it is first shown.
        case load

        /// Runs when a scene instance is first shown (load and appear both do).
        public var runsOnFirstShow: Bool { self == .appear || self == .load }
    }

    public init(name: UseCaseName, location: SourceLocation, description: String? = nil, trigger: Trigger,
                request: [FieldDecl], event: [Step]?, interactor: [Step], outputs: [Output], methods: MethodNames) {
        self.name = name
        self.location = location
        self.description = description
        self.trigger = trigger
        self.request = request
        self.event = event
        self.interactor = interactor
        self.outputs = outputs
        self.methods = methods
    }

    public func output(_ name: String) -> Output? { outputs.first { $0.name.rawValue == name } }
}

/// One answer of the Interactor: a Response, the Presenter's work, a ViewModel and the View's display logic.
public struct Output: Sendable, Hashable {
    public var name: OutputName
    public var location: SourceLocation
    public var response: [FieldDecl]
    public var presenter: Presentation
    public var viewModel: [FieldDecl]
    /// The View's display logic: what it shows, sets and where it routes.
    public var view: [Step]
    public var methods: MethodNames

    public init(name: OutputName, location: SourceLocation, response: [FieldDecl], presenter: Presentation,
                viewModel: [FieldDecl], view: [Step], methods: MethodNames) {
        self.name = name
        self.location = location
        self.response = response
        self.presenter = presenter
        self.viewModel = viewModel
        self.view = view
        self.methods = methods
    }
}

/// What the Presenter does with a Response.
public enum Presentation: Sendable, Hashable {
    /// Clean Swift: build the ViewModel field by field and hand it to the View's display logic.
    case viewModel([Assignment])
    /// VIPER and custom flows: steps, typically `display:` calls on the View.
    case steps([Step])
}

/// Method signatures that override a pattern's naming convention, e.g. `presentIceCream(response:)`.
public struct MethodNames: Sendable, Hashable {
    /// VIPER: the Presenter method the View calls (`viewDidLoad()`).
    public var event: Located<String>?
    /// The Interactor method (`loadIceCream(request:)`).
    public var interactor: Located<String>?
    /// The Presenter method that takes the Response (`presentIceCream(response:)`).
    public var presenter: Located<String>?
    /// The View method that takes the ViewModel (`displayIceCream(viewModel:)`).
    public var view: Located<String>?

    public init(event: Located<String>? = nil, interactor: Located<String>? = nil,
                presenter: Located<String>? = nil, view: Located<String>? = nil) {
        self.event = event
        self.interactor = interactor
        self.presenter = presenter
        self.view = view
    }
}
