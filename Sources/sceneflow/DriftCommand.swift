import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput

/// `sceneflow drift SCENARIO PATH…`: where a scenario and the code disagree.
struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Show where a scenario and an app's code disagree.",
        discussion: """
            Compares scenes, use cases, the Interactor, Presenter and display methods, routes (destinations, methods, \
            passed fields), DataStore fields and the Request, Response and ViewModel fields, each with the scenario's \
            and the code's place. Exit codes: 0 when they agree, 1 on drift or errors, 2 on usage errors.
            """
    )

    @Argument(help: "The scenario file.", completion: .file(extensions: ["yml", "yaml"]))
    var scenario: String

    @Argument(help: "Swift files or folders.", completion: .directory)
    var paths: [String]

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "text, or json for tools.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @OptionGroup var output: OutputOptions

    func run() throws {
        let errorStyle = output.style(for: STDERR_FILENO)
        let style = output.style(for: STDOUT_FILENO)
        let result: ScenarioDrift.Result
        do {
            result = try ScenarioDrift.run(scenario: scenario, code: paths, excluded: Set(exclude),
                                           vet: SwiftFileVetting.helper(executable: Bundle.main.executableURL))
        } catch let failure as ScenarioImport.Failure {
            FileHandle.standardError.write(errorStyle.paint("error:", .red, bold: true) + " \(failure.message)\n")
            throw ExitCode(1)
        }
        // What was not read is not compared: said first.
        for item in result.app.filesNotRead {
            FileHandle.standardError.write(errorStyle.paint("warning:", .magenta, bold: true) + " \(item)\n")
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            FileHandle.standardError.write(DiagnosticRenderer(style: errorStyle).render(errors))
            // A tool reading the JSON gets the errors as validate --format json gives them, never an empty output.
            if format == .json { FileHandle.standardOutput.write(DiagnosticRenderer().json(errors)) }
            throw ExitCode(1)
        }
        switch format {
        case .json:
            FileHandle.standardOutput.write(result.json())
        case .text:
            for difference in result.differences {
                FileHandle.standardOutput.write(style.paint("drift:", .red, bold: true) + " \(difference.description)\n")
            }
            FileHandle.standardOutput.write(result.differences.isEmpty
                ? style.paint("✓", .green, bold: true) + " the scenario and the code agree"
                    + (result.app.filesNotRead.isEmpty ? "" : " in the files read (\(result.app.filesNotRead.count) not read: see the warnings)") + "\n"
                : "\(result.differences.count) difference\(result.differences.count == 1 ? "" : "s")\n")
        }
        if !result.differences.isEmpty { throw ExitCode(1) }
    }
}
