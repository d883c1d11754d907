import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput
import StoryCheck
import TraceFormat
import TraceReading

/// `sceneflow diff A B`: what changed between two runs, message by message.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two traces (or scenarios, run first) message by message.",
        discussion: "Lines: '-' only in A, '+' only in B, '~' the same message with another payload or time. Exit codes: 0 when they are the same, 1 when they differ, 2 on errors (a file that cannot be read, a bad option)."
    )

    @Argument(help: "A trace (.jsonl) or scenario.") var a: String
    @Argument(help: "A trace (.jsonl) or scenario.") var b: String

    @Option(help: "Unchanged messages shown around each change.")
    var context: Int = 2

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if context < 0 { throw ValidationError("--context cannot be negative") }
    }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!)
        let style = output.style(for: STDOUT_FILENO)
        let (old, new) = (try TraceSource.load(a).trace, try TraceSource.load(b).trace)
        let diff = TraceDiff(from: old, to: new)
        say(style.paint("--- \(a) (\(old.events.count) messages)", .red))
        say(style.paint("+++ \(b) (\(new.events.count) messages)", .green))
        let text = diff.text(context: context, describe: GoldenTrace.describe)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            switch line.first {
            case "-": say(style.paint(String(line), .red))
            case "+": say(style.paint(String(line), .green))
            case "~": say(style.paint(String(line), .yellow))
            default: say(String(line))
            }
        }
        if !diff.isEmpty { throw reporter.exit(.fails) }
    }
}
