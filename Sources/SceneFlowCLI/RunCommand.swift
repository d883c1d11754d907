import ArgumentParser
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Narration
import SceneFlowKit
import TerminalOutput
import StoryCheck

/// `sceneflow run FILE`: validates, runs the story and writes the trace.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scenario's story; write its trace and diagrams to Output/<scenario>/.",
        discussion: "Exit codes: 0 when the story ran to its end, 1 on scenario or run-time errors, 2 on usage errors."
    )

    @Argument(help: "The scenario file.", completion: .file(extensions: ["yml", "yaml", "json"]))
    var file: String

    @Option(help: ArgumentHelp("The output folder; the run writes into <dir>/<scenario>/.", valueName: "dir"))
    var out: String = "Output"

    @Flag(help: "Print only errors and the summary.")
    var quiet = false

    @Flag(help: "Print a JSON summary instead of the readable trace.")
    var json = false

    @Option(help: "Stop the run after this many messages (a story whose routes loop never ends).")
    var maxMessages: Int = EngineOptions.defaultMaxMessages

    @Option(help: "Largest text (UTF-8 bytes) or list (items and characters) an expression may make.")
    var maxValueSize: Int = EngineOptions.defaultMaxValueSize

    @Option(help: "Stop the run when its trace reaches this many bytes (a story repeating a large value would fill the disk).")
    var maxTraceBytes: Int = EngineOptions.defaultMaxWrittenTraceBytes

    @Option(help: "Largest scenario file to read, in bytes.")
    var maxFileSize: Int = ScenarioLoader.Limits().maxFileSize

    @Option(help: ArgumentHelp("Also record the trace as <dir>/<scenario>.jsonl, the golden trace 'check --golden' compares with.", valueName: "dir"))
    var golden: String?

    @Flag(help: "Write the trace only, no diagrams and no report.")
    var noDiagrams = false

    @Flag(help: "Do not write the HTML report (index.html).")
    var noReport = false

    @Option(help: "Language of the HTML report's explanations: en or ko.")
    var lang: Language = .english

    @OptionGroup var diagrams: DiagramOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if maxMessages <= 0 { throw ValidationError("--max-messages must be positive") }
        if maxValueSize <= 0 { throw ValidationError("--max-value-size must be positive") }
        if maxFileSize <= 0 { throw ValidationError("--max-file-size must be positive") }
        if maxTraceBytes <= 0 { throw ValidationError("--max-trace-bytes must be positive") }
    }

    func run() throws {
        let style = output.style(for: STDOUT_FILENO, unless: json)
        let errorStyle = output.style(for: STDERR_FILENO)
        let printer = quiet || json ? nil : TracePrinter(style: style) { Console.out($0) }
        var runner = ScenarioRun(loader: ScenarioLoader(limits: .init(maxFileSize: maxFileSize)),
                                 options: EngineOptions(maxMessages: maxMessages, maxValueSize: maxValueSize, maxTraceBytes: maxTraceBytes),
                                 diagrams: noDiagrams ? nil : try diagrams.writerOptions(),
                                 report: noReport ? nil : lang)
        runner.goldenFolder = golden.map { URL(fileURLWithPath: $0) }
        let report: ScenarioRun.Report
        do {
            report = try runner.run(path: file, outputRoot: URL(fileURLWithPath: out), extraSink: printer,
                                    loaded: { printer?.ruleBreaks = RuleBreaks($0) })
        } catch let error as CustomStringConvertible & Error {
            errorStyle.printError(error.description)
            throw ExitCode(1)
        }
        if !report.diagnostics.isEmpty {
            Console.err(DiagnosticRenderer(style: errorStyle).render(report.diagnostics))
        }
        printNotes(report.diagrams.notes, style: errorStyle)
        for problem in report.diagrams.warnings + report.diagrams.failures {
            Console.err(errorStyle.paint("warning:", .magenta, bold: true) + " Graphviz: \(problem)\n")
        }
        if json {
            say(RunSummaryText.json(report))
        } else if let summary = report.summary {
            Console.out((quiet ? "" : "\n") + RunSummaryText.text(summary, traceFile: report.traceFile, style: style) + "\n")
            let drawn = RunSummaryText.diagramList(report.diagrams)
            if !drawn.isEmpty { Console.out("  diagrams: " + drawn + "\n") }
            if let reportFile = report.reportFile {
                Console.out("  report: \(RunSummaryText.relative(reportFile.path))\n")
            }
            if let goldenFile = report.goldenFile { Console.out("  golden: \(RunSummaryText.relative(goldenFile.path))\n") }
        }
        if report.exitCode != 0 || !report.diagrams.failures.isEmpty { throw ExitCode(1) }
    }
}
