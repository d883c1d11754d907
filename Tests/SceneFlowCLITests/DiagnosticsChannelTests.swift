import Foundation
import ScenarioSpec
import SceneFlowKit
import TerminalOutput
import Testing
import TestSupport

/// The one channel: every diagnostic has an id docs/Diagnostics.md explains, and long work says how far it is.
@Suite("diagnostics channel")
struct DiagnosticsChannelTests {
    /// Every id the sources give a diagnostic or a failure (`id: "scenario/missing"`, `Failure("output/exists", …)`).
    static func idsInSources() throws -> Set<String> {
        var ids = Set<String>()
        let sources = PackagePaths.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let pattern = try Regex(#"(?:id: |Failure\()"([a-z][a-z0-9-]*/[a-z][a-z0-9-]*)""#)
        for file in files where file.pathExtension == "swift" && !file.path.contains("/sceneflow-") && !file.path.contains("/Support/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) { if let id = match.output[1].substring { ids.insert(String(id)) } }
        }
        return ids
    }

    @Test("every id in the sources is explained in docs/Diagnostics.md (or, for generate's, in docs/Generating.md)")
    func documented() throws {
        let ids = try Self.idsInSources()
        #expect(ids.count > 90, "\(ids.count)")
        let diagnostics = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/Diagnostics.md"), encoding: .utf8)
        let generating = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/Generating.md"), encoding: .utf8)
        let patterns = try String(contentsOf: PackagePaths.root.appendingPathComponent("docs/Patterns.md"), encoding: .utf8) + diagnostics
        for id in ids.sorted() {
            let namespace = String(id.prefix { $0 != "/" })
            if ["clean-swift", "viper", "swiftui", "appstate", "all"].contains(namespace) {
                #expect(patterns.contains(id), "\(id): a rule is listed in docs/Patterns.md or docs/Diagnostics.md")
            } else if namespace == "generate" {
                #expect(generating.contains("`\(id)`") || diagnostics.contains("`\(id)`"), "\(id)")
            } else {
                #expect(diagnostics.contains("`\(id)`"), "\(id) is not in docs/Diagnostics.md")
            }
        }
    }

    @Test("a run that prints no trace says how far it is on one line, after a second, and erases it at the end")
    func progressLine() throws {
        let synth = try CLI.run(["synth", "--scenes", "3", "--steps", "3000"])
        let checked = Pipeline.check(data: Data(synth.stdout.utf8), file: "synth.yml")
        let scenario = try #require(checked.scenario)
        // A clock that moves a tenth of a second each time it is read.
        final class Clock: @unchecked Sendable { var now = 0.0 }
        let clock = Clock()
        var written: [String] = []
        let progress = ProgressLine(write: { written.append($0) }, clock: { clock.now += 0.1; return clock.now })
        let summary = try Pipeline.run(scenario, into: progress)
        #expect(summary.messages > 20_000)
        #expect(written.count >= 2)
        #expect(written.first?.hasPrefix("\r\u{1B}[Krunning Synthetic app, 3 scenes, 3000 steps: ") == true, "\(written.first ?? "")")
        #expect(written.first?.contains(" messages, story step ") == true)
        #expect(written.last == "\r\u{1B}[K")
        // A run that ends within a second says nothing.
        var quiet: [String] = []
        let fast = ProgressLine(write: { quiet.append($0) }, clock: { 0 })
        _ = try Pipeline.run(scenario, into: fast)
        #expect(quiet.isEmpty)
    }

    @Test("a reader that goes away early (a pipe into head) ends nothing in a crash: the command finishes, or SIGPIPE ends it quietly")
    func closedPipe() throws {
        let binary = try CLI.binary.path
        let fixtures = PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/retain-cycle").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-pipe-\(UUID().uuidString)").path
        let result = try ExternalTool.run("sh", ["-c", "'\(binary)' map '\(fixtures)' --out '\(out)' --format github | head -c 10"])
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("crashed"), "\(result.stderr.prefix(400))")
        #expect(result.stdout.hasPrefix("1 scenes, "))
    }

    @Test("GitHub annotations name the code's files from the repository, where map and its text name them from the code folder")
    func annotationsFromTheRepository() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-annotations-\(UUID().uuidString)").path
        let github = try CLI.run(["map", "Tests/CodeImportTests/Fixtures/retain-cycle", "--out", out, "--format", "github"])
        #expect(github.status == 1)
        #expect(github.stdout.contains("::error file=Tests/CodeImportTests/Fixtures/retain-cycle/Orders/Orders.swift,line=29,col=7,title=clean-swift/weak-view::"),
                "\(github.stdout)")
        #expect(github.stdout.contains("%0Anote: Tests/CodeImportTests/Fixtures/retain-cycle/Orders/Orders.swift:37:7: OrdersViewController.interactor → OrdersInteractor"))
        let text = try CLI.run(["map", "Tests/CodeImportTests/Fixtures/retain-cycle", "--out", out, "--color", "never"])
        #expect(text.stderr.hasPrefix("retain-cycle/Orders/Orders.swift:29:7: error: Orders: OrdersPresenter.viewController holds the View strongly"))
    }
}
