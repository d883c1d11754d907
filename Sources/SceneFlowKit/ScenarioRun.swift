import Diagrams
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Narration
import StoryCheck
import TraceFormat

/// The whole pipeline for one scenario file: load and check it, run its story, stream the trace to disk.
public struct ScenarioRun {
    /// What happened.
    public struct Report {
        /// Every diagnostic of loading (warnings even when the run went ahead).
        public var diagnostics: [Diagnostic]
        public var scenario: Scenario?
        public var summary: RunSummary?
        /// The trace written, when the scenario loaded.
        public var traceFile: URL?
        /// Diagrams written, and what Graphviz said.
        public var diagrams = DiagramWriter.Result()
        /// The HTML report, when one was written.
        public var reportFile: URL?
        /// The golden trace recorded, when asked for.
        public var goldenFile: URL?

        /// `ok` when the story ran to its end, `fails` when a run-time error or a limit stopped it, `error` when the
        /// scenario did not load or a diagram could not be drawn.
        public var status: ReportStatus {
            if scenario == nil || !diagrams.failures.isEmpty { return .error }
            return diagnostics.containsErrors || summary?.completed == false ? .fails : .ok
        }
    }

    public var loader: ScenarioLoader
    public var options: EngineOptions
    /// Diagrams to draw after the run; nil draws none.
    public var diagrams: DiagramWriter.Options?
    /// The language of the HTML report written with the diagrams; nil writes none.
    public var report: Language?
    /// Also record the trace as `<folder>/<scenario>.jsonl`, the golden trace `check --golden` compares with.
    public var goldenFolder: URL?

    public init(loader: ScenarioLoader = ScenarioLoader(), options: EngineOptions = EngineOptions(),
                diagrams: DiagramWriter.Options? = DiagramWriter.Options(), report: Language? = .english) {
        self.loader = loader
        self.options = options
        self.diagrams = diagrams
        self.report = report
    }

    /// Loads `path`, runs it, and writes `trace.jsonl` into `outputRoot/<name>/` (atomically: a temporary file
    /// renamed into place). `extraSink` sees every event too (the terminal printer). A run-time error still
    /// writes the trace up to the error.
    /// `loaded` is told the scenario before it runs (the printer learns what it accepts).
    public func run(path: String, outputRoot: URL, extraSink: TraceSink? = nil, loaded notify: ((Scenario) -> Void)? = nil) throws -> Report {
        let loaded = Pipeline.check(path, loader: loader)
        guard let scenario = loaded.scenario else {
            return Report(diagnostics: loaded.diagnostics, scenario: nil, summary: nil, traceFile: nil)
        }
        notify?(scenario)
        let started = Date()
        let folder = try OutputLayout.prepareFolder(forScenarioAt: path, under: outputRoot)
        let golden = goldenFolder.map { GoldenTrace.file(named: OutputLayout.folderName(forScenarioAt: path), in: $0) }
        if let golden, let owner = OutputLayout.otherScenario(recordedIn: golden, than: path) {
            throw Failure("output/conflict", "\(golden.relativePath) is the golden trace of '\(owner)', and '\(path)' would overwrite it (both names lead to '\(golden.lastPathComponent)'): rename one of the files")
        }
        let traceFile = folder.appendingPathComponent("trace.jsonl")
        let writer = try TraceFileWriter(destination: traceFile)
        // Diagrams need the events again: keep them in memory unless none are drawn.
        // Diagrams draw at most `maxSequenceMessages` messages: only those are kept, the rest counted, so memory stays
        // flat however long the run (a chosen step range keeps everything: its steps may come later).
        // Large messages keep fewer: what is kept for drawing never passes the budget of a trace held in memory.
        let recorder = diagrams.map { TraceRecorder(keepingEvents: $0.sequence.steps == nil ? $0.maxSequenceMessages : nil,
                                                    stopsKeepingAt: EngineOptions.defaultMaxHeldTraceBytes) }
        let sinks: [TraceSink] = [writer] + [recorder, extraSink].compactMap { $0 }
        let sink: TraceSink = sinks.count == 1 ? writer : TraceFanout(sinks)
        let summary: RunSummary
        do {
            summary = try Pipeline.run(scenario, options: options, into: sink)
        } catch {
            writer.discard()
            throw error
        }
        var diagnostics = loaded.diagnostics
        if let error = summary.error { diagnostics.append(error.diagnostic) }
        var report = Report(diagnostics: diagnostics, scenario: scenario, summary: summary, traceFile: traceFile)
        if let golden {
            try AtomicFile.write(try Data(contentsOf: traceFile), to: golden)
            report.goldenFile = golden
        }
        do {
            try draw(recorder?.trace, tally: recorder?.tally, scenario: scenario, into: folder, report: &report)
        } catch let failure as WriteFailure {
            // The folder must not mix this run's files with an earlier run's.
            let removed = OutputLayout.removeOutputs(in: folder, olderThan: started)
            throw Failure("output/write", "\(failure)" + (removed.isEmpty ? "" :
                "; the earlier run's \(removed.joined(separator: ", ")) \(removed.count == 1 ? "was" : "were") removed, so the folder holds this run's files only"))
        }
        return report
    }

    /// Why a run's outputs could not be written.
    /// The sequence options with what breaks a rule in the run.
    private func flagged(_ options: SequenceDiagramBuilder.Options, _ trace: Trace, _ scenario: Scenario) -> SequenceDiagramBuilder.Options {
        var options = options
        if options.ruleBreaks == nil { options.ruleBreaks = DiagramWriter.ruleBreaks(trace: trace, scenario: scenario) }
        return options
    }

    private func draw(_ trace: Trace?, tally: TraceTally?, scenario: Scenario, into folder: URL, report: inout Report) throws {
        if let diagrams, let trace {
            report.diagrams = try DiagramWriter(options: diagrams).write(trace: trace, scenario: scenario, to: folder, tally: tally)
            if let language = self.report {
                var rendered: [DiagramKind: Data] = [:]
                for kind in DiagramKind.allCases { rendered[kind] = report.diagrams.svg[kind.rawValue] }
                report.reportFile = try ReportWriter.write(trace: trace, scenario: scenario, to: folder, language: language,
                                                           sequence: flagged(diagrams.sequence, trace, scenario), rendered: rendered,
                                                           maxMessages: diagrams.maxSequenceMessages,
                                                           messagesPerPage: diagrams.messagesPerPage,
                                                           renderedPages: diagrams.sequence.steps == nil ? report.diagrams.pageSVG : [])
            }
        }
    }
}

/// Sends every event to several sinks.
public final class TraceFanout: TraceSink {
    let sinks: [TraceSink]

    public init(_ sinks: [TraceSink]) { self.sinks = sinks }

    public func begin(_ header: TraceHeader) throws { for sink in sinks { try sink.begin(header) } }
    public func record(_ event: borrowing TraceEvent) throws { for sink in sinks { try sink.record(event) } }
    public func mark(_ marker: TraceMarker) throws { for sink in sinks { try sink.mark(marker) } }
    public func finish(_ end: RunEnd) throws { for sink in sinks { try sink.finish(end) } }
    /// The most any of its sinks writes or holds.
    public var bytes: Int { sinks.map(\.bytes).max() ?? 0 }
}
