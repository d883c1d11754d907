import Diagrams
import Foundation
import Narration
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import TerminalOutput
import Testing
import TestSupport
import TraceFormat

let examples = PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent }
let goldens = PackagePaths.tests.appendingPathComponent("NarrationTests/Goldens")

/// An example's run, loaded by its path from the package root.
func trace(_ name: String) throws -> Trace {
    let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
    let scenario = try #require(ScenarioLoader().load(data: Data(contentsOf: url), file: "Scenarios/\(name).yml",
                                                      baseDirectory: PackagePaths.scenarios).scenario)
    let recorder = TraceRecorder()
    _ = try Engine(scenario: scenario).run(into: recorder, hooks: EngineHooks())
    return try #require(recorder.trace)
}

/// What `explain` prints, without colour, feeding `answers` as the learner's lines.
func explained(_ name: String, language: Language = .english, step: Bool = false, quiz: Bool = false,
               answers: [String] = []) throws -> (text: String, score: ExplainSession.Score) {
    var text = ""
    var remaining = answers[...]
    let session = ExplainSession(
        narration: Narrator(language: language).narrate(try trace(name)),
        options: .init(step: step, quiz: quiz, echoInput: true), style: .plain, language: language,
        input: { remaining.popFirst() }, output: { text += $0 })
    let score = session.run()
    return (text, score)
}

@Suite("Narration catalogue")
struct CatalogueTests {
    static func placeholders(_ template: String) -> Set<String> {
        Set(template.matches(of: #/\{([a-zA-Z]+)\}/#).map { String($0.output.1) })
    }

    @Test("every language has every sentence, with the same placeholders", arguments: Language.allCases)
    func complete(_ language: Language) throws {
        let table = try #require(Catalogue.tables[language])
        #expect(Set(table.keys) == Set(Catalogue.english.keys), "missing: \(Set(Catalogue.english.keys).subtracting(table.keys).sorted())")
        for (key, english) in Catalogue.english {
            #expect(Self.placeholders(table[key] ?? "") == Self.placeholders(english), "\(language.rawValue): \(key)")
        }
    }

    @Test("each message kind and each stage of each pattern has its sentence")
    func coverage() {
        let catalogue = Catalogue()
        for kind in EventKind.allCases {
            #expect(catalogue.has("kind.\(kind.rawValue)"), "kind.\(kind.rawValue)")
        }
        // Every stage a pattern's cycle has is explained for that pattern (its own entry, or the general one).
        for pattern in Pattern.all {
            let key = pattern.definition.narrationKey
            for stage in pattern.definition.cycle.stages where stage != .entity {
                #expect(catalogue.has("why.\(stage.rawValue).\(key)") || catalogue.has("why.\(stage.rawValue)"),
                        "why.\(stage.rawValue) for \(pattern)")
            }
            #expect(catalogue.has("setup.why.\(key)"))
        }
    }

    @Test("templates fill their placeholders and leave unknown ones visible")
    func filling() {
        let catalogue = Catalogue()
        #expect(catalogue.text("quiz.score", ["right": "3", "asked": "4"]) == "Score: 3 of 4.")
        #expect(catalogue.text("quiz.score", ["right": "3"]) == "Score: 3 of {asked}.")
        #expect(Catalogue(.korean).text("quiz.score", ["right": "3", "asked": "4"]) == "점수: 4문제 중 3개 정답.")
    }
}

@Suite("explain")
struct ExplainTests {
    @Test("Login, narrated in English and in Korean, matches the golden files", arguments: [Language.english, .korean])
    func login(_ language: Language) throws {
        Golden.check(try explained("Login", language: language).text,
                     against: goldens.appendingPathComponent("Login.explain.\(language.rawValue).txt"))
    }

    @Test("VIPER's narration speaks of events, the hub and the WireFrame")
    func viper() throws {
        let text = try explained("PostList-VIPER").text
        #expect(text.contains("  9  PostListView → PostListPresenter  · through PostListPresenterProtocol\n      PostListView tells PostListPresenter what happened: PostListPresenterProtocol.viewDidLoad().\n      Why: In VIPER the View is passive"))
        #expect(text.contains("""
              48  PostListPresenter → PostListWireFrame  · through PostListWireFrameProtocol
                  PostListPresenter asks PostListWireFrame to go on:
                  PostListWireFrameProtocol.presentPostDetailScreen(from:forPost:).
                  Why: The WireFrame owns navigation and module assembly, so the Presenter never creates
                       screens.
            """))
    }

    @Test("every example narrates every message, with no template left unfilled", arguments: examples)
    func everyExample(_ name: String) throws {
        for language in Language.allCases {
            let run = try trace(name)
            let narration = Narrator(language: language).narrate(run)
            let told = Set(narration.steps.flatMap(\.sequences))
            #expect(told == Set(run.events.map(\.sequence)), "every event is told once")
            for step in narration.steps {
                for text in [step.text, step.why ?? "", step.headline ?? ""] {
                    #expect(text.firstMatch(of: #/\{[a-zA-Z]+\}/#) == nil, "\(language.rawValue) \(name): \(text)")
                    #expect(!text.contains(" 1 cycles"), "\(name): \(text)")
                    #expect(!text.hasPrefix("kind.") && !text.hasPrefix("why."), "\(text)")
                }
                if step.kind == .message, let stage = step.stage {
                    let definition = try #require(Pattern(rawValue: narration.pattern)).definition
                    #expect(CyclePicture.picture(for: definition).stages.contains(stage) || stage == .next && !definition.cycle.stages.contains(.next)
                                || stage == .next && definition.flow.viewWritesDataStore,
                            "\(name): stage \(stage) is not in the \(narration.pattern) picture")
                }
            }
        }
    }

    @Test("--step shows the cycle picture with the current arrow heavy; 'q' stops")
    func step() throws {
        let (text, _) = try explained("Login", step: true, answers: ["", "", "q"])
        #expect(text.contains("""
              10  LoginViewController → LoginInteractor  · through LoginBusinessLogic
                  LoginViewController sends a Request to LoginInteractor: LoginBusinessLogic.login(request:).
                  Why: The Interactor holds the scene's business logic: it decides what happens, calls Workers
                       and keeps state in its DataStore. The View leaves the decision to it: it passes on what
                       the user did (or that the scene came on screen) as the Request.
                  Carries: Login.Login.Request {username: "ann", password: "wrong"}
                  User ◀─▶ View ━━request━━▶ Interactor ◀─▶ Worker
                            │ ▲                │   └─▶ DataStore
                      route │ │ display        ▼ response
                            ▼ └─────────── Presenter
                         Router ─passes data─▶ next scene
            [Enter: next · q: quit] q

            """))
        #expect(!text.contains("  11  "), "'q' stops before the next message")
    }

    @Test("--quiz asks who receives each message, tells why, and scores")
    func quiz() throws {
        // Right (Interactor), wrong (Presenter for the worker call), empty (shows the answer), nonsense then right.
        let (text, score) = try explained("Login", quiz: true, answers: ["1", "2", "", "nine", "presenter"])
        #expect(text.contains("""

            ? LoginViewController sends a Request. Who receives it?
                1) LoginInteractor
                2) LoginPresenter
                3) LoginRouter
                4) AuthWorker
                5) LoginDataStore
              > 1
              ✓ Right: LoginInteractor.
                The Interactor holds the scene's business logic: it decides what happens, calls Workers and
                keeps state in its DataStore. The View leaves the decision to it: it passes on what the user did
                (or that the scene came on screen) as the Request.
              10  LoginViewController → LoginInteractor  · through LoginBusinessLogic
            """))
        #expect(text.contains("  > 2\n  ✗ It goes to AuthWorker.\n"))
        #expect(text.contains("  > \n  ✗ It goes to LoginPresenter.\n"))
        #expect(text.contains("? LoginPresenter sends a ViewModel. Who receives it?\n    1) LoginViewController\n"))
        // "presenter" names no option of the fourth question (the Presenter sends it): asked again, then input ends.
        #expect(text.hasSuffix("  > nine\n  1–5?\n  > presenter\n  1–5?\n  > \nQuiz stopped: no more answers.\n\nScore: 1 of 3.\n"))
        #expect(score == ExplainSession.Score(asked: 3, right: 1))
    }

    @Test("a whole quiz of the right answers scores full marks", arguments: examples)
    func fullMarks(_ name: String) throws {
        let narration = Narrator().narrate(try trace(name))
        let answers = narration.steps.compactMap(\.question).map { String($0.answer + 1) }
        #expect(!answers.isEmpty)
        let (text, score) = try explained(name, quiz: true, answers: answers)
        #expect(score == ExplainSession.Score(asked: answers.count, right: answers.count))
        #expect(text.hasSuffix("Score: \(answers.count) of \(answers.count).\n"))
    }

    @Test("answers by number, name or role", arguments: [
        ("1", true), ("LoginInteractor", true), ("logininteractor", true), ("interactor", true), ("2", false),
        ("presenter", false), ("9", nil), ("0", nil), ("x", nil), ("", nil),
    ] as [(String, Bool?)])
    func answers(_ reply: String, _ expected: Bool?) throws {
        let narration = Narrator().narrate(try trace("Login"))
        let question = try #require(narration.steps.first { $0.sequences == [10] }?.question)
        #expect(question.isRight(reply) == expected)
    }
}

@Suite("The cycle picture and diagram")
struct CycleTests {
    @Test("each pattern's text picture", arguments: Pattern.all)
    func pictures(_ pattern: Pattern) {
        Golden.check(CyclePicture.picture(for: pattern.definition).text + "\n", against: goldens.appendingPathComponent("picture.\(pattern.rawValue).txt"))
    }

    @Test("the cycle diagram counts this run's messages on each arrow")
    func counts() throws {
        let diagram = CycleDiagramBuilder.build(trace: try trace("Login"))
        #expect(diagram.edges.map { "\($0.from)→\($0.to) \($0.label) ×\($0.count)" } == [
            "user→view action ×2", "view→interactor Request ×3", "interactor→worker work ×2", "worker→interactor result ×2",
            "interactor→presenter Response ×3", "presenter→view ViewModel ×3", "interactor→dataStore stores ×2",
            "view→router route ×1", "router→next passes data, navigates ×3",
        ])
        let viper = CycleDiagramBuilder.build(trace: try trace("PostList-VIPER"))
        // 5 events reach the Presenter; 3 need the Interactor (showing the detail and the detail scene do not).
        #expect(viper.edges.map(\.count) == [3, 5, 10, 3, 3, 6, 6, 0, 1, 2])
    }

    @Test("the cycle diagram's DOT matches the golden files, and its arrows have the ids the report highlights",
          arguments: ["Login", "Counter-SwiftUI", "Counter-AppState", "PostList-VIPER"])
    func dot(_ name: String) throws {
        let graph = CycleDiagramBuilder.build(trace: try trace(name)).dot()
        let dot = DOTEncoder.encode(graph)
        Golden.check(dot, against: goldens.appendingPathComponent("\(name).cycle.dot"))
        let ids = graph.statements.compactMap { statement -> String? in
            if case .edge(let edge) = statement, case .text(let id)? = edge.attributes["id"] { return id }
            return nil
        }
        #expect(Set(ids).count == ids.count, "edge ids are unique")
        let stages = Set(ids.map { $0.replacingOccurrences(of: "cycle-", with: "").replacingOccurrences(of: "-back", with: "") })
        #expect(stages.subtracting(CycleStage.allCases.map(\.rawValue)).isEmpty, "ids name the cycle's stages")
    }
}

/// What the narration says is the pattern's own: no DataStore where the state is elsewhere, no View held where it is
/// a struct, and Back is not data passing.
@Suite("Narration per pattern")
struct PatternNarrationTests {
    func whys(_ name: String, language: Language = .english) throws -> [(headline: String, why: String)] {
        Narrator(language: language).narrate(try trace(name)).steps.compactMap { step in step.why.map { (step.headline ?? "", $0) } }
    }

    @Test("the AppState variant's Interactor keeps no state of its own")
    func appState() throws {
        let request = try #require(try whys("Counter-AppState").first { $0.why.hasPrefix("The Interactor holds") })
        #expect(request.why.contains("keeps no state of its own"))
        #expect(!(try whys("Counter-AppState")).contains { $0.why.contains("its DataStore") })
    }

    @Test("SwiftUI VIP says its View is a struct the Presenter reaches through the DataStore it observes")
    func swiftUI() throws {
        let display = try #require(try whys("Counter-SwiftUI").first { $0.headline.contains("Presenter → ") })
        #expect(display.why.contains("A SwiftUI View is a struct"))
        let korean = try #require(try whys("Counter-SwiftUI", language: .korean).first { $0.headline.contains("Presenter → ") })
        #expect(korean.why.contains("구조체"))
    }

    @Test("VIPER's WireFrame hands the next module what it needs: no Router, no DataPassing")
    func viper() throws {
        let next = try whys("PostList-VIPER").filter { $0.headline.contains("WireFrame → ") }
        #expect(!next.isEmpty && next.allSatisfy { !$0.why.contains("DataPassing") && !$0.why.contains("the Router") })
    }

    @Test("Clean Swift's rules are stated where they apply: who creates each model, the weak View, the one-way cycle, when wiring runs")
    func rules() throws {
        let whys = try whys("Login")
        let text = { (prefix: String) in whys.first { $0.why.hasPrefix(prefix) }?.why ?? "" }
        #expect(text("The Interactor holds").contains("it passes on what the user did (or that the scene came on screen) as the Request"))
        #expect(text("The Interactor creates the Response").contains("the Presenter never calls the Interactor back"))
        #expect(text("The Presenter creates the ViewModel").contains("holds the View weakly")
                && text("The Presenter creates the ViewModel").contains("retain cycle"))
        #expect(text("The Configurator connects").hasSuffix("before viewDidLoad."))
    }

    @Test("the user's Back says what is released and what comes back, not data passing")
    func back() throws {
        let back = try #require(try whys("Repositories").first { $0.headline.contains("User → ") && $0.why.contains("Going back") })
        #expect(back.why.hasSuffix("nothing is passed back unless a route passes it."))
        #expect(!(try whys("Repositories")).contains { $0.headline.hasPrefix("41 ") && $0.why.contains("DataPassing") })
    }
}

/// What the narration says of who holds whom is what the pattern declares and the generated code does.
@Suite("Narration: ownership as declared")
struct OwnershipNarrationTests {
    func whys(_ name: String, _ language: Language) throws -> [String] {
        Narrator(language: language).narrate(try trace(name)).steps.compactMap(\.why)
    }

    @Test("a scene's workers are made by the part that holds them, as the templates and the generated code make them, not wired by the Configurator or the WireFrame")
    func workersAreMadeByTheirHolder() throws {
        let login = Narrator(language: .english).narrate(try trace("Login")).steps.filter { $0.kind == .setup }.map(\.text)
        #expect(login.contains { $0.hasSuffix(" LoginInteractor makes its own workers: authWorker = AuthWorker().") })
        #expect(!login.contains { $0.contains("LoginInteractor.authWorker") })
        let viper = Narrator(language: .english).narrate(try trace("PostList-VIPER")).steps.filter { $0.kind == .setup }
        #expect(viper.contains { $0.text.contains("PostListInteractor makes its own workers: localDataManager = LocalDataManager(), remoteDataManager = RemoteDataManager().") })
        #expect(viper.allSatisfy { $0.why?.contains("creates View, Presenter, Interactor and DataManagers") != true })
    }

    @Test("DataPassing's why is told only where a route passes data: a navigation that passes nothing says so", arguments: examples)
    func dataPassingWhereItPasses(_ name: String) throws {
        let run = try trace(name)
        let narration = Narrator(language: .english).narrate(run)
        var stepOf: [Int: Narration.Step] = [:]
        for step in narration.steps { for sequence in step.sequences { stepOf[sequence] = step } }
        var passed = 0
        for event in run.events {
            if event.kind == .route { passed = 0 }
            if event.kind == .dataPassing { passed += 1 }
            guard event.kind == .navigation, event.stage == .next, let why = stepOf[event.sequence]?.why else { continue }
            if passed == 0 {
                #expect(why.contains("passes it nothing") || why.contains("hands it nothing"), "\(name) \(event.sequence): \(why)")
            }
        }
    }

    @Test("VIPER says why its two-way Presenter ↔ Interactor link is no cycle, as its definition holds the output weakly")
    func viperOutputIsWeak() throws {
        #expect(PatternDefinition.viper.dependencies.contains { $0.from == .interactor && $0.to == .presenter && $0.kind == .weak })
        #expect(try whys("PostList-VIPER", .english).contains { $0.contains("The Interactor holds its Presenter weakly") })
        #expect(try whys("PostList-VIPER", .korean).contains { $0.contains("Interactor는 Presenter를 약하게 참조") })
    }

    @Test("SwiftUI VIP's Presenter displays on a copy of the View, as drawn and generated; a View that computes is not said to decide nothing")
    func swiftUIDisplaysOnACopy() throws {
        #expect(PatternDefinition.swiftUI.dependencies.contains { $0.from == .presenter && $0.to == .view && $0.kind == .copy })
        let english = try whys("Counter-SwiftUI", .english)
        #expect(english.contains { $0.contains("the Presenter displays on a copy of it made without its Interactor") })
        #expect(!english.contains { $0.contains("decides nothing") })
        #expect(!english.contains { $0.contains("holds the View's observable DataStore") })
    }
}

/// The ownership card `explain` opens with: who makes each part, who holds whom and where state lives, in every pattern
/// and both languages, read from the definition whose references the generated code is held to.
@Suite("Ownership card")
struct OwnershipCardTests {
    @Test("every pattern has its card in English and Korean, each reference as the definition declares it",
          arguments: [Pattern.cleanSwift, .viper, .swiftUI, .appStateVariant])
    func card(_ pattern: Pattern) throws {
        let definition = pattern.definition
        for language in Language.allCases {
            let card = OwnershipCard(definition, language: language)
            #expect(card.title.contains(definition.title))
            #expect(card.lines.count >= 5)
            for line in card.lines { #expect(line.firstMatch(of: #/\{[a-zA-Z]+\}/#) == nil, "\(language.rawValue): \(line)") }
            let references = try #require(card.lines.first { $0.hasPrefix(language == .english ? "References: " : "참조: ") })
            #expect(references.components(separatedBy: "), ").count == definition.dependencies.count)
            let weak = Catalogue(language).text("card.weak")
            for dependency in definition.dependencies where dependency.kind == .weak {
                #expect(references.contains("→ \(dependency.to == .view ? "View" : "Presenter") (\(weak))"), "\(references)")
            }
        }
        let english = OwnershipCard(definition, language: .english).text
        #expect(english.contains("The Interactor makes its own workers."))
        #expect(english.contains("no retain cycle") == (pattern == .viper))
        // SwiftUI's Presenter holds a copy of its View; an AppState View holds its Interactor and Router as values.
        #expect(english.contains("(a copy of a value)") == (pattern == .swiftUI || pattern == .appStateVariant))
    }

    @Test("explain opens with the card, after the cycle's picture")
    func explainShowsIt() throws {
        let text = try explained("PostList-VIPER").text
        let picture = try #require(text.range(of: "Who holds whom — VIPER\n"))
        let first = try #require(text.range(of: "  1–"))
        #expect(picture.upperBound < first.lowerBound)
        #expect(text.contains("  The WireFrame makes the View, Presenter and Interactor and connects them through protocols.\n"))
    }
}
