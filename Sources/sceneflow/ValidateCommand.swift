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

    @Argument(help: "Scenario files or folders of scenarios.", completion: .file(extensions: ["yml", "yaml", "json"]))
    var files: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Option(help: "Output format: text, or json for editors.")
    var format: Format = .text

    @Option(help: "Largest scenario file to read, in bytes.")
    var maxFileSize: Int = ScenarioLoader.Limits().maxFileSize

    @OptionGroup var output: OutputOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one scenario file") }
        if maxFileSize <= 0 { throw ValidationError("--max-file-size must be positive") }
    }

    func run() throws {
        let loader = ScenarioLoader(limits: .init(maxFileSize: maxFileSize))
        let paths = ScenarioFiles.expand(files)
        if paths.isEmpty { throw ValidationError("no scenario files found in \(files.joined(separator: ", "))") }
        var all: [Diagnostic] = []
        var valid = 0
        for path in paths {
            let result = loader.load(path: path)
            all += result.diagnostics
            if result.scenario != nil { valid += 1 }
        }
        let errors = all.filter { $0.severity == .error }.count
        let warnings = all.filter { $0.severity == .warning }.count
        let failed = errors > 0 || (strict && warnings > 0)
        switch format {
        case .json:
            print(DiagnosticRenderer().json(all), terminator: "")
        case .text:
            let style = TerminalStyle(enabled: output.color.mode.enabled(for: STDERR_FILENO))
            FileHandle.standardError.write(DiagnosticRenderer(style: style).render(all))
            let summary = ValidationSummary(files: paths.count, valid: valid, errors: errors, warnings: warnings,
                                            strict: strict)
            FileHandle.standardError.write(summary.text(style: style) + "\n")
        }
        if failed { throw ExitCode(1) }
    }
}
