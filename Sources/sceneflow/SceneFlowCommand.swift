import ArgumentParser
import Foundation
import GraphvizRenderer
import SceneFlowKit
import TerminalOutput
import TraceFormat

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
            RenderCommand.self, ExportCommand.self, CompareCommand.self, SynthCommand.self, ImportCommand.self, MapCommand.self, DriftCommand.self,
            GenerateCommand.self, TranslateCommand.self, InitCommand.self, RenderPagesCommand.self, VetSwiftCommand.self,
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
            // A file that could not be written is the user's situation, not a usage error: said like other errors.
            if let failure = error as? WriteFailure {
                FileHandle.standardError.write("error: \(failure)\n")
                Foundation.exit(1)
            }
            // So is an output folder SceneFlow will not write into (a link, a file, another scenario's run).
            if let conflict = error as? OutputLayout.Conflict {
                FileHandle.standardError.write("error: \(conflict)\n")
                Foundation.exit(1)
            }
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(fullMessage(for: error) + "\n")
                FileHandle.standardError.write("Run 'sceneflow --help' for usage.\n")
                Foundation.exit(2)
            }
            // ArgumentParser's own printing would bypass `Console`; help and version go to standard output.
            if !(error is ExitCode), !fullMessage(for: error).isEmpty {
                (code == .success ? FileHandle.standardOutput : FileHandle.standardError).write(fullMessage(for: error) + "\n")
            }
            Foundation.exit(code.rawValue)
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

    /// The style for a stream, which also lets SceneFlow's own colours through on it (see `Console`).
    func style(for descriptor: Int32, unless off: Bool = false) -> TerminalStyle {
        let enabled = !off && color.mode.enabled(for: descriptor)
        Console.allowColour(enabled, on: descriptor)
        return TerminalStyle(enabled: enabled)
    }
}

/// The file an `-o` option names, nil for standard output (no option, or `-`).
func outputFile(_ option: String?) -> String? {
    option == "-" ? nil : option
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

/// The one way out to the terminal: every text written to standard output or error passes `TerminalText.safe`,
/// which keeps colour sequences only on a stream a command coloured.
enum Console {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var colourOn: Set<Int32> = []

    static func allowColour(_ allowed: Bool, on descriptor: Int32) {
        lock.withLock { if allowed { colourOn.insert(descriptor) } else { colourOn.remove(descriptor) } }
    }

    static func allowsColour(on descriptor: Int32) -> Bool { lock.withLock { colourOn.contains(descriptor) } }
}

extension FileHandle {
    /// Writes text made safe for a terminal (see `Console`).
    func write(_ text: String) {
        write(Data(TerminalText.safe(text, keepingColor: Console.allowsColour(on: fileDescriptor)).utf8))
    }
}

/// `print` for SceneFlow: through `Console`.
func say(_ text: String, terminator: String = "\n") {
    FileHandle.standardOutput.write(text + terminator)
}

extension TerminalStyle {
    /// A command's one-line refusal on standard error, as a compiler says it: `error: …`.
    func printError(_ message: String) {
        FileHandle.standardError.write(paint("error:", .red, bold: true) + " \(message)\n")
    }
}
