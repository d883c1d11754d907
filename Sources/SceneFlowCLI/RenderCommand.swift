import ArgumentParser
import Foundation
import ScenarioLoader
import SceneFlowKit
import TerminalOutput
import ScenarioSpec

/// `sceneflow render TRACE.jsonl|SCENARIO`: draws diagrams from a recorded trace, or runs a scenario first.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw diagrams from a trace (without re-running) or from a scenario.",
        discussion: """
            Given a trace, the dependency and flow diagrams also need its scenario: it is read from the file the \
            trace names when that file is the scenario the trace was recorded from (same SHA-256), or from \
            --scenario FILE. Exit codes: 0 success, 1 when a run-time error stopped the story (drawn as far as it ran), 2 when the input does not load or a diagram cannot be drawn.
            """
    )

    @Argument(help: "A trace (.jsonl) or a scenario (.yml).", completion: .file(extensions: ["jsonl", "yml", "yaml"]))
    var input: String

    @Option(help: ArgumentHelp("The output folder; files go into <dir>/<scenario>/ (for a trace: next to it, unless given).", valueName: "dir"))
    var out: String?

    @OptionGroup var traceScenario: TraceScenarioOption
    @OptionGroup var diagrams: DiagramOptions

    /// The old spelling of `--image-format`.
    @Option(name: .customLong("format"), help: .hidden)
    var deprecatedFormat: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let deprecatedFormat {
            _ = try diagramFormats(deprecatedFormat)
            if diagrams.imageFormat != "svg" { throw ValidationError("give the image formats once, with --image-format") }
        }
    }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!)
        if let deprecatedFormat { reporter.report(imageFormatDeprecation(deprecatedFormat)) }
        var options = diagrams
        options.legacyImageFormat = deprecatedFormat
        let rendering = DiagramRendering(options: try options.writerOptions())
        let result = try rendering.render(input: input, scenario: traceScenario.scenario, outputRoot: out.map { URL(fileURLWithPath: $0) })
        reporter.report(result.diagnostics)
        for note in result.notes + result.written.notes { reporter.note(note) }
        reporter.reportGraphviz(result.written)
        for file in result.written.files {
            Console.out(RunSummaryText.relative(file.path) + "\n")
        }
        // A story a run-time error stopped is drawn as far as it ran, and fails as `run` does.
        let errors = result.diagnostics.filter { $0.severity == .error }
        if !result.written.failures.isEmpty || errors.contains(where: { !$0.id.hasPrefix("run/") }) { throw reporter.exit(.error) }
        if !errors.isEmpty { throw reporter.exit(.fails) }
    }
}
