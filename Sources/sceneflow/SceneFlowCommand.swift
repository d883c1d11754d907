import ArgumentParser
import Foundation
import GraphvizRenderer
import SceneFlowKit
import TerminalOutput

/// `sceneflow`: validate, run, draw and check VIP scenarios.
@main
struct SceneFlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sceneflow",
        abstract: "Validate, run and draw VIP (Clean Swift) scenarios.",
        discussion: """
            A scenario file describes scenes, their components and use cases, and a story of user actions.
            Exit codes: 0 success, 1 scenario or run errors, 2 usage errors.
            """,
        version: SceneFlowVersion.current,
        subcommands: [
            ValidateCommand.self, RunCommand.self, ExplainCommand.self, CheckCommand.self, DiffCommand.self, CoverageCommand.self,
            RenderCommand.self, ExportCommand.self, CompareCommand.self, SynthCommand.self,
        ]
    )

    /// Runs the command, mapping argument errors to exit code 2 (ArgumentParser's default is 64).
    static func main() {
        // A single-threaded tool: Graphviz's own prints can be collected and reported as warnings.
        GraphvizRenderer.shared.capturesStandardError = true
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                FileHandle.standardError.write(Data("Run 'sceneflow --help' for usage.\n".utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Options shared by commands that print to a terminal.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Colour output: auto (only on a terminal), always or never.")
    var color: ColorChoice = .auto

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
        var mode: ColorMode { ColorMode(rawValue: rawValue)! }
    }
}

/// The scenario a trace was recorded from, named explicitly (a trace's own header is only trusted when the file
/// there is the one it ran).
struct TraceScenarioOption: ParsableArguments {
    @Option(help: ArgumentHelp("For a trace: the scenario it was recorded from, when it is not the one its header names.",
                               valueName: "file"),
            completion: .file(extensions: ["yml", "yaml"]))
    var scenario: String?
}

/// Prints what a user should know about where a trace's scenario came from.
func printNotes(_ notes: [String], style: TerminalStyle) {
    for note in notes { FileHandle.standardError.write(style.paint("note:", .gray, bold: true) + " \(note)\n") }
}

extension FileHandle {
    func write(_ text: String) { write(Data(text.utf8)) }
}
