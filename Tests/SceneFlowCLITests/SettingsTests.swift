import Foundation
import SceneFlowKit
import Testing
import TestSupport

/// `.sceneflow.yml` and `sceneflow init`: an app repository where validate, check, coverage, map and drift run with no
/// paths, from the repository's folder or any folder under it.
@Suite("settings file and init")
struct SettingsTests {
    static let fixtures = PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures")
    static let schema = PackagePaths.root.appendingPathComponent("docs/settings.schema.json")

    /// A repository holding a copy of the `retain-cycle` fixture as its app, in `App/`.
    func repository() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("retain-cycle"), to: folder.appendingPathComponent("App"))
        return folder
    }

    @Test("init writes the settings and imports a scenario; then validate, map and drift run with no paths, from below too")
    func initThenRunWithoutPaths() throws {
        let repo = try repository()
        let setup = try CLI.run(["init", "App", "--color", "never"], in: repo)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(setup.stdout == """
              settings: .sceneflow.yml
              scenario: Flows/App.yml (1 scene, Clean Swift (BusinessLogic protocols); 1 placeholder to fill)
            Next: fill the scenario's todos (sceneflow validate lists them), then sceneflow check, map and drift.
            map finds 2 rule breaks in the code: 'sceneflow map --write-baseline sceneflow-accepted.yml' accepts them for now.

            """)
        let settings = try String(contentsOf: repo.appendingPathComponent(".sceneflow.yml"), encoding: .utf8)
        #expect(settings == """
            # SceneFlow's settings for this repository. With no paths on the command line, `sceneflow validate`,
            # `check` and `coverage` read the scenarios below, `map` the code, and `drift` each pair under 'drift'.
            # Paths are relative to this file. The keys: docs/settings.schema.json in SceneFlow's repository.
            scenarios:
              - Flows
            code:
              - App
            exclude: [] # folder or file names never read, such as Pods
            out: SceneFlowOutput # where map and coverage write their diagrams
            drift:
              - scenario: "Flows/App.yml"
                code: [App]
            # Findings map accepts for now, each with its rule, place and reason:
            # `sceneflow map --write-baseline sceneflow-accepted.yml` writes them all; then uncomment:
            # accept: sceneflow-accepted.yml

            """)
        #expect(try SchemaValidator.validate(schema: Self.schema, files: [repo.appendingPathComponent(".sceneflow.yml")])
                == ["valid \(repo.appendingPathComponent(".sceneflow.yml").path)"])

        // A second init keeps what is there.
        let again = try CLI.run(["init", "App", "--color", "never"], in: repo)
        #expect(again.status == 1)
        #expect(again.stderr == "error: .sceneflow.yml exists; --force replaces it\n")

        let validate = try CLI.run(["validate", "--color", "never"], in: repo)
        #expect(validate.status == 0)
        #expect(validate.stderr.hasPrefix("settings: .sceneflow.yml\nFlows/App.yml:25:19: warning: a placeholder ('todo') stands here"))
        #expect(validate.stderr.hasSuffix("✓ 1 scenario valid (0 errors, 2 warnings)\n"))

        // From a folder below: the settings are found upward, paths named from here; map writes under 'out'.
        let below = repo.appendingPathComponent("Docs/Flows")
        try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
        let map = try CLI.run(["map", "--format", "dot", "--color", "never"], in: below)
        #expect(map.status == 1)
        #expect(map.stderr == "settings: ../../.sceneflow.yml\n")
        #expect(map.stdout.hasPrefix("1 scenes, 4 references, 3 calls, 0 routes from 1 Swift files (Clean Swift (BusinessLogic protocols))\n"
                                     + "✗ App/Orders/Orders.swift:29:7: Orders: OrdersPresenter.viewController holds the View strongly"))
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("SceneFlowOutput/App/map.dot").path))
        // The imported scenario holds the View weakly, as the pattern does; the code does not.
        let drift = try CLI.run(["drift", "--color", "never"], in: below)
        #expect(drift.status == 1)
        #expect(drift.stderr == "settings: ../../.sceneflow.yml\n")
        #expect(drift.stdout.hasPrefix("drift: 'Orders': OrdersPresenter.viewController holds the View strongly"))
        #expect(drift.stdout.hasSuffix("\n  scenario: ../../Flows/App.yml:10:3\n  code: App/Orders/Orders.swift:29:7\n1 difference\n"))

        // The baseline accepts today's findings; listed in the settings, map passes from anywhere.
        let baseline = try CLI.run(["map", "--format", "dot", "--write-baseline", "sceneflow-accepted.yml"], in: repo)
        #expect(baseline.status == 0)
        try Data(settings.replacingOccurrences(of: "# accept: sceneflow-accepted.yml", with: "accept: sceneflow-accepted.yml").utf8)
            .write(to: repo.appendingPathComponent(".sceneflow.yml"))
        let accepted = try CLI.run(["map", "--format", "dot", "--color", "never"], in: below)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(accepted.stdout.components(separatedBy: "\naccepted App/Orders/Orders.swift:").count == 3)
        // drift takes the same acceptances.
        let driftAccepted = try CLI.run(["drift", "--color", "never"], in: below)
        #expect(driftAccepted.status == 0, "\(driftAccepted.stdout)")
        #expect(driftAccepted.stdout == "✓ the scenario and the code agree\n")

        // Paths on the command line win: the settings are not read.
        let explicit = try CLI.run(["validate", "Flows/App.yml", "--color", "never"], in: repo)
        #expect(explicit.status == 0)
        #expect(!explicit.stderr.contains("settings:"))
    }

    @Test("a settings file's mistakes are named with line and column: keys that do nothing warn, wrong shapes fail")
    func mistakes() throws {
        let repo = try repository()
        let file = repo.appendingPathComponent(".sceneflow.yml")
        try Data("""
            scenario: [Flows]
            code: App
            out: Gone/Output
            drift:
              - scenario: Flows/Missing.yml
                colour: red

            """.utf8).write(to: file)
        let warned = try CLI.run(["map", "--format", "dot", "--color", "never"], in: repo)
        #expect(warned.status == 1, "the map still runs, and finds the fixture's breaks")
        #expect(warned.stderr == """
            settings: .sceneflow.yml
            .sceneflow.yml:1:1: warning: 'scenario' does nothing in the settings file
            scenario: [Flows]
            ^
            note: did you mean 'scenarios'?
            .sceneflow.yml:5:15: warning: 'Flows/Missing.yml' is not there (paths are relative to the settings file's folder)
              - scenario: Flows/Missing.yml
                          ^
            .sceneflow.yml:6:5: warning: 'colour' does nothing in a drift item (it has 'scenario' and 'code')
                colour: red
                ^

            """)
        let noScenarios = try CLI.run(["validate", "--color", "never"], in: repo)
        #expect(noScenarios.status == 2)
        #expect(noScenarios.stderr.contains("Error: give scenario files or folders: .sceneflow.yml sets no 'scenarios'\n"))

        try Data("""
            scenarios: { Flows: yes }
            exclude: [Pods/Sub]

            """.utf8).write(to: file)
        let broken = try CLI.run(["check", "--color", "never"], in: repo)
        #expect(broken.status == 1)
        #expect(broken.stderr == """
            .sceneflow.yml:1:12: error: 'scenarios' is a path or a list of paths
            scenarios: { Flows: yes }
                       ^
            .sceneflow.yml:2:11: error: 'exclude' lists folder or file names (no '/'), skipped wherever they are
            exclude: [Pods/Sub]
                      ^

            """)
        #expect(try SchemaValidator.validate(schema: Self.schema, files: [file]).first?.hasPrefix("invalid ") == true)
        try Data("out: A\nout: B\n".utf8).write(to: file)
        let twice = try CLI.run(["map", "--color", "never"], in: repo)
        #expect(twice.status == 1)
        #expect(twice.stderr.hasPrefix(".sceneflow.yml:"))
        #expect(twice.stderr.contains("error: Parser: expected all keys to be unique but found the following duplicated key(s): 'out'."))
    }

    @Test("with no paths and no settings file, a command says how to give either")
    func noSettings() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-nosettings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try #require(ProjectSettings.find(from: empty) == nil, "a .sceneflow.yml above the temporary folder")
        for command in ["validate", "check", "coverage", "map", "drift"] {
            let result = try CLI.run([command], in: empty)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.hasPrefix("Error: give "), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("or write them in .sceneflow.yml ('sceneflow init' writes one)"), "\(command)")
        }
        let missing = try CLI.run(["validate", "--config", "nowhere.yml", "--color", "never"], in: empty)
        #expect(missing.status == 1)
        #expect(missing.stderr == "nowhere.yml:1:1: error: cannot read the settings file\n")
    }
}
