import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import TraceFormat

/// SceneFlow's stages, each named by what it takes and what it gives. Every command is one of the library calls
/// built on them (`ScenarioRun`, `TraceSource`, `ScenarioCheck`, `PatternComparison`, `ScenarioGenerate`, …) plus
/// its printing; nothing else loads a scenario or runs a story.
///
///     scenario file ─check→ checked scenario ─run→ trace (to disk, the terminal, memory)
///                                                 ─draw→ diagram models → DOT → Graphviz → files (DiagramWriter)
///     Swift sources ─import→ imported app → scenario text ─check→ checked scenario   (ScenarioImport)
///     checked scenario ─generate→ Swift package ─its tests→ recorded trace          (ScenarioGenerate)
///
/// A stage's failure is said in its output: a scenario with errors has no model and says why in `diagnostics`; a
/// story that fails at run time ends its trace and says why in its summary. What a stage throws is a failure of
/// the world around it — a trace that could not be written — never of the input.
public enum Pipeline {
    /// A scenario read, parsed and checked: every reference resolved, every expression typed, the pattern's rules
    /// applied. `scenario` is nil when the file has errors; warnings come either way.
    public typealias Checked = ScenarioLoader.Result

    /// Scenario file → checked scenario. `path` is how diagnostics name the file.
    public static func check(_ path: String, loader: ScenarioLoader = ScenarioLoader()) -> Checked {
        loader.load(path: path)
    }

    /// Scenario bytes that are not at a path of their own (a scenario a trace names, found by its fingerprint) →
    /// checked scenario, named `file` in diagnostics.
    public static func check(data: Data, file: String, loader: ScenarioLoader = ScenarioLoader()) -> Checked {
        loader.load(data: data, file: file, baseDirectory: URL(fileURLWithPath: file).deletingLastPathComponent())
    }

    /// Checked scenario → trace: its story run under its pattern's rules into `sink` (a file, the terminal, memory,
    /// or several), and what happened. Throws only what the sink throws.
    public static func run(_ scenario: Scenario, options: EngineOptions = EngineOptions(), into sink: TraceSink) throws -> RunSummary {
        try Engine(scenario: scenario, options: options).run(into: sink)
    }

    /// A run held in memory.
    public struct Recorded {
        public var trace: Trace
        public var summary: RunSummary
        /// Every message counted, when `trace` keeps only the first ones.
        public var tally: TraceTally?
    }

    /// Checked scenario → trace in memory; with `keepingEvents`, only the first messages are kept and all counted.
    public static func record(_ scenario: Scenario, options: EngineOptions = EngineOptions(), keepingEvents keep: Int? = nil) throws -> Recorded {
        let recorder = TraceRecorder(keepingEvents: keep)
        let summary = try run(scenario, options: options, into: recorder)
        return Recorded(trace: recorder.trace!, summary: summary, tally: recorder.tally)
    }
}

/// How a command ended, as its exit status says it: 0 `ok`, 1 `fails` (the command did its work and its answer is
/// no: a check failed, the scenario and the code differ, a finding), 2 `error` (it could not do its work: a file that
/// does not load or cannot be written, a bad option).
public enum ReportStatus: String, Sendable, Encodable {
    case ok, fails, error

    public var exitCode: Int32 {
        switch self {
        case .ok: 0
        case .fails: 1
        case .error: 2
        }
    }
}
