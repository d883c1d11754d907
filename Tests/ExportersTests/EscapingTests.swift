import Diagrams
import Exporters
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GraphvizRenderer
import ScenarioSpec
import Testing
import TestSupport
import TraceFormat

/// The hostile fixture's text — quotes, backslashes, newlines, `<script>`, `-->`, `@enduml`, a right-to-left
/// override, Hebrew and Arabic, emoji — through the formats that are not covered by a renderer test elsewhere,
/// each checked by its consumer: JSON by a JSON parser, DOT by Graphviz, SVG by an XML parser.
@Suite("Escaping through every format")
struct EscapingTests {
    /// The request text of the fixture's first step, as the user wrote it.
    static let text = "multi\nline \"quoted\" 日本語 🙂 é\ttab \u{7}bell \\ backslash {braces} [brackets] |pipe| $dollar !bang ~tilde ** bold __ -- == @enduml \u{202E}evil override\u{202C} עברית العربية 🇰🇷 end"

    @Test("the JSON trace and the JSON document give every text back exactly")
    func json() throws {
        let run = try Run(Run.hostile)
        let action = try #require(run.trace.events.first { $0.kind == .action })
        #expect(action.payload == .record(Record([("text", .string(Self.text))])))
        // Each trace line parses as JSON, and the text comes back as written.
        let lines = String(decoding: TraceEncoder.encode(run.trace), as: UTF8.self).split(separator: "\n")
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let payload = try #require(objects.compactMap { $0["kind"] as? String == "action" ? $0["payload"] as? [String: Any] : nil }.first)
        #expect(payload["text"] as? String == Self.text)
        // No raw line separators or control characters in the bytes: the text is safe inside a <script> too.
        let bytes = TraceEncoder.encode(run.trace)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{2028}"))
        #expect(!bytes.contains(0x07))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(TraceEncoder.document(run.trace))) as? [String: Any])
        #expect((document["events"] as? [Any])?.count == run.trace.events.count)
    }

    @Test("every diagram's DOT is read by Graphviz without a warning, and its SVG is well-formed XML holding no markup from the text")
    func dotAndSVG() throws {
        let run = try Run(Run.hostile)
        let graphs: [(DOTGraph, GraphvizRenderer.Engine)] = [
            (run.sequence.dot(), .pinned),
            (DependencyDiagramBuilder.build(scenario: run.scenario, trace: run.trace).dot(), .pinned),
            (run.flow.dot(), .dot),
            (CycleDiagramBuilder.build(trace: run.trace).dot(), .pinnedNodes),
        ]
        for (graph, engine) in graphs {
            let dot = DOTEncoder.encode(graph)
            let output = try GraphvizRenderer.shared.render(dot, engine: engine, format: .svg)
            #expect(output.warnings == [], "\(graph.name)")
            let svg = output.data
            let parser = XMLParser(data: svg)
            #expect(parser.parse(), "\(graph.name): \(parser.parserError.map { "\($0)" } ?? "")")
            let text = String(decoding: svg, as: UTF8.self)
            #expect(!text.contains("<script"), "\(graph.name)")
            #expect(!text.contains("<b>") && !text.contains("<i>"), "\(graph.name)")
        }
        // The sequence diagram shows the payload's text, escaped for XML (quotes, ampersands), emoji and
        // right-to-left text kept.
        let sequence = String(decoding: try GraphvizRenderer.shared.render(DOTEncoder.encode(run.sequence.dot()), engine: .pinned, format: .svg).data, as: UTF8.self)
        #expect(sequence.contains("&lt;script&gt;alert(1)&lt;/script"))
        #expect(sequence.contains("日本語 🙂"))
    }

    @Test("Graphviz escape sequences in a name stay text: \\N, \\G and \\L are not expanded")
    func graphvizEscapes() throws {
        let dot = DOTEncoder.quote("\\N \\G \\L \"}; digraph x {")
        #expect(dot == #""\\N \\G \\L \"}; digraph x {""#)
    }
}
