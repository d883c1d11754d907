import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput

/// `sceneflow map PATH…`: the dependency diagram of an app's code.
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Draw the dependency diagram of an app's code, with what its pattern does not allow in red.",
        discussion: """
            No scenario needed: the references the components hold (weak ones dashed), the calls they make through \
            them, and the routes between scenes. What the pattern's rules do not allow is listed with its place and \
            the rule's id: a reference it does not draw, a strong reference back that closes a retain cycle (with \
            every reference in the cycle), a call between parts it does not connect, a View that reads the \
            Interactor's state or shows and leaves screens itself, a call into another scene. Writes \
            <dir>/<folder>/map.svg (and the formats asked for). --accept FILE names findings the app accepts for \
            now (rule, place, reason); --write-baseline FILE writes one that accepts everything found, for an app \
            that is not clean yet. Exit codes: 0 when nothing is found that is not accepted, 1 when something is \
            (or on errors).
            """
    )

    @Argument(help: "Swift files or folders (default: the settings file's 'code').", completion: .directory)
    var paths: [String] = []

    @Option(help: ArgumentHelp("The output folder (the map goes to <dir>/<folder>/; default: the settings file's 'out', else Output).", valueName: "dir"))
    var out: String?

    @Option(help: "Comma-separated formats: svg, png, pdf, dot.")
    var format: String = "svg"

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Findings the app accepts for now: a YAML file listing '- { rule, at, reason }' under 'accept:'.", valueName: "file"))
    var accept: String?

    @Option(help: ArgumentHelp("Write an acceptance file that accepts everything found (then exit 0).", valueName: "file"))
    var writeBaseline: String?

    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    func validate() throws { _ = try diagramFormats(format) }

    func run() throws {
        let errorStyle = output.style(for: STDERR_FILENO)
        let style = output.style(for: STDOUT_FILENO)
        let formats = try diagramFormats(format)
        // Paths left out: the settings file says what to read, where to write, what to skip and what is accepted.
        let project = paths.isEmpty ? try settings.settings(style: errorStyle, needed: "Swift files or folders") : nil
        if let project, project.code.isEmpty {
            throw ValidationError("give Swift files or folders: \(project.file) sets no 'code'")
        }
        let paths = project?.code ?? self.paths
        let out = self.out ?? project?.out ?? "Output"
        let exclude = self.exclude + (project?.exclude ?? [])
        let acceptFile = accept ?? project?.acceptanceFile
        let name = OutputLayout.folderName(for: URL(fileURLWithPath: paths.first ?? "app").standardizedFileURL.lastPathComponent)
        let folder = try OutputLayout.checkFolder(URL(fileURLWithPath: out).appendingPathComponent(name, isDirectory: true),
                                              under: URL(fileURLWithPath: out))
        let result: CodeMap.Result
        do {
            let acceptances = try accept.map(CodeMap.acceptances(at:)) ?? project?.acceptances() ?? []
            result = try CodeMap.run(paths, excluded: Set(exclude), to: folder, formats: formats, accepting: acceptances,
                                     vet: Invocation.current.swiftFileVetting)
        } catch let failure as ScenarioImport.Failure {
            errorStyle.printError(failure.message)
            throw ExitCode(1)
        } catch let failure as CodeMap.Failure {
            errorStyle.printError(failure.message)
            throw ExitCode(1)
        }
        // What was not read is not vouched for: said before anything is counted.
        for item in result.app.filesNotRead {
            Console.err(errorStyle.paint("warning:", .magenta, bold: true) + " \(item)\n")
        }
        for unused in result.unusedAcceptances {
            Console.err(errorStyle.paint("warning:", .magenta, bold: true) + " \(acceptFile ?? ""):\(unused)\n")
        }
        for problem in result.written.warnings + result.written.failures {
            Console.err(errorStyle.paint("warning:", .magenta, bold: true) + " Graphviz: \(problem)\n")
        }
        let app = result.app
        let links = result.diagram.links.filter { $0.kind != .route }
        Console.out("\(app.scenes.count) scenes, \(links.count) references, "
                    + "\(app.scenes.reduce(0) { $0 + $1.calls.count }) calls, "
                    + "\(app.scenes.reduce(0) { $0 + $1.routes.count }) routes from \(app.files) Swift files (\(app.convention))\n")
        for violation in result.violations {
            let mark = violation.accepted == nil ? style.paint("✗", .red, bold: true) : style.paint("accepted", .yellow)
            if let rule = violation.rule {
                Console.out(mark + " \(violation.location): \(violation.scene): \(violation.what) [\(rule)]\n")
            } else {
                Console.out(mark + " \(violation.location): \(violation.scene): "
                            + "\(violation.from.rawValue) → \(violation.to.rawValue) \(violation.what), which \(app.pattern.rawValue) does not allow\n")
            }
            for edge in violation.cycle { Console.out("    \(edge.location): \(edge.text)\n") }
            if let reason = violation.accepted { Console.out("    accepted: \(reason)\n") }
        }
        if result.violations.isEmpty {
            let unread = app.filesNotRead.count
            Console.out(style.paint("✓", .green, bold: true) + " every reference and call is one \(app.pattern.rawValue) allows"
                        + (unread == 0 ? "" : " in the files read (\(unread) not read: see the warnings)") + "\n")
        }
        for file in result.written.files where file.pathExtension != "dot" {
            Console.out("  map: \(RunSummaryText.relative(file.path))\n")
        }
        if let writeBaseline {
            try AtomicFile.write(CodeMap.baseline(result), to: URL(fileURLWithPath: writeBaseline))
            Console.out("  baseline: \(RunSummaryText.relative(writeBaseline)) accepts \(result.violations.count) finding\(result.violations.count == 1 ? "" : "s")\n")
            return
        }
        if result.fails { throw ExitCode(1) }
    }
}
