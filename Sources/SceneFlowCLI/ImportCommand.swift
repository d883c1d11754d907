import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput

/// `sceneflow import PATH…`: a scenario from an app's Swift code.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a scenario from an app's Swift code (Clean Swift, VIPER, SwiftUI VIP, AppState).",
        discussion: """
            Reads the Swift files under each path with swift-syntax and finds the scenes by the role each type plays, \
            whatever the app calls its protocols: use cases (what the View asks for, followed through the Interactor \
            to every Presenter and View method it reaches), their models, the DataStore, workers and the operations \
            called, routes with the data they pass. What the code cannot tell becomes 'todo' (validate warns about \
            each); what could not be mapped is listed with its place; what breaks the pattern's rules is for 'map'. \
            Pods, Carthage, DerivedData, .build and hidden folders are skipped. Exit codes: 0, 2 when nothing reads \
            as a scene, a path cannot be read, the scenario would not load or the file cannot be written.
            """
    )

    @Argument(help: "Swift files or folders.", completion: .directory)
    var paths: [String]

    @Option(name: [.short, .long], help: ArgumentHelp("Write the scenario to this file instead of standard output (- is standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Overwrite the output file.")
    var force = false

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @Option(help: "The scenario's title (default: the first folder's name).")
    var title: String?

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let reporter = outputOptions.reporter(Self.configuration.commandName!)
        let result = try ScenarioImport.run(paths, excluded: Set(exclude), title: title, output: outputFile(output), force: force,
                                            vet: Invocation.current.swiftFileVetting)
        for item in result.app.unmapped { reporter.note("\(item)") }
        let errors = result.diagnostics.filter { $0.severity == .error }
        reporter.report(errors, showsSource: false)
        let app = result.app
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var summary = "\(count(app.scenes.count, "scene")), \(count(app.scenes.reduce(0) { $0 + $1.useCases.count }, "use case")), "
            + "\(count(app.scenes.reduce(0) { $0 + $1.routes.count }, "route")), \(count(app.scenes.reduce(0) { $0 + $1.workers.count }, "worker")) "
            + "from \(app.files) Swift files (\(app.convention)); \(count(result.placeholders, "placeholder")) to fill"
        if result.methodsGenerateRefuses > 0 {
            summary += "; \(count(result.methodsGenerateRefuses, "method")) named as generate cannot write (validate lists them)"
        }
        if !errors.isEmpty {
            reporter.status("\(summary)\n  nothing written: the scenario would not load")
            throw reporter.exit(.error)
        } else if let written = result.written {
            reporter.status("\(summary)\n  scenario: \(RunSummaryText.relative(written.path))")
        } else {
            Console.out(result.scenario)
            reporter.status(summary)
        }
    }
}
