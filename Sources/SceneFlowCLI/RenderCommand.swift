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
            --scenario FILE. Exit codes: 0 success, 1 on errors, 2 on usage errors.
            """
    )

    @Argument(help: "A trace (.jsonl) or a scenario (.yml).", completion: .file(extensions: ["jsonl", "yml", "yaml"]))
    var input: String

    @Option(help: ArgumentHelp("The output folder; files go into <dir>/<scenario>/ (for a trace: next to it, unless given).", valueName: "dir"))
    var out: String?

    @OptionGroup var traceScenario: TraceScenarioOption
    @OptionGroup var diagrams: DiagramOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let errorStyle = output.style(for: STDERR_FILENO)
        let rendering = DiagramRendering(options: try diagrams.writerOptions())
        let result: DiagramRendering.Result
        do {
            result = try rendering.render(input: input, scenario: traceScenario.scenario, outputRoot: out.map { URL(fileURLWithPath: $0) })
        } catch let failure as DiagramRendering.Failure {
            errorStyle.printError(failure.message)
            throw ExitCode(1)
        }
        if !result.diagnostics.isEmpty {
            Console.err(DiagnosticRenderer(style: errorStyle).render(result.diagnostics))
        }
        printNotes(result.notes + result.written.notes, style: errorStyle)
        for problem in result.written.warnings + result.written.failures {
            Console.err(errorStyle.paint("warning:", .magenta, bold: true) + " Graphviz: \(problem)\n")
        }
        for file in result.written.files {
            Console.out(RunSummaryText.relative(file.path) + "\n")
        }
        if result.diagnostics.containsErrorsOrEmpty || !result.written.failures.isEmpty { throw ExitCode(1) }
    }
}

private extension Array where Element == Diagnostic {
    var containsErrorsOrEmpty: Bool { contains { $0.severity == .error } }
}
