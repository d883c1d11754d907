import Foundation
import SceneFlowKit
import Testing
import TestSupport

/// What a team installs: `make install` (here its file-copying half, from the debug build the tests use), the
/// Homebrew formula and the pre-commit hooks.
@Suite("Install and release")
struct InstallTests {
    static let installed = ["bin/sceneflow", "share/bash-completion/completions/sceneflow", "share/fish/vendor_completions.d/sceneflow.fish",
                            "share/man/man1/sceneflow.1", "share/zsh/site-functions/_sceneflow"]

    func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
        }
        return found.sorted()
    }

    @Test("make install-files puts the binary, a man page and completions under PREFIX; the binary runs from anywhere and moved; make uninstall leaves nothing")
    func installAndUninstall() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-prefix-\(UUID().uuidString)")
        let binary = try CLI.binary
        let install = try ExternalTool.run("make", ["-s", "install-files", "PREFIX=\(prefix.path)", "INSTALL_BIN=\(binary.path)"], in: PackagePaths.root)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout == "installed sceneflow \(SceneFlowVersion.current) in \(prefix.path)\n")
        #expect(files(under: prefix) == Self.installed)
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/sceneflow.1"), encoding: .utf8)
        #expect(manual.contains(".Nm sceneflow"))
        #expect(manual.contains("validate"))
        #expect(try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/sceneflow"), encoding: .utf8).contains("_sceneflow"))
        // Run from another folder, and once moved elsewhere.
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-moved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let version = try ExternalTool.run(prefix.appendingPathComponent("bin/sceneflow").path, ["--version"], in: elsewhere)
        #expect(version.stdout == SceneFlowVersion.current + "\n")
        try FileManager.default.copyItem(at: prefix.appendingPathComponent("bin/sceneflow"), to: elsewhere.appendingPathComponent("sceneflow"))
        try FileManager.default.copyItem(at: PackagePaths.root.appendingPathComponent("Scenarios/Counter-AppState.yml"),
                                         to: elsewhere.appendingPathComponent("Counter.yml"))
        let moved = try ExternalTool.run(elsewhere.appendingPathComponent("sceneflow").path, ["check", "Counter.yml", "--color", "never"], in: elsewhere)
        #expect(moved.status == 0, "\(moved.stdout)\(moved.stderr)")
        let uninstall = try ExternalTool.run("make", ["-s", "uninstall", "PREFIX=\(prefix.path)"], in: PackagePaths.root)
        #expect(uninstall.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.path) == [])
    }

    @Test("the Homebrew formula installs with make install, tests the version a release names, and its sample scenario checks")
    func formula() throws {
        let formula = try String(contentsOf: PackagePaths.root.appendingPathComponent("Formula/sceneflow.rb"), encoding: .utf8)
        #expect(formula.contains(#"system "make", "install", "PREFIX=#{prefix}""#))
        #expect(formula.contains(#"tag: "v\#(SceneFlowVersion.current)""#), "the formula names the version --version prints")
        #expect(formula.contains(#"depends_on "graphviz""#))
        #expect(formula.contains(#"license "Apache-2.0""#))
        // The scenario its test writes, as Ruby's squiggly heredoc gives it (the least indentation removed).
        let body = try #require(formula.firstMatch(of: /<<~YAML\n((?s).*?)\n\s*YAML\n/)?.1)
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        let yaml = lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n") + "\n"
        let file = try CLI.temporaryFile(yaml, name: "Counter.yml")
        let check = try CLI.run(["check", "Counter.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasSuffix("1 scenario: 2 checks passed, 0 failed\n"))
    }

    @Test("the pre-commit hooks run sceneflow's own commands on the YAML files they are given")
    func preCommitHooks() throws {
        let hooks = try String(contentsOf: PackagePaths.root.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let entries = hooks.matches(of: /entry: sceneflow (\w+)/).map { String($0.1) }
        #expect(entries == ["validate", "check", "map"])
        for entry in entries.prefix(2) {
            // As pre-commit calls it: the entry, then the staged files.
            let result = try CLI.run([entry, "Scenarios/Counter-AppState.yml", "Scenarios/Login.yml", "--color", "never"])
            #expect(result.status == 0, "\(entry): \(result.stdout)\(result.stderr)")
        }
        #expect(hooks.contains("language: system"))
        #expect(hooks.contains(#"files: \.(yml|yaml)$"#))
        // The settings file is YAML but not a scenario: the scenario hooks leave it out (pre-commit matches with
        // Python's re.search; these patterns mean the same in ICU).
        let exclude = try #require(hooks.firstMatch(of: /exclude: (.+)\n/)).1
        let pattern = try NSRegularExpression(pattern: String(exclude))
        func excluded(_ path: String) -> Bool { pattern.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil }
        #expect(excluded(".sceneflow.yml") && excluded("App/.sceneflow.yml") && excluded(".pre-commit-config.yaml"))
        #expect(!excluded("Flows/Login.yml") && !excluded("Flows/my.sceneflow.yml.yml"))
        // The map hook reads the settings file: no file names passed.
        #expect(hooks.contains("entry: sceneflow map\n  language: system\n  files: \\.swift$\n  types: [file]\n  pass_filenames: false\n"))
    }

    @Test("validate --stamp writes its stamp only when every scenario is valid: what the build-tool plugin's command leaves for SwiftPM")
    func stamp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-stamp-\(UUID().uuidString)")
        let stamp = folder.appendingPathComponent("work/validated")
        let valid = try CLI.run(["validate", "--stamp", stamp.path, "Scenarios/Login.yml"])
        #expect(valid.status == 0)
        #expect(try Data(contentsOf: stamp) == Data())
        try FileManager.default.removeItem(at: stamp)
        let broken = try CLI.temporaryFile("scenario: x\nscenes: {}\n", name: "Broken.yml")
        let invalid = try CLI.run(["validate", "--stamp", stamp.path, broken.path, "--color", "never"])
        #expect(invalid.status == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
        // The plugins are declared as products, each with the capability it needs.
        let manifest = try String(contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".plugin(name: "SceneFlowValidate", capability: .buildTool(), dependencies: ["sceneflow"])"#))
        #expect(manifest.contains(#"capability: .command(intent: .custom(verb: "sceneflow""#))
    }
}
