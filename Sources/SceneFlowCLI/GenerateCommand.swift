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
            SceneFlow's own dependencies in the app's graph. Exit codes: 0, 2 when the scenario does not load, its \
            story does not run to its end, generate cannot write what it says (each place named), or the folder \
            holds files (--force).
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
        let reporter = outputOptions.reporter(Self.configuration.commandName!)
        if deprecatedOut != nil {
            reporter.report(.warning("-o is deprecated for generate (elsewhere it names a file); use --out DIR", at: nil, id: "usage/deprecated"))
        }
        let result = try ScenarioGenerate.run(scenario: file, output: (out ?? deprecatedOut)!, force: force, module: module, recorder: recorder)
        reporter.report(result.diagnostics)
        if result.diagnostics.containsErrors { throw reporter.exit(.error) }
        reporter.status("\(result.files.count) files, module \(result.module), in \(RunSummaryText.relative(result.folder.path))")
        reporter.status("  build and play the story: cd \(RunSummaryText.relative(result.folder.path)) && swift test", chatter: true)
    }
}
