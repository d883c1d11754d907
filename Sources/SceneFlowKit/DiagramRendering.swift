import Foundation
import ScenarioLoader
import ScenarioSpec
import TraceFormat

/// `render`: diagrams from a recorded trace (reading its scenario when it is there), or from a scenario run anew.
public struct DiagramRendering {
    public struct Result {
        public var written = DiagramWriter.Result()
        public var diagnostics: [Diagnostic] = []
        /// Why some diagrams were not drawn.
        public var notes: [String] = []
    }

    public var options: DiagramWriter.Options
    public var loader = ScenarioLoader()

    public init(options: DiagramWriter.Options) { self.options = options }

    /// Draws `input` (a trace, or a scenario run anew); for a trace, `scenario` names its scenario explicitly.
    /// The diagrams that need no scenario.
    static let drawnFromTraceAlone: Set<DiagramKind> = [.sequence, .cycle]

    public func render(input: String, scenario scenarioPath: String? = nil, outputRoot: URL?) throws -> Result {
        var result = Result()
        guard FileManager.default.fileExists(atPath: input) else { throw Failure("file/not-found", "no such file: \(input)") }
        guard input.hasSuffix(".jsonl") else {
            let run = ScenarioRun(loader: loader, diagrams: options, report: nil)
            let report = try run.run(path: input, outputRoot: outputRoot ?? URL(fileURLWithPath: "Output"))
            result.written = report.diagrams
            result.diagnostics = report.diagnostics
            return result
        }
        // Only the messages the sequence diagram can draw are kept (with a step range, all: its steps may be late).
        // The sequence and cycle diagrams are drawn from the trace alone.
        let source = try TraceSource.load(input, scenario: scenarioPath, loader: loader,
                                          keepingEvents: options.sequence.steps == nil ? options.maxSequenceMessages : nil,
                                          readsNamedScenario: options.kinds.contains { !Self.drawnFromTraceAlone.contains($0) })
        result.diagnostics = source.diagnostics
        result.notes = source.notes
        if source.scenario == nil && options.kinds.contains(where: { !Self.drawnFromTraceAlone.contains($0) }) {
            result.notes.append("without the scenario, only the sequence and cycle diagrams are drawn")
        }
        let folder = try outputRoot.map { try OutputLayout.prepareFolder(forScenarioAt: source.trace.header.file, under: $0) }
            ?? URL(fileURLWithPath: input).deletingLastPathComponent()
        result.written = try DiagramWriter(options: options).write(trace: source.trace, scenario: source.scenario, to: folder,
                                                                   tally: source.tally)
        return result
    }
}
