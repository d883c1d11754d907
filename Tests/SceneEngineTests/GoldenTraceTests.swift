import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Testing
import TestSupport
import TraceFormat

/// Every example scenario's whole trace, pinned: `Goldens/<name>.jsonl` (the exact bytes) and `<name>.txt`
/// (the same events, one readable line each, for review). `RECORD_GOLDEN=1` rewrites them.
@Suite("Golden traces")
struct GoldenTraceTests {
    static let goldens = PackagePaths.tests.appendingPathComponent("SceneEngineTests/Goldens")

    static var examples: [String] {
        PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent }
    }

    /// Loads `Scenarios/<name>.yml` naming it by its relative path, so traces do not depend on the checkout.
    static func load(_ name: String) throws -> Scenario {
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let result = ScenarioLoader().load(data: try Data(contentsOf: url), file: "Scenarios/\(name).yml",
                                           baseDirectory: PackagePaths.scenarios)
        return try #require(result.scenario, "\(result.diagnostics)")
    }

    static func run(_ scenario: Scenario, options: EngineOptions = EngineOptions()) throws -> (Trace, RunSummary) {
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario, options: options).run(into: recorder)
        return (try #require(recorder.trace), summary)
    }

    /// One line per message: sequence, cycle, indentation by nesting, sender → receiver, and what was said; cycle
    /// and story step markers between them.
    static func readable(_ trace: Trace) -> String {
        var depth: [Int: Int] = [:]
        var lines = ["\(trace.header.scenario) (\(trace.header.pattern))"]
        for record in trace.records {
            switch record {
            case .marker(.step(let step)):
                lines.append("── step \(step.number)" + (step.pass > 1 ? " (pass \(step.pass))" : ""))
            case .marker(.cycleStart(let cycle)):
                lines.append("── cycle \(cycle.number): \(cycle.name) (\(cycle.trigger.rawValue))" + (cycle.title.map { " — \($0)" } ?? "")
                             + (cycle.cause.map { ", caused by \($0)" } ?? ""))
            case .marker(.cycleEnd(let number)):
                lines.append("── end of cycle \(number)")
            case .event(let event):
                let level = event.parent.flatMap { depth[$0] }.map { $0 + 1 } ?? (event.cycle == nil ? 0 : 1)
                depth[event.sequence] = level
                let cycle = event.cycle.map { "c\($0)" } ?? "--"
                let prefix = String(format: "%3d %@ %5d ms ", event.sequence, cycle.padding(toLength: 3, withPad: " ", startingAt: 0), event.time)
                let indent = String(repeating: "  ", count: level)
                let arrow = event.kind.isReturn ? " ⇢ " : " → "
                lines.append(prefix + indent + event.from.name + arrow + event.to.name + "  " + event.text(payloadLimit: 80))
            }
        }
        if let end = trace.end {
            lines.append("end: \(end.status.rawValue), \(end.messages) messages, \(end.cycles) cycles, \(end.time) ms"
                         + (end.error.map { ", error: \($0)" } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("each example's trace matches its golden files", arguments: examples)
    func golden(_ name: String) throws {
        let (trace, summary) = try Self.run(try Self.load(name))
        #expect(summary.completed, "\(summary.error.map(\.description) ?? "")")
        Golden.check(String(decoding: TraceEncoder.encode(trace), as: UTF8.self),
                     against: Self.goldens.appendingPathComponent("\(name).jsonl"))
        Golden.check(Self.readable(trace), against: Self.goldens.appendingPathComponent("\(name).txt"))
    }

    @Test("the same scenario gives a byte-identical trace", arguments: examples)
    func deterministic(_ name: String) throws {
        let scenario = try Self.load(name)
        let first = TraceEncoder.encode(try Self.run(scenario).0)
        let second = TraceEncoder.encode(try Self.run(scenario).0)
        #expect(first == second)
    }

    @Test("sequence numbers are dense, parents come first, and every cycle closes", arguments: examples)
    func structure(_ name: String) throws {
        let (trace, _) = try Self.run(try Self.load(name))
        #expect(trace.events.map(\.sequence) == Array(1...trace.events.count))
        for event in trace.events {
            if let parent = event.parent { #expect(parent < event.sequence) }
        }
        #expect(trace.cycles.map(\.number) == Array(1..<(trace.cycles.count + 1)))
        for cycle in trace.cycles {
            // Every cycle closes, and its messages say so.
            #expect(cycle.lastSequence >= cycle.firstSequence)
            #expect(trace.events(cycle.range).allSatisfy { $0.cycle == cycle.number })
        }
        #expect(trace.events.filter { $0.cycle != nil }.count == trace.cycles.reduce(0) { $0 + $1.lastSequence - $1.firstSequence + 1 })
        #expect(trace.end?.messages == trace.events.count)
        #expect(trace.end?.cycles == trace.cycles.count)
    }
}

@Suite("Trace schema")
struct TraceSchemaTests {
    @Test("every line of every golden trace is valid under docs/trace.schema.json")
    func goldenTracesValidate() throws {
        let files = GoldenTraceTests.examples.map { GoldenTraceTests.goldens.appendingPathComponent("\($0).jsonl") }
        let schema = PackagePaths.root.appendingPathComponent("docs/trace.schema.json")
        #expect(try SchemaValidator.validate(schema: schema, files: files, jsonLines: true) == files.map { "valid \($0.path)" })
    }
}
