import ScenarioSpec

/// Why a run stopped early, and the scenario line responsible.
public struct RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    public var notes: [Diagnostic.Note]
    /// The run reached one of its limits (messages, trace bytes): the story did not fail, it was stopped.
    public var isLimit = false

    public init(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = [], isLimit: Bool = false) {
        self.message = message
        self.location = location
        self.notes = notes
        self.isLimit = isLimit
    }

    /// As a diagnostic, for printing like every other problem.
    /// `run/limit` when a limit stopped it, `run/failed` when the story did (a placeholder reached, a value out of
    /// range, a worker case that matches nothing).
    public var diagnostic: Diagnostic { .error(message, at: location, notes: notes, id: isLimit ? "run/limit" : "run/failed") }

    public var description: String { diagnostic.description }
}
