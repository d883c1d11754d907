import Diagrams
import Foundation
import SceneFlowKit
import ScenarioLoader
import SceneEngine
import ScenarioSpec
import Testing
import TestSupport
import TraceFormat
import TraceReading

/// The examples' traces as format 1 wrote them (kept from before format 2): read through the upgrader, each draws
/// the same diagrams, DOT for DOT, as the engine's format-2 trace of the same scenario.
@Suite("Format-1 traces")
struct Format1Tests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Format1")
    /// The examples that existed when format 1 was current (later ones use what format 1 cannot say: dates, enums).
    static let names = Example.names.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0).jsonl").path) }

    /// The scenario a format-1 trace was written from: the example, or where the example has changed since, the
    /// copy of it kept beside the trace (`PostList-VIPER.yaml`, from before its Reload had an event of its own).
    static func run(_ name: String) throws -> (Scenario, Trace) {
        let kept = folder.appendingPathComponent("\(name).yaml")
        guard FileManager.default.fileExists(atPath: kept.path) else { return try Example.run(name) }
        let result = ScenarioLoader().load(data: try Data(contentsOf: kept), file: "Scenarios/\(name).yml", baseDirectory: PackagePaths.scenarios)
        let scenario = try #require(result.scenario, "\(result.diagnostics)")
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        return (scenario, try #require(recorder.trace))
    }

    static func upgraded(_ name: String) throws -> (Scenario, Trace, Trace) {
        let (scenario, fresh) = try run(name)
        let old = try Data(contentsOf: folder.appendingPathComponent("\(name).jsonl"))
        #expect(String(decoding: old.prefix(19), as: UTF8.self) == #"{"sceneflowTrace":1"#)
        return (scenario, try TraceReader.read(old, routeName: scenario.routeNamer), fresh)
    }

    @Test("an upgraded format-1 trace draws the same DOT as the engine's format-2 trace", arguments: Self.names)
    func sameDiagrams(_ name: String) throws {
        let (scenario, old, recorded) = try Self.upgraded(name)
        // Format 1 kept no story step's title; a step that runs no cycle is framed with its title when there is one.
        var fresh = recorded
        for index in fresh.steps.indices { fresh.steps[index].title = nil }
        #expect(old.events.count == fresh.events.count)
        #expect(old.cycles.count == fresh.cycles.count)
        for detail in SequenceDiagramBuilder.Detail.allCases {
            let options = SequenceDiagramBuilder.Options(detail: detail)
            #expect(DOTEncoder.encode(SequenceDiagramBuilder.build(old, options: options).dot(name: "sequence"))
                    == DOTEncoder.encode(SequenceDiagramBuilder.build(fresh, options: options).dot(name: "sequence")),
                    "\(name) sequence, \(detail) detail")
        }
        #expect(DOTEncoder.encode(DependencyDiagramBuilder.build(scenario: scenario, trace: old).dot())
                == DOTEncoder.encode(DependencyDiagramBuilder.build(scenario: scenario, trace: fresh).dot()), "\(name) dependencies")
        #expect(DOTEncoder.encode(FlowDiagramBuilder.build(scenario: scenario, trace: old).dot())
                == DOTEncoder.encode(FlowDiagramBuilder.build(scenario: scenario, trace: fresh).dot()), "\(name) flow")
        #expect(DOTEncoder.encode(CycleDiagramBuilder.build(trace: old).dot())
                == DOTEncoder.encode(CycleDiagramBuilder.build(trace: fresh).dot()), "\(name) cycle")
    }

    @Test("the upgrader reads format 1's notes into typed fields, and says what it cannot know", arguments: Self.names)
    func typedFields(_ name: String) throws {
        let (_, old, fresh) = try Self.upgraded(name)
        // Messages are the same, field by field, except what format 1 never recorded.
        for (a, b) in zip(old.events, fresh.events) {
            #expect(Self.forgetting(a.message) == Self.forgetting(b.message), "\(name) #\(a.sequence)")
            #expect(a.parent == b.parent && a.cycle == b.cycle && a.step == b.step && a.time == b.time, "\(name) #\(a.sequence)")
            #expect(a.from == b.from && a.to == b.to && a.location == b.location, "\(name) #\(a.sequence)")
        }
        #expect(old.steps.map(\.number) == fresh.steps.map(\.number))
        #expect(old.steps.map(\.action) == fresh.steps.map(\.action))
        #expect(old.cycles.map { "\($0.number) \($0.name) \($0.trigger) \($0.title ?? "-") \($0.cause ?? 0) \($0.firstSequence)…\($0.lastSequence)" }
                == fresh.cycles.map { "\($0.number) \($0.name) \($0.trigger) \($0.title ?? "-") \($0.cause ?? 0) \($0.firstSequence)…\($0.lastSequence)" })
    }

    /// A message without what format 1 did not record: which worker case answered, and a Response's output name.
    static func forgetting(_ message: Message) -> Message {
        switch message {
        case .workerResult(var answer):
            answer.answer = .unknown
            return .workerResult(answer)
        case .workerError(var answer, let error):
            answer.answer = .unknown
            return .workerError(answer, error: error)
        case .response(let useCase, _, let call): return .response(useCase: useCase, output: nil, call)
        case .display(let useCase, _, let call): return .display(useCase: useCase, output: nil, call)
        default: return message
        }
    }
}
