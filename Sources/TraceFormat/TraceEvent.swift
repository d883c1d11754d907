import ScenarioSpec

/// One message of a run: who sent what to whom, through which protocol and method, with which payload, when
/// (logical time) and because of which line of the scenario.
public struct TraceEvent: Sendable, Hashable {
    /// 1-based, dense: event N is the N-th thing that happened.
    public var sequence: Int
    /// The V→I→P→V cycle this event belongs to; nil for what happens between cycles (navigation, configuration).
    public var cycle: Int?
    /// The event that caused this one (a call's sender handling a message), so cycles nest.
    public var parent: Int?
    /// The 1-based story step that was running.
    public var step: Int?
    /// Logical time in milliseconds: advanced only by worker latencies, never by the wall clock.
    public var time: Int
    public var kind: EventKind
    public var from: Participant
    public var to: Participant
    /// The protocol the message goes through (`LoginBusinessLogic`), when there is one.
    public var protocolName: String?
    /// The method (`login(request:)`), or for writes and displays the field or label.
    public var method: String
    /// The type of the payload (`Login.Login.Request`), when there is one.
    public var payloadType: String?
    public var payload: Value?
    /// The scenario line that caused the event.
    public var location: SourceLocation?
    /// Extra text: an error's message, a navigation's style, a cycle's title.
    public var note: String?

    public init(sequence: Int, cycle: Int?, parent: Int?, step: Int?, time: Int, kind: EventKind,
                from: Participant, to: Participant, protocolName: String? = nil, method: String,
                payloadType: String? = nil, payload: Value? = nil, location: SourceLocation? = nil,
                note: String? = nil) {
        self.sequence = sequence
        self.cycle = cycle
        self.parent = parent
        self.step = step
        self.time = time
        self.kind = kind
        self.from = from
        self.to = to
        self.protocolName = protocolName
        self.method = method
        self.payloadType = payloadType
        self.payload = payload
        self.location = location
        self.note = note
    }

    /// `LoginBusinessLogic.login(request:)`, or the method alone when there is no protocol.
    public var signature: String {
        protocolName.map { "\($0).\(method)" } ?? method
    }
}

/// What kind of message an event is.
public enum EventKind: String, Sendable, Hashable, CaseIterable {
    /// A cycle begins: a story step triggers a use case. `method` is `Scene.UseCase`, `note` the step's title.
    case cycleStart
    /// The cycle ends.
    case cycleEnd
    /// The Configurator wires a component to another (`interactor.presenter = presenter`).
    case configure
    /// A scene's lifecycle: it appears (`viewDidLoad()`), or is covered, uncovered or removed.
    case lifecycle
    /// The user acts on the View.
    case action
    /// The View's request to its Interactor (BusinessLogic), or VIPER's Presenter → Interactor input.
    case request
    /// VIPER: the View's event to its Presenter.
    case event
    /// The Interactor calls a worker operation.
    case workerCall
    /// The worker's result comes back.
    case workerResult
    /// The worker fails.
    case workerError
    /// A DataStore field is written.
    case dataStoreWrite
    /// The View's own state is written.
    case stateWrite
    /// The Interactor's Response to the Presenter (PresentationLogic), or VIPER's interactor output.
    case response
    /// The Presenter hands a ViewModel (or VIPER display call) to the View (DisplayLogic).
    case display
    /// The View puts a value on screen.
    case show
    /// The View asks the Router to route (RoutingLogic).
    case route
    /// The Router copies a field from the source DataStore to the destination's (DataPassing).
    case dataPassing
    /// The Router navigates: push, present, replace or back.
    case navigation
    /// appstate: the Interactor writes AppState, which publishes the change.
    case publish
    /// appstate: an observing View re-renders after AppState changed.
    case render

    /// True for the messages that return to a caller (drawn dashed).
    public var isReturn: Bool {
        self == .workerResult || self == .workerError
    }
}

/// A component instance that sends or receives messages: `LoginInteractor` of the first `Login` scene instance.
///
/// Immutable and shared: a run names the same few components in every event, so events hold a reference and
/// the participant's trace JSON is made once, when it is created. Equal participants compare equal by value.
public final class Participant: Sendable, Hashable, CustomStringConvertible {
    public let role: ComponentRole
    /// The type's name as the app's code would spell it (`LoginInteractor`, `AuthWorker`).
    public let name: String
    public let scene: SceneName?
    /// Which instance of the scene (1 for the first time it is shown, 2 for the next, …).
    public let instance: Int?
    /// The participant as trace JSON.
    public let json: [UInt8]

    public init(role: ComponentRole, name: String, scene: SceneName? = nil, instance: Int? = nil) {
        self.role = role
        self.name = name
        self.scene = scene
        self.instance = instance
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24 + name.utf8.count * 2 + (scene?.rawValue.utf8.count ?? 0))
        TraceEncoder.participant(role: role, name: name, scene: scene, instance: instance, into: &bytes)
        json = bytes
    }

    /// A participant whose JSON is already made (by a `Participant.Template`).
    init(role: ComponentRole, name: String, scene: SceneName?, instance: Int?, json: [UInt8]) {
        self.role = role
        self.name = name
        self.scene = scene
        self.instance = instance
        self.json = json
    }

    /// One component of a scene, for every instance of it: the JSON up to the instance number is made once.
    public struct Template: Sendable {
        public let role: ComponentRole
        public let name: String
        public let scene: SceneName
        private let prefix: [UInt8]

        public init(role: ComponentRole, name: String, scene: SceneName) {
            self.role = role
            self.name = name
            self.scene = scene
            var bytes: [UInt8] = []
            TraceEncoder.participant(role: role, name: name, scene: scene, instance: 0, into: &bytes)
            // Everything before the instance number ("0}").
            prefix = Array(bytes.dropLast(2))
        }

        /// The component of the scene's `instance`-th instance.
        public func participant(instance: Int) -> Participant {
            var json = prefix
            json.reserveCapacity(prefix.count + 21)
            TraceEncoder.int(instance, into: &json)
            json.append(UInt8(ascii: "}"))
            return Participant(role: role, name: name, scene: scene, instance: instance, json: json)
        }
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

    public static let user = Participant(role: .user, name: "User")

    /// A stable identifier: `Login#1.LoginInteractor`, or `User`.
    public var id: String {
        guard let scene, let instance else { return name }
        return "\(scene)#\(instance).\(name)"
    }
}
