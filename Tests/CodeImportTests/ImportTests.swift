import CodeImport
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import StoryCheck
import Testing
import TestSupport

/// `sceneflow import` on apps written for these tests, one per convention and one per messy case: each gives its
/// exact expected scenario, which validates.
@Suite("Import")
struct ImportTests {
    static let fixtures = PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures")
    static let expected = PackagePaths.tests.appendingPathComponent("CodeImportTests/Expected")
    static let names = ["current", "older", "spread-over-files", "typealias-and-generics", "messy-names", "viper", "swiftui", "appstate",
                        "controller-coordinator",
                        // The styles met in real apps, each written anew: all protocols in one file with a Configuration
                        // singleton and flat models; I-prefixed protocols, Assemblers and a Coordinator; VIPER named
                        // View-to-Presenter; VIPER in Generamba's inputs and outputs; relays; plain values everywhere.
                        "own-names", "assembler-coordinator", "viper-to", "viper-io", "reactive", "plain-values", "retain-cycle",
                        // Met since: route closures to a Coordinator with Assembly enums and enum models; the first
                        // templates' workers answering through a delegate; SwiftUI screens whose Controller is the display
                        // logic, navigating with links; SwiftUI VIPER with one Interactor and Router for every screen.
                        "coordinator-closures", "worker-delegate", "swiftui-links", "shared-interactor",
                        // A View doing a worker's job through a backend library, UserDefaults and a manager singleton.
                        "view-does-work",
                        // Scenes talking past the Router: a delegate handed over, a reference kept, a notification.
                        "between-scenes",
                        // Coordinators building each scene with initializers (data passed under other names), a
                        // Presenter told through a state enum, a computed View reference, an app's own `Character`.
                        "coordinator-initializers",
                        // Names in backticks, a '$' in a name (only that field is left out), raw values as Swift spells
                        // them (escapes, hexadecimal, binary, underscores, counted on from a negative one).
                        "odd-names",
                        // Services a dependency container gives: resolved by type (`resolve(X.self)!`), named by a key
                        // path (`@Injected(\\.repository)`), injected by an initializer; the container is no worker.
                        "container-services",
                        // Destinations a scene enum builds where it switches on itself (`Screens.item(id:).viewController`),
                        // one named only by its case; a Presenter and a WireFrame handed their View (`inject(view:)`).
                        "scene-enum",
                        // A Presenter whose list's `didSet` reloads the View, one that keeps a flag in UserDefaults
                        // itself, and an Interactor that calls `self` `me` in its completion handler.
                        "presenter-state",
                        // Generamba modules opened by their input protocol and configured through it, a Router making
                        // the next module through the factory it is given, and state changed in place (a struct's
                        // list emptied, a list sorted by a closure, rows typed for the View).
                        "module-input",
                        // An Interactor keeping state besides its DataStore protocol (filled in a result's case, sorted in
                        // place), changing a field through what it holds (`info.title = …`), and telling its Presenter
                        // of a failure in a `catch`.
                        "interactor-state",
                        // A scene shown from two (pushed from one, presented from the other) whose Router goes back
                        // the way it came, and Views that route when they display an answer.
                        "shown-by-two",
                        // A route that makes its View Controller in one helper which hands the data to another, a
                        // configurator that makes an animator for the View it wires (wiring, not data passed), and a
                        // route that asks for another route when a link is missing, else opens Safari (no scene);
                        // a service reached through a facade's static property (`API.history.markViewed(…)`); the
                        // View's localized title (`LocalizationManager.shared.text(…)`), which is no worker.
                        "helper-routes",
                        // A tab bar View Controller that builds its tabs' modules, an Interactor that makes its service
                        // itself, a Router presenting full screen and a View Controller that sets its own style.
                        "viper-tabs",
                        // Presentation styles set on a navigation controller, by the destination itself, by none
                        // (UIKit's automatic page sheet), through an app's own `present(_:presentationStyle:)` and
                        // `.custom`; the template's `worker = XWorker()` where it
                        // is used and an optional worker asked with a default (`worker?.op() ?? []`).
                        "clean-swift-sheets",
                        // A SwiftUI View drawing straight from an observable Interactor that starts its work as it is
                        // made (what its `init` calls of its own that reaches a worker; not a subscription it sets up,
                        // nor what calls no worker), its cancellables no state.
                        "observable-interactor",
                        // VIPER modules built by a Wireframe's `init`: a route passing a value through the next
                        // Wireframe's initializer to the Presenter that keeps it, a Presenter whose list's `didSet`
                        // reloads the View from the completion handler it gave the Interactor, the app's own `Result`.
                        "viper-wireframes"]

    /// The importer as `sceneflow import` runs it: expressions the loader refuses become todo.
    static func importFixture(_ name: String, paths: [String]? = nil) throws -> CodeImporter.Result {
        let folder = fixtures.appendingPathComponent(name)
        return try CodeImporter().importApp(paths ?? [folder.path], title: name) { text in
            ScenarioLoader().load(yaml: text, file: "\(name).yml").diagnostics.compactMap { diagnostic in
                guard diagnostic.severity == .error, let location = diagnostic.location else { return nil }
                return CodeImporter.Problem(line: location.line, column: location.column, message: diagnostic.message)
            }
        }
    }

    @Test("each fixture gives its expected scenario, and the scenario validates", arguments: names)
    func expectedScenario(name: String) throws {
        let result = try Self.importFixture(name)
        Golden.check(result.scenario, against: Self.expected.appendingPathComponent("\(name).yml"))
        // The summary's count is the file's own: every `todo` outside the comments.
        let todos = result.scenario.split(separator: "\n").map { line -> Substring in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("#") ? "" : line.split(separator: "  # ", maxSplits: 1).first ?? ""
        }.reduce(0) { $0 + $1.matches(of: /\btodo\b/).count }
        #expect(result.placeholders == todos)
        let loaded = ScenarioLoader().load(yaml: result.scenario, file: "\(name).yml")
        #expect(loaded.scenario != nil, "\(loaded.diagnostics.map(\.description))")
        #expect(!loaded.diagnostics.contains { $0.severity == .error })
        // Every warning is a placeholder at a 'todo', a method the app names in a shape generate cannot write, a field
        // the code gives its value only when the scene is made, a name of the app's that generated code cannot declare,
        // or a rule of the pattern the code breaks (said, not reshaped).
        let pattern = loaded.scenario?.pattern.rawValue ?? ""
        for warning in loaded.diagnostics where warning.severity == .warning {
            #expect(warning.message.contains("placeholder") || warning.notes.map(\.message) == ["run, check and the diagrams use the name as written; generate refuses it"]
                    || ["generate/no-initial-value", "generate/reserved-name"].contains(warning.id) || warning.id.hasPrefix("\(pattern)/"),
                    "\(warning)")
        }
    }

    @Test("the same bytes whatever order the files and folders are given in")
    func deterministic() throws {
        let folder = Self.fixtures.appendingPathComponent("current")
        let forward = try Self.importFixture("current", paths: [folder.appendingPathComponent("Shop").path, folder.appendingPathComponent("ShopTests").path])
        let backward = try Self.importFixture("current", paths: [folder.appendingPathComponent("ShopTests").path, folder.appendingPathComponent("Shop").path])
        #expect(forward.scenario == backward.scenario)
        let sources = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("Shop").path)
            .filter { $0.hasSuffix(".swift") }
            .map { (file: "Shop/\($0)", text: try String(contentsOf: folder.appendingPathComponent("Shop/\($0)"), encoding: .utf8)) }
        let a = try CodeImporter().read(sources: sources)
        let b = try CodeImporter().read(sources: sources.reversed())
        #expect(a.scenes.map(\.name) == b.scenes.map(\.name))
        #expect(a.unmapped == b.unmapped)
    }

    @Test("test doubles are not components, and dependency folders are not read")
    func doublesAndDependencies() throws {
        let app = try Self.importFixture("current").app
        #expect(app.scenes.map(\.name) == ["Home", "Login"], "no scene from Pods, Carthage, DerivedData or .build")
        let login = try #require(app.scenes.first { $0.name == "Login" })
        #expect(login.components.map(\.typeName) == ["LoginInteractor", "LoginPresenter", "LoginViewController", "LoginRouter"])
        #expect(login.workers.map(\.name) == ["AuthWorker"])
        #expect(app.files == 13)
    }

    @Test("references and calls the code holds and makes: what map draws")
    func referencesAndCalls() throws {
        let app = try Self.importFixture("current").app
        let login = try #require(app.scenes.first { $0.name == "Login" })
        #expect(login.references.map { "\($0.from.rawValue) -> \($0.to.rawValue) \($0.property)\($0.weak ? " (weak)" : "")" } == [
            "view -> interactor interactor",
            "view -> router router",
            "interactor -> presenter presenter",
            "interactor -> worker authWorker",
            "presenter -> view viewController (weak)",
            "router -> view viewController (weak)",
            "router -> dataStore dataStore",
        ])
        #expect(login.calls.map { "\($0.from.rawValue) -> \($0.to.rawValue) \($0.method)" } == [
            "view -> interactor signIn(request:)",
            "view -> router routeToHome(segue:)",
            "interactor -> worker signIn(username:password:)",
            "interactor -> presenter presentSignIn(response:)",
            "presenter -> view displaySignIn(viewModel:)",
        ])
    }

    @Test("code with no scenes is refused with what a scene is")
    func noScenes() throws {
        #expect(throws: CodeImporter.Failure.self) {
            try CodeImporter().read(sources: [(file: "A.swift", text: "struct A { var b: Int }")])
        }
    }
}

/// The importer's fuzz corpus, replayed (`make fuzz`'s swift target, seeded with the fixtures above): every input
/// ends in an app model or a refusal, quickly — among them the input that once made the parser's look-ahead run for
/// minutes.
@Suite("Import fuzz corpus")
struct ImportCorpusTests {
    @Test("every Swift input is read or refused")
    func replay() throws {
        let folder = PackagePaths.tests.appendingPathComponent("FuzzCorpus/swift")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!files.isEmpty)
        for name in files {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            do {
                let app = try CodeImporter().read(sources: [(file: name, text: text)])
                #expect(app.files == 1)
            } catch let failure as CodeImporter.Failure {
                #expect(failure.message.hasPrefix("no scenes found"), "\(name)")
            }
        }
    }

    @Test("a file nesting '[' more than 12 deep is not read, and said with its line")
    func deepBrackets() throws {
        let scene = try String(contentsOf: ImportTests.fixtures.appendingPathComponent("spread-over-files/Orders/OrdersProtocols.swift"), encoding: .utf8)
        let deep = "// [[[[[[[[[[[[[[ in a comment counts for nothing\nlet text = \"[[[[[[[[[[[[[[[[\"\nlet ok: [[[[String]]]] = []\nfunc f(u" + String(repeating: "[(", count: 30) + ")\n"
        let app = try CodeImporter().read(sources: [(file: "Orders.swift", text: scene), (file: "Deep.swift", text: deep)])
        #expect(app.unmapped.map(\.description) == ["Deep.swift:4:1: nests '[' more than 12 deep; the file is not read"])
    }

    @Test("syntax nested deeper than 1,000 levels is not read, and said with its line: no reader of the tree overflows its stack")
    func deepSyntax() throws {
        let scene = try String(contentsOf: ImportTests.fixtures.appendingPathComponent("spread-over-files/Orders/OrdersProtocols.swift"), encoding: .utf8)
        let shapes: [(String, String)] = [
            ("Generics", "let x: " + String(repeating: "a<", count: 1_500) + "Int" + String(repeating: ">", count: 1_500) + " = 0\n"),
            ("Members", "let y = a" + String(repeating: ".b", count: 5_000) + "\n"),
            ("Calls", "let z = f" + String(repeating: "()", count: 3_000) + "\n"),
            ("Unwraps", "let w = x" + String(repeating: "!", count: 5_000) + "\n"),
            ("Tries", "let v = " + String(repeating: "try ", count: 2_000) + "f()\n"),
            ("Awaits", "let u = " + String(repeating: "await ", count: 2_000) + "f()\n"),
            ("ElseIfs", "func g() {\n    if a {}" + String(repeating: " else if a {}", count: 2_000) + "\n}\n"),
            ("Functions", "let f: " + String(repeating: "(Int) -> ", count: 1_500) + "Int = { _ in 0 }\n"),
        ]
        let app = try CodeImporter().read(sources: [(file: "Orders.swift", text: scene)] + shapes.map { (file: "\($0.0).swift", text: $0.1) })
        #expect(app.unmapped.map(\.description) == shapes.map { name, _ in
            name == "Generics" ? "Generics.swift:1:1: nests generic arguments '<' more than 32 deep; the file is not read"
                : "\(name).swift:\(name == "ElseIfs" ? 2 : 1):1: nests its syntax more than 1000 levels deep; the file is not read"
        }.sorted())
    }

    @Test("generic arguments nested more than 32 deep are not read (a parenthesis among them makes the parser's work grow with the cube of the depth); comparisons written 'a<b' never add up past a brace")
    func deepGenericArguments() throws {
        let scene = try String(contentsOf: ImportTests.fixtures.appendingPathComponent("spread-over-files/Orders/OrdersProtocols.swift"), encoding: .utf8)
        let broken = "let x: " + String(repeating: "a<", count: 40) + "a(" + String(repeating: "<a", count: 40) + String(repeating: ">", count: 80) + " = 0\n"
        let deepButFine = "let y: " + String(repeating: "Array<", count: 32) + "Int" + String(repeating: ">", count: 32) + " = []\n"
        let comparisons = String(repeating: "func c() -> Bool { if a<b { return x<y && p<q }; return m<n }\n", count: 40)
        let app = try CodeImporter().read(sources: [(file: "Orders.swift", text: scene), (file: "Broken.swift", text: broken),
                                                    (file: "Fine.swift", text: deepButFine), (file: "Comparisons.swift", text: comparisons)])
        #expect(app.unmapped.map(\.description) == ["Broken.swift:1:1: nests generic arguments '<' more than 32 deep; the file is not read"])
    }

    @Test("'[' counts as Swift's lexer reads the text: hidden after a raw string or a regex literal it counts, inside any string literal it does not")
    func bracketsAsTheLexerReadsThem() throws {
        let scene = try String(contentsOf: ImportTests.fixtures.appendingPathComponent("spread-over-files/Orders/OrdersProtocols.swift"), encoding: .utf8)
        let nested = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        let sources: [(file: String, text: String)] = [
            ("Orders.swift", scene),
            // A backslash before the closing quote of a raw string escapes nothing.
            ("RawString.swift", "let r = #\"\\\"#; let q = " + nested + "\n"),
            ("Regex.swift", "let r = #/\"/#; let q = " + nested + "\n"),
            ("BareRegex.swift", "let r = /\"[a]/\nlet q = " + nested + "\n"),
            ("Interpolated.swift", "let s = \"\\(" + nested + ")\"\n"),
            // Brackets in text count for nothing: a multi-line literal, a raw one, a comment nested in a comment.
            ("Literal.swift", "let ok = \"\"\"\n" + String(repeating: "[", count: 14) + "\n\"\"\"\nlet raw = ##\"\"[[[[[[[[[[[[[[\"##\n/* /* [[[[[[[[[[[[[[ */ [[[[[[[[[[[[[[ */\nstruct Fine {}\n"),
        ]
        let app = try CodeImporter().read(sources: sources)
        #expect(app.unmapped.map(\.description) == [
            "BareRegex.swift:2:1: nests '[' more than 12 deep; the file is not read",
            "Interpolated.swift:1:1: nests '[' more than 12 deep; the file is not read",
            "RawString.swift:1:1: nests '[' more than 12 deep; the file is not read",
            "Regex.swift:1:1: nests '[' more than 12 deep; the file is not read",
        ])
    }

    @Test("a file nesting '@(' more than 8 deep is not read, and said with its line; a real attribute's parentheses count for nothing")
    func namelessAttributes() throws {
        let scene = try String(contentsOf: ImportTests.fixtures.appendingPathComponent("spread-over-files/Orders/OrdersProtocols.swift"), encoding: .utf8)
        let real = "@available(iOS 15, *) @objc(Name) func f() {}\n// @(@(@(@(@(@(@(@(@(@( in a comment\n"
        let broken = "let x = 1\n" + String(repeating: "@@(", count: 12) + "\n"
        let app = try CodeImporter().read(sources: [(file: "Orders.swift", text: scene), (file: "Real.swift", text: real),
                                                    (file: "Broken.swift", text: broken)])
        #expect(app.unmapped.map(\.description) == ["Broken.swift:2:1: nests '@(' more than 8 deep, which is not Swift; the file is not read"])
    }
}

/// The importer's answer to a checker's complaint: the refused expression, and only it, becomes `todo`.
@Suite("Import repairs")
struct ImportRepairTests {
    @Test("an expression the checker refuses is written as todo and listed with its place in the code")
    func repair() throws {
        let folder = ImportTests.fixtures.appendingPathComponent("current")
        var rounds = 0
        let result = try CodeImporter().importApp([folder.path], title: "current") { text in
            rounds += 1
            // Refuse the value 'user' (not the key) of the Login Response, once.
            let lines = text.components(separatedBy: "\n")
            guard let index = lines.firstIndex(where: { $0.contains("- respond: { user: user, ") }) else { return [] }
            let column = lines[index].distance(from: lines[index].startIndex, to: lines[index].range(of: "user: user")!.lowerBound) + 7
            return [CodeImporter.Problem(line: index + 1, column: column, message: "a test refuses it")]
        }
        #expect(rounds == 2)
        #expect(result.scenario.contains("          - respond: { user: todo, error: \"user == nil ? \\\"Wrong password\\\" : nil\" }\n"))
        #expect(result.app.unmapped.map(\.description) == [
            "current/Shop/Scenes/Login/LoginInteractor.swift:21:44: 'user' does not fit the scenario here (a test refuses it); written as todo",
        ])
        #expect(result.scenario.contains("#   current/Shop/Scenes/Login/LoginInteractor.swift:21:44: 'user' does not fit the scenario here (a test refuses it); written as todo\n"))
    }
}

extension ImportTests {
    @Test("an expression longer than a scenario holds is written as todo, and its note quotes only its start")
    func longExpression() throws {
        let condition = Array(repeating: "response.count > 1", count: 300).joined(separator: " && ")
        let source = """
        protocol PageBusinessLogic { func load(request: Page.Load.Request) }
        protocol PagePresentationLogic { func presentLoad(response: Page.Load.Response) }
        protocol PageDisplayLogic: AnyObject { func displayLoad(viewModel: Page.Load.ViewModel) }
        enum Page { enum Load { struct Request {}; struct Response { var count: Int }; struct ViewModel { var many: Bool } } }
        class PageInteractor: PageBusinessLogic {
          var presenter: PagePresentationLogic?
          func load(request: Page.Load.Request) { presenter?.presentLoad(response: Page.Load.Response(count: 2)) }
        }
        class PagePresenter: PagePresentationLogic {
          weak var viewController: PageDisplayLogic?
          func presentLoad(response: Page.Load.Response) {
            viewController?.displayLoad(viewModel: Page.Load.ViewModel(many: \(condition)))
          }
        }
        """
        let result = try CodeImporter().importApp([], title: "long", sources: [("Page.swift", source)]) { text in
            ScenarioLoader().load(yaml: text, file: "long.yml").diagnostics.compactMap { diagnostic in
                guard diagnostic.severity == .error, let location = diagnostic.location else { return nil }
                return CodeImporter.Problem(line: location.line, column: location.column, message: diagnostic.message)
            }
        }
        #expect(result.scenario.contains("          many: todo\n"))
        let quoted = "\"" + String(condition.prefix(79))
        #expect(result.app.unmapped.map(\.description) == [
            "Page.swift:12:64: '\(quoted)… (\(condition.count + 2) characters)' does not fit the scenario here (expression is \(condition.count) characters long; the limit is 4096); written as todo",
        ])
        #expect(ScenarioLoader().load(yaml: result.scenario, file: "long.yml").scenario != nil)
    }
}

/// A use case the View asks for as it loads, with a Request it builds itself.
@Suite("Import: requests the View gives")
struct ImportRequestTests {
    static func source(_ request: String) -> String {
        """
        protocol PageBusinessLogic { func load(request: Page.Load.Request) }
        protocol PagePresentationLogic { func presentLoad(response: Page.Load.Response) }
        enum Page { enum Load { struct Request { var page: Int; var query: String }; struct Response {}; struct ViewModel {} } }
        class PageInteractor: PageBusinessLogic {
          var presenter: PagePresentationLogic?
          func load(request: Page.Load.Request) { presenter?.presentLoad(response: Page.Load.Response()) }
        }
        class PageViewController {
          var interactor: PageBusinessLogic?
          func viewDidLoad() {
            let request = \(request)
            interactor?.load(request: request)
          }
        }
        """
    }

    @Test("literal values become the Request fields' defaults, so the load use case validates")
    func literals() throws {
        let result = try CodeImporter().importApp([], title: "Page", sources: [(file: "Page.swift", text: Self.source(#"Page.Load.Request(page: 1, query: "swift")"#))])
        #expect(result.scenario.contains("""
                    trigger: load
                    request:
                      page: { type: Int, default: 1 }
                      query: { type: String, default: "swift" }

            """))
        #expect(result.app.unmapped.isEmpty)
    }

    @Test("a value the scenario cannot give makes it an action, said with its place")
    func nonLiteral() throws {
        let result = try CodeImporter().importApp([], title: "Page", sources: [(file: "Page.swift", text: Self.source("Page.Load.Request(page: pageField.value, query: \"swift\")"))])
        #expect(!result.scenario.contains("trigger:"))
        #expect(result.app.unmapped.map(\.description) == [
            "Page.swift:12:5: the View asks for 'load(request:)' as it loads, with values the scenario cannot give ('page'); it is written as an action",
        ])
    }
}

@Suite("Import of VIPER modules")
struct VIPERImportTests {
    @Test("a VIPER module: the View's events to the Presenter, the Interactor's outputs, the WireFrame's routes, run as imported")
    func runs() throws {
        let result = try ImportTests.importFixture("viper")
        #expect(result.app.pattern == .viper)
        #expect(result.app.convention == "VIPER (…Protocol protocols)")
        let list = try #require(result.app.scenes.first { $0.name == "PostList" })
        #expect(list.components.map(\.typeName).sorted() == ["PostListInteractor", "PostListPresenter", "PostListView", "PostListWireFrame"])
        #expect(list.useCases.map(\.name) == ["RetrievePostList", "ShowPostDetail"])
        #expect(list.useCases[0].eventMethod == "viewDidLoad()")
        #expect(list.useCases[0].outputs.map(\.name) == ["onError", "didRetrievePosts"])
        #expect(list.routes.map { "\($0.name) → \($0.destination) (\($0.navigation ?? "")) \($0.pass.map { "\($0.field): \($0.expression)" })" }
                == [#"toPostDetail → PostDetail (push) ["post: input.post"]"#])
        // With the worker's result and a story written, the imported scenario runs as VIPER.
        var text = result.scenario.replacingOccurrences(of: "          result: todo\n", with: "          result: [{ id: 1, title: First, imageUrl: \"\", thumbImageUrl: \"\" }]\n")
        text = text.replacingOccurrences(of: "story: []", with: """
            story:
              - appear: PostList
                expect: { scene: PostList }
              - do: PostList.ShowPostDetail
                request: { post: { id: 2, title: Second, imageUrl: "", thumbImageUrl: "" } }
                expect: { scene: PostDetail }
            """)
        let loaded = ScenarioLoader().load(yaml: text, file: "viper.yml")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        let scenario = try #require(loaded.scenario)
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        #expect(summary.error == nil)
        let trace = try #require(recorder.trace)
        #expect(StoryChecker().check(scenario, trace: trace).checks.filter(\.failed).map(\.name) == [])
        // The cycle as VIPER runs it: the View's event, the Presenter's input, the worker, the output, the update.
        let first = trace.events.filter { $0.cycle == 1 }.map { "\($0.from.role.rawValue)→\($0.to.role.rawValue) \($0.method ?? $0.kind.rawValue)" }
        #expect(first == ["view→presenter viewDidLoad()", "presenter→view showLoading()", "presenter→interactor retrievePostList()",
                          "interactor→worker retrievePostList(completion:)", "worker→interactor retrievePostList(completion:)",
                          "interactor→presenter didRetrievePosts(_:)", "presenter→view hideLoading()", "presenter→view showPosts(with:)",
                          "view→user show"])
    }
}

@Suite("Import of SwiftUI apps")
struct SwiftUIImportTests {
    /// The imported scenario with a story added, run: what the user sees after each step.
    static func run(_ name: String, story: String) throws -> (pattern: Pattern, failed: [String]) {
        let result = try ImportTests.importFixture(name)
        let text = result.scenario.replacingOccurrences(of: "story: []", with: story)
        let loaded = ScenarioLoader().load(yaml: text, file: "\(name).yml")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
        let scenario = try #require(loaded.scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        return (scenario.pattern, StoryChecker().check(scenario, trace: trace).checks.filter(\.failed).map { "\($0.name): \($0.actual)" })
    }

    @Test("SwiftUI VIP (seed 000 §2): the View holds the DataStore, writes it in its display logic and renders from it")
    func swiftUIVIP() throws {
        let (pattern, failed) = try Self.run("swiftui", story: """
            story:
              - do: Counter.Increment
                expect: { shown: { count: 1 }, dataStore: { Counter.count: 1 } }
              - do: Counter.Reset
                request: { to: 0 }
                expect: { shown: { count: 0 } }
            """)
        #expect(pattern == .swiftUI)
        #expect(failed == [])
    }

    @Test("the AppState variant (seed 000 §3): Interactors write the one AppState, the View renders from it")
    func appState() throws {
        let (pattern, failed) = try Self.run("appstate", story: """
            story:
              - do: Counter.Increment
                expect: { shown: { count: 2 }, appState: { count: 2 } }
              - do: Counter.Reset
                request: { value: 0 }
                expect: { shown: { count: 0 }, appState: { count: 0, lastReset: 2 } }
            """)
        #expect(pattern == .appStateVariant)
        #expect(failed == [])
    }
}
