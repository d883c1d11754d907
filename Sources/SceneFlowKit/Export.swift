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
        guard let header = TraceReader.header(of: url) else { throw Failure("trace/invalid", "\(input) does not start with a trace header") }
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
            throw Failure("trace/invalid", failure.message, at: SourceLocation(file: input, line: failure.line, column: 1))
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

    /// An export made from a trace file or a scenario's run, with what its reader should know.
    public struct Made: Sendable {
        public var output: Output
        /// Where the scenario came from, and how much of a long run is drawn.
        public var notes: [String]
    }

    /// Reads `input` (a trace, or a scenario it runs) and makes `format` of it: Mermaid and PlantUML draw at most
    /// `maxMessages` messages, and only those are kept. A file that cannot be read or run is a `TraceSource.Failure`;
    /// an export the format cannot make, a `Failure`.
    public static func make(_ input: String, scenario: String?, format: Format, diagram: Diagram = .sequence,
                            detail: SequenceDiagramBuilder.Detail = .message, plain: Bool = false,
                            perPage: Int = SequencePage.defaultMessages, maxMessages: Int) throws -> Made {
        let drawing = format == .mermaid || format == .plantuml
        let source = try TraceSource.load(input, scenario: scenario, keepingEvents: drawing ? maxMessages : nil)
        var notes = source.notes
        if drawing, let tally = source.tally, tally.messages > source.trace.events.count {
            notes.append("the export draws \(source.trace.events.count) of the \(tally.messages) messages; raise --max-diagram-messages to draw more")
        }
        do {
            let output = try paged(source.trace, scenario: source.scenario, format: format, diagram: diagram, detail: detail,
                                   plain: plain, perPage: perPage)
            return Made(output: output, notes: notes)
        } catch var failure as Failure {
            // What the reader should know beside it (where the scenario came from) goes with it.
            if !failure.diagnostics.isEmpty { failure.diagnostics[0].notes = notes.map { Diagnostic.Note($0) } + failure.diagnostics[0].notes }
            throw failure
        }
    }

    /// Writes `output` to `file`: its one text, or (Mermaid holds one diagram per file) each page to `FILE-1.mmd`,
    /// `FILE-2.mmd`, …. Returns the page files written (empty for one text). With no file, a single text is for
    /// standard output (returned in `text`); several pages cannot go there, and are a `Failure` saying what to do.
    public static func write(_ output: Output, to file: URL?, perPage: Int) throws -> (pages: [URL], text: String?) {
        if output.texts.count > 1 {
            guard let file else {
                throw Failure("export/pages", "the sequence has \(output.texts.count) pages of at most \(perPage) messages, and a Mermaid file holds one diagram: "
                    + "give -o FILE.mmd (the pages are written as FILE-1.mmd, FILE-2.mmd, …), or raise --page-messages")
            }
            let urls = pageFiles(for: file, count: output.texts.count)
            for (url, text) in zip(urls, output.texts) { try AtomicFile.write(text, to: url) }
            return (urls, nil)
        }
        guard let file else { return ([], output.texts[0]) }
        try AtomicFile.write(output.texts[0], to: file)
        return ([], nil)
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
                throw Failure("export/needs-scenario", "the flow needs the scenario: export the scenario file, or name it with --scenario FILE (the trace names \(trace.header.file))")
            }
            return MermaidExporter.flowchart(FlowDiagramBuilder.build(scenario: scenario, trace: trace))
        case (.chromeTrace, _): return ChromeTraceExporter.export(trace)
        case (.json, _): return String(decoding: TraceEncoder.document(trace), as: UTF8.self)
        case (.plantuml, .flow):
            throw Failure("export/unsupported", "PlantUML export draws the sequence only; use '--format mermaid --diagram flow' for the flow")
        }
    }
}
