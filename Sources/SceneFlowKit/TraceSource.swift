import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import TraceFormat

/// A trace to work from: read from a `.jsonl` file, or made by running a scenario (in memory).
public struct TraceSource {
    public var trace: Trace
    /// The scenario, when it could be loaded (from the file given, or the one the trace names).
    public var scenario: Scenario?
    public var diagnostics: [Diagnostic]

    public struct Failure: Error {
        public var message: String
        public var diagnostics: [Diagnostic] = []
    }

    /// Reads `path` as a trace if it ends in `.jsonl`, otherwise loads and runs it as a scenario.
    public static func load(_ path: String, loader: ScenarioLoader = ScenarioLoader(),
                            options: EngineOptions = EngineOptions()) throws -> TraceSource {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure(message: "no such file: \(path)") }
        if path.hasSuffix(".jsonl") {
            let trace: Trace
            do {
                trace = try TraceReader.read(contentsOf: URL(fileURLWithPath: path))
            } catch let failure as TraceReader.Failure {
                throw Failure(message: "\(path):\(failure.line): \(failure.message)")
            }
            var scenario: Scenario?
            if FileManager.default.fileExists(atPath: trace.header.file) {
                scenario = loader.load(path: trace.header.file).scenario
            }
            return TraceSource(trace: trace, scenario: scenario, diagnostics: [])
        }
        let loaded = loader.load(path: path)
        guard let scenario = loaded.scenario else {
            throw Failure(message: "\(path) has errors", diagnostics: loaded.diagnostics)
        }
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario, options: options).run(into: recorder)
        var diagnostics = loaded.diagnostics
        if let error = summary.error { diagnostics.append(error.diagnostic) }
        return TraceSource(trace: recorder.trace!, scenario: scenario, diagnostics: diagnostics)
    }
}
