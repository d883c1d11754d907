import ArgumentParser
import Foundation
import ScenarioSpec
import SceneFlowKit
import TerminalOutput

/// One command's report: every diagnostic of the run — a scenario's errors, a stage's `Failure`, a check that failed,
/// a difference, a finding — goes through `report`, and is printed the one way `--format` asks: compiler-style text on
/// standard error, GitHub annotations on standard output as they come, or one JSON document on standard output at
/// the end (`finish`). No command prints a diagnostic any other way.
final class Reporter: @unchecked Sendable {
    let command: String
    let format: ReportFormat
    let verbosity: Verbosity
    /// The style of standard error, where text diagnostics and notes go.
    let style: TerminalStyle
    private let lock = NSLock()
    private var collected: [Diagnostic] = []
    private var finished = false
    private let started = Date()
    /// Folders the code's places are named from (`map` and `drift` name a file from its code folder's own name,
    /// `App/Orders/Orders.swift`, so an acceptance holds in every checkout): GitHub's annotations need the path from
    /// the repository, so they are looked up under these.
    var codeFolders: [String] = []

    init(command: String, format: ReportFormat, verbosity: Verbosity, style: TerminalStyle) {
        self.command = command
        self.format = format
        self.verbosity = verbosity
        self.style = style
    }

    /// Everything reported so far.
    var diagnostics: [Diagnostic] { lock.withLock { collected } }

    /// Reports `diagnostics`; `showsSource` quotes the offending line under each (scenario files), in text.
    /// `saidInText`: the command's own text says them where they belong (check's failures in its listing), so the
    /// text format does not print them again.
    func report(_ diagnostics: [Diagnostic], showsSource: Bool = true, saidInText: Bool = false) {
        guard !diagnostics.isEmpty else { return }
        lock.withLock { collected += diagnostics }
        switch format {
        case .text:
            guard !saidInText else { return }
            Console.err(DiagnosticRenderer(style: style, showsSource: showsSource, showsAllIDs: verbosity == .verbose).render(diagnostics))
        case .github:
            Console.out(GitHubAnnotations.text(codeFolders.isEmpty ? diagnostics : diagnostics.map(placedInRepository)))
        case .json:
            break
        }
    }

    func report(_ diagnostic: Diagnostic, showsSource: Bool = true) { report([diagnostic], showsSource: showsSource) }

    /// `diagnostic` with each place that is not a file from here named by the code folder it is in, when it is there.
    private func placedInRepository(_ diagnostic: Diagnostic) -> Diagnostic {
        func place(_ location: SourceLocation?) -> SourceLocation? {
            guard var location, !FileManager.default.fileExists(atPath: location.file) else { return location }
            for folder in codeFolders {
                let candidate = (URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent().path as NSString)
                    .appendingPathComponent(location.file)
                if FileManager.default.fileExists(atPath: candidate) {
                    location.file = RunSummaryText.relative(candidate)
                    return location
                }
            }
            return location
        }
        var placed = diagnostic
        placed.location = place(diagnostic.location)
        placed.notes = diagnostic.notes.map { Diagnostic.Note($0.message, at: place($0.location)) }
        return placed
    }

    /// A line of context on standard error (`note: …`), in text only; `chatter` (`settings: FILE`) is not said with
    /// `--quiet`.
    func note(_ text: String, label: String = "note:", chatter: Bool = false) {
        guard format == .text, !(chatter && verbosity == .quiet) else { return }
        Console.err(style.paint(label, .gray, bold: true) + " \(text)\n")
    }

    /// A line of the command's own on standard error — a summary beside a result that goes to standard output or a
    /// file (`import`'s counts, `validate`'s verdict) — in text and GitHub's formats; not beside a JSON document.
    /// `chatter` (next steps) is not said with `--quiet`.
    func status(_ text: String, chatter: Bool = false) {
        guard printsText, !(chatter && verbosity == .quiet) else { return }
        Console.err(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// A progress line for long work on standard error (`ProgressLine`), when it is a terminal and the command says
    /// nothing else while it works; nil otherwise, so a file or a pipe gets nothing.
    func progressLine() -> ProgressLine? {
        let invocation = Invocation.current
        guard invocation.isTerminal(STDERR_FILENO), format != .github else { return nil }
        return ProgressLine { invocation.write(STDERR_FILENO, Data($0.utf8)) }
    }

    /// Whether the command prints its own text (a summary, a table) on standard output: not beside a JSON document.
    var printsText: Bool { format != .json }

    /// What Graphviz said while drawing: its warnings, and what it could not draw (an error).
    func reportGraphviz(_ written: DiagramWriter.Result) {
        report(written.warnings.map { .warning("Graphviz: \($0)", at: nil, id: "graphviz/warning") }
               + written.failures.map { .error("Graphviz: \($0)", at: nil, id: "graphviz/failed") })
    }

    /// Ends the report: with `--format json`, the document (every diagnostic reported, and `result`) on standard
    /// output. Once per command; the exit status follows from `status`.
    func finish(_ status: ReportStatus, result: (any Encodable)? = nil) {
        let first = lock.withLock { () -> Bool in
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        if format == .json {
            Console.out(ReportDocument.json(command: command, status: status, diagnostics: diagnostics, result: result))
        } else if verbosity == .verbose {
            Console.err(style.paint("took", .gray, bold: true) + " " + String(format: "%.2f s", Date().timeIntervalSince(started)) + "\n")
        }
    }

    /// Ends the report and leaves the command with `status`'s exit code.
    func exit(_ status: ReportStatus, result: (any Encodable)? = nil) -> ExitCode {
        finish(status, result: result)
        return ExitCode(status.exitCode)
    }
}

/// How much a command says beside its result: `--quiet` only errors and the result, `--verbose` also every
/// diagnostic's id and how long the work took.
enum Verbosity: Sendable {
    case quiet, normal, verbose
}

extension Invocation {
    /// The reporter of the command running now, once it has one (the top level reports a `Failure` through it).
    var reporter: Reporter? {
        get { lock.withLock { currentReporter } }
        set { lock.withLock { currentReporter = newValue } }
    }
}
