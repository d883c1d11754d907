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
        discussion: "Exit codes: 0 when every scenario is valid (warnings allowed unless --strict), 1 when one is not, 2 when the files cannot be found or an option is wrong."
    )

    @Argument(help: "Scenario files or folders of scenarios (default: the settings file's 'scenarios').", completion: .file(extensions: ["yml", "yaml", "json"]))
    var files: [String] = []

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Option(help: "Largest scenario file to read, in bytes.")
    var maxFileSize: Int = ScenarioLoader.Limits().maxFileSize

    @Option(help: ArgumentHelp("When every scenario is valid, write this file (an empty stamp, for a build system that needs an output: the SwiftPM build-tool plugin).", valueName: "file"))
    var stamp: String?

    @OptionGroup var report: ReportOptions
    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if maxFileSize <= 0 { throw ValidationError("--max-file-size must be positive") }
    }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!, format: report.format)
        let validation = ScenarioValidation(loader: ScenarioLoader(limits: .init(maxFileSize: maxFileSize)), strict: strict)
        let files = try self.files.isEmpty ? settings.scenarios(reporter) : self.files
        let result = try validation.validate(files)
        reporter.report(result.diagnostics)
        let summary = ValidationSummary(result)
        reporter.status(summary.text(style: reporter.style))
        if result.failed { throw reporter.exit(.fails, result: summary) }
        if let stamp { try AtomicFile.write(Data(), to: URL(fileURLWithPath: stamp)) }
        reporter.finish(.ok, result: summary)
    }
}
