import ArgumentParser
import Foundation
import GraphvizRenderer
import ScenarioSpec
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

    /// Runs one command line (without the tool's name) with `invocation`'s streams: its exit status, 0 when the
    /// command did its work and found nothing wrong, 1 when its answer is no (a check fails, the scenario and the
    /// code differ, a finding, a story stopped by a run-time error), 2 when it could not do its work (a file that does
    /// not load or cannot be written, a bad option).
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
            Exit codes, the same for every command: 0 ok; 1 when the command did its work and its answer is no (a \
            check fails, a scenario is invalid for validate, the scenario and the code differ, a finding, a story \
            stopped by a run-time error); 2 when it could not do its work (a scenario that does not load, a file that \
            cannot be read or written, a bad option). --format json|github, --quiet and --verbose: see each command.
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
        defer { Invocation.current.reporter = nil }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Invocation.current.reporter?.finish(.ok)
            return 0
        } catch {
            // What stopped a stage (a file that cannot be read, an output folder SceneFlow will not write into) and a
            // file that could not be written: reported as every diagnostic is, in the command's format; exit 2.
            let code = exitCode(for: error)
            // An error none of SceneFlow's stages throws on purpose (ArgumentParser gives any such error status 1) is
            // said as one, with what the system reported, and exits 2.
            let unexpected = code == .failure && !(error is ExitCode) ? Failure("internal/unexpected", "\(error)") : nil
            if let failure = error as? Failure ?? (error as? WriteFailure).map({ Failure("output/write", "\($0)") }) ?? unexpected {
                let reporter = Invocation.current.reporter
                    ?? Reporter(command: "sceneflow", format: .text, verbosity: .normal, style: .plain)
                reporter.report(failure.diagnostics)
                reporter.finish(.error)
                return ReportStatus.error.exitCode
            }
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

/// Options every command has: colour, and how much it says.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Colour output: auto (only on a terminal), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .shortAndLong, help: "Say less: no trace while a story runs, no 'settings:' line, no next steps; problems and the result are still said.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also say every diagnostic's id, and how long the command took.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose ask for opposite things; give one") }
    }

    var verbosity: Verbosity { quiet ? .quiet : verbose ? .verbose : .normal }

    /// The reporter of `command` (its diagnostics, printed as `format` asks), made the invocation's, so a `Failure`
    /// the command throws is reported the same way.
    func reporter(_ command: String, format: ReportFormat = .text) -> Reporter {
        let reporter = Reporter(command: command, format: format, verbosity: verbosity, style: style(for: STDERR_FILENO))
        Invocation.current.reporter = reporter
        return reporter
    }

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

/// `--format`: how a command that reports says what it found.
struct ReportOptions: ParsableArguments {
    @Option(help: "How problems and results are said: text (compiler-style), json (one document for tools, docs/report.schema.json) or github (workflow annotations).")
    var format: ReportFormat = .text
}

extension ReportFormat: ExpressibleByArgument {}
