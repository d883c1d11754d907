import ArgumentParser
import Foundation
import Narration
import SceneFlowKit
import TerminalOutput

/// `sceneflow explain FILE`: a run told step by step, for people learning the pattern.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Tell a run step by step: what each message does, through which protocol, and why the pattern sends it there.",
        discussion: """
            --step waits for Enter between messages and shows where in the cycle the run is ('q' quits; at the end \
            of input it goes on without waiting). \\
            --quiz asks, before each message, which component receives it, reading answers from standard input, \\
            and prints a score. Exit codes: 0, 1 on scenario errors, 2 on usage errors.
            """
    )

    @Argument(help: "A scenario (.yml) or a trace (.jsonl).", completion: .file(extensions: ["yml", "yaml", "jsonl"]))
    var input: String

    @Flag(help: "Wait for Enter between messages and show the cycle picture with the current arrow.")
    var step = false

    @Flag(help: "Before each message, ask which component receives it; answers come from standard input.")
    var quiz = false

    @Option(help: "Language: en or ko.")
    var lang: Language = .english

    @OptionGroup var traceScenario: TraceScenarioOption
    @OptionGroup var output: OutputOptions

    func run() throws {
        let style = output.style(for: STDOUT_FILENO)
        let errorStyle = output.style(for: STDERR_FILENO)
        let source: TraceSource
        do {
            source = try TraceSource.load(input, scenario: traceScenario.scenario)
        } catch let failure as TraceSource.Failure {
            if !failure.diagnostics.isEmpty {
                FileHandle.standardError.write(DiagnosticRenderer(style: errorStyle).render(failure.diagnostics))
            }
            FileHandle.standardError.write(errorStyle.paint("error:", .red, bold: true) + " \(failure.message)\n")
            throw ExitCode(1)
        }
        printNotes(source.notes, style: errorStyle)
        let narration = Explanation.narrate(source.trace, language: lang)
        let session = ExplainSession(
            narration: narration,
            options: .init(step: step, quiz: quiz, echoInput: isatty(STDIN_FILENO) != 1),
            style: style, language: lang,
            input: { readLine(limit: 1024) },
            output: { text in FileHandle.standardOutput.write(text) })
        session.run()
    }
}

extension Language: ExpressibleByArgument {}
