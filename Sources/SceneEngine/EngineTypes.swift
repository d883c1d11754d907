import ScenarioSpec
import TraceFormat

/// Limits of a run.
public struct EngineOptions: Sendable, Hashable {
    /// The run stops with an error after this many events (a story whose routes loop never ends otherwise).
    public var maxMessages: Int

    /// The largest text (UTF-8 bytes) or list (items and characters) an expression may make: a value that doubles
    /// each step stops here, as a run-time error at its line, instead of filling memory.
    public var maxValueSize: Int

    /// The most bytes of trace (as JSON Lines) a run may write or hold: a story that repeats a large value stops
    /// here, with the step it reached, instead of filling the disk or the memory.
    public var maxTraceBytes: Int

    public static let defaultMaxMessages = 1_000_000
    public static let defaultMaxValueSize = 1 << 20
    /// For a trace held in memory (check, explain, coverage, export, diff, compare, generate): 256 MiB.
    public static let defaultMaxHeldTraceBytes = 256 << 20
    /// For a trace written to disk (`run`): 4 GiB, above the longest benchmark run.
    public static let defaultMaxWrittenTraceBytes = 4 << 30

    public init(maxMessages: Int = EngineOptions.defaultMaxMessages, maxValueSize: Int = EngineOptions.defaultMaxValueSize,
                maxTraceBytes: Int = EngineOptions.defaultMaxHeldTraceBytes) {
        self.maxMessages = maxMessages
        self.maxValueSize = maxValueSize
        self.maxTraceBytes = maxTraceBytes
    }
}

/// How a run went.
public struct RunSummary: Sendable, Hashable {
    /// nil when the story ran to its end.
    public var error: RuntimeError?
    public var messages: Int
    public var cycles: Int
    /// Logical time at the end, in milliseconds.
    public var time: Int
    /// Every scene that was shown, in the order first shown.
    public var scenesVisited: [SceneName]

    public var completed: Bool { error == nil }
}

/// The state after a story step, for checking its expectations.
public struct StepSnapshot: Sendable, Hashable {
    /// 1-based story step.
    public var step: Int
    /// 1-based pass through the story (a scenario with `repeat:` plays it more than once).
    public var pass: Int
    /// Scenes on the navigation stack, root first.
    public var stack: [SceneName]
    /// What the View on screen shows, label → value.
    public var shown: Record
    /// The last ViewModel the View on screen received.
    public var viewModel: Value?
    /// For each scene shown so far, the DataStore of its latest instance.
    public var dataStores: [SceneName: Record]
    public var appState: Record
    /// Routes taken during the step, in order.
    public var routes: [RouteName]
    /// The events of the step: sequence numbers `firstEvent...lastEvent` (empty when first > last).
    public var firstEvent: Int
    public var lastEvent: Int
}

/// Callbacks for tools that watch a run: `check` evaluates each step's expectations, `coverage` counts the worker
/// cases that answered.
public struct EngineHooks {
    /// After each story step, with the state then.
    public var stepFinished: ((StepSnapshot) -> Void)?
    /// Each time a worker operation answers: the scene, worker, operation, and the 0-based case that matched
    /// (nil when the story step's `given:` answered instead).
    public var workerAnswered: ((SceneName, WorkerName, OperationName, Int?) -> Void)?

    public init(stepFinished: ((StepSnapshot) -> Void)? = nil,
                workerAnswered: ((SceneName, WorkerName, OperationName, Int?) -> Void)? = nil) {
        self.stepFinished = stepFinished
        self.workerAnswered = workerAnswered
    }
}
