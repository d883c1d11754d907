import ArgumentParser
import Foundation
import Narration
import SceneFlowKit
import TerminalOutput
import ScenarioSpec
import TraceFormat

/// `sceneflow explain FILE`: a run told step by step, for people learning the pattern.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Tell a run step by step: what each message does, through which protocol, and why the pattern sends it there.",
        discussion: """
            --step waits for Enter between messages and shows where in the cycle the run is ('q' quits; at the end \
            of input it goes on without waiting). \\
            --quiz asks, before each message, which component receives it, reading answers from standard input, \\
            and prints a score. \\
            --mistake RULE breaks one of the pattern's rules on purpose in the run (a message along a path the pattern \
            forbids), tells the broken cycle with the rule, what would go wrong in the app and the fix, and draws it \
            into <dir>/<scenario>/mistakes/<rule>/ with the offending arrow red; --mistake all writes the whole \
            gallery (mistakes/index.html); --mistake list names the rules. \\
            Exit codes: 0, 2 when the scenario or trace does not load or the run has no message that can break the rule.
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

    @Option(help: ArgumentHelp("Break a rule of the pattern on purpose: a rule id, 'all' for the gallery, 'list' for the rules.",
                               valueName: "rule"))
    var mistake: String?

    @Option(help: ArgumentHelp("The output folder for --mistake's diagrams; files go into <dir>/<scenario>/mistakes/ (default: Output).", valueName: "dir"))
    var out: String?

    @OptionGroup var traceScenario: TraceScenarioOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let mistake {
            if quiz { throw ValidationError("--quiz asks about a run as it is; it cannot be combined with --mistake") }
            if step && (mistake == "all" || mistake == "list") {
                throw ValidationError("--step tells one mistake; it cannot be combined with --mistake \(mistake)")
            }
        } else if out != nil {
            throw ValidationError("--out is where --mistake writes its diagrams; explain alone writes nothing: drop --out, or add --mistake")
        }
    }

    func run() throws {
        let style = output.style(for: STDOUT_FILENO)
        let reporter = output.reporter(Self.configuration.commandName!)
        let source = try TraceSource.load(input, scenario: traceScenario.scenario)
        for note in source.notes { reporter.note(note) }
        if let mistake {
            try explainMistake(mistake, in: source.trace, scenario: source.scenario, style: style, reporter: reporter)
            return
        }
        tell(Explanation.narrate(source.trace, scenario: source.scenario, language: lang), style: style)
    }

    /// Tells `narration` on the terminal, stepping or quizzing as asked.
    func tell(_ narration: Narration, style: TerminalStyle) {
        let session = ExplainSession(
            narration: narration,
            options: .init(step: step, quiz: quiz, echoInput: !Invocation.current.isTerminal(STDIN_FILENO)),
            style: style, language: lang,
            input: { Invocation.current.readLine(1024) },
            output: { text in Console.out(text) })
        session.run()
    }
}

extension ExplainCommand {
    func explainMistake(_ id: String, in trace: Trace, scenario: Scenario?, style: TerminalStyle, reporter: Reporter) throws {
        let definition = trace.header.patternDefinition
        if id == "list" {
            for mistake in MistakeGallery.mistakes(of: definition) {
                Console.out("\(mistake.rule.id)  \(mistake.path): \(MistakeGallery.rule(mistake, in: lang).text)\n")
            }
            return
        }
        let folder = try OutputLayout.prepareFolder(forScenarioAt: trace.header.file, under: URL(fileURLWithPath: out ?? "Output"))
            .appendingPathComponent("mistakes")
        switch id {
        case "all":
            let (files, skipped) = try MistakeGallery.writeGallery(trace, scenario: scenario, to: folder, language: lang)
            for failure in skipped { reporter.note("left out of the gallery: \(failure.message)") }
            Console.out("  gallery: " + RunSummaryText.relative(files.last!.path) + "\n")
        default:
            let broken = try MistakeGallery.breaking(trace, with: try MistakeGallery.mistake(id, in: definition))
            tell(MistakeGallery.narrate(broken, language: lang), style: style)
            Console.out(style.paint("✗", .red, bold: true) + " architecture: " + broken.check.actual + "\n")
            let files = try MistakeGallery.writeDiagrams(broken, scenario: scenario, to: folder.appendingPathComponent(MistakeGallery.folderName(broken.mistake.rule.id)))
            for file in files where file.pathExtension == "svg" {
                Console.out("  " + RunSummaryText.relative(file.path) + "\n")
            }
        }
    }
}

extension Language: ExpressibleByArgument {}
