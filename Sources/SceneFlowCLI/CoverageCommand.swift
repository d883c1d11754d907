import ArgumentParser
import Foundation
import ScenarioLoader
import SceneFlowKit
import TerminalOutput
import StoryCheck

/// `sceneflow coverage FILE|DIR…`: what the stories exercise.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Show which scenes, routes, use cases, worker outcomes and passed fields the stories exercise.",
        discussion: "Writes Output/<scenario>/coverage.svg, the flow map coloured by what was visited. Exit codes: 0, 1 when total coverage is below --minimum, 2 when a scenario does not load."
    )

    @Argument(help: "Scenario files or folders of scenarios (default: the settings file's 'scenarios').", completion: .file(extensions: ["yml", "yaml"]))
    var files: [String] = []

    @Option(help: ArgumentHelp("The output folder for coverage.svg (in <dir>/<scenario>/; default: the settings file's 'out', else Output).", valueName: "dir"))
    var out: String?

    @Option(help: "Fail (exit 1) when total coverage is below this percentage.")
    var minimum: Double?

    @OptionGroup var report: ReportOptions
    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    /// What `--format json` gives as the result: each scenario's share and what its stories leave out.
    struct Summary: Encodable {
        struct Item: Encodable { var kind, name, place: String }
        struct Scenario: Encodable {
            var file: String
            var percentage: Double
            var covered, total: Int
            var uncovered: [Item]
            var map: String?
        }
        var scenarios: [Scenario] = []
        var percentage: Double = 0
        var minimum: Double?
    }

    func validate() throws {
        if let minimum, !(0...100).contains(minimum) {
            throw ValidationError("--minimum is a percentage from 0 to 100, got \(minimum)")
        }
    }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!, format: report.format)
        let project = self.files.isEmpty ? try settings.settings(reporter, needed: "scenario files or folders") : nil
        let files = try project.map { try settings.scenarios(of: $0) } ?? self.files
        let out = self.out ?? project?.out ?? "Output"
        let result = try ScenarioCoverage.measure(files)
        reporter.report(result.diagnostics)
        var summary = Summary(percentage: result.percentage, minimum: minimum)
        for coverage in result.coverages {
            if reporter.printsText { say(CoverageText.text(coverage), terminator: "") }
            let folder = try OutputLayout.prepareFolder(forScenarioAt: coverage.scenario.file, under: URL(fileURLWithPath: out))
            let written = try CoverageMap.write(coverage, to: folder)
            reporter.reportGraphviz(written)
            let maps = written.files.filter { $0.pathExtension == "svg" }.map { RunSummaryText.relative($0.path) }
            if reporter.printsText { say("  map: " + maps.joined() + "\n") }
            summary.scenarios.append(Summary.Scenario(
                file: coverage.scenario.file, percentage: coverage.percentage,
                covered: coverage.items.filter { $0.hits > 0 }.count, total: coverage.items.count,
                uncovered: coverage.items.filter { $0.hits == 0 }.map { .init(kind: $0.kind.rawValue, name: $0.name, place: $0.location.description) },
                map: maps.first))
        }
        if reporter.printsText { say(CoverageText.total(result)) }
        if result.broken > 0 { throw reporter.exit(.error, result: summary) }
        if !result.meets(minimum) {
            reporter.status(CoverageText.belowMinimum(result, minimum: minimum ?? 0))
            throw reporter.exit(.fails, result: summary)
        }
        reporter.finish(.ok, result: summary)
    }
}
