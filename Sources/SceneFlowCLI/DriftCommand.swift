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
            errors (a scenario that does not load, code that cannot be read, a bad option).
            """
    )

    @Argument(help: "The scenario file (default: each of the settings file's 'drift' pairs).", completion: .file(extensions: ["yml", "yaml"]))
    var scenario: String?

    @Argument(help: "Swift files or folders.", completion: .directory)
    var paths: [String] = []

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "text, or json for tools.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Also skip folders or files of this name (repeatable).", valueName: "name"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("Findings the app accepts for now, as map takes them: a strong reference one names is no difference.", valueName: "file"))
    var accept: String?

    @OptionGroup var settings: SettingsOption
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if scenario != nil, paths.isEmpty { throw ValidationError("give the Swift files or folders the scenario describes") }
    }

    func run() throws {
        let errorStyle = output.style(for: STDERR_FILENO)
        let style = output.style(for: STDOUT_FILENO)
        // No scenario given: every pair the settings file names, as one report.
        var pairs = [(scenario: String, code: [String])]()
        var exclude = self.exclude
        var acceptances: [CodeMap.Acceptance] = []
        if let accept {
            do { acceptances = try CodeMap.acceptances(at: accept) } catch let failure as CodeMap.Failure {
                errorStyle.printError(failure.message)
                throw ExitCode(2)
            }
        }
        if let scenario {
            pairs = [(scenario, paths)]
        } else {
            let project = try settings.settings(style: errorStyle, needed: "a scenario and the Swift files or folders it describes")
            guard !project.drift.isEmpty else {
                throw ValidationError("give a scenario and its Swift files or folders: \(project.file) sets no 'drift' pairs")
            }
            pairs = project.drift.map { ($0.scenario, $0.code) }
            exclude += project.exclude
            if accept == nil {
                do { acceptances = try project.acceptances() } catch let failure as CodeMap.Failure {
                    errorStyle.printError(failure.message)
                    throw ExitCode(2)
                }
            }
        }
        var results: [ScenarioDrift.Result] = []
        for pair in pairs {
            do {
                results.append(try ScenarioDrift.run(scenario: pair.scenario, code: pair.code, excluded: Set(exclude), accepting: acceptances,
                                                     vet: Invocation.current.swiftFileVetting))
            } catch let failure as ScenarioImport.Failure {
                errorStyle.printError(failure.message)
                throw ExitCode(2)
            }
        }
        // What was not read is not compared: said first.
        var seen = Set<ImportedApp.Unmapped>()
        let notRead = results.flatMap { $0.app?.filesNotRead ?? [] }.filter { seen.insert($0).inserted }
        for item in notRead {
            Console.err(errorStyle.paint("warning:", .magenta, bold: true) + " \(item)\n")
        }
        let errors = results.flatMap { $0.diagnostics.filter { $0.severity == .error } }
        if !errors.isEmpty {
            Console.err(DiagnosticRenderer(style: errorStyle).render(errors))
            // A tool reading the JSON gets the errors as validate --format json gives them, never an empty output.
            if format == .json { Console.out(DiagnosticRenderer().json(errors)) }
            throw ExitCode(2)
        }
        let differences = results.flatMap(\.differences)
        switch format {
        case .json:
            Console.out(ScenarioDrift.json(differences))
        case .text:
            for difference in differences {
                Console.out(style.paint("drift:", .red, bold: true) + " \(difference.description)\n")
            }
            Console.out(differences.isEmpty
                ? style.paint("✓", .green, bold: true) + " the scenario\(pairs.count == 1 ? " and the code agree" : "s and the code agree")"
                    + (notRead.isEmpty ? "" : " in the files read (\(notRead.count) not read: see the warnings)") + "\n"
                : "\(differences.count) difference\(differences.count == 1 ? "" : "s")\n")
        }
        if !differences.isEmpty { throw ExitCode(1) }
    }
}
