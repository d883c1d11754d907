import ArgumentParser
import Foundation
import GraphvizRenderer
import SceneFlowKit
import TerminalOutput
import TraceFormat

/// `sceneflow` as a library: the executable's `main` is `SceneFlowCLI.main()`, and a test runs a command in process
/// with `SceneFlowCLI.run(_:in:)`.
public enum SceneFlowCLI {
    /// Runs the command line this process was started with and exits with its status.
    public static func main() -> Never {
        // One command per process: what Graphviz's plugins print to stderr themselves (cairo's "graph is too large")
        // can be collected and reported as warnings by pointing stderr at a file while rendering.
        GraphvizRenderer.shared.capturesStandardError = true
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one command line (without the tool's name) with `invocation`'s streams: its exit status, 0 success,
    /// 1 scenario, run or write errors (and "differs" or "fails" for the commands that compare), 2 usage errors.
    public static func run(_ arguments: [String], in invocation: Invocation = .current) -> Int32 {
        Invocation.$current.withValue(invocation) { SceneFlowCommand.run(arguments, columns: invocation.columns) }
    }
}

/// `sceneflow`: validate, run, draw and check VIP scenarios.
struct SceneFlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sceneflow",
        abstract: "Validate, run and draw VIP (Clean Swift) scenarios.",
        discussion: """
            A scenario file describes scenes, their components and use cases, and a story of user actions.
            Exit codes: 0 success, 1 scenario or run errors, 2 usage errors.
            """,
        version: SceneFlowVersion.current,
        // The helpers' sides (render-pages, vet-swift) are hidden; the rest is listed by what it works on.
        subcommands: [RenderPagesCommand.self, VetSwiftCommand.self],
        groupedSubcommands: [
            CommandGroup(name: "Scenarios", subcommands: [ValidateCommand.self, RunCommand.self, ExplainCommand.self, CheckCommand.self,
                                                          DiffCommand.self, CoverageCommand.self]),
            CommandGroup(name: "Diagrams and exports", subcommands: [RenderCommand.self, ExportCommand.self, CompareCommand.self]),
            CommandGroup(name: "App code", subcommands: [ImportCommand.self, MapCommand.self, DriftCommand.self, GenerateCommand.self,
                                                         TranslateCommand.self, InitCommand.self]),
            CommandGroup(name: "Tools", subcommands: [SynthCommand.self]),
        ]
    )

    /// Parses and runs `arguments`, mapping argument errors to exit code 2 (ArgumentParser's default is 64).
    static func run(_ arguments: [String], columns: Int?) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            // A file that could not be written is the user's situation, not a usage error: said like other errors.
            if let failure = error as? WriteFailure {
                Console.err("error: \(failure)\n")
                return 1
            }
            // So is an output folder SceneFlow will not write into (a link, a file, another scenario's run).
            if let conflict = error as? OutputLayout.Conflict {
                Console.err("error: \(conflict)\n")
                return 1
            }
            let code = exitCode(for: error)
            let message = fullMessage(for: error, columns: columns)
            if code == .validationFailure {
                Console.err(message + "\n")
                Console.err("Run 'sceneflow --help' for usage.\n")
                return 2
            }
            // ArgumentParser's own printing would bypass `Console`; help and version go to standard output.
            if !(error is ExitCode), !message.isEmpty {
                if code == .success { Console.out(message + "\n") } else { Console.err(message + "\n") }
            }
            return code.rawValue
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
        let invocation = Invocation.current
        let enabled = !off && color.mode.enabled(isTerminal: invocation.isTerminal(descriptor), environment: invocation.environment)
        invocation.allowColour(enabled, on: descriptor)
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
    for note in notes { Console.err(style.paint("note:", .gray, bold: true) + " \(note)\n") }
}

extension TerminalStyle {
    /// A command's one-line refusal on standard error, as a compiler says it: `error: …`.
    func printError(_ message: String) {
        Console.err(paint("error:", .red, bold: true) + " \(message)\n")
    }
}
