import Diagrams
import Foundation
import ScenarioLoader
import SceneEngine
import SceneFlowKit
import Testing
import TestSupport
import TraceFormat

/// The examples committed in Output/ (shown by the README) must be what the code makes today:
/// `make examples` regenerates them. SVG and PNG bytes depend on the Graphviz version, so the trace and the DOT
/// they are drawn from are compared, and the drawings must exist.
@Suite("Committed examples")
struct ExamplesTests {
    @Test("Output/<scenario>/ holds the current trace and diagrams of every example",
          arguments: PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent })
    func upToDate(_ name: String) throws {
        let folder = PackagePaths.root.appendingPathComponent("Output/\(name)")
        let hint = "Output/\(name) is stale: run 'make examples'"
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let scenario = try #require(ScenarioLoader().load(data: Data(contentsOf: url), file: "Scenarios/\(name).yml",
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        let committedTrace = try? Data(contentsOf: folder.appendingPathComponent("trace.jsonl"))
        #expect(committedTrace == Data(TraceEncoder.encode(trace)), "\(hint)")
        for kind in DiagramKind.allCases {
            let (graph, _) = try #require(DiagramWriter.graph(kind, trace: trace, scenario: scenario, sequence: .init()))
            let committed = try? String(contentsOf: folder.appendingPathComponent("\(kind.rawValue).dot"), encoding: .utf8)
            #expect(committed == DOTEncoder.encode(graph), "\(kind.rawValue).dot: \(hint)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(kind.rawValue).svg").path), "\(hint)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path), "\(hint)")
        // The Mermaid text GitHub draws in the README and in each folder.
        for diagram in Export.Diagram.allCases {
            let committed = try? String(contentsOf: folder.appendingPathComponent("\(diagram.rawValue).mmd"), encoding: .utf8)
            #expect(committed == (try Export.text(trace, scenario: scenario, format: .mermaid, diagram: diagram)),
                    "\(diagram.rawValue).mmd: \(hint)")
        }
    }

    @Test("the README shows Login's committed Mermaid text")
    func readmeMermaid() throws {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        for diagram in ["flow", "sequence"] {
            let text = try String(contentsOf: PackagePaths.root.appendingPathComponent("Output/Login/\(diagram).mmd"), encoding: .utf8)
            #expect(readme.contains("```mermaid\n" + text + "```\n"), "README's \(diagram) block is stale: copy Output/Login/\(diagram).mmd")
        }
    }
}
