/// A whole trace in memory: the header, every message, the story steps and V→I→P→V cycles they fall in, and how
/// the run ended.
public struct Trace: Sendable, Hashable {
    public var header: TraceHeader
    /// Messages, in order: `events[i].sequence == i + 1`.
    public var events: [TraceEvent]
    /// Story steps, in the order they ran; a message belongs to the last step marked before it.
    public var steps: [TraceStep]
    /// Cycles, in the order they started.
    public var cycles: [TraceCycle]
    public var end: RunEnd?

    public init(header: TraceHeader, events: [TraceEvent], steps: [TraceStep] = [], cycles: [TraceCycle] = [],
                end: RunEnd?) {
        self.header = header
        self.events = events
        self.steps = steps
        self.cycles = cycles
        self.end = end
    }

    /// The cycle numbered `number` (1-based), if the trace has it.
    public func cycle(_ number: Int?) -> TraceCycle? {
        guard let number, number >= 1, number <= cycles.count, cycles[number - 1].number == number else {
            return cycles.first { $0.number == number }
        }
        return cycles[number - 1]
    }

    /// The body in file order: before message N, the ends of cycles whose last message came before it, then the
    /// steps and the cycles that start at N, then message N.
    public var records: [TraceRecord] { records(from: 1, through: events.count) }

    /// The body of messages `first...last` in file order, with the steps and cycles that start among them (and the
    /// ends of those cycles, where they end among them).
    public func records(from first: Int, through last: Int) -> [TraceRecord] {
        let first = max(1, first), last = min(last, events.count)
        var records: [TraceRecord] = []
        guard first <= last || (events.isEmpty && first == 1) else { return records }
        records.reserveCapacity(last - first + 1)
        var openCycles: [TraceCycle] = []
        var stepIndex = Self.firstIndex(steps.count) { steps[$0].firstSequence >= first }
        var cycleIndex = Self.firstIndex(cycles.count) { cycles[$0].firstSequence >= first }
        // One step past the last message closes the cycles that end with it; only at the end of the trace does it
        // also take the steps and cycles that start after the last message (a run that ends in an empty step).
        for sequence in first...(last + 1) {
            // Cycles end in the reverse of their nesting: the innermost open one first.
            while let index = openCycles.lastIndex(where: { $0.lastSequence < sequence }) {
                records.append(.marker(.cycleEnd(openCycles[index].number)))
                openCycles.remove(at: index)
            }
            if sequence > last && last < events.count { break }
            while stepIndex < steps.count, steps[stepIndex].firstSequence <= sequence {
                records.append(.marker(.step(steps[stepIndex])))
                stepIndex += 1
            }
            while cycleIndex < cycles.count, cycles[cycleIndex].firstSequence <= sequence {
                let cycle = cycles[cycleIndex]
                records.append(.marker(.cycleStart(cycle)))
                if cycle.lastSequence < cycle.firstSequence {
                    records.append(.marker(.cycleEnd(cycle.number)))
                } else {
                    openCycles.append(cycle)
                }
                cycleIndex += 1
            }
            if sequence <= last { records.append(.event(events[sequence - 1])) }
        }
        return records
    }

    /// The first index in `0..<count` where `isAfter` holds, for a predicate that holds from some index on.
    static func firstIndex(_ count: Int, where isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The messages of a step or a cycle: sequences `first...last` (empty when `last < first`).
    public func events(_ range: (first: Int, last: Int)) -> ArraySlice<TraceEvent> {
        let first = max(1, range.first), last = min(events.count, range.last)
        return first <= last ? events[(first - 1)..<last] : []
    }
}

/// A line of a trace's body: a message or a marker between messages.
public enum TraceRecord: Sendable, Hashable {
    case event(TraceEvent)
    case marker(TraceMarker)
}

/// The first line of a trace: the format's version, what was run, and the fingerprints of the files it read.
public struct TraceHeader: Sendable, Hashable {
    /// The newest version of the trace format this library reads and writes.
    public static let currentVersion = 3
    /// The version a trace is written in: 3 where it shows tab bars (`tab` navigations and steps), which version 2
    /// readers would misread; 2 otherwise, so every reader of version 2 still reads it.
    public static func version(showsTabs: Bool) -> Int { showsTabs ? 3 : 2 }

    public var version: Int
    public var scenario: String
    /// The scenario file, as the run named it.
    public var file: String
    /// The pattern's name (`clean-swift`); a trace may come from a pattern this reader does not define.
    public var pattern: String
    public var start: SceneName
    /// SHA-256 of the scenario file's bytes, lower-case hex; nil when the writer did not read one.
    public var scenarioSHA256: String?
    /// Fixture files the run read (as the scenario names them) and the SHA-256 of each.
    public var fixtures: [String: String]
    /// Facts the writer does not record (`dataStore`, `shown`, …: a recorder in an app may record only the
    /// cycle's calls); expectations about them are not checked. Empty: everything is recorded.
    public var omits: [String]

    public init(version: Int = 2, scenario: String, file: String, pattern: String,
                start: SceneName, scenarioSHA256: String? = nil, fixtures: [String: String] = [:], omits: [String] = []) {
        self.version = version
        self.scenario = scenario
        self.file = file
        self.pattern = pattern
        self.start = start
        self.scenarioSHA256 = scenarioSHA256
        self.fixtures = fixtures
        self.omits = omits
    }
}

/// A story step as the trace marks it: which step of the story, what it did, and its messages.
public struct TraceStep: Sendable, Hashable {
    /// What the story step did.
    public enum Action: Sendable, Hashable {
        /// The app shows this scene as its root.
        case appear(SceneName)
        /// The user triggers a use case of a scene.
        case perform(scene: SceneName, useCase: UseCaseName)
        /// The user goes back.
        case back
        /// A route fired straight from a scene's View (a segue), with no cycle.
        case route(scene: SceneName, route: RouteName)
        /// The user selects a tab of the tab bar on screen.
        case tab(SceneName)
    }

    /// 1-based, the step's place in the story.
    public var number: Int

    /// The step as a heading: `story step 3 · route Login.toHome — Open the order`.
    public var heading: String {
        let what: String
        switch action {
        case .appear(let scene): what = "appear \(scene)"
        case .perform(let scene, let useCase): what = "\(scene).\(useCase)"
        case .back: what = "back"
        case .route(let scene, let route): what = "route \(scene).\(route)"
        case .tab(let scene): what = "tab \(scene)"
        case nil: what = "step"
        }
        return "story step \(number) · \(what)" + (title.map { " — \($0)" } ?? "")
    }

    /// 1-based pass through the story (`repeat:`).
    public var pass: Int
    /// nil when the trace does not say (a format-1 trace).
    public var action: Action?
    public var title: String?
    public var location: SourceLocation?
    /// The step's messages: sequences `firstSequence...lastSequence` (none when `lastSequence < firstSequence`).
    public var firstSequence: Int
    public var lastSequence: Int

    public init(number: Int, pass: Int = 1, action: Action?, title: String? = nil, location: SourceLocation? = nil,
                firstSequence: Int, lastSequence: Int) {
        self.number = number
        self.pass = pass
        self.action = action
        self.title = title
        self.location = location
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
    }

    public var range: (first: Int, last: Int) { (firstSequence, lastSequence) }
}

/// One V→I→P→V cycle: the use case it runs, on which scene instance, why it started, and its messages.
public struct TraceCycle: Sendable, Hashable {
    /// What started the cycle.
    public enum Trigger: String, Sendable, Hashable {
        /// The user did something (a story step `do:`).
        case action
        /// The scene loaded (`viewDidLoad`): once per instance.
        case load
        /// The scene came on screen (`viewWillAppear`, SwiftUI's `onAppear`).
        case appear
        /// A scene it showed called it back (a delegate: `delegate?.didUpdateStatus(with:)`).
        case callback
    }

    /// 1-based, in the order cycles started.
    public var number: Int
    /// The View of the scene instance the cycle runs in.
    public var view: Participant
    public var useCase: UseCaseName
    public var trigger: Trigger
    public var title: String?
    /// The message that started it (the View's load or appearance), for cycles the user did not start.
    public var cause: Int?
    public var location: SourceLocation?
    /// The cycle's messages run from here to `lastSequence` (messages of other cycles may come between in a recorded
    /// app; each message says its cycle).
    public var firstSequence: Int
    public var lastSequence: Int

    public init(number: Int, view: Participant, useCase: UseCaseName, trigger: Trigger, title: String? = nil,
                cause: Int? = nil, location: SourceLocation? = nil, firstSequence: Int, lastSequence: Int) {
        self.number = number
        self.view = view
        self.useCase = useCase
        self.trigger = trigger
        self.title = title
        self.cause = cause
        self.location = location
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
    }

    public var range: (first: Int, last: Int) { (firstSequence, lastSequence) }

    /// The scene it runs in.
    public var scene: SceneName? { view.scene }
    /// `Login.Login`: scene and use case.
    public var name: String { (view.scene.map { "\($0)." } ?? "") + useCase.rawValue }
}

/// The last line of a trace: whether the run completed, and its totals.
public struct RunEnd: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        case completed, failed
    }

    public var status: Status
    /// Messages written.
    public var messages: Int
    public var cycles: Int
    /// Logical time at the end, in milliseconds.
    public var time: Int
    /// Why the run failed.
    public var error: String?
    public var location: SourceLocation?

    public init(status: Status, messages: Int, cycles: Int, time: Int, error: String? = nil,
                location: SourceLocation? = nil) {
        self.status = status
        self.messages = messages
        self.cycles = cycles
        self.time = time
        self.error = error
        self.location = location
    }
}

extension Trace {
    /// The number of the story step message `sequence` belongs to; nil during the launch.
    public func step(containing sequence: Int) -> Int? {
        let index = Self.firstIndex(steps.count) { steps[$0].firstSequence > sequence }
        return index > 0 ? steps[index - 1].number : nil
    }
}

extension Trace {
    /// The trace up to message `last`: later messages, steps and cycles dropped, those open at the cut ending there.
    /// The end line stays: it still says how the whole run ended.
    public func prefix(through last: Int) -> Trace {
        guard last < events.count else { return self }
        var cut = self
        cut.events = Array(events.prefix(max(0, last)))
        return cut.clipped(through: last)
    }

    /// The steps and cycles cut at message `last`: those after it dropped, those open at it ending there.
    public func clipped(through last: Int) -> Trace {
        guard steps.contains(where: { $0.lastSequence > last }) || cycles.contains(where: { $0.lastSequence > last }) else {
            return self
        }
        var cut = self
        cut.steps = steps.filter { $0.firstSequence <= last }.map { step in
            var step = step
            step.lastSequence = min(step.lastSequence, last)
            return step
        }
        cut.cycles = cycles.filter { $0.firstSequence <= last }.map { cycle in
            var cycle = cycle
            cycle.lastSequence = min(cycle.lastSequence, last)
            return cycle
        }
        return cut
    }
}

extension Trace {
    /// The trace in file order, as a reader scanning its file hands it over: the header, the records in file order, the end.
    public func items(_ body: (TraceItem) throws -> Void) throws {
        try body(.header(header))
        for record in records {
            switch record {
            case .marker(.step(let step)): try body(.step(step))
            case .marker(.cycleStart(let cycle)): try body(.cycleStart(cycle))
            case .marker(.cycleEnd(let number)): try body(.cycleEnd(number: number, lastSequence: cycle(number)?.lastSequence ?? 0))
            case .event(let event): try body(.event(event))
            }
        }
        if let end { try body(.end(end)) }
    }
}
