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

    @OptionGroup var report: ReportOptions
    @OptionGroup var output: OutputOptions

    /// What `--format json` gives as the result: the counts, and the diff's lines as text prints them.
    struct Summary: Encodable {
        var a, b: String
        var messages: [Int]
        var inserted, removed, changed, unchanged: Int
        var lines: [String]
    }

    func validate() throws {
        if context < 0 { throw ValidationError("--context cannot be negative") }
    }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!, format: report.format)
        let style = output.style(for: STDOUT_FILENO, unless: report.format != .text)
        let (old, new) = (try TraceSource.load(a).trace, try TraceSource.load(b).trace)
        let diff = TraceDiff(from: old, to: new)
        let text = diff.text(context: context, describe: GoldenTrace.describe)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        if reporter.printsText {
            say(style.paint("--- \(a) (\(old.events.count) messages)", .red))
            say(style.paint("+++ \(b) (\(new.events.count) messages)", .green))
            for line in lines {
                switch line.first {
                case "-": say(style.paint(line, .red))
                case "+": say(style.paint(line, .green))
                case "~": say(style.paint(line, .yellow))
                default: say(line)
                }
            }
        }
        let summary = Summary(a: a, b: b, messages: [old.events.count, new.events.count], inserted: diff.inserted, removed: diff.removed,
                              changed: diff.changed, unchanged: diff.unchanged, lines: lines)
        if !diff.isEmpty { throw reporter.exit(.fails, result: summary) }
        reporter.finish(.ok, result: summary)
    }
}
