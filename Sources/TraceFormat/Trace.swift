import ScenarioSpec

/// A whole trace in memory: the header, every event, and how the run ended.
public struct Trace: Sendable, Hashable {
    public var header: TraceHeader
    public var events: [TraceEvent]
    public var end: RunEnd?

    public init(header: TraceHeader, events: [TraceEvent], end: RunEnd?) {
        self.header = header
        self.events = events
        self.end = end
    }
}

/// The first line of a trace: the format's version and what was run.
public struct TraceHeader: Sendable, Hashable {
    /// The version of the trace format this library writes.
    public static let currentVersion = 1

    public var version: Int
    public var scenario: String
    public var file: String
    public var pattern: Pattern
    public var start: SceneName

    public init(version: Int = TraceHeader.currentVersion, scenario: String, file: String, pattern: Pattern,
                start: SceneName) {
        self.version = version
        self.scenario = scenario
        self.file = file
        self.pattern = pattern
        self.start = start
    }
}

/// The last line of a trace: whether the run completed, and its totals.
public struct RunEnd: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        case completed, failed
    }

    public var status: Status
    /// Events written.
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
