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
        discussion: "Each failure is said as a compiler says an error (file:line:col: error: …), with the trace around it. Exit codes: 0 when everything passes, 1 when a check fails, 2 when a scenario does not load or a trace cannot be read."
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

    @OptionGroup var report: ReportOptions
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

    /// What `--format json` gives as the result: the counts of the summary line.
    struct Counts: Encodable {
        var scenarios, passed, failed, notChecked, scenariosWithErrors: Int
    }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!, format: report.format)
        let style = output.style(for: STDOUT_FILENO, unless: report.format != .text)
        let check = ScenarioCheck(options: EngineOptions(maxMessages: maxMessages, maxValueSize: maxValueSize, maxTraceBytes: maxTraceBytes), exhaustive: exhaustive,
                                  goldenFolder: golden.map { URL(fileURLWithPath: $0) }, acceptScenarioChange: acceptScenarioChange)
        let files = try self.files.isEmpty ? settings.scenarios(reporter) : self.files
        let result = try check.check(files, trace: trace)
        reporter.report(result.diagnostics)
        reporter.report(result.problems)
        // In text, the failures are said in the listing, where they happen; the other formats get them as diagnostics.
        reporter.report(result.reports.flatMap(CheckReportText.diagnostics), showsSource: false, saidInText: true)
        if reporter.printsText {
            if report.format == .text { for report in result.reports { say(CheckReportText.text(report, style: style)) } }
            say(CheckReportText.summary(result, style: style))
        }
        if let junit { try AtomicFile.write(result.junit(), to: URL(fileURLWithPath: junit)) }
        let counts = Counts(scenarios: result.files, passed: result.passed, failed: result.failed, notChecked: result.notChecked,
                            scenariosWithErrors: result.errors.count)
        if !result.errors.isEmpty { throw reporter.exit(.error, result: counts) }
        if !result.succeeded { throw reporter.exit(.fails, result: counts) }
        reporter.finish(.ok, result: counts)
    }
}
