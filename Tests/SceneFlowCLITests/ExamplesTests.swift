import CodeGeneration
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
        // Every drawing as `make examples` writes it: the same DOT, and an SVG beside each (a long run's sequence in pages).
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fresh) }
        _ = try DiagramWriter(options: .init(formats: [])).write(trace: trace, scenario: scenario, to: fresh)
        let dots = try FileManager.default.contentsOfDirectory(atPath: fresh.path).sorted()
        let committedNames = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(committedNames.filter { $0.hasSuffix(".dot") }.sorted() == dots, "\(hint)")
        for name in dots {
            let committed = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(committed == (try String(contentsOf: fresh.appendingPathComponent(name), encoding: .utf8)), "\(name): \(hint)")
            let svg = String(name.dropLast(".dot".count)) + ".svg"
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(svg).path), "\(hint)")
        }
        // The report, with the generated code it shows beside each message, as `run` writes it today.
        let reported = try CLI.run(["run", "Scenarios/\(name).yml", "--out", fresh.path, "--quiet"])
        #expect(reported.status == 0, "\(reported.stderr)")
        for page in ["index.html", "mistakes/index.html"] {
            let written = try? String(contentsOf: fresh.appendingPathComponent("\(name)/\(page)"), encoding: .utf8)
            let committed = try? String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            #expect(written == committed, "\(page): \(hint)")
        }
        // The Mermaid text GitHub draws in the README and in each folder (a long sequence in pages, a file each).
        for diagram in Export.Diagram.allCases {
            let exported = try Export.paged(trace, scenario: scenario, format: .mermaid, diagram: diagram)
            let file = folder.appendingPathComponent("\(diagram.rawValue).mmd")
            let files = exported.texts.count == 1 ? [file] : Export.pageFiles(for: file, count: exported.texts.count)
            #expect(committedNames.filter { $0.hasPrefix(diagram.rawValue) && $0.hasSuffix(".mmd") }.sorted()
                    == files.map(\.lastPathComponent).sorted(), "\(hint)")
            for (file, text) in zip(files, exported.texts) {
                let committed = try? String(contentsOf: file, encoding: .utf8)
                #expect(committed == text, "\(file.lastPathComponent): \(hint)")
            }
        }
    }

    @Test("Output/Generated/Login holds Login's scene as generate writes it today")
    func generatedScene() throws {
        let url = PackagePaths.scenarios.appendingPathComponent("Login.yml")
        let scenario = try #require(ScenarioLoader().load(data: Data(contentsOf: url), file: "Scenarios/Login.yml",
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let files = try CodeGenerator(scenario: scenario, options: .init()).sceneFiles()
            .filter { $0.path.hasPrefix("Sources/SignIn/Scenes/Login/") }
        let folder = PackagePaths.root.appendingPathComponent("Output/Generated/Login")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == files.map { String($0.path.split(separator: "/").last!) }.sorted(), "Output/Generated/Login is stale: run 'make examples'")
        #expect(files.count == 8)
        for file in files {
            let committed = try? String(contentsOf: folder.appendingPathComponent(String(file.path.split(separator: "/").last!)), encoding: .utf8)
            #expect(committed == file.text, "\(file.path): Output/Generated/Login is stale: run 'make examples'")
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
