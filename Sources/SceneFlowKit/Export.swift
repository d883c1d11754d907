import Diagrams
import Exporters
import ScenarioSpec
import TraceFormat

/// `export`: a run in another tool's format.
public enum Export {
    public enum Format: String, Sendable, CaseIterable {
        case plantuml, mermaid
        case chromeTrace = "chrome-trace"
        case json
    }

    public enum Diagram: String, Sendable, CaseIterable {
        case sequence, flow
    }

    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// The text of `trace` (and its `scenario`, which the flow needs) in `format`.
    public static func text(_ trace: Trace, scenario: Scenario?, format: Format, diagram: Diagram = .sequence,
                            detail: SequenceDiagramBuilder.Detail = .message, plain: Bool = false) throws -> String {
        func sequence() -> SequenceDiagram { SequenceDiagramBuilder.build(trace, options: .init(detail: detail)) }
        switch (format, diagram) {
        case (.plantuml, .sequence): return PlantUMLExporter.sequence(sequence(), plain: plain)
        case (.mermaid, .sequence): return MermaidExporter.sequence(sequence())
        case (.mermaid, .flow):
            guard let scenario else {
                throw Failure(message: "the flow needs the scenario: export the scenario file, or name it with --scenario FILE (the trace names \(trace.header.file))")
            }
            return MermaidExporter.flowchart(FlowDiagramBuilder.build(scenario: scenario, trace: trace))
        case (.chromeTrace, _): return ChromeTraceExporter.export(trace)
        case (.json, _): return String(decoding: TraceEncoder.document(trace), as: UTF8.self)
        case (.plantuml, .flow):
            throw Failure(message: "PlantUML export draws the sequence only; use '--format mermaid --diagram flow' for the flow")
        }
    }
}
