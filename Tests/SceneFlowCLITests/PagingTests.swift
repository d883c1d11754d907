import Diagrams
import Foundation
import SceneFlowKit
import Testing
import TestSupport

/// A long run's sequence diagram comes in pages: in the SVG, PNG and DOT files, the report, Mermaid and PlantUML.
@Suite("Sequence pages")
struct PagingTests {
    func outputFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-pages-\(UUID().uuidString)")
    }

    /// A 4-scene, 30-step synthetic story: 705 messages in 30 steps of 23 or 24 messages each.
    func synthetic() throws -> URL {
        let folder = outputFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("long.yml")
        #expect(try CLI.run(["synth", "--scenes", "4", "--steps", "30", "-o", file.path]).status == 0)
        return file
    }

    @Test("pages are cut at story steps, hold at most the page size, and cover the run in order")
    func cuts() throws {
        let scenario = try synthetic()
        let out = scenario.deletingLastPathComponent().appendingPathComponent("out")
        let run = try CLI.run(["run", scenario.path, "--out", out.path, "--image-format", "svg", "--page-messages", "100",
                               "--diagram", "sequence"])
        #expect(run.status == 0)
        let folder = out.appendingPathComponent("long")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("sequence") }.sorted()
        #expect(names == ["sequence-1.dot", "sequence-1.svg", "sequence-2.dot", "sequence-2.svg", "sequence-3.dot", "sequence-3.svg",
                          "sequence-4.dot", "sequence-4.svg", "sequence-5.dot", "sequence-5.svg", "sequence-6.dot", "sequence-6.svg",
                          "sequence-7.dot", "sequence-7.svg", "sequence-8.dot", "sequence-8.svg", "sequence-scenes.dot",
                          "sequence-scenes.svg", "sequence.dot", "sequence.svg"])
        #expect(run.stdout.contains("long/sequence.svg (index of 8 pages, sequence-1.svg … sequence-8.svg, and the scenes-only overview sequence-scenes.svg)"))
        // Each page's first message is the first of a story step: the index says which.
        let index = try String(contentsOf: folder.appendingPathComponent("sequence.svg"), encoding: .utf8)
        for page in 1...8 { #expect(index.contains("xlink:href=\"sequence-\(page).svg\"")) }
        #expect(index.contains("xlink:href=\"sequence-scenes.svg\""))
        let overview = try String(contentsOf: folder.appendingPathComponent("sequence-scenes.dot"), encoding: .utf8)
        #expect(overview.contains("Synthetic app, 4 scenes, 30 steps — scenes"))
        let rows = ["steps 1–3</text>", "messages 1–84</text>", "steps 4–7</text>", "messages 85–176</text>", "steps 28–30</text>",
                    "messages 637–705</text>"]
        #expect(rows.allSatisfy { index.contains($0) })
        let page2 = try String(contentsOf: folder.appendingPathComponent("sequence-2.dot"), encoding: .utf8)
        #expect(page2.contains("— page 2 of 8"))
        let startsAtStep4 = page2.contains("\"m85\"") && !page2.contains("\"m84\"") && page2.contains("\"m176\"") && !page2.contains("\"m177\"")
        #expect(startsAtStep4)

        // A shorter run in the same folder takes its pages away.
        #expect(try CLI.run(["run", scenario.path, "--out", out.path, "--image-format", "svg", "--diagram", "sequence",
                             "--page-messages", "1000"]).status == 0)
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("sequence") }.sorted()
        #expect(after == ["sequence.dot", "sequence.svg"])
    }

    @Test("the page model: contiguous, within the size, starting where steps start")
    func model() throws {
        let scenario = try synthetic()
        let out = scenario.deletingLastPathComponent().appendingPathComponent("out")
        #expect(try CLI.run(["run", scenario.path, "--out", out.path, "--no-diagrams"]).status == 0)
        let trace = try TraceSource.load(out.appendingPathComponent("long/trace.jsonl").path, scenario: nil).trace
        for size in [20, 50, 150, 1000] {
            let pages = SequencePage.pages(of: trace, perPage: size)
            #expect(pages.first?.firstSequence == 1 && pages.last?.lastSequence == trace.events.count)
            #expect(zip(pages, pages.dropFirst()).allSatisfy { $0.lastSequence + 1 == $1.firstSequence })
            #expect(pages.allSatisfy { $0.messages <= size })
            let stepStarts = Set(trace.steps.map(\.firstSequence))
            let cycleStarts = Set(trace.cycles.map(\.firstSequence))
            // Steps are 23–24 messages long: pages of 50 or more start at steps, pages of 10 at cycles.
            #expect(pages.dropFirst().allSatisfy { (size >= 50 ? stepStarts : cycleStarts).contains($0.firstSequence) }, "\(size)")
        }
        #expect(SequencePage.pages(of: trace, perPage: 1000).count == 1)
    }

    @Test("the report steps through the pages; Mermaid writes a file per page; PlantUML starts a newpage")
    func reportAndExports() throws {
        let scenario = try synthetic()
        let folder = scenario.deletingLastPathComponent()
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.run(["run", scenario.path, "--out", out.path, "--diagram", "sequence"]).status == 0)
        let html = try String(contentsOf: out.appendingPathComponent("long/index.html"), encoding: .utf8)
        let pages = html.components(separatedBy: "<div class=\"page\" ").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(pages == [#"data-prefix="seq1" data-first="1" data-last="130""#, #"data-prefix="seq2" data-first="131" data-last="268" hidden"#,
                          #"data-prefix="seq3" data-first="269" data-last="406" hidden"#, #"data-prefix="seq4" data-first="407" data-last="544" hidden"#,
                          #"data-prefix="seq5" data-first="545" data-last="682" hidden"#, #"data-prefix="seq6" data-first="683" data-last="705" hidden"#])
        let linked = html.contains(#"id="seq2-m131""#)
        #expect(linked)

        let refused = try CLI.run(["export", scenario.path, "--format", "mermaid"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the sequence has 6 pages of at most 150 messages, and a Mermaid file holds one diagram: give -o FILE.mmd"))
        let mermaid = try CLI.run(["export", scenario.path, "--format", "mermaid", "-o", folder.appendingPathComponent("m/seq.mmd").path])
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.split(separator: "\n").map { String($0.split(separator: "/").last!) }
                == ["seq-1.mmd", "seq-2.mmd", "seq-3.mmd", "seq-4.mmd", "seq-5.mmd", "seq-6.mmd"])
        let second = try String(contentsOf: folder.appendingPathComponent("m/seq-2.mmd"), encoding: .utf8)
        let head = second.prefix(120)
        #expect(head.hasPrefix("sequenceDiagram\n    title Synthetic app, 4 scenes, 30 steps — sequence — page 2 of 6\n"))
        let numbered = second.contains("autonumber 131\n")
        #expect(numbered)

        let plantuml = try CLI.run(["export", scenario.path, "--format", "plantuml"])
        let newpages = plantuml.stdout.split(separator: "\n").filter { $0.hasPrefix("newpage") }
        #expect(newpages == (2...6).map { "newpage Synthetic app, 4 scenes, 30 steps — sequence — page \($0) of 6"[...] })
        // The page starts where the step that opens it starts: message 131 follows its newpage.
        let afterSecond = plantuml.stdout.components(separatedBy: "page 2 of 6\n")[1]
        #expect(afterSecond.split(separator: "\n").first { $0.contains(" : ") }?.contains(": 131  ") == true)
    }
}

/// Exports of a recorded trace are written as it is read: byte for byte what the in-memory export gives.
@Suite("Streamed exports")
struct StreamedExportTests {
    @Test("the streamed Chrome trace and JSON document equal the in-memory ones", arguments: ["Login", "Shop", "CleanStore", "Counter-AppState"])
    func sameBytes(name: String) throws {
        let traceFile = PackagePaths.root.appendingPathComponent("Output/\(name)/trace.jsonl")
        let trace = try TraceSource.load(traceFile.path, scenario: nil).trace
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in [Export.Format.chromeTrace, .json] {
            #expect(Export.streams(format, input: traceFile.path))
            let out = folder.appendingPathComponent("\(format.rawValue).out")
            try Export.stream(traceFile.path, format: format, to: out)
            let streamed = try String(contentsOf: out, encoding: .utf8)
            #expect(streamed == (try Export.text(trace, scenario: nil, format: format)), "\(format.rawValue)")
        }
    }

    @Test("a broken line stops the stream with its line number, and leaves no file")
    func brokenTrace() throws {
        var lines = try String(contentsOf: PackagePaths.root.appendingPathComponent("Output/Login/trace.jsonl"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[20] = "{\"seq\": oops"
        let broken = try CLI.temporaryFile(lines.joined(separator: "\n"), name: "broken.jsonl")
        let out = broken.deletingLastPathComponent().appendingPathComponent("out.json")
        let result = try CLI.run(["export", broken.path, "--format", "chrome-trace", "-o", out.path, "--color", "never"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(broken.path):21:1: error: invalid JSON at byte"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: broken.deletingLastPathComponent().path)
        #expect(leftovers == ["broken.jsonl"])
    }
}

/// The page and cap options refuse what cannot be drawn, and a capped export says so.
@Suite("Page and cap options")
struct PageOptionTests {
    @Test("a page size under 10 or a cap under 1 is a usage error that names the option", arguments: [
        (["run", "Scenarios/Login.yml", "--page-messages", "5"], "Error: --page-messages must be 10 or more\n"),
        (["render", "Output/Login/trace.jsonl", "--page-messages", "9"], "Error: --page-messages must be 10 or more\n"),
        (["export", "Scenarios/Login.yml", "--format", "mermaid", "--page-messages", "0"], "Error: --page-messages must be 10 or more\n"),
        (["export", "Scenarios/Login.yml", "--format", "plantuml", "--max-diagram-messages", "0"],
         "Error: --max-diagram-messages must be positive\n"),
    ])
    func refused(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments + ["--color", "never"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test("an export capped by --max-diagram-messages draws that many and says how many there were")
    func cappedExport() throws {
        let result = try CLI.run(["export", "Output/Shop/trace.jsonl", "--format", "plantuml", "--max-diagram-messages", "40",
                                  "--color", "never"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("note: the export draws 40 of the 177 messages; raise --max-diagram-messages to draw more\n"),
                "\(result.stderr)")
        #expect(result.stdout.contains(" : 40  ") && !result.stdout.contains(" : 41  "))
    }
}
