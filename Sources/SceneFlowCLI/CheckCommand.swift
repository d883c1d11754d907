import ArgumentParser
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import TerminalOutput
import StoryCheck
import TraceFormat

/// `sceneflow check FILE|DIR…`: every expectation of every story step, and the pattern's rules.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the stories' expectations and the pattern's rules, like a test runner.",
        discussion: "Exit codes: 0 when everything passes, 1 on a failure or a scenario error, 2 on usage errors."
    )

    @Argument(help: "Scenario files or folders of scenarios (default: the settings file's 'scenarios').", completion: .file(extensions: ["yml", "yaml"]))
    var files: [String] = []

    @Option(help: ArgumentHelp("Also write JUnit XML (one testcase per expectation) to this file.", valueName: "file"))
    var junit: String?

    @Flag(help: "Whatever a step changes (DataStore and AppState fields, worker calls, routes, the screen, shown values) must be expected, as in TCA's exhaustive tests.")
    var exhaustive = false

    @Option(help: ArgumentHelp("Also compare each run with the golden trace <dir>/<scenario>.jsonl recorded by 'run --golden'.", valueName: "dir"))
    var golden: String?

    @Option(help: ArgumentHelp("Judge this recorded trace (from the engine, generated code or an instrumented app) instead of running the scenario.", valueName: "trace.jsonl"))
    var trace: String?

    @Flag(help: "With --trace: judge a trace recorded from another version of the scenario file (its SHA-256 differs) instead of failing.")
    var acceptScenarioChange = false

    @Option(help: "Stop a run after this many messages.")
    var maxMessages: Int = EngineOptions.defaultMaxMessages

    @Option(help: "Largest text (UTF-8 bytes) or list (items and characters) an expression may make.")
    var maxValueSize: Int = EngineOptions.defaultMaxValueSize

    @Option(help: "Stop a run when the trace it holds reaches this many bytes.")
    var maxTraceBytes: Int = EngineOptions.defaultMaxHeldTraceBytes

    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if maxMessages <= 0 { throw ValidationError("--max-messages must be positive") }
        if maxValueSize <= 0 { throw ValidationError("--max-value-size must be positive") }
        if maxTraceBytes <= 0 { throw ValidationError("--max-trace-bytes must be positive") }
        if acceptScenarioChange && trace == nil {
            throw ValidationError("--accept-scenario-change judges a recorded trace: give it with --trace TRACE.jsonl")
        }
    }

    func run() throws {
        let style = output.style(for: STDOUT_FILENO)
        let errorStyle = output.style(for: STDERR_FILENO)
        let check = ScenarioCheck(options: EngineOptions(maxMessages: maxMessages, maxValueSize: maxValueSize, maxTraceBytes: maxTraceBytes), exhaustive: exhaustive,
                                  goldenFolder: golden.map { URL(fileURLWithPath: $0) }, acceptScenarioChange: acceptScenarioChange)
        let files = try self.files.isEmpty ? settings.scenarios(style: errorStyle) : self.files
        let result: ScenarioCheck.Result
        do {
            result = try check.check(files, trace: trace)
        } catch let failure as ScenarioCheck.Failure {
            throw ValidationError(failure.message)
        }
        Console.err(DiagnosticRenderer(style: errorStyle).render(result.diagnostics))
        for problem in result.problems {
            errorStyle.printError("\(problem)")
        }
        for report in result.reports { say(CheckReportText.text(report, style: style)) }
        say(CheckReportText.summary(result, style: style))
        if let junit { try AtomicFile.write(result.junit(), to: URL(fileURLWithPath: junit)) }
        if !result.succeeded { throw ExitCode(1) }
    }
}
