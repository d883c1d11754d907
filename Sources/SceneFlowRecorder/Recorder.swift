@_exported import TraceFormat
import Foundation

/// Records what real Swift code does — V→I→P→V messages, worker calls, DataStore writes, routes, story steps — in
/// SceneFlow's trace format, so `sceneflow check --trace` can hold an app's run against its scenario.
///
/// Code records through it by sending each message as it makes the call it stands for:
///
/// ```swift
/// recorder.send(.request(useCase: "Login", Invocation(protocolName: "LoginBusinessLogic", method: "login(request:)",
///                                                     payloadType: "Login.Login.Request", payload: request.traceValue)),
///               from: view, to: interactor) {
///     interactor?.login(request: request)
/// }
/// ```
///
/// Messages sent inside `send`'s closure are caused by it (their `parent`); `note` records a message that causes
/// nothing (a value shown, a field written). Time is logical: workers report their latency with `elapse`.
/// Recording is off (every call returns at once) unless the recorder was given a destination, as `shared` is by
/// the `SCENEFLOW_TRACE` environment variable.
public final class Recorder: @unchecked Sendable {
    /// Writes to the file `SCENEFLOW_TRACE` names; off when it is not set.
    public static let shared = Recorder(destination: ProcessInfo.processInfo.environment["SCENEFLOW_TRACE"].map {
        URL(fileURLWithPath: $0)
    })

    private let lock = NSLock()
    private let destination: URL?
    private var sink: TraceSink?
    private var sequence = 0
    private var participants = 0
    private var cycles = 0
    private var clock = 0
    private var causes: [Int] = []
    private var openCycle: Int?
    /// The View's turn that is open (`beginTurn`): its cycle, and how many causes were running when it began.
    private var turn: (cycle: Int, base: Int, kept: Int)?
    private var instances: [String: Int] = [:]
    private var stepTitle: String?
    private var shared: [String: Participant] = [:]

    /// - Parameter destination: where the trace goes; nil records nothing.
    public init(destination: URL?) {
        self.destination = destination
    }

    /// A recorder that keeps the trace in memory (for tests): read it with `trace`.
    public init(memory: TraceRecorder) {
        destination = nil
        sink = memory
    }

    public var isRecording: Bool { sink != nil || destination != nil }

    /// Starts the trace: which scenario it is a run of. `omits` names facts the code does not record.
    /// `scenarioSHA256`: the digest of the scenario file the app was generated from, so `check --trace` can tell a
    /// trace of an app generated from another version of it.
    public func begin(scenario: String, file: String, pattern: String, start: String, scenarioSHA256: String? = nil,
                      fixtures: [String: String] = [:], omits: [String] = []) throws {
        try locked {
            if sink == nil, let destination { sink = try TraceFileWriter(destination: destination) }
            try sink?.begin(TraceHeader(scenario: scenario, file: file, pattern: pattern, start: SceneName(start),
                                        scenarioSHA256: scenarioSHA256, fixtures: fixtures, omits: omits))
        }
        if sink != nil { Self.runningLock.withLock { Self.running[ObjectIdentifier(self)] = self } }
    }

    /// The recorders between `begin` and `finish`: the traces a stop ends.
    nonisolated(unsafe) private static var running: [ObjectIdentifier: Recorder] = [:]
    private static let runningLock = NSLock()

    /// The app stops where Swift stops it (an Int overflow, an index out of range, a worker's failure nothing
    /// handles): every trace being recorded ends there, failed with `message`, as the engine ends a run at a run-time
    /// error; then the process traps.
    public static func stop(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        for recorder in runningLock.withLock({ Array(running.values) }) { try? recorder.finish(error: message) }
        fatalError(message, file: file, line: line)
    }

    /// Ends the trace and moves the file into place.
    public func finish(error: String? = nil) throws {
        endTurn()
        let error = error ?? failure
        try locked {
            try sink?.finish(RunEnd(status: error == nil ? .completed : .failed, messages: sequence, cycles: cycles,
                                    time: clock, error: error))
            sink = nil
        }
        _ = Self.runningLock.withLock { Self.running.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// A new component of the run, numbered in the order it is made.
    public func participant(_ role: ComponentRole, _ name: String, scene: String? = nil, instance: Int? = nil) -> Participant {
        locked {
            participants += 1
            return Participant(number: participants + 2, role: role, name: name, scene: scene.map { SceneName($0) }, instance: instance)
        }
    }

    /// A component the whole app shares (a worker every scene calls): made once, the first time it is asked for.
    public func sharedParticipant(_ role: ComponentRole, _ name: String) -> Participant {
        if let known = locked({ shared[name] }) { return known }
        let made = participant(role, name)
        locked { shared[name] = made }
        return made
    }

    /// A recorder that records nothing, for components made in unit tests.
    public static let off = Recorder(destination: nil)

    /// The next instance number of a scene: 1 the first time it is made, 2 the next…
    public func instance(of scene: String) -> Int {
        locked {
            instances[scene, default: 0] += 1
            return instances[scene]!
        }
    }

    /// The user, who acts on Views and sees what they show.
    public static let user = Participant(number: 1, role: .user, name: "User")

    /// The app's one AppState (SwiftUI with AppState), which Interactors write and Views observe.
    public static let appState = Participant(number: 2, role: .appState, name: "AppState")

    /// Records `message` and runs `body`, whose messages it causes.
    public func send<Result>(_ message: Message, from: Participant, to: Participant, _ body: () throws -> Result) rethrows -> Result {
        guard isRecording else { return try body() }
        let number = note(message, from: from, to: to)
        locked { causes.append(number) }
        defer { locked { _ = causes.popLast() } }
        return try body()
    }

    /// Records a message that causes nothing further; returns its sequence number. Its cause is the message whose
    /// `send` it happens in, or `parent` when given.
    @discardableResult
    public func note(_ message: Message, from: Participant, to: Participant, parent: Int? = nil) -> Int {
        guard isRecording else { return 0 }
        return locked {
            sequence += 1
            try? sink?.record(TraceEvent(sequence: sequence, cycle: openCycle, parent: parent ?? causes.last, step: nil, time: clock,
                                         from: from, to: to, message: message, location: nil))
            return sequence
        }
    }

    /// The message whose `send` is running (what a message noted now would be caused by); nil outside every `send`.
    public var cause: Int? {
        guard isRecording else { return nil }
        return locked { causes.last }
    }

    /// Runs `body` as caused by the message numbered `cause` (a worker's failure, for the logic that handles it).
    public func within<Result>(_ cause: Int, _ body: () throws -> Result) rethrows -> Result {
        guard isRecording, cause > 0 else { return try body() }
        locked { causes.append(cause) }
        defer { locked { _ = causes.popLast() } }
        return try body()
    }

    /// What is recorded from now until the running `send` (or `within`) ends is caused by the message numbered
    /// `cause`: the logic that handles a worker's failure after the call threw, in the frame that made the call.
    public func continueAfter(_ cause: Int) {
        guard isRecording, cause > 0 else { return }
        locked { if !causes.isEmpty { causes[causes.count - 1] = cause } }
    }

    /// A story step begins (the story test marks them). Its title names the cycle the user's action starts.
    public func step(_ number: Int, _ action: TraceStep.Action, title: String? = nil) {
        guard isRecording else { return }
        locked {
            stepTitle = title
            try? sink?.mark(.step(TraceStep(number: number, pass: 1, action: action, title: title, location: nil,
                                            firstSequence: sequence + 1, lastSequence: sequence)))
        }
    }

    /// Runs one V→I→P→V cycle of `useCase` on `view`, and records its beginning and end around `body`; `cause`
    /// is the View's load or appearance that started it (nil when the user did).
    public func cycle<Result>(_ useCase: String, on view: Participant, trigger: TraceCycle.Trigger, cause: Int? = nil,
                              _ body: () throws -> Result) rethrows -> Result {
        guard isRecording, locked({ openCycle == nil }) else { return try body() }
        let number: Int = locked {
            cycles += 1
            openCycle = cycles
            try? sink?.mark(.cycleStart(TraceCycle(number: cycles, view: view, useCase: UseCaseName(useCase), trigger: trigger,
                                                   title: trigger == .action ? stepTitle : nil, cause: cause, location: nil,
                                                   firstSequence: sequence + 1, lastSequence: sequence)))
            return cycles
        }
        defer {
            locked {
                try? sink?.mark(.cycleEnd(number))
                openCycle = nil
            }
        }
        return try body()
    }

    /// Opens one V→I→P→V cycle of `useCase` on `view` that lasts beyond this call, until the View's turn is over
    /// (`endTurn()`): a SwiftUI View goes on after its Interactor returns (to the route the new AppState calls for),
    /// and what it does then belongs to the cycle. Returns false, opening nothing, when a cycle runs.
    @discardableResult
    public func beginTurn(_ useCase: String, on view: Participant, trigger: TraceCycle.Trigger, cause: Int? = nil) -> Bool {
        guard isRecording else { return false }
        return locked {
            guard openCycle == nil else { return false }
            cycles += 1
            openCycle = cycles
            turn = (cycles, causes.count, 0)
            try? sink?.mark(.cycleStart(TraceCycle(number: cycles, view: view, useCase: UseCaseName(useCase), trigger: trigger,
                                                   title: trigger == .action ? stepTitle : nil, cause: cause, location: nil,
                                                   firstSequence: sequence + 1, lastSequence: sequence)))
            return true
        }
    }

    /// Records a message of the open turn that stays the cause of what is recorded until the turn ends (the user's
    /// action, the View's Request): returns its sequence number.
    @discardableResult
    public func sendKeepingCause(_ message: Message, from: Participant, to: Participant) -> Int {
        guard isRecording else { return 0 }
        let number = note(message, from: from, to: to)
        locked {
            guard turn != nil else { return }
            causes.append(number)
            turn?.kept += 1
        }
        return number
    }

    /// Whether a turn is open and its View is between the messages it sends, nothing it sent running: a Request it
    /// sends now begins its next turn.
    public var isBetweenSends: Bool {
        guard isRecording else { return false }
        return locked { turn.map { causes.count == $0.base + $0.kept } ?? false }
    }

    /// The View's turn is over (the screen settles): its causes go, and its cycle ends.
    public func endTurn() {
        guard isRecording else { return }
        locked {
            guard let open = turn else { return }
            causes.removeSubrange(min(open.base, causes.count)...)
            try? sink?.mark(.cycleEnd(open.cycle))
            openCycle = nil
            turn = nil
        }
    }

    /// Whether a cycle is running: a message noted now belongs to it.
    public var isInCycle: Bool {
        guard isRecording else { return false }
        return locked { openCycle != nil }
    }

    /// The logical time, in milliseconds.
    public var time: Int { locked { clock } }

    /// The first failure: the run stopped there.
    public private(set) var failure: String?

    /// The run cannot go on (what the engine reports as a run-time error); the trace ends with it.
    public func fail(_ message: String) {
        locked { if failure == nil { failure = message } }
    }

    /// Logical time passes: a worker took `milliseconds`.
    public func elapse(_ milliseconds: Int) {
        locked { clock += milliseconds }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
