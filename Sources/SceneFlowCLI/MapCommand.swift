import ArgumentParser
import Foundation
import ScenarioSpec
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
            that is not clean yet. Each finding is said as a compiler says an error (an accepted one, a warning), \
            named by its rule. Exit codes: 0 when nothing is found that is not accepted, 1 when something is, 2 when \
            the code or an acceptance file cannot be read.
            """
    )

    @Argument(help: "Swift files or folders (default: the settings file's 'code').", completion: .directory)
    var paths: [String] = []

    @Option(help: ArgumentHelp("The output folder (the map goes to <dir>/<folder>/; default: the settings file's 'out', else Output).", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("How findings are said: text (compiler-style), json (one document, docs/report.schema.json) or github (workflow annotations). Image formats are --image-format's.", valueName: "text|json|github"))
    var format: String?

    @Option(help: ArgumentHelp("Comma-separated image formats: svg, png, pdf, dot.", valueName: "formats"))
    var imageFormat: String = "svg"

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Findings the app accepts for now: a YAML file listing '- { rule, at, reason }' under 'accept:'.", valueName: "file"))
    var accept: String?

    @Option(help: ArgumentHelp("Write an acceptance file that accepts everything found (then exit 0).", valueName: "file"))
    var writeBaseline: String?

    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        _ = try diagramFormats(imageFormat)
        if try reportOrImageFormat(format).images != nil && imageFormat != "svg" {
            throw ValidationError("give the image formats once, with --image-format")
        }
    }

    /// What `--format json` gives as the result: the counts and where the map went.
    struct Summary: Encodable {
        var scenes, references, calls, routes, files: Int
        var convention: String
        var findings: Int
        var accepted: Int
        var map: [String]
        var baseline: String?
    }

    func run() throws {
        let (reportFormat, images) = try reportOrImageFormat(format)
        let reporter = output.reporter(Self.configuration.commandName!, format: reportFormat)
        if let images { reporter.report(imageFormatDeprecation(images)) }
        let style = output.style(for: STDOUT_FILENO, unless: reportFormat != .text)
        let formats = try diagramFormats(images ?? imageFormat)
        // Paths left out: the settings file says what to read, where to write, what to skip and what is accepted.
        let project = paths.isEmpty ? try settings.settings(reporter, needed: "Swift files or folders") : nil
        if let project, project.code.isEmpty {
            throw ValidationError("give Swift files or folders: \(project.file) sets no 'code'")
        }
        let paths = project?.code ?? self.paths
        reporter.codeFolders = paths
        let out = self.out ?? project?.out ?? "Output"
        let exclude = self.exclude + (project?.exclude ?? [])
        let acceptFile = accept ?? project?.acceptanceFile
        let name = OutputLayout.folderName(for: URL(fileURLWithPath: paths.first ?? "app").standardizedFileURL.lastPathComponent)
        let folder = try OutputLayout.checkFolder(URL(fileURLWithPath: out).appendingPathComponent(name, isDirectory: true),
                                              under: URL(fileURLWithPath: out))
        let acceptances = try accept.map(CodeMap.acceptances(at:)) ?? project?.acceptances() ?? []
        let result = try CodeMap.run(paths, excluded: Set(exclude), to: folder, formats: formats, accepting: acceptances,
                                     vet: Invocation.current.swiftFileVetting)
        // What was not read is not vouched for: said before anything is counted.
        let app = result.app
        reporter.report(app.filesNotRead.map { .warning($0.message, at: $0.location, id: "code/not-read") }, showsSource: false)
        reporter.report(result.unusedAcceptances.map { acceptance in
            .warning("the acceptance of \(acceptance.rule) at \(acceptance.place) matches nothing map reports",
                     at: acceptFile.map { SourceLocation(file: $0, line: acceptance.line, column: acceptance.column) }, id: "accept/unused")
        })
        reporter.reportGraphviz(result.written)
        let links = result.diagram.links.filter { $0.kind != .route }
        let counts = (calls: app.scenes.reduce(0) { $0 + $1.calls.count }, routes: app.scenes.reduce(0) { $0 + $1.routes.count })
        if reporter.printsText {
            Console.out("\(app.scenes.count) scenes, \(links.count) references, \(counts.calls) calls, "
                        + "\(counts.routes) routes from \(app.files) Swift files (\(app.convention))\n")
        }
        reporter.report(result.violations.map { $0.diagnostic(pattern: app.pattern) }, showsSource: false)
        if reporter.printsText, result.violations.isEmpty {
            let unread = app.filesNotRead.count
            Console.out(style.paint("✓", .green, bold: true) + " every reference and call is one \(app.pattern.rawValue) allows"
                        + (unread == 0 ? "" : " in the files read (\(unread) not read: see the warnings)") + "\n")
        }
        let maps = result.written.files.filter { $0.pathExtension != "dot" }.map { RunSummaryText.relative($0.path) }
        if reporter.printsText { for map in maps { Console.out("  map: \(map)\n") } }
        var summary = Summary(scenes: app.scenes.count, references: links.count, calls: counts.calls, routes: counts.routes, files: app.files,
                              convention: app.convention, findings: result.violations.filter { $0.accepted == nil }.count,
                              accepted: result.violations.filter { $0.accepted != nil }.count, map: maps)
        if let writeBaseline {
            try AtomicFile.write(CodeMap.baseline(result), to: URL(fileURLWithPath: writeBaseline))
            summary.baseline = RunSummaryText.relative(writeBaseline)
            if reporter.printsText {
                Console.out("  baseline: \(RunSummaryText.relative(writeBaseline)) accepts \(result.violations.count) finding\(result.violations.count == 1 ? "" : "s")\n")
            }
            reporter.finish(.ok, result: summary)
            return
        }
        if result.fails { throw reporter.exit(.fails, result: summary) }
        reporter.finish(.ok, result: summary)
    }
}
