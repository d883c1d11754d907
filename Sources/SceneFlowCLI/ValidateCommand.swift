import ArgumentParser
import Foundation
import ScenarioLoader
import SceneFlowKit
import TerminalOutput
import ScenarioSpec

/// `sceneflow validate FILE…`: reports every problem of each scenario at once.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files and report every problem with its line and column.",
        discussion: "Exit codes: 0 when clean (warnings allowed unless --strict), 1 on errors, 2 on usage errors."
    )

    @Argument(help: "Scenario files or folders of scenarios (default: the settings file's 'scenarios').", completion: .file(extensions: ["yml", "yaml", "json"]))
    var files: [String] = []

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Option(help: "Output format: text, or json for editors.")
    var format: Format = .text

    @Option(help: "Largest scenario file to read, in bytes.")
    var maxFileSize: Int = ScenarioLoader.Limits().maxFileSize

    @Option(help: ArgumentHelp("When every scenario is valid, write this file (an empty stamp, for a build system that needs an output: the SwiftPM build-tool plugin).", valueName: "file"))
    var stamp: String?

    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    func validate() throws {
        if maxFileSize <= 0 { throw ValidationError("--max-file-size must be positive") }
    }

    func run() throws {
        let validation = ScenarioValidation(loader: ScenarioLoader(limits: .init(maxFileSize: maxFileSize)), strict: strict)
        let files = try self.files.isEmpty ? settings.scenarios(style: output.style(for: STDERR_FILENO)) : self.files
        let result: ScenarioValidation.Result
        do {
            result = try validation.validate(files)
        } catch let failure as ScenarioCheck.Failure {
            throw ValidationError(failure.message)
        }
        switch format {
        case .json:
            say(DiagnosticRenderer().json(result.diagnostics), terminator: "")
        case .text:
            let style = output.style(for: STDERR_FILENO)
            Console.err(DiagnosticRenderer(style: style).render(result.diagnostics))
            Console.err(ValidationSummary(result).text(style: style) + "\n")
        }
        if result.failed { throw ExitCode(1) }
        if let stamp { try AtomicFile.write(Data(), to: URL(fileURLWithPath: stamp)) }
    }
}
