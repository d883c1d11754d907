import ArgumentParser
import Diagrams
import Foundation
import ScenarioSpec
import SceneFlowKit
import TerminalOutput

/// `sceneflow export TRACE|SCENARIO --format …`: a run in another tool's format, to standard output or a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a trace (or a scenario's run) as Mermaid, PlantUML, Chrome trace (Perfetto) or JSON.",
        discussion: """
            Formats: mermaid (sequenceDiagram, or with --diagram flow a flowchart), plantuml (sequence), \
            chrome-trace (open in ui.perfetto.dev or chrome://tracing), json (the whole trace as one document). \
            Writes to standard output unless -o/--output FILE is given (written atomically; --out is its old spelling). \
            Exit codes: 0, 2 when the input cannot be read or run, or the export cannot be made or written.
            """
    )

    @Argument(help: "A trace (.jsonl) or a scenario (.yml).", completion: .file(extensions: ["jsonl", "yml", "yaml"]))
    var input: String

    @Option(help: "Export format: mermaid, plantuml, chrome-trace or json.")
    var format: Export.Format

    @Option(help: "Mermaid: the sequence or the scene flow.")
    var diagram: Export.Diagram = .sequence

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "file"))
    var output: String?

    /// The old spelling of `--output`, kept for now.
    @Option(name: .customLong("out"), help: .hidden)
    var deprecatedOut: String?

    @Option(help: "Sequence detail: message, cycle or scene.")
    var detail: DiagramOptions.DetailChoice = .message

    @Option(help: "Most messages on one page of the sequence: PlantUML starts a 'newpage', Mermaid writes FILE-1.mmd, FILE-2.mmd, ….")
    var pageMessages: Int = SequencePage.defaultMessages

    @Option(help: "Mermaid and PlantUML: the most messages drawn; a longer run's are cut there, with a note.")
    var maxDiagramMessages: Int = DiagramWriter.defaultMaxSequenceMessages

    @Flag(help: "PlantUML: leave out activation bars, cycle groups and colours (much faster for big diagrams).")
    var plain = false

    @OptionGroup var traceScenario: TraceScenarioOption
    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if output != nil && deprecatedOut != nil { throw ValidationError("give the file once, with -o/--output") }
        if pageMessages < 10 { throw ValidationError("--page-messages must be 10 or more") }
        if maxDiagramMessages < 1 { throw ValidationError("--max-diagram-messages must be positive") }
    }

    func run() throws {
        let reporter = outputOptions.reporter(Self.configuration.commandName!)
        if deprecatedOut != nil {
            reporter.report(.warning("--out is deprecated for export; use -o/--output FILE", at: nil, id: "usage/deprecated"))
        }
        let file = outputFile(output ?? deprecatedOut).map { URL(fileURLWithPath: $0) }
        // The Chrome trace and the JSON document of a recorded trace are written as the trace is read.
        if Export.streams(format, input: input) {
            try Export.stream(input, format: format, to: file, standardOutput: Console.outData)
            return
        }
        let made = try Export.make(input, scenario: traceScenario.scenario, format: format, diagram: diagram,
                                   detail: SequenceDiagramBuilder.Detail(rawValue: detail.rawValue)!, plain: plain,
                                   perPage: pageMessages, maxMessages: maxDiagramMessages)
        for note in made.notes { reporter.note(note) }
        let written = try Export.write(made.output, to: file, perPage: pageMessages)
        for url in written.pages { Console.out(RunSummaryText.relative(url.path) + "\n") }
        if let text = written.text { Console.out(text) }
    }
}

extension Export.Format: ExpressibleByArgument {}
extension Export.Diagram: ExpressibleByArgument {}
