import ArgumentParser
import Foundation
import ScenarioSpec
import SceneFlowKit
import TerminalOutput

/// `sceneflow translate FILE --to PATTERN`: the scenario rewritten into another pattern.
struct TranslateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Rewrite a scenario into another pattern by that pattern's rules.",
        discussion: """
            The same scenes, workers, routes and story, with each part moved to the component the other pattern gives \
            it: in VIPER the Presenter tells the View what to show and asks the WireFrame to navigate; in SwiftUI VIP \
            the View holds the DataStore and stores what the Response brings; in the AppState variant the Interactor \
            writes the one AppState and the View renders from it, with no Presenter. What has no counterpart is said \
            in comments; what cannot be said is an error naming the part. The result is loaded back and validated. \
            Exit codes: 0, 2 when the scenario does not load or cannot be translated.
            """
    )

    @Argument(help: "The scenario file.", completion: .file(extensions: ["yml", "yaml"]))
    var file: String

    @Option(help: ArgumentHelp("The pattern to translate into: " + Pattern.all.map(\.rawValue).joined(separator: ", ") + ".", valueName: "pattern"))
    var to: String

    @Option(name: [.short, .long], help: ArgumentHelp("Write the scenario to this file instead of standard output (- is standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Overwrite the output file.")
    var force = false

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        guard Pattern(rawValue: to) != nil else {
            throw ValidationError("unknown pattern '\(to)'; use " + Pattern.all.map(\.rawValue).joined(separator: ", "))
        }
    }

    func run() throws {
        let reporter = outputOptions.reporter(Self.configuration.commandName!)
        let translated = try ScenarioTranslate.run(file, to: Pattern(rawValue: to)!, output: outputFile(output), force: force)
        reporter.report(translated.result.diagnostics, showsSource: false)
        if let written = translated.written {
            reporter.status("\(translated.scenario.name) in \(to): \(RunSummaryText.relative(written.path))")
        } else {
            Console.out(translated.result.text)
        }
    }
}
