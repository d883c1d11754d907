import ArgumentParser
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import StoryCheck
import TraceFormat

/// `sceneflow check FILE|DIR…`: every expectation of every story step, and the pattern's rules.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the stories' expectations and the pattern's rules, like a test runner.",
        discussion: "Exit codes: 0 when everything passes, 1 on a failure or a scenario error, 2 on usage errors."
    )

    @Argument(help: "Scenario files or folders of scenarios.", completion: .file(extensions: ["yml", "yaml"]))
    var files: [String]

    @Option(help: ArgumentHelp("Also write JUnit XML (one testcase per expectation) to this file.", valueName: "file"))
    var junit: String?

    @Flag(help: "Whatever a step changes (DataStore and AppState fields, worker calls, routes, the screen, shown values) must be expected, as in TCA's exhaustive tests.")
    var exhaustive = false

    @Option(help: ArgumentHelp("Also compare each run with the golden trace <dir>/<scenario>.jsonl recorded by 'run --golden'.", valueName: "dir"))
    var golden: String?

    @Option(help: "Stop a run after this many messages.")
    var maxMessages: Int = EngineOptions.defaultMaxMessages

    @OptionGroup var output: OutputOptions

    func run() throws {
        let style = TerminalStyle(enabled: output.color.mode.enabled(for: STDOUT_FILENO))
        let errorStyle = TerminalStyle(enabled: output.color.mode.enabled(for: STDERR_FILENO))
        let paths = ScenarioFiles.expand(files)
        if paths.isEmpty { throw ValidationError("no scenario files found in \(files.joined(separator: ", "))") }
        let checker = StoryChecker(options: EngineOptions(maxMessages: maxMessages), exhaustive: exhaustive)
        var reports: [StoryChecker.Report] = []
        var errors: [JUnitReport.ScenarioError] = []
        var passed = 0, failed = 0
        for path in paths {
            let loaded = ScenarioLoader().load(path: path)
            guard let scenario = loaded.scenario else {
                FileHandle.standardError.write(DiagnosticRenderer(style: errorStyle).render(loaded.diagnostics))
                errors.append(JUnitReport.ScenarioError(file: path, message: DiagnosticRenderer(style: .plain).render(loaded.diagnostics)))
                continue
            }
            var report = try checker.check(scenario)
            if let golden {
                report.runChecks.append(GoldenTrace.compare(report.trace, with: GoldenTrace.file(
                    named: OutputLayout.folderName(forScenarioAt: path), in: URL(fileURLWithPath: golden))))
            }
            reports.append(report)
            print(CheckReportText.text(report, style: style))
            passed += report.passedCount
            failed += report.failedCount
        }
        print(CheckReportText.summary(scenarios: paths.count, passed: passed, failed: failed, errors: errors.count, style: style))
        if let junit { try AtomicFile.write(JUnitReport.xml(reports, errors: errors), to: URL(fileURLWithPath: junit)) }
        if failed > 0 || !errors.isEmpty { throw ExitCode(1) }
    }
}
