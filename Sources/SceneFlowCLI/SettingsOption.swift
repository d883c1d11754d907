import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput

/// `--config FILE`, and the `.sceneflow.yml` found upward from the current folder: what a command runs on when its
/// paths are left out.
struct SettingsOption: ParsableArguments {
    @Option(name: .customLong("config"),
            help: ArgumentHelp("The settings file used when no paths are given (default: the nearest .sceneflow.yml here or above).",
                               valueName: "file"),
            completion: .file(extensions: ["yml", "yaml"]))
    var file: String?

    /// The settings, when the command's paths are left out: the file given with --config, else the nearest one.
    /// Says which file it reads and reports its warnings. With no file, a usage error that names `needed` (what the
    /// command needs from it); a broken file throws its errors (`Failure`).
    func settings(_ reporter: Reporter, needed: String) throws -> ProjectSettings {
        guard let url = file.map({ URL(fileURLWithPath: $0) }) ?? ProjectSettings.find() else {
            throw ValidationError("give \(needed), or write them in \(ProjectSettings.fileName) ('sceneflow init' writes one)")
        }
        let settings = try ProjectSettings.load(url, named: file)
        reporter.note(settings.file, label: "settings:", chatter: true)
        reporter.report(settings.warnings)
        return settings
    }
}

extension SettingsOption {
    /// The settings file's scenarios, for a command given none.
    func scenarios(_ reporter: Reporter) throws -> [String] {
        try scenarios(of: settings(reporter, needed: "scenario files or folders"))
    }

    func scenarios(of settings: ProjectSettings) throws -> [String] {
        guard !settings.scenarios.isEmpty else {
            throw ValidationError("give scenario files or folders: \(settings.file) sets no 'scenarios'")
        }
        return settings.scenarios
    }
}
