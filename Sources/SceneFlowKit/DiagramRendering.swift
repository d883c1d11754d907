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

    public struct Failure: Error {
        public var message: String
    }

    public var options: DiagramWriter.Options
    public var loader = ScenarioLoader()

    public init(options: DiagramWriter.Options) { self.options = options }

    public func render(input: String, outputRoot: URL?) throws -> Result {
        var result = Result()
        let isTrace = input.hasSuffix(".jsonl")
        guard FileManager.default.fileExists(atPath: input) else { throw Failure(message: "no such file: \(input)") }
        if !isTrace {
            let run = ScenarioRun(loader: loader, diagrams: options, report: nil)
            let report = try run.run(path: input, outputRoot: outputRoot ?? URL(fileURLWithPath: "Output"))
            result.written = report.diagrams
            result.diagnostics = report.diagnostics
            return result
        }
        let trace: Trace
        do {
            trace = try TraceReader.read(contentsOf: URL(fileURLWithPath: input))
        } catch let failure as TraceReader.Failure {
            throw Failure(message: "\(input):\(failure.line): \(failure.message)")
        }
        // The declared structure comes from the scenario the trace names, when it is still there.
        var scenario: Scenario?
        if FileManager.default.fileExists(atPath: trace.header.file) {
            let loaded = loader.load(path: trace.header.file)
            scenario = loaded.scenario
            if scenario == nil { result.diagnostics = loaded.diagnostics }
        }
        if scenario == nil && options.kinds.contains(where: { $0 != .sequence }) {
            result.notes.append("the scenario '\(trace.header.file)' could not be loaded, so only the sequence diagram is drawn")
        }
        let folder = outputRoot.map { OutputLayout.folder(forScenarioAt: trace.header.file, under: $0) }
            ?? URL(fileURLWithPath: input).deletingLastPathComponent()
        result.written = try DiagramWriter(options: options).write(trace: trace, scenario: scenario, to: folder)
        return result
    }
}
