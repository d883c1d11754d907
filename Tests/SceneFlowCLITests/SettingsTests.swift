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
        #expect(again.status == 2)
        #expect(again.stderr == "error: .sceneflow.yml exists; --force replaces it\n")

        let validate = try CLI.run(["validate", "--color", "never"], in: repo)
        #expect(validate.status == 0)
        #expect(validate.stderr.hasPrefix("settings: .sceneflow.yml\nFlows/App.yml:25:19: warning: a placeholder ('todo') stands here"))
        #expect(validate.stderr.hasSuffix("✓ 1 scenario valid (0 errors, 2 warnings)\n"))

        // From a folder below: the settings are found upward, paths named from here; map writes under 'out'.
        let below = repo.appendingPathComponent("Docs/Flows")
        try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
        let map = try CLI.run(["map", "--image-format", "dot", "--color", "never"], in: below)
        #expect(map.status == 1)
        #expect(map.stderr.hasPrefix("settings: ../../.sceneflow.yml\n"
                                     + "App/Orders/Orders.swift:29:7: error: Orders: OrdersPresenter.viewController holds the View strongly"))
        #expect(map.stdout.hasPrefix("1 scenes, 4 references, 3 calls, 0 routes from 1 Swift files (Clean Swift (BusinessLogic protocols))\n"))
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("SceneFlowOutput/App/map.dot").path))
        // The imported scenario holds the View weakly, as the pattern does; the code does not.
        let drift = try CLI.run(["drift", "--color", "never"], in: below)
        #expect(drift.status == 1)
        #expect(drift.stderr.hasPrefix("settings: ../../.sceneflow.yml\n../../Flows/App.yml:10:3: error: 'Orders': OrdersPresenter.viewController holds the View strongly"))
        #expect(drift.stderr.hasSuffix("\nApp/Orders/Orders.swift:29:7: note: the code says it here\n"))
        #expect(drift.stdout == "1 difference\n")

        // The baseline accepts today's findings; listed in the settings, map passes from anywhere.
        let baseline = try CLI.run(["map", "--image-format", "dot", "--write-baseline", "sceneflow-accepted.yml"], in: repo)
        #expect(baseline.status == 0)
        try Data(settings.replacingOccurrences(of: "# accept: sceneflow-accepted.yml", with: "accept: sceneflow-accepted.yml").utf8)
            .write(to: repo.appendingPathComponent(".sceneflow.yml"))
        let accepted = try CLI.run(["map", "--image-format", "dot", "--color", "never"], in: below)
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(accepted.stderr.components(separatedBy: "\nApp/Orders/Orders.swift:").filter { $0.contains(": warning: Orders: ") }.count == 2,
                "\(accepted.stderr)")
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
        let warned = try CLI.run(["map", "--image-format", "dot", "--color", "never"], in: repo)
        #expect(warned.status == 1, "the map still runs, and finds the fixture's breaks")
        #expect(warned.stderr.hasPrefix("""
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

            """))
        let noScenarios = try CLI.run(["validate", "--color", "never"], in: repo)
        #expect(noScenarios.status == 2)
        #expect(noScenarios.stderr.contains("Error: give scenario files or folders: .sceneflow.yml sets no 'scenarios'\n"))

        try Data("""
            scenarios: { Flows: yes }
            exclude: [Pods/Sub]

            """.utf8).write(to: file)
        let broken = try CLI.run(["check", "--color", "never"], in: repo)
        #expect(broken.status == 2)
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
        #expect(twice.status == 2)
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
        #expect(missing.status == 2)
        #expect(missing.stderr == "nowhere.yml:1:1: error: cannot read the settings file\n")
    }

    @Test("every other shape a settings file can get wrong is named where it is, and the command stops with exit 1")
    func otherMistakes() throws {
        let repo = try repository()
        let file = repo.appendingPathComponent(".sceneflow.yml")
        func run(_ text: String, _ arguments: [String] = ["validate"]) throws -> CLI.Result {
            try Data(text.utf8).write(to: file)
            return try CLI.run(arguments + ["--color", "never"], in: repo)
        }
        let drift = try run("drift:\n  - Flows/App.yml\n  - scenario: App\naccept: { rule: x }\n")
        #expect(drift.status == 2)
        #expect(drift.stderr == """
            .sceneflow.yml:2:3: error: a 'drift' item without 'code' compares with the top-level 'code', which is not set
              - Flows/App.yml
              ^
            .sceneflow.yml:2:5: error: each 'drift' item is '{ scenario: FILE, code: [FOLDER…] }'
              - Flows/App.yml
                ^
            .sceneflow.yml:4:9: error: 'accept' is an acceptance file, or a list of '- { rule, at, reason }'
            accept: { rule: x }
                    ^

            """)
        let list = try run("- scenarios\n")
        #expect(list.status == 2)
        #expect(list.stderr == ".sceneflow.yml:1:1: error: the settings file is a mapping of keys (scenarios:, code:, out:, …)\n- scenarios\n^\n")
        let reason = try run("code: App\naccept:\n  - rule: clean-swift/weak-view\n    at: App/Orders/Orders.swift\n", ["map", "--image-format", "dot"])
        #expect(reason.status == 2)
        #expect(reason.stderr == """
            .sceneflow.yml:3:5: error: the acceptance of clean-swift/weak-view at App/Orders/Orders.swift needs a 'reason:'
              - rule: clean-swift/weak-view
                ^

            """)
        // An acceptance file of its own is read by the commands that use it: validate only warns that it is not there.
        let missing = try run("code: App\naccept: nowhere.yml\n", ["map", "--image-format", "dot"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasSuffix("error: cannot read nowhere.yml\n"), "\(missing.stderr)")
        let validate = try CLI.run(["validate", "--color", "never"], in: repo)
        #expect(validate.status == 2, "no scenarios: a usage error, not the acceptance file's")
        #expect(validate.stderr.contains(".sceneflow.yml:2:9: warning: 'nowhere.yml' is not there"))
        let large = try run("scenarios: [" + Array(repeating: "Flows", count: 200_000).joined(separator: ",") + "]\n")
        #expect(large.status == 2)
        #expect(large.stderr.hasPrefix(".sceneflow.yml:1:1: error: the settings file is larger than 1 MiB; it lists folders, not scenarios\n"))
    }

    @Test("init refuses, before writing anything, a code folder that is not there, a scenarios folder outside, and a settings path that is a link or a FIFO")
    func initRefusals() throws {
        let repo = try repository()
        let missing = try CLI.run(["init", "Nowhere", "--color", "never"], in: repo)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: Nowhere is not there: give the folder of the app's Swift code\n")
        let outside = try CLI.run(["init", "App", "--scenarios", "../Flows", "--color", "never"], in: repo)
        #expect(outside.status == 2)
        #expect(outside.stderr.hasPrefix("Error: --scenarios is a folder inside this one\n"))
        let settings = repo.appendingPathComponent(".sceneflow.yml")
        try FileManager.default.createSymbolicLink(atPath: settings.path, withDestinationPath: repo.appendingPathComponent("gone.yml").path)
        let link = try CLI.run(["init", "App", "--force", "--color", "never"], in: repo)
        #expect(link.status == 2)
        #expect(link.stderr.hasSuffix(".sceneflow.yml: it is a symbolic link to nothing; remove the link, or name the file it was meant to lead to\n"), "\(link.stderr)")
        try FileManager.default.removeItem(at: settings)
        #expect(mkfifo(settings.path, 0o644) == 0)
        let fifo = try CLI.run(["init", "App", "--force", "--color", "never"], in: repo)
        #expect(fifo.status == 2)
        #expect(fifo.stderr == "error: .sceneflow.yml is not a regular file; remove it, or run init elsewhere\n")
        // Nothing was imported or written on the way.
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("Flows").path))
        var info = stat()
        #expect(lstat(settings.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }
}
