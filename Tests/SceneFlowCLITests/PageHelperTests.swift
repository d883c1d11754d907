import Foundation
import SceneEngine
import SceneFlowKit
import ScenarioLoader
import ScenarioSpec
import Testing
import TestSupport
import TraceFormat

/// A long run's pages rendered by helper processes (`sceneflow render-pages`) are the pages this process renders,
/// byte for byte; what a helper does not render, this process does.
@Suite("Pages rendered by helpers")
struct PageHelperTests {
    /// A synthetic 705-message run cut into 8 pages, and its trace.
    static func longRun() throws -> (folder: URL, trace: Trace, scenario: Scenario) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-helpers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("long.yml")
        #expect(try CLI.run(["synth", "--scenes", "4", "--steps", "30", "-o", file.path]).status == 0)
        let scenario = try #require(ScenarioLoader().load(path: file.path).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        return (folder, try #require(recorder.trace), scenario)
    }

    static func draw(_ trace: Trace, _ scenario: Scenario, to folder: URL,
                     helpers: (executable: URL, count: Int)?) throws -> (DiagramWriter.Result, [String: Data]) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let options = DiagramWriter.Options(kinds: [.sequence], formats: [.svg, .png], messagesPerPage: 100, pageHelpers: helpers)
        let result = try DiagramWriter(options: options).write(trace: trace, scenario: scenario, to: folder)
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return (result, files)
    }

    @Test("two helpers render their pages as this process would: the same files, bytes, list and report SVG")
    func sameBytes() throws {
        let (folder, trace, scenario) = try Self.longRun()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (alone, aloneFiles) = try Self.draw(trace, scenario, to: folder.appendingPathComponent("alone"), helpers: nil)
        let (helped, helpedFiles) = try Self.draw(trace, scenario, to: folder.appendingPathComponent("helped"),
                                                  helpers: (try CLI.binary, 2))
        #expect(alone.sequencePages.count == 8)
        #expect(helpedFiles.keys.sorted() == aloneFiles.keys.sorted())
        #expect(helpedFiles.keys.filter { $0.hasSuffix(".png") }.count == 10)
        for (name, data) in aloneFiles { #expect(helpedFiles[name] == data, "\(name)") }
        #expect(helped.files.map(\.lastPathComponent) == alone.files.map(\.lastPathComponent))
        #expect(helped.pageSVG == alone.pageSVG)
        #expect(helped.failures.isEmpty && helped.warnings == alone.warnings)
    }

    @Test("helpers render into a folder whose name holds a newline and a tab: every page lands there, nothing elsewhere")
    func controlCharactersInTheFolder() throws {
        let (folder, trace, scenario) = try Self.longRun()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (alone, aloneFiles) = try Self.draw(trace, scenario, to: folder.appendingPathComponent("alone"), helpers: nil)
        let odd = folder.appendingPathComponent("out\nx\ty")
        let (helped, helpedFiles) = try Self.draw(trace, scenario, to: odd, helpers: (try CLI.binary, 2))
        #expect(helpedFiles.keys.sorted() == aloneFiles.keys.sorted())
        for (name, data) in aloneFiles { #expect(helpedFiles[name] == data, "\(name)") }
        #expect(helped.failures.isEmpty && helped.warnings == alone.warnings)
        // Only the two drawings' folders and the scenario beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["alone", "long.yml", "out\nx\ty"])
    }

    @Test("a helper that renders nothing leaves its pages to this process: every page is there, the same")
    func fallback() throws {
        let (folder, trace, scenario) = try Self.longRun()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (alone, aloneFiles) = try Self.draw(trace, scenario, to: folder.appendingPathComponent("alone"), helpers: nil)
        for broken in ["/bin/false", "/nonexistent/sceneflow"] {
            let (helped, helpedFiles) = try Self.draw(trace, scenario, to: folder.appendingPathComponent("helped\(broken.count)"),
                                                      helpers: (URL(fileURLWithPath: broken), 3))
            #expect(helpedFiles == aloneFiles, "\(broken)")
            #expect(helped.pageSVG == alone.pageSVG)
        }
    }

    @Test("the helper's side: one NUL-terminated answer per NUL-terminated path, in order, rendered or failed with the reason; a newline in a folder's name splits nothing")
    func protocolAnswers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-serve-\(UUID().uuidString)/a\nb\tc")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let good = folder.appendingPathComponent("good.dot"), bad = folder.appendingPathComponent("bad.dot")
        try Data("digraph g { a [pos=\"10,10!\"]; }\n".utf8).write(to: good)
        try Data("digraph g { a -> }\n".utf8).write(to: bad)
        let missing = folder.appendingPathComponent("missing.dot")
        let served = try CLI.run(["render-pages", "--image-format", "svg"], stdin: "\(good.path)\0\(bad.path)\0\(missing.path)\0")
        #expect(served.status == 0)
        let answers = served.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: "\u{1E}", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
        #expect(answers == ["rendered", "failed", "failed"])
        #expect(served.stdout.contains("missing.dot: cannot be read"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("good.svg").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.svg").path))
        // It is no command for people: help does not list it.
        #expect(!(try CLI.run(["--help"])).stdout.contains("render-pages"))
    }
}
