import Diagrams
import Foundation
import ScenarioLoader
import ScenarioSynth
import SceneEngine
import Testing
import TraceFormat

/// The sequence diagram's layout, checked with the widths of the font that draws it.
@Suite("Sequence diagram geometry")
struct SequenceGeometryTests {
    /// Label boxes that run into an activation bar, as `message N ↔ bar of Participant`.
    static func collisions(_ diagram: SequenceDiagram) -> [String] {
        let layout = SequenceLayout(diagram)
        let bars = diagram.activations.map { (bar: $0, box: layout.barBox($0)) }
        var found: [String] = []
        for row in diagram.rows.indices {
            guard let label = layout.labelBox(row: row), case .message(let message) = diagram.rows[row] else { continue }
            for (bar, box) in bars where label.intersects(box) {
                found.append("message \(message.sequence ?? -1) ↔ bar of \(diagram.participants[bar.participant].name)")
            }
        }
        return found
    }

    @Test("no message label runs into an activation bar", arguments: Example.names)
    func labelsClearBars(name: String) throws {
        let (_, trace) = try Example.run(name)
        for detail in SequenceDiagramBuilder.Detail.allCases {
            #expect(Self.collisions(SequenceDiagramBuilder.build(trace, options: .init(detail: detail))) == [], "\(detail)")
        }
    }

    @Test("a label stays between its arrow's ends: it does not cross the receiver's lifeline")
    func labelsStayOnTheirArrows() throws {
        for name in Example.names {
            let (_, trace) = try Example.run(name)
            let diagram = SequenceDiagramBuilder.build(trace)
            let layout = SequenceLayout(diagram)
            for row in diagram.rows.indices {
                guard case .message(let message) = diagram.rows[row], message.from != message.to,
                      let box = layout.labelBox(row: row) else { continue }
                let receiver = layout.columnX[message.to]
                #expect(!(box.left < receiver && receiver < box.right), "\(name) message \(message.sequence ?? -1)")
            }
        }
    }

    @Test("every page of a long synthetic run keeps its labels clear of bars")
    func synthetic() throws {
        let yaml = ScenarioSynthesizer(scenes: 5, steps: 40, stay: 2).yaml()
        let scenario = try #require(ScenarioLoader().load(data: Data(yaml.utf8), file: "synth.yml", baseDirectory: nil).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        let pages = SequencePage.pages(of: trace)
        #expect(pages.count > 3)
        for page in pages {
            let diagram = SequenceDiagramBuilder.build(trace, options: .init(lastSequence: page.lastSequence, firstSequence: page.firstSequence))
            #expect(Self.collisions(diagram) == [], "page \(page.number)")
        }
    }
}
