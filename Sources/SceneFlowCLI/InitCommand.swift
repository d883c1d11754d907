import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput

/// `sceneflow init [FOLDER]`: the repository's `.sceneflow.yml`, and a first scenario imported from the code.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write .sceneflow.yml for an app's code here, with a scenario imported from it.",
        discussion: """
            Writes .sceneflow.yml in the current folder: the scenarios (Flows/), the app's code, the output folder and a \
            drift pair of the two. Imports Flows/<App>.yml from the code unless that file exists. From then on validate, \
            check, coverage, map and drift run with no paths. Exit codes: 0, 2 on errors.
            """
    )

    @Argument(help: "The folder of the app's Swift code.", completion: .directory)
    var code: String = "."

    @Option(help: ArgumentHelp("The folder of the scenarios.", valueName: "folder"))
    var scenarios: String = "Flows"

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @Flag(help: "Replace an existing .sceneflow.yml.")
    var force = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if scenarios.isEmpty || scenarios.hasPrefix("/") || scenarios.split(separator: "/").contains("..") {
            throw ValidationError("--scenarios is a folder inside this one")
        }
    }

    func run() throws {
        _ = output.reporter(Self.configuration.commandName!)
        let result = try ProjectSetup.initialize(code: code, scenarios: scenarios, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                                 excluded: exclude, force: force, vet: Invocation.current.swiftFileVetting)
        say("  settings: \(RunSummaryText.relative(result.settings.path))")
        if let imported = result.imported {
            let app = imported.app
            say("  scenario: \(RunSummaryText.relative(result.scenario)) (\(app.scenes.count) scene\(app.scenes.count == 1 ? "" : "s"), "
                + "\(app.convention); \(imported.placeholders) placeholder\(imported.placeholders == 1 ? "" : "s") to fill)")
        } else {
            say("  scenario: \(RunSummaryText.relative(result.scenario)) (already there: used as it is)")
        }
        say("Next: fill the scenario's todos (sceneflow validate lists them), then sceneflow check, map and drift.")
        if result.findings > 0 {
            say("map finds \(result.findings) rule break\(result.findings == 1 ? "" : "s") in the code: "
                + "'sceneflow map --write-baseline sceneflow-accepted.yml' accepts them for now.")
        }
    }
}
