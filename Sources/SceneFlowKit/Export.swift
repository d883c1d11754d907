import Foundation
import Diagrams
import Exporters
import ScenarioSpec
import TraceFormat
import TraceReading

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

    /// What an export writes: one text, or for a Mermaid sequence of a long run one text per page (Mermaid has no
    /// pages: each is its own `sequenceDiagram`, `<name>-<n>.mmd`). PlantUML pages within its one text (`newpage`).
    public struct Output: Sendable {
        public var texts: [String]
        /// The pages the texts (Mermaid) or the one text (PlantUML) are cut into; empty for one page.
        public var pages: [SequencePage]
    }

    /// Whether `format` of `input` is written while the trace is read, never whole in memory: the Chrome trace and
    /// the JSON document of a recorded (format 2) trace.
    public static func streams(_ format: Format, input: String) -> Bool {
        guard format == .chromeTrace || format == .json, input.hasSuffix(".jsonl") else { return false }
        return (TraceReader.header(of: URL(fileURLWithPath: input))?.version ?? 1) >= 2
    }

    /// Writes `format` of the trace file at `input` to `output` (`standardOutput` when nil) as it reads it.
    public static func stream(_ input: String, format: Format, to output: URL?,
                              standardOutput: @escaping (Data) -> Void = { FileHandle.standardOutput.write($0) }) throws {
        let url = URL(fileURLWithPath: input)
        guard let header = TraceReader.header(of: url) else { throw Failure(message: "\(input) does not start with a trace header") }
        do {
            try AtomicFile.stream(to: output, standardOutput: standardOutput) { write in
                let scan: (@escaping (TraceReader.Item) throws -> Void) throws -> Void = { body in
                    try TraceReader.scan(contentsOf: url, body)
                }
                switch format {
                case .chromeTrace: try ChromeTraceExporter.write(header: header, scan: scan, to: write)
                default: try TraceEncoder.writeDocument(scan: scan, to: { try write(String(decoding: $0, as: UTF8.self)) })
                }
            }
        } catch let failure as TraceReader.Failure {
            throw Failure(message: "\(input):\(failure.line): \(failure.message)")
        }
    }

    /// `trace` in `format`, with the sequence cut into pages of at most `perPage` messages as the SVG is.
    public static func paged(_ trace: Trace, scenario: Scenario?, format: Format, diagram: Diagram = .sequence,
                             detail: SequenceDiagramBuilder.Detail = .message, plain: Bool = false,
                             perPage: Int = SequencePage.defaultMessages) throws -> Output {
        let pages = diagram == .sequence && detail != .scene && (format == .mermaid || format == .plantuml)
            ? SequencePage.pages(of: trace, perPage: perPage) : []
        guard pages.count > 1 else {
            return Output(texts: [try text(trace, scenario: scenario, format: format, diagram: diagram, detail: detail, plain: plain)],
                          pages: [])
        }
        if format == .mermaid {
            return Output(texts: pages.map { page in
                MermaidExporter.sequence(SequenceDiagramBuilder.build(trace, options: options(detail, trace, scenario), page: page, of: pages.count))
            }, pages: pages)
        }
        let whole = SequenceDiagramBuilder.build(trace, options: options(detail, trace, scenario))
        return Output(texts: [PlantUMLExporter.sequence(whole, plain: plain, pageStarts: pages.dropFirst().map(\.firstSequence))],
                      pages: pages)
    }

    /// The sequence diagram's options for an export: its detail, and what breaks a rule.
    static func options(_ detail: SequenceDiagramBuilder.Detail, _ trace: Trace, _ scenario: Scenario?) -> SequenceDiagramBuilder.Options {
        var options = SequenceDiagramBuilder.Options(detail: detail)
        options.ruleBreaks = DiagramWriter.ruleBreaks(trace: trace, scenario: scenario)
        return options
    }

    /// `sequence.mmd` → `sequence-1.mmd`, `sequence-2.mmd`, ….
    public static func pageFiles(for file: URL, count: Int) -> [URL] {
        let base = file.deletingPathExtension()
        let ext = file.pathExtension
        return (1...max(1, count)).map { number in
            let name = base.lastPathComponent + "-\(number)" + (ext.isEmpty ? "" : "." + ext)
            return base.deletingLastPathComponent().appendingPathComponent(name)
        }
    }

    /// The text of `trace` (and its `scenario`, which the flow needs) in `format`.
    public static func text(_ trace: Trace, scenario: Scenario?, format: Format, diagram: Diagram = .sequence,
                            detail: SequenceDiagramBuilder.Detail = .message, plain: Bool = false) throws -> String {
        func sequence() -> SequenceDiagram { SequenceDiagramBuilder.build(trace, options: options(detail, trace, scenario)) }
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
