import Diagrams
import Foundation
import GraphvizRenderer
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import ScenarioSynth
import Testing
import TestSupport
import TraceFormat
import TraceReading

/// Properties that hold for every valid scenario, checked on generated ones — scenarios of random size and shape
/// (`ScenarioSynthesizer` with parameters from a seeded generator; Clean Swift, the pattern their shape is
/// written in) — and on every example, which between them cover all four patterns.
@Suite("Properties of generated scenarios")
struct PropertyTests {
    /// SplitMix64: the same seed gives the same scenarios on every machine.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Forty generated scenarios (1–8 scenes, 0–40 steps, 1–5 actions per visit, 1–3 passes), then the examples.
    static let cases: [(name: String, yaml: String)] = {
        var random = Generator(state: 20_261_122)
        let generated = (0..<40).map { _ in
            let synth = ScenarioSynthesizer(scenes: Int.random(in: 1...8, using: &random), steps: Int.random(in: 0...40, using: &random),
                                            stay: Int.random(in: 1...5, using: &random), repeats: Int.random(in: 1...3, using: &random))
            return ("synth \(synth.scenes)×\(synth.steps)×\(synth.stay)×\(synth.repeats)", synth.yaml())
        }
        let examples = PackagePaths.exampleScenarios().map { url in
            (url.lastPathComponent, (try? String(contentsOf: url, encoding: .utf8)) ?? "")
        }
        return generated + examples
    }()

    @Test("every run terminates with dense sequence numbers, closed cycles, requests answered at most once, DOT Graphviz reads, and a trace that reads back to the same bytes",
          arguments: cases.indices)
    func properties(_ index: Int) throws {
        let (name, yaml) = Self.cases[index]
        let loaded = ScenarioLoader().load(yaml: yaml, file: name, baseDirectory: PackagePaths.scenarios)
        let scenario = try #require(loaded.scenario, "\(name): \(loaded.diagnostics.map(\.description))")
        let pattern = scenario.pattern
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        let events = trace.events

        // It terminates, and the end line says so.
        #expect(summary.completed, "\(name): \(summary.error?.description ?? "")")
        #expect(trace.end == RunEnd(status: .completed, messages: events.count, cycles: summary.cycles, time: summary.time))

        // Sequence numbers are dense; parents come first.
        #expect(events.map(\.sequence) == Array(1...max(1, events.count)).prefix(events.count).map { $0 })
        for event in events { if let parent = event.parent { #expect(parent < event.sequence, "\(name) #\(event.sequence)") } }

        // Every cycle opens once and closes, after it opens, and its messages say they are in it.
        #expect(trace.cycles.map(\.number) == Array(0..<summary.cycles).map { $0 + 1 }, "\(name)")
        for cycle in trace.cycles {
            #expect(cycle.lastSequence >= cycle.firstSequence, "\(name) cycle \(cycle.number)")
            #expect(trace.events(cycle.range).allSatisfy { $0.cycle == cycle.number }, "\(name) cycle \(cycle.number)")
        }

        // Clean Swift: a Request to an Interactor is answered by at most one Response within its cycle (an Interactor
        // may answer nothing: CleanStore's showOrderToEdit has nothing to present for a new order).
        if pattern == .cleanSwift {
            var parentOf: [Int: Int] = [:]
            for event in events { parentOf[event.sequence] = event.parent }
            func descends(_ sequence: Int, from ancestor: Int) -> Bool {
                var current = parentOf[sequence] ?? nil
                while let node = current {
                    if node == ancestor { return true }
                    current = parentOf[node] ?? nil
                }
                return false
            }
            let responses = events.filter { $0.kind == .response }
            for request in events where request.kind == .request && request.to.role == .interactor {
                // (A route's next scene runs its own cycles, caused by this one: those answers are theirs.)
                let answers = responses.filter { $0.cycle == request.cycle && descends($0.sequence, from: request.sequence) }
                #expect(answers.count <= 1, "\(name): request #\(request.sequence) has \(answers.count) responses")
            }
        }

        // The trace written, read and written again gives the same bytes.
        let bytes = TraceEncoder.encode(trace)
        let reread = try TraceReader.read(Data(bytes))
        #expect(TraceEncoder.encode(reread) == bytes, "\(name)")

        // Graphviz reads the sequence diagram's DOT without a word of complaint.
        let dot = DOTEncoder.encode(SequenceDiagramBuilder.build(trace).dot())
        let output = try GraphvizRenderer.shared.render(dot, engine: .pinned, format: .svg)
        #expect(output.warnings == [], "\(name)")
        #expect(!output.data.isEmpty)
    }
}
