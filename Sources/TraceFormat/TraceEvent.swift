/// One message of a run: who sent what to whom, when (logical time), in which cycle, because of which message and
/// which line of the scenario. What the message is — a Request, a DataStore write, data passing — is `message`, a
/// typed value with its own fields for each kind, so no reader parses text to learn what happened.
public struct TraceEvent: Sendable, Hashable {
    /// 1-based and dense: message N is the N-th message of the run. Cycle and step markers are not messages.
    public var sequence: Int
    /// The V→I→P→V cycle it belongs to; nil for what happens between cycles (wiring, navigation back).
    public var cycle: Int?
    /// The message that caused this one (the call its sender was handling), so cycles nest.
    public var parent: Int?
    /// The 1-based story step that was running (from the trace's step markers); nil during the launch.
    public var step: Int?
    /// Logical time in milliseconds: advanced only by worker latencies, never by the wall clock.
    public var time: Int
    public var from: Participant
    public var to: Participant
    public var message: Message
    /// The scenario line that caused it.
    public var location: SourceLocation?

    public init(sequence: Int, cycle: Int?, parent: Int?, step: Int?, time: Int, from: Participant, to: Participant,
                message: Message, location: SourceLocation? = nil) {
        self.sequence = sequence
        self.cycle = cycle
        self.parent = parent
        self.step = step
        self.time = time
        self.from = from
        self.to = to
        self.message = message
        self.location = location
    }

    public var kind: EventKind { message.kind }

    /// The protocol the message goes through (`LoginBusinessLogic`, a DataStore's protocol), when there is one.
    public var protocolName: String? {
        switch message {
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): write.protocolName
        default: message.invocation?.protocolName
        }
    }

    /// The method called (`login(request:)`), when the message is a call.
    public var method: String? { message.invocation?.method }

    /// `LoginBusinessLogic.login(request:)`, the method alone when there is no protocol, or what the message names
    /// (`LoginDataStore.userID` for a field written, the label shown).
    public var signature: String {
        let name = method ?? message.subject
        return protocolName.map { "\($0).\(name)" } ?? name
    }

    /// The data the message carries: a payload, a written or shown value, an error text.
    public var payload: Value? { message.value }

    /// The type of what it carries (`Login.Login.Request`, `String?`).
    public var payloadType: String? { message.valueType }
}

/// A method call: through which protocol, which method, and the typed value it carries.
public struct Invocation: Sendable, Hashable {
    public var protocolName: String?
    /// `login(request:)`.
    public var method: String
    /// `Login.Login.Request`; nil when the call carries nothing.
    public var payloadType: String?
    public var payload: Value?

    public init(protocolName: String? = nil, method: String, payloadType: String? = nil, payload: Value? = nil) {
        self.protocolName = protocolName
        self.method = method
        self.payloadType = payloadType
        self.payload = payload
    }
}

/// A field written: a DataStore's, the View's own state, AppState's.
public struct FieldWrite: Sendable, Hashable {
    public var protocolName: String?
    public var field: String
    /// The field's declared type, as Swift spells it (`String?`).
    public var type: String
    public var value: Value

    public init(protocolName: String? = nil, field: String, type: String, value: Value) {
        self.protocolName = protocolName
        self.field = field
        self.type = type
        self.value = value
    }
}

/// How a worker was called, and so how its answer comes back.
public enum CallStyle: String, Sendable, Hashable, CaseIterable {
    /// It returns the result.
    case `return`
    /// It calls a completion handler.
    case completion
    /// `async`: the caller awaits it.
    case async
    /// It calls its owner back through an output protocol (VIPER's DataManager output).
    case callback
}

/// Which of an operation's outcomes answered a worker call.
public enum Answer: Sendable, Hashable {
    /// The operation's case at this 0-based index.
    case `case`(Int)
    /// The story step's `given:` stub.
    case given
    /// The trace does not say (a recorded app, a format-1 trace).
    case unknown
}

/// A worker's answer: its result or its failure, which case gave it, and how long it took.
public struct WorkerAnswer: Sendable, Hashable {
    public var operation: OperationName
    public var invocation: Invocation
    public var answer: Answer
    /// Simulated time it took, in milliseconds.
    public var latency: Int

    public init(operation: OperationName, invocation: Invocation, answer: Answer, latency: Int) {
        self.operation = operation
        self.invocation = invocation
        self.answer = answer
        self.latency = latency
    }
}

/// The Router copies one field from the source scene's DataStore into the destination's.
public struct DataPass: Sendable, Hashable {
    public var route: RouteName
    public var protocolName: String?
    /// `passDataToHome(source:destination:)`.
    public var method: String
    /// The destination DataStore's field.
    public var field: String
    /// What was copied, as the scenario writes it: `source.userID`.
    public var source: String
    public var type: String
    public var value: Value

    public init(route: RouteName, protocolName: String?, method: String, field: String, source: String, type: String,
                value: Value) {
        self.route = route
        self.protocolName = protocolName
        self.method = method
        self.field = field
        self.source = source
        self.type = type
        self.value = value
    }
}

/// A change of screens.
public struct Navigation: Sendable, Hashable {
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Pushed on the navigation stack.
        case push
        /// Presented modally.
        case present
        /// Replaces the whole stack (a new root).
        case replace
        /// Pops the top scene (the user's back, or a Router's pop).
        case pop
        /// Pops back to an earlier scene on the stack.
        case popToScene
        /// Dismisses a presented scene.
        case dismiss
        /// A tab bar shows one of its tabs: the one shown before (if any) goes off screen with what was pushed on it,
        /// and the selected one comes back with what was pushed on it (`shown`).
        case tab
    }

    public var style: Style
    /// The route taken; nil when the user navigates (back).
    public var route: RouteName?
    /// `navigateToHome(source:destination:)`, `popViewController(animated:)`.
    public var method: String
    /// The Views of the scene instances taken off the screen, top first.
    public var removed: [Participant]
    /// For `tab`: the Views of the scene instances the selected tab brings on screen, its root first.
    public var shown: [Participant]

    public init(style: Style, route: RouteName?, method: String, removed: [Participant] = [], shown: [Participant] = []) {
        self.style = style
        self.route = route
        self.method = method
        self.removed = removed
        self.shown = shown
    }
}

/// What a message is, with the fields of its kind.
public enum Message: Sendable, Hashable {
    /// The scene's wiring sets `to.property = value` (a Configurator, `setup()`, a WireFrame).
    case configure(property: String, protocolName: String?, value: Participant)
    /// The View is created and loads (`viewDidLoad()`): once per instance.
    case load(method: String)
    /// The View comes on screen (`viewWillAppear(_:)`, SwiftUI's `onAppear()`).
    case appear(method: String)
    /// The user acts on the View: the use case, and the values the user gives.
    case action(useCase: UseCaseName, payloadType: String?, payload: Value?)
    /// The View's request to its Interactor (BusinessLogic), or VIPER's Presenter → Interactor input.
    case request(useCase: UseCaseName?, Invocation)
    /// The View's event to its Presenter (VIPER).
    case event(useCase: UseCaseName?, Invocation)
    /// Another component method (`call: Presenter.refresh`).
    case call(Invocation)
    /// A worker operation is called.
    case workerCall(operation: OperationName, style: CallStyle, Invocation)
    /// The worker's result comes back.
    case workerResult(WorkerAnswer)
    /// The worker fails with `error`.
    case workerError(WorkerAnswer, error: String)
    /// A DataStore field is written.
    case dataStoreWrite(FieldWrite)
    /// The View's own state is written.
    case stateWrite(FieldWrite)
    /// The Interactor's Response to the Presenter (PresentationLogic), or VIPER's interactor output.
    case response(useCase: UseCaseName, output: OutputName?, Invocation)
    /// The Presenter's ViewModel (or VIPER display call) to the View (DisplayLogic).
    case display(useCase: UseCaseName?, output: OutputName?, Invocation)
    /// The View puts a value on screen under a label.
    case show(label: String, value: Value)
    /// The View (or VIPER's Presenter) asks the Router to take a route (RoutingLogic).
    case route(RouteName, Invocation)
    /// The Router copies a field into the next scene's DataStore (DataPassing).
    case dataPassing(DataPass)
    /// The screen changes.
    case navigation(Navigation)
    /// The Interactor writes AppState, which publishes the change.
    case publish(FieldWrite)
    /// An observing View re-renders (`body`) after AppState changed.
    case render(method: String)

    public var kind: EventKind {
        switch self {
        case .configure: .configure
        case .load: .load
        case .appear: .appear
        case .action: .action
        case .request: .request
        case .event: .event
        case .call: .call
        case .workerCall: .workerCall
        case .workerResult: .workerResult
        case .workerError: .workerError
        case .dataStoreWrite: .dataStoreWrite
        case .stateWrite: .stateWrite
        case .response: .response
        case .display: .display
        case .show: .show
        case .route: .route
        case .dataPassing: .dataPassing
        case .navigation: .navigation
        case .publish: .publish
        case .render: .render
        }
    }

    /// The call a message makes, for the kinds that are method calls.
    public var invocation: Invocation? {
        switch self {
        case .request(_, let call), .event(_, let call), .call(let call), .workerCall(_, _, let call),
             .response(_, _, let call), .display(_, _, let call), .route(_, let call):
            return call
        case .workerResult(let answer), .workerError(let answer, _):
            return answer.invocation
        case .dataPassing(let pass):
            return Invocation(protocolName: pass.protocolName, method: pass.method, payloadType: pass.type, payload: pass.value)
        case .navigation(let navigation):
            return Invocation(method: navigation.method)
        case .load(let method), .appear(let method), .render(let method):
            return Invocation(method: method)
        case .configure, .action, .dataStoreWrite, .stateWrite, .show, .publish:
            return nil
        }
    }

    /// What a message that is not a call names: the property wired, the use case acted on, the field written, the
    /// label shown.
    public var subject: String {
        switch self {
        case .configure(let property, _, _): return property
        case .action(let useCase, _, _): return useCase.rawValue
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): return write.field
        case .show(let label, _): return label
        default: return invocation?.method ?? ""
        }
    }

    /// The value the message carries.
    public var value: Value? {
        switch self {
        case .action(_, _, let payload): return payload
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): return write.value
        case .show(_, let value): return value
        case .workerError(_, let error): return .string(error)
        case .dataPassing(let pass): return pass.value
        default: return invocation?.payload
        }
    }

    /// The type of the value it carries.
    public var valueType: String? {
        switch self {
        case .action(_, let type, _): return type
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): return write.type
        case .workerError: return "Error"
        case .dataPassing(let pass): return pass.type
        default: return invocation?.payloadType
        }
    }

    /// The use case a cycle message belongs to.
    public var useCase: UseCaseName? {
        switch self {
        case .action(let useCase, _, _), .response(let useCase, _, _): return useCase
        case .request(let useCase, _), .event(let useCase, _), .display(let useCase, _, _): return useCase
        default: return nil
        }
    }

    /// The route a routing message belongs to.
    public var route: RouteName? {
        switch self {
        case .route(let route, _): return route
        case .dataPassing(let pass): return pass.route
        case .navigation(let navigation): return navigation.route
        default: return nil
        }
    }
}

/// What kind of message an event is: the `kind` of its trace line.
public enum EventKind: String, Sendable, Hashable, CaseIterable {
    case configure, load, appear, action, request, event, call, workerCall, workerResult, workerError, dataStoreWrite
    case stateWrite, response, display, show, route, dataPassing, navigation, publish, render

    /// True for the messages that return to a caller (drawn dashed).
    public var isReturn: Bool {
        self == .workerResult || self == .workerError
    }

    /// True for a View's lifecycle: it loads or comes on screen.
    public var isLifecycle: Bool { self == .load || self == .appear }
}

/// A component instance that sends or receives messages: `LoginInteractor` of the first `Login` scene instance.
///
/// Immutable and shared: a run names the same few components in every message, so messages hold a reference, and a
/// trace file declares each participant once and refers to it by `number`. Participants are equal when role, name,
/// scene and instance are: a worker named like a component is still another participant.
public final class Participant: Sendable, Hashable, CustomStringConvertible {
    public let role: ComponentRole
    /// The type's name as the app's code spells it (`LoginInteractor`, `AuthWorker`).
    public let name: String
    /// nil for what belongs to no scene: the User, AppState, a worker the app shares.
    public let scene: SceneName?
    /// Which instance of the scene (1 for the first time it is shown, 2 for the next, …).
    public let instance: Int?
    /// The participant's number in a trace file; numbers are unique within a run, given by whoever makes the run.
    public let number: Int

    public init(number: Int, role: ComponentRole, name: String, scene: SceneName? = nil, instance: Int? = nil) {
        self.number = number
        self.role = role
        self.name = name
        self.scene = scene
        self.instance = instance
    }

    public static func == (lhs: Participant, rhs: Participant) -> Bool {
        lhs === rhs
            || (lhs.role == rhs.role && lhs.name == rhs.name && lhs.scene == rhs.scene && lhs.instance == rhs.instance)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(role)
        hasher.combine(name)
        hasher.combine(scene)
        hasher.combine(instance)
    }

    public var description: String { id }

    /// A readable identifier: `Login#1.LoginInteractor`, or `User`. Not unique across roles (a worker named like a
    /// component); the participant itself is.
    public var id: String {
        guard let scene, let instance else { return name }
        return "\(scene)#\(instance).\(name)"
    }

    /// `Login#1`: the scene instance it belongs to.
    public var sceneInstance: String? {
        guard let scene, let instance else { return nil }
        return "\(scene)#\(instance)"
    }
}
