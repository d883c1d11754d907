/// One step of the story: what the user does, and what should hold afterwards.
public struct StoryStep: Sendable, Hashable {
    public var action: Action
    public var location: SourceLocation
    /// A caption for diagrams and narration.
    public var title: String?
    /// Worker outcomes that hold during this step only (a stub, as a test's "given").
    public var given: [WorkerStub]
    public var expectations: Expectations?
    /// For `do:`, the scene and use case the loader resolved it to (the scene may be left out when only one has the
    /// use case).
    public var performs: UseCaseRef?

    public enum Action: Sendable, Hashable {
        /// The app shows this scene as its root (configures it and runs its `trigger: appear` use cases).
        case appear(Located<SceneName>)
        /// The user triggers a use case, with request values typed by its Request.
        case perform(scene: Located<SceneName>?, useCase: Located<UseCaseName>, request: [Located<FieldValue>])
        /// The user goes back: pops a pushed scene or dismisses a presented one.
        case back
        /// A route fired straight from the View, with no cycle: a storyboard segue from a table row or a bar
        /// button (`prepare(for:sender:)` → `router.routeToShowOrder(segue:)`), carrying the user's selection as the
        /// route's input.
        case route(scene: Located<SceneName>, route: Located<RouteName>, input: [Located<FieldValue>])
        /// The user selects a tab of the tab bar on screen (`tabs:`): the tab's scene comes back as it was left, or
        /// loads the first time.
        case tab(Located<SceneName>)
    }

    public init(action: Action, location: SourceLocation, title: String? = nil, given: [WorkerStub] = [],
                expectations: Expectations? = nil) {
        self.action = action
        self.location = location
        self.title = title
        self.given = given
        self.expectations = expectations
    }
}

/// A use case of a scene.
public struct UseCaseRef: Sendable, Hashable {
    public var scene: SceneName
    public var useCase: UseCaseName

    public init(scene: SceneName, useCase: UseCaseName) {
        self.scene = scene
        self.useCase = useCase
    }
}

/// A named value given in the scenario: a request value or an expected value.
public struct FieldValue: Sendable, Hashable {
    /// The field, possibly qualified by scene (`Home.userID`).
    public var path: String
    public var value: Value

    public init(path: String, value: Value) {
        self.path = path
        self.value = value
    }
}

/// What must hold after a story step; evaluated by `sceneflow check`.
public struct Expectations: Sendable, Hashable {
    public var location: SourceLocation
    /// The scene on screen.
    public var scene: Located<SceneName>?
    /// The navigation stack, root first.
    public var stack: [Located<SceneName>]?
    /// Values the View on screen shows, by label.
    public var shown: [Located<FieldValue>]
    /// Fields of the last ViewModel the View received.
    public var viewModel: [Located<FieldValue>]
    /// DataStore fields, `Scene.field` or `field` of the scene on screen.
    public var dataStore: [Located<FieldValue>]
    /// AppState fields (appstate pattern).
    public var appState: [Located<FieldValue>]
    /// The route taken during the step.
    public var route: Located<RouteName>?
    /// Messages that must occur during the step, in this order (other messages may come between).
    public var messages: [Located<String>]
    /// Messages that must not occur during the step.
    public var absent: [Located<String>]

    public init(location: SourceLocation, scene: Located<SceneName>? = nil, stack: [Located<SceneName>]? = nil,
                shown: [Located<FieldValue>] = [], viewModel: [Located<FieldValue>] = [],
                dataStore: [Located<FieldValue>] = [], appState: [Located<FieldValue>] = [],
                route: Located<RouteName>? = nil, messages: [Located<String>] = [], absent: [Located<String>] = []) {
        self.location = location
        self.scene = scene
        self.stack = stack
        self.shown = shown
        self.viewModel = viewModel
        self.dataStore = dataStore
        self.appState = appState
        self.route = route
        self.messages = messages
        self.absent = absent
    }
}

/// `given: { RemoteDataManager.retrievePostList: { error: Offline } }` — during one story step, a worker
/// operation answers this way whatever its cases say.
public struct WorkerStub: Sendable, Hashable {
    /// The scene whose worker it stands in for; nil for a worker the app shares.
    public var scene: SceneName?
    public var worker: WorkerName
    public var operation: OperationName
    public var outcome: WorkerCase.Outcome
    /// Overrides the latency, in milliseconds.
    public var latency: Int?
    public var location: SourceLocation

    public init(scene: SceneName?, worker: WorkerName, operation: OperationName, outcome: WorkerCase.Outcome,
                latency: Int?, location: SourceLocation) {
        self.scene = scene
        self.worker = worker
        self.operation = operation
        self.outcome = outcome
        self.latency = latency
        self.location = location
    }
}
