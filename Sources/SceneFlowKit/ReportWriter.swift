import Diagrams
import Foundation
import GraphvizRenderer
import HTMLReport
import Narration
import ScenarioSpec
import TraceFormat

/// Writes `index.html`, the self-contained report of a run, next to its trace and diagrams.
public enum ReportWriter {
    /// Renders what is missing from `rendered` (SVG by diagram kind) and writes `<folder>/index.html` atomically.
    @discardableResult
    public static func write(trace: Trace, scenario: Scenario?, to folder: URL, language: Language = .english,
                             sequence: SequenceDiagramBuilder.Options = .init(), rendered: [DiagramKind: Data] = [:],
                             maxMessages: Int = DiagramWriter.defaultMaxSequenceMessages,
                             messagesPerPage: Int = SequencePage.defaultMessages, renderedPages: [Data] = []) throws -> URL {
        // A run too long to step through in a page is shown up to where its sequence diagram stops.
        let trace = trace.prefix(through: maxMessages)
        // A long run's sequence diagram is shown a page at a time.
        let pages = sequence.detail == .scene ? [] : SequencePage.pages(of: trace, perPage: messagesPerPage)
        var pageDiagrams: [Report.SequencePage] = []
        if pages.count > 1 {
            for (index, page) in pages.enumerated() {
                var svg = index < renderedPages.count ? renderedPages[index] : nil
                if svg == nil {
                    let graph = SequenceDiagramBuilder.build(trace, options: sequence, page: page, of: pages.count).dot(name: "sequence")
                    svg = try? GraphvizRenderer.shared.render(DOTEncoder.encode(graph), engine: .pinned, format: .svg,
                                                              source: "sequence-\(page.number).dot", measuresText: false).data
                }
                pageDiagrams.append(Report.SequencePage(first: page.firstSequence, last: page.lastSequence,
                                                        svg: svg.map { String(decoding: $0, as: UTF8.self) } ?? ""))
            }
        }
        var diagrams: [Report.Diagram] = []
        let titles: [DiagramKind: String] = [
            .sequence: "Sequence", .dependencies: "Dependencies, as the pattern declares them, with this run's messages",
            .flow: "Scene flow", .cycle: "The cycle of the pattern, with this run's messages",
        ]
        for kind in DiagramKind.allCases where !(kind == .sequence && !pageDiagrams.isEmpty) {
            var svg = rendered[kind]
            if svg == nil, let (graph, engine) = DiagramWriter.graph(kind, trace: trace, scenario: scenario, sequence: sequence) {
                svg = try? GraphvizRenderer.shared.render(DOTEncoder.encode(graph), engine: engine, format: .svg, source: "\(kind.rawValue).dot").data
            }
            if let svg {
                diagrams.append(Report.Diagram(kind: kind.rawValue, title: titles[kind] ?? kind.rawValue,
                                               svg: String(decoding: svg, as: UTF8.self)))
            }
        }
        let narration = Explanation.narrate(trace, scenario: scenario, language: language)
        var input = Report.Input(trace: trace, scenario: scenario, narration: narration, diagrams: diagrams, language: language)
        input.sequencePages = pageDiagrams
        (input.code, input.codePlaces) = SceneCode.places(for: narration, of: trace, scenario: scenario)
        // The mistakes gallery is a page of the report: each of the pattern's rules broken on purpose in this run.
        let gallery = try MistakeGallery.writeGallery(trace, scenario: scenario, to: try OutputLayout.checkFolder(folder.appendingPathComponent("mistakes"), under: folder),
                                                      language: language, reportLink: "../index.html")
        if gallery.files.contains(where: { $0.lastPathComponent == "index.html" }) { input.galleryLink = "mistakes/index.html" }
        let html = Report.html(input)
        let file = folder.appendingPathComponent("index.html")
        try AtomicFile.write(html, to: file)
        return file
    }
}
