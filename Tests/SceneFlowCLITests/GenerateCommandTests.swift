import Foundation
import Testing
import TestSupport
import TraceFormat

/// `sceneflow generate`: the package builds, its story test plays the scenario through the generated components,
/// and the trace it records is the simulation's, message for message.
@Suite("sceneflow generate")
struct GenerateCommandTests {
    /// A trace's lines without what only the simulation knows: where each message is written in the scenario, the
    /// scenario file's digest, which worker case answered, step titles.
    static func comparable(_ data: Data) throws -> [String] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            for key in ["at", "sha256", "case", "title", "file"] { object[key] = nil }
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    @Test("the generated app builds, plays its story, and records the engine's trace, which check --trace passes",
          arguments: [("Login", 15), ("CleanStore", 22)])
    func generatedAppRecordsTheSimulation(_ name: String, _ checks: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent(name)
        let generated = try CLI.run(["generate", "Scenarios/\(name).yml", "--out", package.path, "--sceneflow", PackagePaths.root.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let trace = folder.appendingPathComponent("\(name).jsonl")
        let tested = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(trace.path)", "swift", "test"], in: package)
        #expect(tested.status == 0, "\(tested.stdout.suffix(3000))\(tested.stderr.suffix(3000))")
        #expect(!tested.stdout.contains("warning:") && !tested.stderr.contains("warning:"), "the generated code builds without warnings")
        let checked = try CLI.run(["check", "Scenarios/\(name).yml", "--trace", trace.path, "--color", "never"])
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout.hasSuffix("1 scenario: \(checks) checks passed, 0 failed\n"))
        let simulated = try Data(contentsOf: PackagePaths.root.appendingPathComponent("Output/\(name)/trace.jsonl"))
        #expect(try Self.comparable(Data(contentsOf: trace)) == Self.comparable(simulated))
    }

    @Test("an example written in another pattern, translated into Clean Swift, generates an app that records the translation's run",
          arguments: ["Counter-SwiftUI", "Counter-AppState"])
    func translatedExampleRecordsTheSimulation(_ name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("\(name)-clean-swift.yml")
        #expect(try CLI.run(["translate", "Scenarios/\(name).yml", "--to", "clean-swift", "-o", scenario.path]).status == 0)
        let package = folder.appendingPathComponent("App")
        let generated = try CLI.run(["generate", scenario.path, "--out", package.path, "--sceneflow", PackagePaths.root.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let trace = folder.appendingPathComponent("recorded.jsonl")
        let tested = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(trace.path)", "swift", "test"], in: package)
        #expect(tested.status == 0, "\(tested.stdout.suffix(3000))\(tested.stderr.suffix(3000))")
        let checked = try CLI.run(["check", scenario.path, "--trace", trace.path, "--color", "never"])
        #expect(checked.status == 0, "\(checked.stdout)")
        let run = try CLI.run(["run", scenario.path, "--out", folder.appendingPathComponent("sim").path, "--quiet", "--no-diagrams"])
        #expect(run.status == 0)
        let simulated = try Data(contentsOf: folder.appendingPathComponent("sim/\(name)-clean-swift/trace.jsonl"))
        #expect(try Self.comparable(Data(contentsOf: trace)) == Self.comparable(simulated))
    }

    @Test("a run that fails fails the same way in the generated app: the same messages, the engine's error")
    func failureRecordsTheSameTrace() throws {
        let scenario = try CLI.temporaryFile("""
            scenario: Divide
            scenes:
              A:
                dataStore: { total: Int = 10 }
                useCases:
                  Split:
                    request: { people: Int }
                    interactor:
                      - respond: { share: dataStore.total / request.people }
                    response: { share: Int }
                    viewModel: { text: String }
                    presenter: { text: '"each pays \\(response.share)"' }
                    view: [ { show: text } ]
            story:
              - do: A.Split
                request: { people: 2 }
              - do: A.Split
                request: { people: 0 }
            """, name: "divide.yml")
        let folder = scenario.deletingLastPathComponent()
        let simulated = try CLI.run(["run", scenario.path, "--out", folder.appendingPathComponent("out").path, "--format", "dot", "--no-report"])
        #expect(simulated.status == 1)
        let generated = try CLI.run(["generate", scenario.path, "--out", folder.appendingPathComponent("App").path,
                                     "--sceneflow", PackagePaths.root.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let trace = folder.appendingPathComponent("app.jsonl")
        let tested = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(trace.path)", "swift", "test"], in: folder.appendingPathComponent("App"))
        #expect(tested.status != 0)
        #expect(tested.stdout.contains("Expectation failed: (recorder.failure → \"division by zero\") == nil"))
        // The engine stops inside cycle 2; the app's cycle returns, so it closes.
        let recorded = try Self.comparable(Data(contentsOf: trace)).filter { $0 != #"{"cycleEnd":2}"# }
        let engine = try Self.comparable(Data(contentsOf: folder.appendingPathComponent("out/divide/trace.jsonl")))
        #expect(recorded == engine)
        #expect(recorded.last == #"{"cycles":2,"end":"failed","error":"division by zero","messages":14,"t":0}"#)
    }

    @Test("round trip: what generate writes, drift reads back as the scenario",
          arguments: ["Login", "Repositories", "CreateIceCream", "Shop", "CleanStore"])
    func roundTrip(_ name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-roundtrip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try CLI.run(["generate", "Scenarios/\(name).yml", "--out", folder.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let drift = try CLI.run(["drift", "Scenarios/\(name).yml", folder.appendingPathComponent("Sources").path, "--color", "never"])
        #expect(drift.status == 0, "\(drift.stdout)\(drift.stderr)")
        #expect(drift.stdout == "✓ the scenario and the code agree\n")
    }

    @Test("a folder that holds files is kept unless forced; other patterns are refused; a bad scenario says why")
    func refusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let edited = folder.appendingPathComponent("Notes.md")
        try Data("mine".utf8).write(to: edited)
        let kept = try CLI.run(["generate", "Scenarios/Login.yml", "--out", folder.path, "--color", "never"])
        #expect(kept.status == 1)
        #expect(kept.stderr == "error: \(folder.path) holds files (1); generated code is meant to be edited, so --force is needed to overwrite it\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path))
        let forced = try CLI.run(["generate", "Scenarios/Login.yml", "--out", folder.path, "--force", "--sceneflow", "../SceneFlow"])
        #expect(forced.status == 0)
        #expect(forced.stderr.hasPrefix("27 files, module SignIn, in "))
        #expect(try String(contentsOf: edited, encoding: .utf8) == "mine")
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(path: "../SceneFlow")"#))

        let viper = try CLI.run(["generate", "Scenarios/PostList-VIPER.yml", "--out", folder.appendingPathComponent("V").path, "--color", "never"])
        #expect(viper.status == 1)
        #expect(viper.stderr == "error: generate writes clean-swift apps so far; this scenario is viper\n")

        let broken = try CLI.temporaryFile("scenario: X\nscenes: { A: { useCases: { U: { interactor: [ { respond: { n: 1 } } ] } } } }\n", name: "broken.yml")
        let invalid = try CLI.run(["generate", broken.path, "--out", folder.appendingPathComponent("B").path, "--color", "never"])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("broken.yml:2:60: error: "))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("B").path))
    }
}
