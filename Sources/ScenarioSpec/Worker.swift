/// A Worker (or, in VIPER, a DataManager): operations the Interactor calls, with canned behaviour.
public struct Worker: Sendable, Hashable {
    public var name: WorkerName
    public var location: SourceLocation
    public var operations: [WorkerOperation]
    /// What the worker keeps between calls (an in-memory store): fields its operations read as `state` and write
    /// with `update:`. Only workers shared by the app (declared at the top level) have state.
    public var state: [FieldDecl]
    /// The protocol its callers hold it as, as the app names it (`LoginWorkerProtocol`, `NetworkServiceType`); nil
    /// for the pattern's name (VIPER's `…DataManagerInputProtocol`) or none (a Clean Swift worker is a class).
    public var protocolName: Located<String>?
    /// Who makes it: what wires the scene (the default), or the part that holds it, itself.
    public var made: Located<Making>?

    public enum Making: String, Sendable, Hashable, CaseIterable {
        /// What wires the scene sets it (`interactor.worker = HomeWorker()` in a Configurator or `setup()`).
        case wiring
        /// The part that holds it makes it itself (`var worker = HomeWorker()`, or in its `init`): nothing wires it,
        /// and each instance of the scene has its own.
        case byHolder
    }

    /// Whether what wires the scene sets it (a wiring message per scene instance).
    public var isWired: Bool { made?.value != .byHolder }

    public init(name: WorkerName, location: SourceLocation, operations: [WorkerOperation], state: [FieldDecl] = []) {
        self.name = name
        self.location = location
        self.operations = operations
        self.state = state
    }

    public func operation(_ name: String) -> WorkerOperation? { operations.first { $0.name.rawValue == name } }
}

/// One operation of a worker: typed inputs, a result type and a table of cases tried in order.
public struct WorkerOperation: Sendable, Hashable {
    public var name: OperationName
    public var location: SourceLocation
    public var description: String?
    public var input: [FieldDecl]
    /// The result type; nil for operations that return nothing.
    public var output: TypeRef?
    /// Tried top to bottom; the first whose condition holds decides the outcome.
    public var cases: [WorkerCase]
    /// Simulated time the operation takes, in milliseconds (a case may override it).
    public var latency: Int
    /// The method signature to show, when it differs from `name(label:…)`.
    public var signature: String?
    /// How an asynchronous worker answers (VIPER's remote DataManager calls back its Interactor through an output
    /// protocol): the method for a result and for a failure. nil: it returns.
    public var callbacks: Callbacks?
    /// How the caller gets the answer when there are no `callbacks`: returned, through a completion handler, or
    /// awaited (`async`).
    public var style: Style = .return

    public enum Style: String, Sendable, Hashable, CaseIterable {
        case `return`
        case completion
        case async
    }

    public struct Callbacks: Sendable, Hashable {
        public var result: String?
        public var error: String?

        public init(result: String?, error: String?) {
            self.result = result
            self.error = error
        }
    }

    public init(name: OperationName, location: SourceLocation, description: String? = nil, input: [FieldDecl],
                output: TypeRef?, cases: [WorkerCase], latency: Int, signature: String? = nil,
                callbacks: Callbacks? = nil) {
        self.name = name
        self.location = location
        self.description = description
        self.input = input
        self.output = output
        self.cases = cases
        self.latency = latency
        self.signature = signature
        self.callbacks = callbacks
    }
}

/// A row of an operation's behaviour table.
public struct WorkerCase: Sendable, Hashable {
    /// When this case applies; nil means always (a default case).
    public var condition: Expr?
    public var outcome: Outcome
    /// Overrides the operation's latency, in milliseconds.
    public var latency: Int?
    public var location: SourceLocation
    /// `let: { order: Order(…) }`: names computed in order when this case answers, for `returns` and `update`.
    public var bindings: [Assignment] = []
    /// `update: { orders: state.orders + [order] }`: writes to the worker's state when this case answers, all
    /// computed from the state before the call.
    public var updates: [Assignment]

    public enum Outcome: Sendable, Hashable {
        /// The operation succeeds with this value (`.null` for operations without a result).
        case result(Value)
        /// The value was read from a JSON fixture file next to the scenario.
        case fixture(path: String, value: Value)
        /// The operation fails with this message.
        case error(String)
        /// `returns: state.orders`: the value of an expression over the inputs and the worker's state.
        case returns(Expr)
        /// `result: todo`: not written yet (what `sceneflow import` cannot know); a run that reaches it stops.
        case todo
    }

    public init(condition: Expr?, outcome: Outcome, latency: Int?, location: SourceLocation, updates: [Assignment] = []) {
        self.condition = condition
        self.outcome = outcome
        self.latency = latency
        self.location = location
        self.updates = updates
    }
}
