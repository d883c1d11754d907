import Foundation
import SceneFlowRecorder

/// One scene instance's components as the trace knows them, and the messages they send, in the words of
/// SceneFlow's trace format. The scene's tracing file calls it where a message crosses a protocol (its wrappers) or a
/// part writes what it holds (its observing subclasses); the navigator and the screen call it as Views come and go.
public final class SceneTrace {
    /// Where the scenes wired in this task record: the shared recorder, unless a test wires its scenes with another
    /// (`SceneTrace.$recorder.withValue(.off) { LoginViewController() }`).
    @TaskLocal public static var recorder: Recorder = .shared

    public let scene: String
    public let instance: Int
    let recorder: Recorder
    public let wirer, view, interactor, presenter, router, dataStore: Participant
    private var workers: [String: Participant] = [:]
    /// The sequence number of the View's load (or latest appearance): the cause of the cycles it starts.
    var lastShown: Int?
    /// Recording wrappers their holders hold weakly (the Presenter's View), kept as long as the scene's trace.
    private var kept: [AnyObject] = []

    /// The View controller's lifecycle methods the navigator records when it calls them: `viewDidLoad()` as the scene
    /// comes on screen, `viewWillAppear(_:)` as it comes back (nil where coming back starts nothing).
    let loadMethod: String?, appearMethod: String?
    /// A SwiftUI View's `onAppear`: recorded, and the View rendered, each time it comes on screen, and when it comes
    /// back where coming back starts something (`appearMethod`). nil for View controllers.
    let screenAppearMethod: String?
    /// Whether the View goes on after its Interactor returns (SwiftUI with AppState: the route the new AppState calls
    /// for): a Request that starts its use case's cycle keeps it open, and stays the cause of what the View does
    /// next, until the View's turn is over (the screen settles).
    let viewGoesOn: Bool
    /// While the navigator runs what the View starts once it is on screen: whether it loaded or came back.
    private var showing: TraceCycle.Trigger?

    public init(scene: String, components: [ComponentRole: String], wiredByView: Bool, workers: [String],
                loadMethod: String? = nil, appearMethod: String? = nil, screenAppearMethod: String? = nil,
                viewGoesOn: Bool = false, recorder: Recorder = .shared) {
        self.scene = scene
        self.viewGoesOn = viewGoesOn
        self.loadMethod = loadMethod
        self.appearMethod = appearMethod
        self.screenAppearMethod = screenAppearMethod
        self.recorder = recorder
        let number = recorder.instance(of: scene)
        instance = number
        func make(_ role: ComponentRole) -> Participant {
            recorder.participant(role, components[role] ?? scene, scene: scene, instance: number)
        }
        let configurator = make(.configurator)
        view = make(.view)
        wirer = wiredByView ? view : configurator
        interactor = make(.interactor)
        presenter = make(.presenter)
        router = make(.router)
        dataStore = make(.dataStore)
        for worker in workers { self.workers[worker] = recorder.participant(.worker, worker, scene: scene, instance: instance) }
    }

    /// One of the scene's workers, or a worker the app shares (one participant for the whole run).
    func worker(_ name: String) -> Participant {
        workers[name] ?? recorder.sharedParticipant(.worker, name)
    }

    /// Keeps `wrapper` alive as long as the scene's trace: the wrapper a part holds weakly (the Presenter its View).
    public func keep<Wrapper: AnyObject>(_ wrapper: Wrapper) -> Wrapper {
        kept.append(wrapper)
        return wrapper
    }

    public func configure(_ holder: Participant, _ property: String, _ protocolName: String?, _ value: Participant) {
        recorder.note(.configure(property: property, protocolName: protocolName, value: value), from: wirer, to: holder)
    }

    public func loaded(_ method: String, cause: Int?) {
        lastShown = recorder.note(.load(method: method), from: view, to: view, parent: cause)
    }

    /// The View appears (UIKit's `viewWillAppear(_:)`, SwiftUI's `onAppear`); returns the message's number.
    @discardableResult
    public func appeared(_ method: String, cause: Int?) -> Int {
        let appeared = recorder.note(.appear(method: method), from: view, to: view, parent: cause)
        lastShown = appeared
        return appeared
    }

    /// The navigator loads the View controller as it comes on screen, because of message `cause`; a SwiftUI View
    /// appears and renders what it shows, observing the AppState it renders from while it is on screen.
    func comesOnScreen(cause: Int?) {
        if let loadMethod { loaded(loadMethod, cause: cause) }
        if let screenAppearMethod {
            render(cause: appeared(screenAppearMethod, cause: cause))
            if let observedState {
                AppStateObservers.add(self, observing: observedState) { [unowned self] cause in self.render(cause: cause) }
            }
        }
    }

    /// The navigator brings the View back on screen, because of message `cause`: recorded where coming back starts
    /// something (a SwiftUI View then renders again).
    func comesBack(cause: Int?) {
        guard let appearMethod else { return }
        let appeared = appeared(appearMethod, cause: cause)
        if screenAppearMethod != nil { render(cause: appeared) }
    }

    /// Runs what the View starts on its own once it is on screen (loaded, or `revealed` by going back): a Request it
    /// sends then starts a cycle of that trigger (an appearance where the View has no load method, as in SwiftUI).
    func whileShown(revealed: Bool, _ body: () -> Void) {
        showing = revealed || loadMethod == nil ? .appear : .load
        defer { showing = nil }
        body()
    }

    /// The View's Request to the Interactor, or (`fromPresenter`, VIPER) the Presenter's. Sent when no cycle runs, it
    /// starts its use case's cycle: the View asking on its own once it loaded or came back (caused by that), or else the
    /// user's action the View passes on (recorded with what the Request carries, none when it has no field).
    public func request(_ useCase: String, _ protocolName: String?, _ method: String, _ request: TraceValueConvertible?,
                        type: String?, fromPresenter: Bool = false, _ body: () -> Void) {
        // Nothing is made of the model where nothing is recorded.
        guard recorder.isRecording else { return body() }
        let payload = request?.traceValue
        let message = Message.request(useCase: UseCaseName(useCase), Invocation(protocolName: protocolName, method: method,
                                                                                 payloadType: type, payload: payload))
        func answer() { answering(.interactor) { within(useCase, nil, body) } }
        if viewGoesOn && (!recorder.isInCycle || recorder.isBetweenSends) {
            return takeTurn(useCase, payload: payload, type: type) {
                // The Interactor answers in a frame of its own: what it continues after (a worker's failure) is not
                // what the View goes on after.
                recorder.within(recorder.sendKeepingCause(message, from: view, to: interactor), answer)
            }
        }
        inCycle(useCase, payload: payload, type: type) {
            recorder.send(message, from: fromPresenter ? presenter : view, to: interactor, answer)
        }
    }

    /// The View's turn, where it goes on after its Interactor returns: the turn before it is over, and `useCase`'s
    /// cycle opens for what `send` sends and for what the View does after it, until the screen settles.
    private func takeTurn(_ useCase: String, payload: Value?, type: String?, _ send: () -> Void) {
        recorder.endTurn()
        recorder.beginTurn(useCase, on: view, trigger: showing ?? .action, cause: showing == nil ? nil : lastShown)
        Self.turning(recorder)
        if showing == nil { recorder.sendKeepingCause(Self.action(useCase, payload: payload, type: type), from: Recorder.user, to: view) }
        send()
    }

    private static let turnsLock = NSLock()
    nonisolated(unsafe) private static var turns: [ObjectIdentifier: Recorder] = [:]

    private static func turning(_ recorder: Recorder) {
        turnsLock.withLock { turns[ObjectIdentifier(recorder)] = recorder }
    }

    /// The Views' turns are over (the screen settles): each cycle a View kept open ends.
    public static func endTurns() {
        let open = turnsLock.withLock {
            defer { turns = [:] }
            return Array(turns.values)
        }
        for recorder in open { recorder.endTurn() }
    }

    /// The scenes whose parts are writing the AppState now, innermost last: an Interactor answering a Request, a
    /// Router taking a route.
    private static let writersLock = NSLock()
    nonisolated(unsafe) private static var writers: [(trace: SceneTrace, role: ComponentRole)] = []

    private func answering(_ role: ComponentRole, _ body: () -> Void) {
        // A scene that records nothing writes nothing another scene's recording could take for its own.
        guard recorder.isRecording else { return body() }
        Self.writersLock.withLock { Self.writers.append((self, role)) }
        defer { Self.writersLock.withLock { _ = Self.writers.popLast() } }
        body()
    }

    /// A field of the AppState `object` was written (its property observer says so): published by the Router taking a
    /// route, or by the Interactor answering a Request, whichever is writing now; nothing is recorded when neither is.
    public static func published(_ field: String, type: String, _ value: TraceValueConvertible?, in object: AnyObject) {
        guard let writer = writersLock.withLock({ writers.last }) else { return }
        writer.trace.published(field, type: type, value, in: object, fromRouter: writer.role == .router)
    }

    /// Sends what `send` sends in `useCase`'s cycle: the one running, else a new one — of the trigger the View is
    /// shown with while it starts what it does on its own, else the user's action, carrying `payload` (none when it
    /// has no field).
    private func inCycle(_ useCase: String, payload: Value?, type: String?, _ send: () -> Void) {
        guard !recorder.isInCycle else { return send() }
        if let showing { return recorder.cycle(useCase, on: view, trigger: showing, cause: lastShown, send) }
        recorder.cycle(useCase, on: view, trigger: .action) {
            recorder.send(Self.action(useCase, payload: payload, type: type), from: Recorder.user, to: view, send)
        }
    }

    /// The user's action that starts `useCase`'s cycle, carrying the Request's `payload` (none when it has no field).
    private static func action(_ useCase: String, payload: Value?, type: String?) -> Message {
        var carried = payload
        if case .record(let fields)? = payload, fields.names.isEmpty { carried = nil }
        return .action(useCase: UseCaseName(useCase), payloadType: carried == nil ? nil : type, payload: carried)
    }

    /// The View tells its Presenter what happened (VIPER): `viewDidLoad()`, a tap. Sent when no cycle runs, it starts
    /// its use case's cycle, as `request` does.
    public func event(_ useCase: String, _ protocolName: String?, _ method: String, _ request: TraceValueConvertible?,
                      type: String?, _ body: () -> Void) {
        guard recorder.isRecording else { return body() }
        let payload = request?.traceValue
        func send() {
            recorder.send(.event(useCase: UseCaseName(useCase), Invocation(protocolName: protocolName, method: method,
                                                                            payloadType: type, payload: payload)),
                          from: view, to: presenter) { within(useCase, nil, body) }
        }
        inCycle(useCase, payload: payload, type: type, send)
    }

    /// The use cases (and outputs) whose messages the scene's parts are handling, innermost last: what a VIPER
    /// Presenter shows is shown for the one it handles.
    private var handled: [(useCase: String, output: String?)] = []

    private func within(_ useCase: String, _ output: String?, _ body: () -> Void) {
        handled.append((useCase, output))
        defer { handled.removeLast() }
        body()
    }

    /// The Presenter tells the View what to show (VIPER's `showPosts(with:)`), for the use case and output whose message
    /// it is handling: one View method serves every use case that shows with it.
    public func shows(_ protocolName: String, _ method: String, _ values: TraceValueConvertible?, _ body: () -> Void) {
        guard recorder.isRecording, let (useCase, output) = handled.last else { return body() }
        display(useCase, output: output, protocolName, method, values, type: nil, body)
    }

    public func response(_ useCase: String, output: String?, _ protocolName: String, _ method: String,
                         _ response: TraceValueConvertible?, type: String?, _ body: () -> Void) {
        guard recorder.isRecording else { return body() }
        recorder.send(.response(useCase: UseCaseName(useCase), output: output.map { OutputName($0) },
                                Invocation(protocolName: protocolName, method: method, payloadType: type, payload: response?.traceValue)),
                      from: interactor, to: presenter) { within(useCase, output, body) }
    }

    public func display(_ useCase: String, output: String?, _ protocolName: String, _ method: String,
                        _ viewModel: TraceValueConvertible?, type: String?, _ body: () -> Void) {
        guard recorder.isRecording else { return body() }
        recorder.send(.display(useCase: UseCaseName(useCase), output: output.map { OutputName($0) },
                               Invocation(protocolName: protocolName, method: method, payloadType: type, payload: viewModel?.traceValue)),
                      from: presenter, to: view, body)
    }

    /// A worker call: the call, then its result or failure, with the time it took. A worker that answers through
    /// callbacks (`style: .callback`, VIPER's data managers) names them: its answer is recorded as `resultMethod`
    /// or `errorMethod` rather than as `method`.
    /// VIPER's data managers name their protocols: `inputProtocol` for the call (and a returned answer),
    /// `outputProtocol` for an answer through callbacks.
    /// `failureCausesWhatFollows`: a worker's tracing wrapper makes the call, so what the caller does after a failure,
    /// where it made the call, is caused by the failure (elsewhere the caller says so with `handling`).
    public func call<Result>(_ worker: String, _ operation: String, _ method: String, style: CallStyle = .return,
                             resultMethod: String? = nil, errorMethod: String? = nil,
                             inputProtocol: String? = nil, outputProtocol: String? = nil,
                             input: Record?, inputType: String?, resultType: String?, failureCausesWhatFollows: Bool = false,
                             failureStops: Bool = false, _ body: () throws -> Result) throws -> Result {
        let target = self.worker(worker)
        let started = recorder.time
        let answerProtocol = style == .callback ? outputProtocol : inputProtocol
        do {
            return try recorder.send(.workerCall(operation: OperationName(operation), style: style,
                                                 Invocation(protocolName: inputProtocol, method: method, payloadType: inputType,
                                                            payload: input.map { .record($0) })),
                                     from: interactor, to: target) {
                do {
                    let result = try body()
                    noteResult(operation, resultMethod ?? method, answerProtocol, resultType: resultType, result, from: target, started: started)
                    return result
                } catch let failure as WorkerFailure {
                    let noted = noteFailure(operation, errorMethod ?? method, answerProtocol, failure, from: target, started: started)
                    if failureStops { Self.stop(worker, operation, noted) }
                    throw noted
                }
            }
        } catch let failure as WorkerFailure where failureCausesWhatFollows {
            recorder.continueAfter(failure.event)
            throw failure
        }
    }

    /// A worker that answers through a completion handler that cannot fail (`fetchOrders(completionHandler:)`):
    /// `start` makes the call with the handler; the answer is recorded when it comes, and `then` goes on with it,
    /// caused by what made the call — at once when the worker answers before it returns, as the generated
    /// workers do.
    public func call<Answer>(_ worker: String, _ operation: String, _ method: String, style: CallStyle = .completion,
                             inputProtocol: String? = nil, input: Record?, inputType: String?, resultType: String?,
                             _ start: (@escaping (Answer) -> Void) -> Void, then: @escaping (Answer) throws -> Void) {
        answer(worker, operation, method, style: style, inputProtocol: inputProtocol, input: input, inputType: inputType,
               start, then: then) { [self] answer, target, started in
            noteResult(operation, method, inputProtocol, resultType: resultType, answer, from: target, started: started)
            return answer
        }
    }

    /// A worker whose completion handler answers nothing and cannot fail (`save(completion:)`).
    public func call(_ worker: String, _ operation: String, _ method: String, style: CallStyle = .completion,
                     inputProtocol: String? = nil, input: Record?, inputType: String?, resultType: String?,
                     _ start: (@escaping () -> Void) -> Void, then: @escaping () throws -> Void) {
        call(worker, operation, method, style: style, inputProtocol: inputProtocol, input: input, inputType: inputType,
             resultType: resultType, { (done: @escaping (()) -> Void) in start { done(()) } }, then: { (_: ()) in try then() })
    }

    /// A worker that answers through a completion handler with a `Result`: a failure is recorded as the worker's
    /// error (`WorkerFailure`) and handed to `then` like a success.
    public func call<Success>(_ worker: String, _ operation: String, _ method: String, style: CallStyle = .completion,
                              inputProtocol: String? = nil, input: Record?, inputType: String?, resultType: String?,
                              failureStops: Bool = false, _ start: (@escaping (Result<Success, any Error>) -> Void) -> Void,
                              thenResult then: @escaping (Result<Success, any Error>) throws -> Void) {
        // A failure is handled as caused by it.
        let handled: (Result<Success, any Error>) throws -> Void = { [recorder] result in
            if case .failure(let failure as WorkerFailure) = result {
                try recorder.within(failure.event) { try then(result) }
            } else {
                try then(result)
            }
        }
        answer(worker, operation, method, style: style, inputProtocol: inputProtocol, input: input, inputType: inputType,
               start, then: handled) { [self] result, target, started in
            switch result {
            case .success(let value):
                noteResult(operation, method, inputProtocol, resultType: resultType, value, from: target, started: started)
                return result
            case .failure(let failure as WorkerFailure):
                let noted = noteFailure(operation, method, inputProtocol, failure, from: target, started: started)
                if failureStops { Self.stop(worker, operation, noted) }
                return .failure(noted)
            case .failure:
                return result
            }
        }
    }

    /// A worker's failure that nothing handles stops the app, with the engine's words.
    private static func stop(_ worker: String, _ operation: String, _ failure: WorkerFailure) -> Never {
        Recorder.stop("'\(worker).\(operation)' failed with \"\(failure.message)\", and the call has no 'onError'")
    }

    /// The worker's result, as caused by the call being sent.
    private func noteResult(_ operation: String, _ method: String, _ protocolName: String?, resultType: String?, _ value: Any,
                            from target: Participant, started: Int) {
        recorder.note(.workerResult(WorkerAnswer(
            operation: OperationName(operation),
            invocation: Invocation(protocolName: protocolName, method: method, payloadType: resultType,
                                   payload: resultType == nil ? nil : (value as? TraceValueConvertible)?.traceValue),
            answer: .unknown, latency: recorder.time - started)), from: target, to: interactor)
    }

    /// The worker's failure, as caused by the call being sent; returned knowing its message's number, so what
    /// handles it is caused by it.
    private func noteFailure(_ operation: String, _ method: String, _ protocolName: String?, _ failure: WorkerFailure,
                             from target: Participant, started: Int) -> WorkerFailure {
        var failure = failure
        failure.event = recorder.note(.workerError(WorkerAnswer(operation: OperationName(operation),
                                                                invocation: Invocation(protocolName: protocolName, method: method),
                                                                answer: .unknown, latency: recorder.time - started),
                                                   error: failure.message),
                                      from: target, to: interactor)
        return failure
    }

    /// The call, then `record`'s note of the answer as caused by the call, then `then` as caused by what made it.
    private func answer<Answer>(_ worker: String, _ operation: String, _ method: String, style: CallStyle,
                                inputProtocol: String?, input: Record?, inputType: String?,
                                _ start: (@escaping (Answer) -> Void) -> Void, then: @escaping (Answer) throws -> Void,
                                record: @escaping (Answer, Participant, Int) -> Answer) {
        let target = self.worker(worker)
        let started = recorder.time
        let cause = recorder.cause ?? 0
        var call = 0
        var waiting = true
        var early: Answer?
        recorder.send(.workerCall(operation: OperationName(operation), style: style,
                                  Invocation(protocolName: inputProtocol, method: method, payloadType: inputType,
                                             payload: input.map { .record($0) })),
                      from: interactor, to: target) {
            call = recorder.cause ?? 0
            start { [self] answer in
                let answer = recorder.within(call) { record(answer, target, started) }
                if waiting {
                    early = answer
                } else {
                    recorder.within(cause) { run { try then(answer) } }
                }
            }
        }
        waiting = false
        if let early { run { try then(early) } }
    }

    public func stored(_ field: String, _ protocolName: String?, type: String, _ value: TraceValueConvertible?) {
        recorder.note(.dataStoreWrite(FieldWrite(protocolName: protocolName, field: field, type: type,
                                                 value: value?.traceValue ?? .null)), from: interactor, to: dataStore)
    }

    /// What the View has on screen, by label: what it showed and what it renders from state.
    public private(set) var screen: [String: Value] = [:]

    public func shown(_ label: String, _ value: TraceValueConvertible?) {
        let value = value?.traceValue ?? .null
        screen[label] = value
        recorder.note(.show(label: label, value: value), from: view, to: Recorder.user)
    }

    /// What the View shows from state, label by label, as SwiftUI's `body` renders it; set where the scene is wired.
    private var renderedLabels: () -> [(String, TraceValueConvertible?)] = { [] }
    /// The AppState the View renders from: a change to it renders the View again while it is on screen.
    private weak var observedState: AnyObject?

    /// The View renders `labels` from state (SwiftUI's `body`), and again whenever `state`, an AppState it observes,
    /// changes while it is on screen.
    public func renders(observing state: AnyObject? = nil, _ labels: @escaping () -> [(String, TraceValueConvertible?)]) {
        renderedLabels = labels
        observedState = state
    }

    /// The View renders what it shows from state, because of message `cause`: each label whose value changed is
    /// shown again (every label the first time).
    public func render(cause: Int) {
        recorder.within(cause) {
            for (label, value) in renderedLabels() where screen[label] != (value?.traceValue ?? .null) {
                shown(label, value)
            }
        }
    }

    /// The Interactor (or, passing data on, the Router) writes a field of the AppState `object`, which publishes
    /// it: every View on screen that observes the AppState renders again.
    public func published(_ field: String, type: String, _ value: TraceValueConvertible?, in object: AnyObject,
                          fromRouter: Bool = false) {
        let publish = recorder.note(.publish(FieldWrite(field: field, type: type, value: value?.traceValue ?? .null)),
                                    from: fromRouter ? router : interactor, to: Recorder.appState)
        for (observer, render) in AppStateObservers.views(of: object) {
            let rendered = recorder.note(.render(method: "body"), from: Recorder.appState, to: observer.view, parent: publish)
            render(rendered)
        }
    }

    /// A field of the DataStore the View holds (SwiftUI VIP) was written (its property observer says so): passed in by
    /// the route running now, when the route passes that field on, or else stored by the View, which then renders
    /// again.
    public func viewWrote(_ field: String, _ protocolName: String?, type: String, _ value: TraceValueConvertible?) {
        if passed(field, type: type, value) { return }
        let write = recorder.note(.dataStoreWrite(FieldWrite(protocolName: protocolName, field: field, type: type,
                                                             value: value?.traceValue ?? .null)), from: view, to: dataStore)
        render(cause: write)
    }

    /// The View asks the Router to move on, or (`fromPresenter`, VIPER) the Presenter asks the WireFrame.
    /// `passing`: the fields the route passes on, which the destination's DataStore records as passed when written
    /// while the route runs; `navigation`: the Router's method that changes the screen, which the navigator records
    /// when it does.
    public func route(_ route: String, _ protocolName: String?, _ method: String, input: Record?, inputType: String?,
                      fromPresenter: Bool = false, passing: RoutePassing? = nil, navigation: String? = nil, _ body: () -> Void) {
        recorder.send(.route(RouteName(route), Invocation(protocolName: protocolName, method: method, payloadType: inputType,
                                                           payload: input.map { .record($0) })),
                      from: fromPresenter ? presenter : view, to: router) {
            guard passing != nil || navigation != nil, let number = recorder.cause else { return answering(.router, body) }
            RunningRoute.begin(RunningRoute(route: route, router: router, message: number, passing: passing, navigation: navigation),
                               on: recorder)
            defer { RunningRoute.end(on: recorder) }
            answering(.router, body)
        }
    }

    /// A field of the scene's DataStore was written (its property observer says so): passed in by the route running
    /// now, when the route passes that field on, or else stored by the scene's Interactor.
    public func wrote(_ field: String, _ protocolName: String?, type: String, _ value: TraceValueConvertible?) {
        if !passed(field, type: type, value) { stored(field, protocolName, type: type, value) }
    }

    /// Records the write of `field` as passed in by the route running now, if that route passes it on.
    private func passed(_ field: String, type: String, _ value: TraceValueConvertible?) -> Bool {
        guard let (route, pass) = RunningRoute.takePassing(field, on: recorder) else { return false }
        recorder.note(.dataPassing(DataPass(route: RouteName(route.route), protocolName: route.passing?.protocolName,
                                            method: route.passing?.method ?? "", field: field, source: pass.source, type: type,
                                            value: value?.traceValue ?? .null)),
                      from: route.router, to: dataStore)
        return true
    }

    /// The screen changes to this scene as the route running now navigates, removing `removed`; returns the
    /// navigation's number, or nil when no route that names its navigation runs.
    func arrived(_ style: Navigation.Style, removed: [SceneTrace]) -> Int? {
        guard let route = RunningRoute.current(on: recorder), let method = route.navigation else { return nil }
        return recorder.note(.navigation(Navigation(style: style, route: RouteName(route.route), method: method,
                                                    removed: removed.map(\.view))), from: route.router, to: view)
    }

    /// Runs a component's logic; a failure the scenario engine would stop at (an overflow, an index out of
    /// range) stops the run, and the trace says why.
    public func run(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            recorder.fail("\(error)")
        }
    }
}

/// A recording wrapper standing in for a part behind one of its protocols (`TracingLoginBusinessLogic`).
public protocol TracingWrapper: AnyObject {
    /// The part it stands in for.
    var wrappedPart: Any? { get }
}

/// A part's subclass a scene's tracing file runs it with (`TracingLoginInteractor`, VIPER's
/// `TracingPostListPresenter`): it records what the part is told, and is that part.
public protocol RecordingPart: AnyObject {}

/// `part` itself, or the part a recording wrapper stands in for.
public func unwrapped<Part>(_ part: Any?, as type: Part.Type) -> Part? {
    if let wrapper = part as? TracingWrapper { return wrapper.wrappedPart as? Part }
    return part as? Part
}

/// What a route passes on, as its Router's method does it (`passDataToHome(source:destination:)` of
/// `LoginDataPassing`): each field of the destination's DataStore with the expression its value is read from. While the
/// route runs, a write to one of those fields is recorded as passed, not stored.
public struct RoutePassing {
    public let protocolName: String?
    public let method: String
    /// The fields, in the order the method writes them, with their source expressions (`source.userID`).
    var fields: [(field: String, source: String)]

    public init(_ protocolName: String?, _ method: String, fields: [(String, String)]) {
        self.protocolName = protocolName
        self.method = method
        self.fields = fields.map { (field: $0.0, source: $0.1) }
    }
}

/// A route whose message is being sent, by recorder: what a DataStore written meanwhile was passed by, and how the
/// navigator records the navigation it makes.
struct RunningRoute {
    let route: String
    let router: Participant
    let message: Int
    var passing: RoutePassing?
    let navigation: String?

    private static let lock = NSLock()
    nonisolated(unsafe) private static var running: [ObjectIdentifier: [RunningRoute]] = [:]

    static func begin(_ route: RunningRoute, on recorder: Recorder) {
        lock.lock()
        defer { lock.unlock() }
        running[ObjectIdentifier(recorder), default: []].append(route)
    }

    static func end(on recorder: Recorder) {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(recorder)
        running[key]?.removeLast()
        if running[key]?.isEmpty == true { running[key] = nil }
    }

    /// The route whose message is the one running now (what a message noted now is caused by), if one is.
    static func current(on recorder: Recorder) -> RunningRoute? {
        guard let cause = recorder.cause else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return running[ObjectIdentifier(recorder)]?.last.flatMap { $0.message == cause ? $0 : nil }
    }

    /// The passing of `field` by the route running now (its next one, when a route passes a field twice); nil when
    /// none runs, or it does not pass that field.
    static func takePassing(_ field: String, on recorder: Recorder) -> (RunningRoute, (field: String, source: String))? {
        guard let cause = recorder.cause else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(recorder)
        guard var top = running[key]?.last, top.message == cause,
              let index = top.passing?.fields.firstIndex(where: { $0.field == field }),
              let pass = top.passing?.fields.remove(at: index) else { return nil }
        running[key]![running[key]!.count - 1] = top
        return (top, pass)
    }
}

/// The Views that render from an AppState, by the AppState they observe, in the order they appeared: a change
/// to it renders each again, as SwiftUI renders every View that holds it as an `@EnvironmentObject`.
public enum AppStateObservers {
    private final class Observer {
        weak var object: AnyObject?
        let trace: SceneTrace
        let render: (Int) -> Void

        init(_ object: AnyObject, _ trace: SceneTrace, _ render: @escaping (Int) -> Void) {
            self.object = object
            self.trace = trace
            self.render = render
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var observers: [Observer] = []

    /// The View recorded by `trace` observes `object` from now on; `render` renders it, caused by a message.
    public static func add(_ trace: SceneTrace, observing object: AnyObject, render: @escaping (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        observers.removeAll { $0.object == nil }
        observers.append(Observer(object, trace, render))
    }

    /// The View recorded by `trace` left the screen: it observes nothing any more.
    public static func remove(_ trace: SceneTrace) {
        lock.lock()
        defer { lock.unlock() }
        observers.removeAll { $0.trace === trace || $0.object == nil }
    }

    static func views(of object: AnyObject) -> [(SceneTrace, (Int) -> Void)] {
        lock.lock()
        defer { lock.unlock() }
        return observers.filter { $0.object === object }.map { ($0.trace, $0.render) }
    }
}

/// How a presented scene covers the one below, as `UIModalPresentationStyle` names it (what both the View
/// controllers' navigator and the SwiftUI screen take).
public enum PresentationStyle: Sendable {
    case fullScreen, currentContext, automatic, pageSheet, formSheet, overFullScreen, overCurrentContext, popover

    /// A sheet or an over-full-screen scene leaves the one below on screen: dismissing it brings the one below no
    /// `viewWillAppear(_:)`, and none of its appear use cases run.
    public var keepsBelowOnScreen: Bool { self != .fullScreen && self != .currentContext }
}

/// A scene's View, as the trace knows it: the trace its scene records with, nil where it records nothing (a unit
/// test's View whose parts were replaced).
public protocol SceneTracing {
    var sceneTrace: SceneTrace? { get }
}

/// A worker's failure: its message is what the scenario's `error:` says.
public struct WorkerFailure: Error, CustomStringConvertible {
    public var message: String
    /// The trace's number for the failure, once recorded.
    public var event = 0

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// Makes a call of `worker`'s `operation` that handles no failure, where another call of the operation does (the
    /// worker's wrapper then lets failures through): a failure stops the app with the engine's words, every trace
    /// being recorded ended first, as the simulation stops its run.
    public static func unhandled<Answer>(_ worker: String, _ operation: String, _ call: () throws -> Answer) -> Answer {
        do {
            return try call()
        } catch {
            Recorder.stop("'\(worker).\(operation)' failed with \"\(error)\", and the call has no 'onError'")
        }
    }
}

/// What a failed worker call gives the logic that handles it: `{ error: String }`.
public struct WorkerError: TraceValueConvertible {
    public var error: String

    public var traceValue: Value { .record(Record(traced: [("error", error)])) }
}
