import ArgumentParser
import Foundation
import ScenarioLoader
import SceneFlowKit
import StoryCheck

/// `sceneflow coverage FILE|DIR…`: what the stories exercise.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Show which scenes, routes, use cases, worker outcomes and passed fields the stories exercise.",
        discussion: "Writes Output/<scenario>/coverage.svg, the flow map coloured by what was visited. Exit codes: 0, 1 on scenario errors, 2 on usage errors."
    )

    @Argument(help: "Scenario files or folders of scenarios.", completion: .file(extensions: ["yml", "yaml"]))
    var files: [String]

    @Option(help: "The output folder for coverage.svg (in <out>/<scenario>/).")
    var out: String = "Output"

    @Option(help: "Fail (exit 1) when total coverage is below this percentage.")
    var minimum: Double?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let errorStyle = TerminalStyle(enabled: output.color.mode.enabled(for: STDERR_FILENO))
        let paths = ScenarioFiles.expand(files)
        if paths.isEmpty { throw ValidationError("no scenario files found in \(files.joined(separator: ", "))") }
        var covered = 0, total = 0, broken = false
        for path in paths {
            let loaded = ScenarioLoader().load(path: path)
            guard let scenario = loaded.scenario else {
                FileHandle.standardError.write(DiagnosticRenderer(style: errorStyle).render(loaded.diagnostics))
                broken = true
                continue
            }
            let coverage = try Coverage.measure(scenario)
            print(CoverageText.text(coverage), terminator: "")
            covered += coverage.items.filter { $0.hits > 0 }.count
            total += coverage.items.count
            let folder = OutputLayout.folder(forScenarioAt: path, under: URL(fileURLWithPath: out))
            let written = try CoverageMap.write(coverage, to: folder)
            for problem in written.warnings + written.failures {
                FileHandle.standardError.write(errorStyle.paint("warning:", .magenta, bold: true) + " Graphviz: \(problem)\n")
            }
            print("  map: " + written.files.filter { $0.pathExtension == "svg" }.map { RunSummaryText.relative($0.path) }.joined() + "\n")
        }
        let percentage = total == 0 ? 100 : Double(covered) * 100 / Double(total)
        print(String(format: "total: %d of %d (%.0f%%)", covered, total, percentage))
        if broken { throw ExitCode(1) }
        if let minimum, percentage < minimum {
            FileHandle.standardError.write(String(format: "coverage %.0f%% is below --minimum %.0f%%\n", percentage, minimum))
            throw ExitCode(1)
        }
    }
}
