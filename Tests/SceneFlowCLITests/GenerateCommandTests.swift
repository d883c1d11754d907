import Foundation
import Testing
import TestSupport
import TraceFormat

/// `sceneflow generate`: the package builds, its story test plays the scenario through the generated components,
/// and the trace it records is the simulation's, message for message.
@Suite("sceneflow generate")
struct GenerateCommandTests {
    /// A trace's lines without what only the simulation knows: where each message is written in the scenario, the
    /// scenario file's digest, which worker case answered (or that a step's `given:` did), step titles.
    static func comparable(_ data: Data) throws -> [String] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            for key in ["at", "sha256", "case", "given", "title", "file"] { object[key] = nil }
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    /// Every example, in its own pattern. `checks`: what `check --trace` counts on the recorded run.
    static let examples: [(name: String, module: String, checks: Int)] = [
        ("CleanStore", "CleanStore", 22), ("Counter-AppState", "CounterAppState", 3), ("Counter-SwiftUI", "CounterSwiftUI", 5),
        ("CreateIceCream", "ScoopsAndScones", 5), ("Login", "SignIn", 15), ("PostList-VIPER", "PostListVIPER", 12),
        ("Repositories", "Repositories", 13), ("Shop", "TeaShop", 23),
    ]

    /// Every example translated into every other pattern: `translate`, then the same proof on the translation.
    static let translations: [(name: String, pattern: String, module: String, checks: Int)] = [
        ("Counter-AppState", "clean-swift", "CounterAppStateInCleanSwift", 3), ("Counter-AppState", "swiftui", "CounterAppStateInSwiftUI", 3),
        ("Counter-AppState", "viper", "CounterAppStateInVIPER", 3), ("Counter-SwiftUI", "clean-swift", "CounterSwiftUIInCleanSwift", 5),
        ("Counter-SwiftUI", "appstate", "CounterSwiftUIInAppState", 5), ("Counter-SwiftUI", "viper", "CounterSwiftUIInVIPER", 5),
        ("CreateIceCream", "swiftui", "ScoopsAndSconesInSwiftUI", 4), ("CreateIceCream", "appstate", "ScoopsAndSconesInAppState", 4),
        ("CreateIceCream", "viper", "ScoopsAndSconesInVIPER", 4), ("Login", "viper", "SignInInVIPER", 12),
        ("PostList-VIPER", "clean-swift", "PostListInCleanSwift", 9), ("Repositories", "viper", "RepositoriesInVIPER", 13),
        ("Shop", "viper", "TeaShopInVIPER", 23), ("CleanStore", "viper", "CleanStoreInVIPER", 21),
        ("Login", "swiftui", "SignInInSwiftUI", 12), ("PostList-VIPER", "swiftui", "PostListInSwiftUI", 9),
        ("Repositories", "swiftui", "RepositoriesInSwiftUI", 13), ("Shop", "swiftui", "TeaShopInSwiftUI", 23),
        ("Login", "appstate", "SignInInAppState", 10), ("Repositories", "appstate", "RepositoriesInAppState", 12),
        ("Shop", "appstate", "TeaShopInAppState", 23), ("CleanStore", "swiftui", "CleanStoreInSwiftUI", 21),
        ("CleanStore", "appstate", "CleanStoreInAppState", 21), ("PostList-VIPER", "appstate", "PostListInAppState", 9),
    ]

    /// Scenarios written to hold method shapes real apps use (Fixtures/Generate): their own labels, keywords as names.
    static let shapes: [(name: String, module: String, checks: Int)] = [("MethodShapes", "MethodShapes", 10), ("BackRoutes", "BackRoutes", 12)]

    /// Shapes whose writing differs by pattern, translated into the others generate writes.
    static let shapeTranslations: [(name: String, pattern: String, module: String, checks: Int)] = [
        ("BackRoutes", "viper", "BackRoutesInVIPER", 12), ("BackRoutes", "swiftui", "BackRoutesInSwiftUI", 12),
        ("BackRoutes", "appstate", "BackRoutesInAppState", 12),
    ]

    /// The packages the proof builds: each example as written, then each translation, then each shape (`folder`: the
    /// package's folder and, for a translation, its scenario's name; `source`: the scenario file it starts from).
    static var packages: [(folder: String, source: String, pattern: String?, module: String, checks: Int)] {
        examples.map { ($0.name, "Scenarios/\($0.name).yml", nil, $0.module, $0.checks) }
            + translations.map { ("\($0.name)-in-\($0.pattern)", "Scenarios/\($0.name).yml", $0.pattern, $0.module, $0.checks) }
            + shapes.map { ($0.name, "Tests/SceneFlowCLITests/Fixtures/Generate/\($0.name).yml", nil, $0.module, $0.checks) }
            + shapeTranslations.map { ("\($0.name)-in-\($0.pattern)", "Tests/SceneFlowCLITests/Fixtures/Generate/\($0.name).yml", $0.pattern, $0.module, $0.checks) }
    }

    /// Every other scenario the repository keeps that loads (import fixtures' scenarios, hand-written models of real
    /// apps, the loader's and exporters' fixtures), each file once by its bytes; translation goldens and fuzz seeds
    /// repeat the examples and their translations, built above. `module`: a name of its own in the batch.
    static func keptScenarios() throws -> [(path: String, module: String)] {
        var seen: Set<Data> = []
        for name in examples.map(\.name) { seen.insert(try Data(contentsOf: PackagePaths.scenarios.appendingPathComponent("\(name).yml"))) }
        for shape in shapes { seen.insert(try Data(contentsOf: PackagePaths.root.appendingPathComponent("Tests/SceneFlowCLITests/Fixtures/Generate/\(shape.name).yml"))) }
        var kept: [(String, String)] = []
        var modules: Set<String> = []
        let tests = PackagePaths.root.appendingPathComponent("Tests")
        let paths = (FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".yml") && !$0.hasPrefix("PatternTranslationTests/Goldens/") && !$0.hasPrefix("FuzzCorpus/") }.sorted()
        for path in paths {
            let data = try Data(contentsOf: tests.appendingPathComponent(path))
            guard seen.insert(data).inserted else { continue }
            let stem = (path as NSString).lastPathComponent.dropLast(4)
            var module = "Kept" + stem.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            while !modules.insert(module).inserted { module += "2" }
            kept.append(("Tests/\(path)", module))
        }
        return kept
    }

    /// All examples' generated packages as targets of one package, built once (the carried recorder too); then each
    /// story test runs on its own with its own SCENEFLOW_TRACE, and its recording is held against the simulation.
    @Test("every example, in its own pattern and translated into the others generate writes, and every other scenario kept that validates without a generate warning, generates an app that builds without warnings, plays its story and records the simulation's trace (the examples' pass check --trace); what validate warns generate refuses, with the same words; a changed Presenter expression fails its tests")
    func everyExampleRecordsTheSimulation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.scenarios.path)
            .filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }.sorted()
        #expect(names == Self.examples.map(\.name), "every example is generated")
        // … and translated into every pattern it is not written in.
        var pairs: Set<String> = []
        for name in names {
            let text = try String(contentsOfFile: "Scenarios/\(name).yml", encoding: .utf8)
            let own = text.split(separator: "\n").first { $0.hasPrefix("pattern: ") }.map { String($0.dropFirst("pattern: ".count)) } ?? "clean-swift"
            for pattern in ["clean-swift", "swiftui", "appstate", "viper"] where pattern != own { pairs.insert("\(name) in \(pattern)") }
        }
        #expect(Set(Self.translations.map { "\($0.name) in \($0.pattern)" }) == pairs)
        var targets: [String] = []
        for (name, source, pattern, module, _) in Self.packages {
            var scenario = source
            if let pattern {
                scenario = folder.appendingPathComponent("\(name).yml").path
                let translated = try CLI.run(["translate", source, "--to", pattern, "-o", scenario])
                #expect(translated.status == 0, "\(translated.stderr)")
            }
            let generated = try CLI.run(["generate", scenario, "--out", folder.appendingPathComponent(name).path, "--module", module])
            #expect(generated.status == 0, "\(generated.stderr)")
            targets += [
                #"        .target(name: "\#(module)", dependencies: ["SceneFlowRecorder"], path: "\#(name)/Sources/\#(module)"),"#,
                #"        .testTarget(name: "\#(module)Tests", dependencies: ["\#(module)"], path: "\#(name)/Tests/\#(module)Tests"),"#,
            ]
        }
        // Every other scenario kept that loads: validate's generate warnings are exactly what generate refuses;
        // without any, generate writes a package that joins the batch, and its story test must pass.
        var keptPackages: [(folder: String, source: String, module: String)] = []
        var refusedKept = 0
        for (source, module) in try Self.keptScenarios() {
            let validated = try CLI.run(["validate", source, "--format", "json"])
            let document = try JSONSerialization.jsonObject(with: Data(validated.stdout.utf8)) as? [String: Any]
            let diagnostics = document?["diagnostics"] as? [[String: Any]] ?? []
            guard !diagnostics.contains(where: { $0["severity"] as? String == "error" }) else { continue }
            func place(_ item: [String: Any]) -> String {
                "\(item["line"] ?? ""):\(item["column"] ?? ""): \(item["message"] ?? "") [\(item["id"] ?? "")]"
            }
            let warned = diagnostics.filter { ($0["id"] as? String)?.hasPrefix("generate/") == true }.map(place)
            let name = "kept-\(module)"
            let generated = try CLI.run(["generate", source, "--out", folder.appendingPathComponent(name).path, "--module", module, "--color", "never"])
            if warned.isEmpty {
                #expect(generated.status == 0, "\(source): \(generated.stderr)")
                keptPackages.append((name, source, module))
                targets += [
                    #"        .target(name: "\#(module)", dependencies: ["SceneFlowRecorder"], path: "\#(name)/Sources/\#(module)"),"#,
                    #"        .testTarget(name: "\#(module)Tests", dependencies: ["\#(module)"], path: "\#(name)/Tests/\#(module)Tests"),"#,
                ]
            } else {
                // Refused with the same places, ids and words, as errors; nothing written.
                #expect(generated.status == 2, "\(source)")
                let refused = generated.stderr.split(separator: "\n").filter { $0.contains(": error: ") && $0.hasSuffix("]") }.map { line in
                    let afterFile = line.drop { $0 != ":" }.dropFirst()
                    return String(afterFile).replacingOccurrences(of: ": error: ", with: ": ")
                }
                #expect(Set(refused) == Set(warned), "\(source): generate refuses what validate warns about")
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
                refusedKept += 1
            }
        }
        // Import fixtures, hand models, the keyword scenarios and the loader's, exporters' and rule findings' fixtures, two more hand models, the VIPER key fixture, the Presenter-state, module-input, Interactor-state, shown-by-two and helper-routes imports, the tab bar and sheet imports, the observable-Interactor and Wireframe imports: 21 generate, 34 are refused.
        #expect(keptPackages.count == 21, "\(keptPackages.map(\.source))")
        #expect(refusedKept == 34)
        // The carried recorder is the same in every package: the aggregate takes the first one's.
        let carrier = Self.examples[0].name
        try Data("""
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Examples",
                platforms: [.iOS(.v16), .macOS(.v13)],
                targets: [
                    .target(name: "TraceFormat", path: "\(carrier)/Sources/TraceFormat", swiftSettings: [.swiftLanguageMode(.v6)]),
                    .target(name: "SceneFlowRecorder", dependencies: ["TraceFormat"], path: "\(carrier)/Sources/SceneFlowRecorder",
                            swiftSettings: [.swiftLanguageMode(.v6)]),
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v5]
            )

            """.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        let built = try ExternalTool.run("swift", ["build", "--build-tests"], in: folder)
        #expect(built.status == 0, "\(built.stdout.suffix(3000))\(built.stderr.suffix(3000))")
        let warnings = (built.stdout + built.stderr).split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.isEmpty, "the generated code builds without warnings: \(Set(warnings).sorted().prefix(20).joined(separator: "\n"))")
        var recorded = 0
        for (name, source, _, module, checks) in Self.packages {
            let trace = folder.appendingPathComponent("\(name).jsonl")
            let tested = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(trace.path)", "swift", "test", "--skip-build", "--filter", "\(module)Tests\\."],
                                              in: folder)
            #expect(tested.status == 0, "\(name): \(tested.stdout.suffix(3000))\(tested.stderr.suffix(3000))")
            let scenario = FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).yml").path)
                ? folder.appendingPathComponent("\(name).yml").path : source
            let checked = try CLI.run(["check", scenario, "--trace", trace.path, "--color", "never"])
            #expect(checked.status == 0, "\(name): \(checked.stdout)")
            #expect(checked.stdout.hasSuffix("1 scenario: \(checks) checks passed, 0 failed\n"), "\(name): \(checked.stdout.suffix(200))")
            let simulation = folder.appendingPathComponent("sim")
            let run = try CLI.run(["run", scenario, "--out", simulation.path, "--quiet", "--no-diagrams"])
            #expect(run.status == 0, "\(name)")
            let simulated = try Data(contentsOf: simulation.appendingPathComponent("\(name)/trace.jsonl"))
            #expect(try Self.comparable(Data(contentsOf: trace)) == Self.comparable(simulated), "\(name): the recorded run is the simulated one")
            recorded += 1
        }
        #expect(recorded == 8 + 24 + Self.shapes.count + Self.shapeTranslations.count)
        // Every kept scenario's package plays its story through the generated components and records the
        // simulation's trace.
        for (name, source, module) in keptPackages {
            let trace = folder.appendingPathComponent("\(name).jsonl")
            let simulation = folder.appendingPathComponent("sim-\(module)")
            let run = try CLI.run(["run", source, "--out", simulation.path, "--quiet", "--no-diagrams"])
            let stem = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
            let simulated = try Data(contentsOf: simulation.appendingPathComponent("\(stem)/trace.jsonl"))
            // The components' tests, then the story on its own: a run a placeholder stops (an imported scenario's
            // `todo`) stops the app there, which ends the test process, after ending the trace as the engine does.
            let components = try ExternalTool.run("swift", ["test", "--skip-build", "--filter", "^\(module)Tests\\.", "--skip", "StoryTests"], in: folder)
            #expect(components.status == 0, "\(source): \(components.stdout.suffix(3000))\(components.stderr.suffix(3000))")
            let story = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(trace.path)", "swift", "test", "--skip-build", "--filter", "^\(module)Tests\\.StoryTests"],
                                             in: folder)
            #expect((story.status == 0) == (run.status == 0), "\(source): \(story.stdout.suffix(3000))\(story.stderr.suffix(3000))")
            #expect(try Self.comparable(Data(contentsOf: trace)) == Self.comparable(simulated), "\(source): the recorded run is the simulated one (\(run.status))")
        }

        // Mutants: one Presenter expression changed in the generated code. Its unit test and the story both catch it.
        let presenter = folder.appendingPathComponent("Login/Sources/SignIn/Scenes/Home/HomePresenter.swift")
        let original = try String(contentsOf: presenter, encoding: .utf8)
        #expect(original.contains(#"Home.Greet.ViewModel(greeting: "Hello, \("#))
        try original.replacingOccurrences(of: #"greeting: "Hello, \("#, with: #"greeting: "Hi, \("#)
            .write(to: presenter, atomically: true, encoding: .utf8)
        // And one in a SwiftUI View's display logic: the story sees the count it shows change.
        let view = folder.appendingPathComponent("Counter-SwiftUI/Sources/CounterSwiftUI/Scenes/Some/SomeView.swift")
        let viewCode = try String(contentsOf: view, encoding: .utf8)
        #expect(viewCode.contains("dataStore.someInt = ScenarioLogic.add(dataStore.someInt, 1)"))
        try viewCode.replacingOccurrences(of: "ScenarioLogic.add(dataStore.someInt, 1)", with: "ScenarioLogic.add(dataStore.someInt, 2)")
            .write(to: view, atomically: true, encoding: .utf8)
        // And one in a VIPER Presenter: what it tells the View to show.
        let viper = folder.appendingPathComponent("PostList-VIPER/Sources/PostListVIPER/Scenes/PostList/PostListPresenter.swift")
        let viperCode = try String(contentsOf: viper, encoding: .utf8)
        #expect(viperCode.contains("PostList.ShowPostsValues(postCount: response.posts.count, "))
        try viperCode.replacingOccurrences(of: "postCount: response.posts.count, ", with: "postCount: response.posts.count - 1, ")
            .write(to: viper, atomically: true, encoding: .utf8)
        let mutant = try ExternalTool.run("swift", ["test", "--filter", "SignInTests\\.|CounterSwiftUITests\\.|PostListVIPERTests\\."], in: folder)
        #expect(mutant.status != 0)
        let failed = mutant.stdout.split(separator: "\n").filter { $0.hasPrefix("✘ Test \"") && $0.contains(" failed after ") }
            .map { $0.split(separator: "\"")[1] }.sorted()
        #expect(failed == ["the Presenter formats Greet's ViewModel", "the Presenter shows RetrievePostList's didRetrievePosts as the run did",
                           "the story of Counter (SwiftUI VIP)", "the story of Posts (VIPER)", "the story of Sign in"],
                "\(mutant.stdout.suffix(2000))")
    }

    /// Runs that stop where the engine stops them: in one of the scenario's expressions (a division by zero, in the
    /// helper), at a worker's failure no call handles (in the worker's recording wrapper), and at a call that handles
    /// none where another call of the operation does (`WorkerFailure.unhandled`).
    static let stoppedRuns: [(file: String, yaml: String, fatal: String, end: String)] = [
        ("divide", """
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
            """, "Fatal error: division by zero", #"{"cycles":2,"end":"failed","error":"division by zero","messages":14,"t":0}"#),
        ("unhandled", """
            scenario: Unhandled
            scenes:
              A:
                workers:
                  W:
                    op: { error: "offline" }
                useCases:
                  U:
                    interactor:
                      - call: W.op
                      - respond: { text: '"done"' }
                    response: { text: String }
                    viewModel: { text: String }
                    presenter: { text: response.text }
                    view: [ { show: text } ]
            story:
              - do: A.U
            """, #"Fatal error: 'W.op' failed with "offline", and the call has no 'onError'"#,
         #"{"cycles":1,"end":"failed","error":"'W.op' failed with \"offline\", and the call has no 'onError'","messages":12,"t":0}"#),
        // One call handles the failure, the other does not: the wrapper lets it through, the call that handles none stops.
        ("mixed", """
            scenario: Mixed
            scenes:
              A:
                workers:
                  W:
                    op: { error: "offline" }
                useCases:
                  Careful:
                    interactor:
                      - call: W.op
                        onError:
                          - respond: { text: '"offline"' }
                      - respond: { text: '"done"' }
                    response: { text: String }
                    viewModel: { text: String }
                    presenter: { text: response.text }
                    view: [ { show: text } ]
                  Careless:
                    interactor:
                      - call: W.op
                      - respond: { text: '"done"' }
                    response: { text: String }
                    viewModel: { text: String }
                    presenter: { text: response.text }
                    view: [ { show: text } ]
            story:
              - do: A.Careful
              - do: A.Careless
            """, #"Fatal error: 'W.op' failed with "offline", and the call has no 'onError'"#,
         #"{"cycles":2,"end":"failed","error":"'W.op' failed with \"offline\", and the call has no 'onError'","messages":19,"t":0}"#),
    ]

    @Test("a run that fails fails the same way in the generated app: the same messages, the engine's error, then the app stops as Swift stops it",
          arguments: stoppedRuns.indices)
    func failureRecordsTheSameTrace(_ index: Int) throws {
        let run = Self.stoppedRuns[index]
        let scenario = try CLI.temporaryFile(run.yaml, name: "\(run.file).yml")
        let folder = scenario.deletingLastPathComponent()
        let simulated = try CLI.run(["run", scenario.path, "--out", folder.appendingPathComponent("out").path, "--image-format", "dot", "--no-report"])
        #expect(simulated.status == 1)
        let generated = try CLI.run(["generate", scenario.path, "--out", folder.appendingPathComponent("App").path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let trace = folder.appendingPathComponent("app.jsonl")
        let tested = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(trace.path)", "swift", "test", "--filter", "StoryTests"], in: folder.appendingPathComponent("App"))
        // The app stops where Swift traps, inside the cycle where the engine stops; the trace was ended first.
        #expect(tested.status != 0)
        #expect((tested.stdout + tested.stderr).contains(run.fatal), "\(tested.stderr.suffix(2000))")
        let recorded = try Self.comparable(Data(contentsOf: trace))
        let engine = try Self.comparable(Data(contentsOf: folder.appendingPathComponent("out/\(run.file)/trace.jsonl")))
        #expect(recorded == engine)
        #expect(recorded.last == run.end)
    }

    @Test("deleting an app's tracing files and the one line per scene that calls record leaves an app that builds without a warning, its parts naming nothing of the recording",
          arguments: [("Shop", "TeaShop", 8, 1), ("PostList-VIPER", "PostsVIPER", 2, 1), ("Counter-SwiftUI", "CounterSwiftUIVIP", 1, 0),
                      ("Counter-AppState", "CounterAppState", 1, 1)])
    func recordingRemoves(_ scenario: String, module: String, scenes: Int, modelTracingFiles: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-unrecorded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try CLI.run(["generate", "Scenarios/\(scenario).yml", "--out", folder.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let sources = folder.appendingPathComponent("Sources/\(module)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
        var removedLines = 0
        for file in files {
            let url = sources.appendingPathComponent(file)
            if file.hasSuffix("Tracing.swift") {
                try FileManager.default.removeItem(at: url)
                continue
            }
            let text = try String(contentsOf: url, encoding: .utf8)
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("Tracing.record(") }
            removedLines += text.split(separator: "\n", omittingEmptySubsequences: false).count - kept.count
            try kept.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            // The parts hold no trace and record nothing themselves.
            if file.hasPrefix("Scenes/") {
                for word in ["trace", "SceneTrace", "traceValue", "Recorder.stop", "TraceValueConvertible"] {
                    #expect(!text.contains(word + ".") && !text.contains(word + ":") && !text.contains(word + " "), "\(file) names \(word)")
                }
            }
        }
        // One line per scene (a Clean Swift scene's wiring, a VIPER module's creation, a SwiftUI View's
        // configureView()); a tracing file per scene, and one for the entities or the AppState where there are.
        #expect(removedLines == scenes)
        #expect(files.filter { $0.hasSuffix("Tracing.swift") }.count == scenes + modelTracingFiles)
        // The tests record; the app alone is what is left.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Tests"))
        let manifest = folder.appendingPathComponent("Package.swift")
        try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "\n        .testTarget(", with: "\n        // .testTarget(")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let built = try ExternalTool.run("swift", ["build"], in: folder)
        #expect(built.status == 0, "\(built.stdout.suffix(3000))\(built.stderr.suffix(3000))")
        #expect(!(built.stdout + built.stderr).contains("warning:"), "\(built.stdout.suffix(3000))")
    }

    @Test("round trip: what generate writes, drift reads back as the scenario",
          arguments: ["Login", "Repositories", "CreateIceCream", "Shop", "CleanStore", "Generate/BackRoutes", "Generate/MethodShapes"])
    func roundTrip(_ name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-roundtrip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = name.hasPrefix("Generate/") ? "Tests/SceneFlowCLITests/Fixtures/\(name).yml" : "Scenarios/\(name).yml"
        let generated = try CLI.run(["generate", scenario, "--out", folder.path])
        #expect(generated.status == 0, "\(generated.stderr)")
        let drift = try CLI.run(["drift", scenario, folder.appendingPathComponent("Sources").path, "--color", "never"])
        #expect(drift.status == 0, "\(drift.stdout)\(drift.stderr)")
        #expect(drift.stdout == "✓ the scenario and the code agree\n")
    }

    @Test("a folder that holds files is kept unless forced; what generate cannot write yet is refused with its place; a bad scenario says why")
    func refusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-generate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let edited = folder.appendingPathComponent("Notes.md")
        try Data("mine".utf8).write(to: edited)
        let kept = try CLI.run(["generate", "Scenarios/Login.yml", "--out", folder.path, "--color", "never"])
        #expect(kept.status == 2)
        #expect(kept.stderr == "error: \(folder.path) holds files (1); generated code is meant to be edited, so --force is needed to overwrite it\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path))
        let forced = try CLI.run(["generate", "Scenarios/Login.yml", "--out", folder.path, "--force"])
        #expect(forced.status == 0)
        #expect(forced.stderr.hasPrefix("52 files, module SignIn, in "))
        #expect(try String(contentsOf: edited, encoding: .utf8) == "mine")
        // No dependency: the recorder's source is carried.
        let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".package("))
        #expect(manifest.contains(#".target(name: "SceneFlowRecorder", dependencies: ["TraceFormat"]"#))

        // What generate cannot write yet is refused with its place, and nothing is written.
        let stateful = try CLI.temporaryFile("""
            scenario: Stateful
            pattern: swiftui
            scenes:
              A:
                view:
                  state: { count: Int = 0 }
                useCases:
                  Go:
                    interactor: [ { respond: {} } ]
            """, name: "stateful.yml")
        let refused = try CLI.run(["generate", stateful.path, "--out", folder.appendingPathComponent("V").path, "--color", "never"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("\(stateful.path):6:16: error: generate does not write a View's own state ('count') yet [generate/view-state]\n"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("V").path))

        let broken = try CLI.temporaryFile("scenario: X\nscenes: { A: { useCases: { U: { interactor: [ { respond: { n: 1 } } ] } } } }\n", name: "broken.yml")
        let invalid = try CLI.run(["generate", broken.path, "--out", folder.appendingPathComponent("B").path, "--color", "never"])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("broken.yml:2:60: error: "))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("B").path))
    }
}
