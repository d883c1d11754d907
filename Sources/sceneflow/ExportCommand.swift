import ArgumentParser
import Diagrams
import Exporters
import Foundation
import ScenarioSpec
import SceneFlowKit

/// `sceneflow export TRACE|SCENARIO --format …`: a run in another tool's format, to standard output or a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a trace (or a scenario's run) as PlantUML text.",
        discussion: "Writes to standard output unless --out is given (written atomically). Exit codes: 0, 1 on errors, 2 on usage errors."
    )

    @Argument(help: "A trace (.jsonl) or a scenario (.yml).", completion: .file(extensions: ["jsonl", "yml", "yaml"]))
    var input: String

    @Option(help: "Export format: plantuml.")
    var format: Format

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    @Option(help: "Sequence detail: message, cycle or scene.")
    var detail: DiagramOptions.DetailChoice = .message

    @Flag(help: "PlantUML: leave out activation bars, cycle groups and colours (much faster for big diagrams).")
    var plain = false

    @OptionGroup var output: OutputOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case plantuml }

    func run() throws {
        let errorStyle = TerminalStyle(enabled: output.color.mode.enabled(for: STDERR_FILENO))
        let source: TraceSource
        do {
            source = try TraceSource.load(input)
        } catch let failure as TraceSource.Failure {
            if !failure.diagnostics.isEmpty {
                FileHandle.standardError.write(DiagnosticRenderer(style: errorStyle).render(failure.diagnostics))
            }
            FileHandle.standardError.write(errorStyle.paint("error:", .red, bold: true) + " \(failure.message)\n")
            throw ExitCode(1)
        }
        let diagram = SequenceDiagramBuilder.build(
            source.trace, options: .init(detail: SequenceDiagramBuilder.Detail(rawValue: detail.rawValue)!))
        let text: String
        switch format {
        case .plantuml: text = PlantUMLExporter.sequence(diagram, plain: plain)
        }
        if let out {
            try AtomicFile.write(text, to: URL(fileURLWithPath: out))
        } else {
            FileHandle.standardOutput.write(text)
        }
    }
}
