import ArgumentParser
import Foundation
import Narration
import ScenarioSpec
import SceneFlowKit
import TerminalOutput

/// `sceneflow compare FILE --patterns a,b`: the same story under several patterns.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run one story in several patterns: its own as written, the others translated, lined up step by step.",
        discussion: "Writes Output/<scenario>/compare/index.html (one story step at a time: the cycle's stages lined up across the patterns, what differs marked and said, the values shown, each pattern's sequence diagram of the step) and one folder per pattern (trace, diagrams, the translated scenario). Each translated run is checked to show the same values as the original at every story step. A pattern the scenario cannot be translated into is listed with the reasons. Exit codes: 0, 1 when no pattern can run it, 2 when the file is not there or the page cannot be written."
    )

    @Argument(help: "The scenario file.", completion: .file(extensions: ["yml", "yaml"]))
    var file: String

    @Option(help: ArgumentHelp("Comma-separated patterns: " + Pattern.all.map(\.rawValue).joined(separator: ", ") + "."))
    var patterns: String = Pattern.all.map(\.rawValue).joined(separator: ",")

    @Option(help: ArgumentHelp("The output folder; files go into <dir>/<scenario>/compare/.", valueName: "dir"))
    var out: String = "Output"

    @Option(help: "Language of the page: en or ko.")
    var lang: Language = .english

    @OptionGroup var output: OutputOptions

    func chosen() throws -> [Pattern] {
        var result: [Pattern] = []
        for name in patterns.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let pattern = Pattern(rawValue: name) else {
                throw ValidationError("unknown pattern '\(name)'; use " + Pattern.all.map(\.rawValue).joined(separator: ", "))
            }
            if !result.contains(pattern) { result.append(pattern) }
        }
        guard result.count >= 1 else { throw ValidationError("--patterns needs at least one pattern") }
        return result
    }

    func validate() throws { _ = try chosen() }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!)
        guard FileManager.default.fileExists(atPath: file) else { throw Failure("file/not-found", "no such file: \(file)") }
        let comparison = PatternComparison()
        let entries = comparison.compare(path: file, patterns: try chosen())
        let root = URL(fileURLWithPath: out)
        let folder = try OutputLayout.checkFolder(try OutputLayout.prepareFolder(forScenarioAt: file, under: root).appendingPathComponent("compare"),
                                              under: root)
        let title = entries.first { $0.translation == nil && $0.scenario != nil }?.scenario?.name ?? (file as NSString).lastPathComponent
        let files = try comparison.write(entries, title: title, to: folder, language: lang)
        Console.out(PatternComparison.text(entries))
        Console.out("  step by step: " + RunSummaryText.relative(files.last!.path) + "\n")
        if !entries.contains(where: { $0.summary != nil && $0.refusals.isEmpty }) { throw reporter.exit(.fails) }
    }
}
