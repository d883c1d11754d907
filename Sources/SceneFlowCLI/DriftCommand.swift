import ArgumentParser
import CodeImport
import Foundation
import SceneFlowKit
import TerminalOutput

/// `sceneflow drift SCENARIO PATH…`: where a scenario and the code disagree.
struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Show where a scenario and an app's code disagree.",
        discussion: """
            Compares scenes, use cases, the Interactor, Presenter and display methods (every answer of a use case), \
            routes (destinations, methods, passed fields), DataStore fields, the Request, Response and ViewModel \
            fields with the code's own types, the workers each scene calls and their operations, and references the \
            code holds strongly where the pattern holds them weakly, each with the scenario's and the code's place. \
            With no arguments, each 'drift' pair of .sceneflow.yml. Exit codes: 0 when they agree, 1 on drift, 2 on \
            errors (a scenario that does not load, code that cannot be read, a bad option). Each difference is said as a \
            compiler says an error, at the scenario's place, the code's in a note.
            """
    )

    @Argument(help: "The scenario file (default: each of the settings file's 'drift' pairs).", completion: .file(extensions: ["yml", "yaml"]))
    var scenario: String?

    @Argument(help: "Swift files or folders.", completion: .directory)
    var paths: [String] = []

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Findings the app accepts for now, as map takes them: a strong reference one names is no difference.", valueName: "file"))
    var accept: String?

    @OptionGroup var report: ReportOptions
    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if scenario != nil, paths.isEmpty { throw ValidationError("give the Swift files or folders the scenario describes") }
    }

    func run() throws {
        let reporter = output.reporter(Self.configuration.commandName!, format: report.format)
        let style = output.style(for: STDOUT_FILENO)
        // No scenario given: every pair the settings file names, as one report.
        var pairs = [(scenario: String, code: [String])]()
        var exclude = self.exclude
        var acceptances = try accept.map(CodeMap.acceptances(at:)) ?? []
        if let scenario {
            pairs = [(scenario, paths)]
        } else {
            let project = try settings.settings(reporter, needed: "a scenario and the Swift files or folders it describes")
            guard !project.drift.isEmpty else {
                throw ValidationError("give a scenario and its Swift files or folders: \(project.file) sets no 'drift' pairs")
            }
            pairs = project.drift.map { ($0.scenario, $0.code) }
            exclude += project.exclude
            if accept == nil { acceptances = try project.acceptances() }
        }
        reporter.codeFolders = pairs.flatMap(\.code)
        var results: [ScenarioDrift.Result] = []
        for pair in pairs {
            results.append(try ScenarioDrift.run(scenario: pair.scenario, code: pair.code, excluded: Set(exclude), accepting: acceptances,
                                                 vet: Invocation.current.swiftFileVetting))
        }
        // What was not read is not compared: said first.
        var seen = Set<ImportedApp.Unmapped>()
        let notRead = results.flatMap { $0.app?.filesNotRead ?? [] }.filter { seen.insert($0).inserted }
        reporter.report(notRead.map { .warning($0.message, at: $0.location, id: "code/not-read") }, showsSource: false)
        let errors = results.flatMap { $0.diagnostics.filter { $0.severity == .error } }
        if !errors.isEmpty {
            reporter.report(errors)
            throw reporter.exit(.error)
        }
        let differences = results.flatMap(\.differences)
        reporter.report(differences.map(\.diagnostic), showsSource: false)
        if reporter.printsText {
            Console.out(differences.isEmpty
                ? style.paint("✓", .green, bold: true) + " the scenario\(pairs.count == 1 ? " and the code agree" : "s and the code agree")"
                    + (notRead.isEmpty ? "" : " in the files read (\(notRead.count) not read: see the warnings)") + "\n"
                : "\(differences.count) difference\(differences.count == 1 ? "" : "s")\n")
        }
        if !differences.isEmpty { throw reporter.exit(.fails, result: ["differences": differences]) }
        reporter.finish(.ok, result: ["differences": differences])
    }
}
