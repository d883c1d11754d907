import Diagrams
import Foundation
import StoryCheck

/// `coverage`'s picture: the scene-flow map of the run, titled with the percentage; what the stories never
/// reached is grey and dashed (scenes, routes) or struck out in red (use cases).
public enum CoverageMap {
    public static func graph(_ coverage: Coverage) -> DOTGraph {
        var flow = FlowDiagramBuilder.build(scenario: coverage.scenario, trace: coverage.trace)
        flow.title = "\(coverage.scenario.name) — coverage \(Int(coverage.percentage.rounded()))%"
        var graph = flow.dot(name: "coverage")
        let legend = HTMLLabel.text(flow.title, size: 13, color: "#111827", bold: true) + .lineBreak(align: "LEFT")
            + .text("grey, dashed: never visited or taken · struck out: use case never run", size: 9, color: "#6b7280")
            + .lineBreak(align: "LEFT")
        graph.attributes["label"] = .html(legend)
        return graph
    }

    /// Writes `coverage.dot` and `coverage.svg` into `folder`.
    public static func write(_ coverage: Coverage, to folder: URL) throws -> DiagramWriter.Result {
        try DiagramWriter.write(graph(coverage), engine: .dot, as: "coverage", formats: [.svg], to: folder)
    }
}
