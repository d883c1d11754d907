import ArgumentParser
import Foundation
import ScenarioLoader
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
            Exit codes: 0, 1 when the scenario cannot be translated, 2 on usage errors.
            """
    )

    @Argument(help: "The scenario file.", completion: .file(extensions: ["yml", "yaml"]))
    var file: String

    @Option(help: ArgumentHelp("The pattern to translate into: " + Pattern.all.map(\.rawValue).joined(separator: ", ") + ".", valueName: "pattern"))
    var to: String

    @Option(name: [.short, .long], help: ArgumentHelp("Write the scenario to this file instead of standard output.", valueName: "file"))
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
        let style = outputOptions.style(for: STDERR_FILENO)
        let pattern = Pattern(rawValue: to)!
        let loaded = ScenarioLoader().load(path: file)
        guard let scenario = loaded.scenario else {
            FileHandle.standardError.write(DiagnosticRenderer(style: style, showsSource: true).render(loaded.diagnostics))
            throw ExitCode(1)
        }
        if scenario.pattern == pattern {
            FileHandle.standardError.write(style.paint("error:", .red, bold: true) + " \(file) is already written in \(pattern.rawValue)\n")
            throw ExitCode(1)
        }
        if let output, !force, FileManager.default.fileExists(atPath: output) {
            FileHandle.standardError.write(style.paint("error:", .red, bold: true) + " \(output) exists; --force overwrites it\n")
            throw ExitCode(1)
        }
        let result: ScenarioTranslate.Result
        do {
            result = try ScenarioTranslate.translate(scenario, from: file, to: pattern, outputPath: output)
        } catch {
            FileHandle.standardError.write(style.paint("error:", .red, bold: true)
                + " \(file) cannot be said in \(pattern.rawValue):\n" + error.reasons.map { "  " + $0 + "\n" }.joined())
            throw ExitCode(1)
        }
        if !result.diagnostics.isEmpty {
            FileHandle.standardError.write(DiagnosticRenderer(style: style, showsSource: false).render(result.diagnostics))
        }
        if let output {
            try AtomicFile.write(result.text, to: URL(fileURLWithPath: output))
            FileHandle.standardError.write("\(scenario.name) in \(pattern.rawValue): \(RunSummaryText.relative(output))\n")
        } else {
            FileHandle.standardOutput.write(result.text)
        }
    }
}
