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
            them, and the routes between scenes. Writes <out>/<folder>/map.svg (and the formats asked for). Exit \
            codes: 0 when every reference is one the pattern allows, 1 when one is not (each is listed with its \
            place) or on errors.
            """
    )

    @Argument(help: "Swift files or folders.", completion: .directory)
    var paths: [String]

    @Option(help: "The output folder (the map goes to <out>/<folder>/).")
    var out: String = "Output"

    @Option(help: "Comma-separated formats: svg, png, pdf, dot.")
    var format: String = "svg"

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @OptionGroup var output: OutputOptions

    func validate() throws { _ = try diagramFormats(format) }

    func run() throws {
        let errorStyle = output.style(for: STDERR_FILENO)
        let style = output.style(for: STDOUT_FILENO)
        let formats = try diagramFormats(format)
        let name = OutputLayout.folderName(for: URL(fileURLWithPath: paths.first ?? "app").standardizedFileURL.lastPathComponent)
        let folder = URL(fileURLWithPath: out).appendingPathComponent(name, isDirectory: true)
        let result: CodeMap.Result
        do {
            result = try CodeMap.run(paths, excluded: Set(exclude), to: folder, formats: formats)
        } catch let failure as ScenarioImport.Failure {
            FileHandle.standardError.write(errorStyle.paint("error:", .red, bold: true) + " \(failure.message)\n")
            throw ExitCode(1)
        }
        for problem in result.written.warnings + result.written.failures {
            FileHandle.standardError.write(errorStyle.paint("warning:", .magenta, bold: true) + " Graphviz: \(problem)\n")
        }
        let app = result.app
        let links = result.diagram.links.filter { $0.kind != .route }
        FileHandle.standardOutput.write("\(app.scenes.count) scenes, \(links.count) references, "
                                        + "\(app.scenes.reduce(0) { $0 + $1.calls.count }) calls, "
                                        + "\(app.scenes.reduce(0) { $0 + $1.routes.count }) routes from \(app.files) Swift files (\(app.convention))\n")
        for violation in result.violations {
            FileHandle.standardOutput.write(style.paint("✗", .red, bold: true) + " \(violation.location): \(violation.scene): "
                                            + "\(violation.from.rawValue) → \(violation.to.rawValue) \(violation.what), which \(app.pattern.rawValue) does not allow\n")
        }
        if result.violations.isEmpty {
            FileHandle.standardOutput.write(style.paint("✓", .green, bold: true) + " every reference is one \(app.pattern.rawValue) allows\n")
        }
        for file in result.written.files where file.pathExtension != "dot" {
            FileHandle.standardOutput.write("  map: \(RunSummaryText.relative(file.path))\n")
        }
        if !result.violations.isEmpty { throw ExitCode(1) }
    }
}
