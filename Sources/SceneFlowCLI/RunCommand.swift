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
        discussion: "Exit codes: 0 when the story ran to its end, 1 when a run-time error or a limit stopped it, 2 when the scenario does not load or a file cannot be written."
    )

    @Argument(help: "The scenario file.", completion: .file(extensions: ["yml", "yaml", "json"]))
    var file: String

    @Option(help: ArgumentHelp("The output folder; the run writes into <dir>/<scenario>/.", valueName: "dir"))
    var out: String = "Output"

    @Option(help: ArgumentHelp("How problems and the summary are said: text (the trace as it runs, then a summary), json (one document, docs/report.schema.json) or github (workflow annotations). Image formats are --image-format's.", valueName: "text|json|github"))
    var format: String?

    /// The old spelling of `--format json`.
    @Flag(name: .customLong("json"), help: .hidden)
    var deprecatedJSON = false

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
        let (report, images) = try reportOrImageFormat(format)
        if deprecatedJSON && report != .text { throw ValidationError("--json is the old spelling of --format json; give one") }
        if images != nil && diagrams.imageFormat != "svg" { throw ValidationError("give the image formats once, with --image-format") }
    }

    func run() throws {
        var (reportFormat, images) = try reportOrImageFormat(format)
        if deprecatedJSON { reportFormat = .json }
        let reporter = output.reporter(Self.configuration.commandName!, format: reportFormat)
        if let images { reporter.report(imageFormatDeprecation(images)) }
        if deprecatedJSON {
            reporter.report(.warning("--json is deprecated; use --format json", at: nil, id: "usage/deprecated"))
        }
        let style = output.style(for: STDOUT_FILENO, unless: reportFormat != .text)
        let printer = reportFormat != .text || output.quiet ? nil : TracePrinter(style: style) { Console.out($0) }
        // A run that prints no trace says how far it is, on a terminal.
        let progress = printer == nil ? reporter.progressLine() : nil
        var diagramOptions = diagrams
        diagramOptions.legacyImageFormat = images
        var runner = ScenarioRun(loader: ScenarioLoader(limits: .init(maxFileSize: maxFileSize)),
                                 options: EngineOptions(maxMessages: maxMessages, maxValueSize: maxValueSize, maxTraceBytes: maxTraceBytes),
                                 diagrams: noDiagrams ? nil : try diagramOptions.writerOptions(),
                                 report: noReport ? nil : lang)
        runner.goldenFolder = golden.map { URL(fileURLWithPath: $0) }
        let report = try runner.run(path: file, outputRoot: URL(fileURLWithPath: out), extraSink: printer ?? progress,
                                    loaded: { printer?.ruleBreaks = RuleBreaks($0) })
        reporter.report(report.diagnostics)
        for note in report.diagrams.notes { reporter.note(note) }
        reporter.reportGraphviz(report.diagrams)
        if reporter.printsText, let summary = report.summary {
            Console.out((printer == nil ? "" : "\n") + RunSummaryText.text(summary, traceFile: report.traceFile, style: style) + "\n")
            let drawn = RunSummaryText.diagramList(report.diagrams)
            if !drawn.isEmpty { Console.out("  diagrams: " + drawn + "\n") }
            if let reportFile = report.reportFile {
                Console.out("  report: \(RunSummaryText.relative(reportFile.path))\n")
            }
            if let goldenFile = report.goldenFile { Console.out("  golden: \(RunSummaryText.relative(goldenFile.path))\n") }
        }
        let status = report.status
        if status != .ok { throw reporter.exit(status, result: RunSummaryText.result(report)) }
        reporter.finish(.ok, result: RunSummaryText.result(report))
    }
}
