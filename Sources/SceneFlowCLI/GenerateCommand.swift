import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput

/// `sceneflow generate FILE --out DIR`: the app, as a Swift package.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a scenario's app as a Swift package: scenes, workers, tests, recording (every pattern).",
        discussion: """
            Each scene in its pattern's own files — Clean Swift's <Scene>ViewController, …Interactor, …Presenter, \
            …Router, …Models, …Workers; VIPER's View, Presenter, Interactor and WireFrame; SwiftUI's View structs, \
            Interactors and Routers — with the protocols and wiring the scenario declares and real bodies \
            translated from its logic. It builds and runs on Linux (a headless display) and on iOS (UIKit, SwiftUI). \
            The tests play the story; with SCENEFLOW_TRACE=FILE set, 'swift test' records the run there for \
            'sceneflow check --trace'. The package carries SceneFlow's recorder: it builds offline with Swift alone. \
            Packages an app combines share SceneFlow's instead (--recorder): one recorder, one trace, and none of \
            SceneFlow's own dependencies in the app's graph.
            """
    )

    @Argument(help: "The scenario file.", completion: .file(extensions: ["yml", "yaml"]))
    var file: String

    @Option(help: ArgumentHelp("The folder to write the package into.", valueName: "dir"))
    var out: String?

    /// The old spelling of `--out`: elsewhere `-o` names a file, so here it is deprecated.
    @Option(name: .customShort("o"), help: .hidden)
    var deprecatedOut: String?

    @Flag(help: "Overwrite a folder that holds files.")
    var force = false

    @Option(help: "The Swift module's name (default: the scenario's title in UpperCamelCase).")
    var module: String?

    @Option(help: ArgumentHelp("Where the recorder comes from: 'carried' (its source, in the package), SceneFlow's folder (its Package.swift's), or its git URL.",
                               valueName: "carried|folder|url"))
    var recorder: String = "carried"

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        if out != nil && deprecatedOut != nil { throw ValidationError("give the folder once, with --out") }
        if out == nil && deprecatedOut == nil { throw ValidationError("Missing expected argument '--out <dir>'") }
    }

    func run() throws {
        let style = outputOptions.style(for: STDERR_FILENO)
        if deprecatedOut != nil {
            Console.err(style.paint("warning:", .magenta, bold: true)
                        + " -o is deprecated for generate (elsewhere it names a file); use --out DIR\n")
        }
        let result: ScenarioGenerate.Result
        do {
            result = try ScenarioGenerate.run(scenario: file, output: (out ?? deprecatedOut)!, force: force, module: module, recorder: recorder)
        } catch let failure as ScenarioGenerate.Failure {
            style.printError(failure.message)
            throw ExitCode(1)
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        if !result.diagnostics.isEmpty {
            Console.err(DiagnosticRenderer(style: style, showsSource: true).render(result.diagnostics))
        }
        if !errors.isEmpty { throw ExitCode(1) }
        Console.err("\(result.files.count) files, module \(result.module), in \(RunSummaryText.relative(result.folder.path))\n"
                    + "  build and play the story: cd \(RunSummaryText.relative(result.folder.path)) && swift test\n")
    }
}
