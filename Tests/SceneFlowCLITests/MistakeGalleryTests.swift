import Foundation
import Narration
import ScenarioSpec
import SceneFlowKit
import StoryCheck
import Testing
import TestSupport
import TraceFormat

@Suite("The mistakes gallery")
struct MistakeGalleryTests {
    /// One example per pattern, each reaching every component its rules speak of.
    static let examples = ["Login.yml", "Counter-SwiftUI.yml", "Counter-AppState.yml", "PostList-VIPER.yml"]

    static func trace(_ file: String) throws -> TraceSource {
        try TraceSource.load(PackagePaths.scenarios.appendingPathComponent(file).path)
    }

    @Test("each pattern's rules that a message can break, one path each", arguments: examples)
    func rules(_ file: String) throws {
        let definition = try Self.trace(file).trace.header.patternDefinition
        let listed = MistakeGallery.mistakes(of: definition).map { "\($0.rule.id) \($0.path)" }
        let expected: [String: [String]] = [
            "clean-swift": ["clean-swift/interactor-owns-datastore View → DataStore", "clean-swift/one-way Presenter → Interactor",
                            "clean-swift/view-routes Presenter → Router", "clean-swift/view-to-interactor View → Presenter",
                            "clean-swift/workers-serve-interactor Presenter → Worker"],
            "swiftui": ["swiftui/one-way Presenter → Interactor", "swiftui/view-owns-datastore Interactor → DataStore",
                        "swiftui/view-to-interactor View → Presenter"],
            "appstate": ["appstate/no-return Interactor → View"],
            "viper": ["viper/presenter-navigates View → Router", "viper/through-presenter Interactor → View",
                      "viper/view-knows-presenter View → Interactor"],
        ]
        #expect(listed == expected[definition.pattern.rawValue])
    }

    @Test("a broken run breaks exactly its rule, at the message added, and stays a well-formed trace", arguments: examples)
    func breaking(_ file: String) throws {
        let source = try Self.trace(file)
        let pattern = try #require(Pattern(rawValue: source.trace.header.pattern))
        #expect(StoryChecker().architecture(source.trace, pattern: pattern).outcome == .passed)
        for mistake in MistakeGallery.mistakes(of: pattern.definition) {
            let broken = try MistakeGallery.breaking(source.trace, with: mistake)
            let check = StoryChecker().architecture(broken.trace, pattern: pattern)
            #expect(check.outcome == .failed)
            #expect(check.actual == "event \(broken.offending) \(mistake.path) breaks \(mistake.rule.id)")
            let events = broken.trace.events
            #expect(events.map(\.sequence) == Array(1...events.count))
            #expect(events.allSatisfy { ($0.parent ?? 0) < $0.sequence })
            let made = events[broken.offending - 1]
            #expect(made.from.role == mistake.path.from && made.to.role == mistake.path.to)
            #expect(made.from.sceneInstance == made.to.sceneInstance || made.to.scene == nil)
            // Everything before the mistake is the original run, word for word.
            #expect(Array(events.prefix(broken.offending - 1)) == Array(source.trace.events.prefix(broken.offending - 1)))
            // The run ends with the cycle the mistake is in, which holds it.
            let cycle = try #require(broken.trace.cycle(made.cycle))
            #expect(cycle.firstSequence <= broken.offending && cycle.lastSequence == events.count)
            #expect(broken.trace.steps.last.map { $0.lastSequence == events.count } == true)
        }
    }

    @Test("every mistake says what goes wrong, in English and Korean, and its rule in Korean")
    func sentences() {
        for pattern in Pattern.all {
            for mistake in MistakeGallery.mistakes(of: pattern.definition) {
                #expect(Catalogue().has("mistake.\(mistake.rule.id)"), "mistake.\(mistake.rule.id)")
                #expect(Catalogue.rules[.korean]?[MistakeGallery.translationKey(mistake)] != nil, "\(MistakeGallery.translationKey(mistake))")
            }
        }
        #expect(Set(Catalogue.rules[.korean]!.keys) == Set(Pattern.all.flatMap { MistakeGallery.mistakes(of: $0.definition) }
            .map(MistakeGallery.translationKey)))
    }

    @Test("explain --mistake tells the broken cycle, names the rule and draws the offending arrow red")
    func explainOne() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-mistake-\(UUID().uuidString)")
        let result = try CLI.run(["explain", "Scenarios/Login.yml", "--mistake", "one-way", "--out", out.path, "--color", "never"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("Mistake clean-swift/one-way — Sign in, broken on purpose\n"))
        #expect(result.stdout.contains("""
              14  LoginPresenter → LoginInteractor  · through LoginBusinessLogic  ✗ clean-swift/one-way
                  LoginPresenter sends a Request to LoginInteractor: LoginBusinessLogic.login(request:).
                  Rule: ✗ Presenter → Interactor breaks clean-swift/one-way: data flows one way, View →
            """))
        #expect(result.stdout.contains("What would go\n            wrong in the app: the Presenter now holds the Interactor that holds it"))
        #expect(result.stdout.hasSuffix("""
            The run stops after the cycle with the mistake, at message 16.
            ✗ architecture: event 14 Presenter → Interactor breaks clean-swift/one-way
              \(out.path)/Login/mistakes/clean-swift-one-way/sequence.svg
              \(out.path)/Login/mistakes/clean-swift-one-way/dependencies.svg

            """))
        let folder = out.appendingPathComponent("Login/mistakes/clean-swift-one-way")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["dependencies.dot", "dependencies.svg", "sequence.dot", "sequence.svg"])
        let dot = try String(contentsOf: folder.appendingPathComponent("sequence.dot"), encoding: .utf8)
        let arrow = try #require(dot.split(separator: "\n").first { $0.contains("id=\"m14\"") })
        #expect(arrow.contains("color=\"#dc2626\"") && arrow.contains("penwidth=2.4"))
        #expect(arrow.contains("14  LoginBusinessLogic.login(request:)  ✗ clean-swift/one-way"))
        let dependencies = try String(contentsOf: folder.appendingPathComponent("dependencies.dot"), encoding: .utf8)
        #expect(dependencies.contains("LoginBusinessLogic — not declared"))

        let korean = try CLI.run(["explain", "Scenarios/Login.yml", "--mistake", "clean-swift/one-way", "--lang", "ko",
                                  "--out", out.path, "--color", "never"])
        #expect(korean.stdout.contains("앱에서 생기는 문제: Presenter가 자신을 붙잡은 Interactor를 다시 붙잡습니다."))
    }

    @Test("a rule the pattern does not have, or the run cannot break, is an error naming the choices")
    func refusals() throws {
        let unknown = try CLI.run(["explain", "Scenarios/Login.yml", "--mistake", "presenter-navigates", "--color", "never"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: clean-swift has no rule 'presenter-navigates'; its rules: clean-swift/interactor-owns-datastore, "
                + "clean-swift/one-way, clean-swift/view-routes, clean-swift/view-to-interactor, clean-swift/workers-serve-interactor\n")
        // CreateIceCream's scene has no Router: nothing to copy for the Presenter to misuse.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-mistake-\(UUID().uuidString)")
        let noRouter = try CLI.run(["explain", "Scenarios/CreateIceCream.yml", "--mistake", "view-routes", "--out", out.path, "--color", "never"])
        #expect(noRouter.status == 2)
        #expect(noRouter.stderr.hasPrefix("error: the run has no message to a Router to copy for clean-swift/view-routes; "))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let list = try CLI.run(["explain", "Scenarios/PostList-VIPER.yml", "--mistake", "list", "--color", "never"])
        #expect(list.stdout == """
            viper/presenter-navigates  View → Router: in VIPER the Presenter asks the WireFrame to navigate; the View only reports events
            viper/through-presenter  Interactor → View: in VIPER the Interactor reports to the Presenter (InteractorOutputProtocol), never to the View
            viper/view-knows-presenter  View → Interactor: in VIPER the View knows only its Presenter; the Presenter talks to the Interactor

            """)
    }

    @Test("options that would have no effect with --mistake, or without it, are usage errors")
    func usage() throws {
        let cases: [([String], String)] = [
            (["--mistake", "one-way", "--quiz"], "--quiz asks about a run as it is; it cannot be combined with --mistake"),
            (["--mistake", "all", "--step"], "--step tells one mistake; it cannot be combined with --mistake all"),
            (["--mistake", "list", "--step"], "--step tells one mistake; it cannot be combined with --mistake list"),
            (["--out", "elsewhere"], "--out is where --mistake writes its diagrams; explain alone writes nothing: drop --out, or add --mistake"),
        ]
        for (options, message) in cases {
            let result = try CLI.run(["explain", "Scenarios/Login.yml"] + options + ["--color", "never"])
            #expect(result.status == 2, "\(options)")
            #expect(result.stderr.hasPrefix("Error: \(message)\nUsage: sceneflow explain "), "\(result.stderr)")
            #expect(result.stdout == "")
        }
    }

    @Test("the scenario's output folder must be a real folder: a link there is refused and nothing is written through it")
    func linkedFolder() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-mistake-\(UUID().uuidString)")
        let elsewhere = out.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("Login"), withDestinationURL: elsewhere)
        for rule in ["one-way", "all"] {
            let result = try CLI.run(["explain", "Scenarios/Login.yml", "--mistake", rule, "--out", out.path, "--color", "never"])
            #expect(result.status == 2)
            #expect(result.stderr == "error: \(out.path)/Login is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link\n")
            #expect(result.stdout == "")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("the gallery leaves out, with the reason, the rules a run cannot break; list speaks the chosen language")
    func leftOut() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-mistake-\(UUID().uuidString)")
        let result = try CLI.run(["explain", "Scenarios/CreateIceCream.yml", "--mistake", "all", "--out", out.path, "--color", "never"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            note: left out of the gallery: the run has no message to a DataStore to copy for clean-swift/interactor-owns-datastore; choose a scenario whose story reaches one (Scenarios/Login.yml reaches every component)
            note: left out of the gallery: the run has no message to a Router to copy for clean-swift/view-routes; choose a scenario whose story reaches one (Scenarios/Login.yml reaches every component)

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("CreateIceCream/mistakes").path).sorted()
                == ["clean-swift-one-way", "clean-swift-view-to-interactor", "clean-swift-workers-serve-interactor", "index.html"])
        let korean = try CLI.run(["explain", "Scenarios/Counter-AppState.yml", "--mistake", "list", "--lang", "ko", "--color", "never"])
        #expect(korean.stdout == "appstate/no-return  Interactor → View: Interactor는 결과를 View에 돌려주지 않습니다. AppState에 쓰고, View가 그것을 관찰합니다\n")
    }

    @Test("the gallery page holds every rule of the pattern, each with its check and its diagram")
    func gallery() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-mistake-\(UUID().uuidString)")
        let result = try CLI.run(["explain", "Scenarios/CleanStore.yml", "--mistake", "all", "--out", out.path, "--color", "never"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let folder = out.appendingPathComponent("CleanStore/mistakes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
            "clean-swift-interactor-owns-datastore", "clean-swift-one-way", "clean-swift-view-routes",
            "clean-swift-view-to-interactor", "clean-swift-workers-serve-interactor", "index.html"])
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "<section id=").count == 6)
        #expect(page.components(separatedBy: "<figure><svg").count == 6)
        #expect(page.contains("<h2><code>clean-swift/workers-serve-interactor</code> — Presenter → Worker</h2>"))
        #expect(page.contains("class=check>event "))
    }
}
