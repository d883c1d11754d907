import CodeGeneration
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Testing
import TraceFormat
import TestSupport

/// `sceneflow generate`'s text: the files of a package, the same bytes every time, escaped where scenario text
/// goes into Swift.
@Suite("Code generation")
struct CodeGeneratorTests {
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    static func generate(_ name: String) throws -> [GeneratedFile] {
        // Named as the CLI names it from the package's folder, so the files do not depend on where the checkout is.
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let loaded = ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(name).yml",
                                           baseDirectory: PackagePaths.scenarios)
        let scenario = try #require(loaded.scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        return try CodeGenerator(scenario: scenario, options: .init(), trace: recorder.trace).generate()
    }

    @Test("the line explain shows beside each message is in the generated code, word for word", arguments: ["Login", "CleanStore", "Shop"])
    func sendingLines(name: String) throws {
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let scenario = try #require(ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(name).yml",
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        // The app's sources, and the story test, which takes the routes the user takes (segues).
        let code = try Self.generate(name).map(\.text).joined(separator: "\n")
        var checked = Set<String>()
        for event in trace.events {
            guard let line = SendingLine.line(for: event, pattern: scenario.pattern.definition), !line.contains("…") else { continue }
            checked.insert(line)
            let written = code.contains(line)
            #expect(written, "\(event.sequence): \(line)")
        }
        #expect(checked.count >= 8, "\(checked.sorted())")
        #expect(checked.contains { $0.hasPrefix("interactor?.") } && checked.contains { $0.hasPrefix("presenter?.") }
                && checked.contains { $0.hasPrefix("viewController?.") } && checked.contains { $0.hasPrefix("router?.") })
    }

    @Test("in every pattern, each message's sending line is in its sender's generated file (a … stands for an argument)",
          arguments: ["Login", "PostList-VIPER", "Counter-SwiftUI", "Counter-AppState", "CleanStore", "Shop",
                      "Tests/PatternTranslationTests/Goldens/Shop.appstate.yml"])
    func sendingLinesInTheirFiles(name: String) throws {
        // An example, or a translation kept as a golden (the AppState Views' routes).
        let file = name.hasSuffix(".yml") ? name : "Scenarios/\(name).yml"
        let url = PackagePaths.root.appendingPathComponent(file)
        let scenario = try #require(ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: file,
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        let files = try CodeGenerator(scenario: scenario, options: .init()).sceneFiles()
        // A route the user takes (a segue) is sent from the View's own method too, not from the story test.
        var found = 0
        for event in trace.events {
            guard let line = SendingLine.line(for: event, pattern: scenario.pattern.definition) else { continue }
            let sender = try #require(files.first { $0.path.hasSuffix("/\(event.from.name).swift") }, "\(event.from.name)")
            // A sending line of several lines (a selection the View keeps, then the route) is found where they follow each other.
            let parts = line.split(separator: "\n").map { $0.split(separator: "…") }
            let codeLines = sender.text.split(separator: "\n", omittingEmptySubsequences: false)
            func holds(_ codeLine: Substring, _ pieces: [Substring]) -> Bool {
                var rest = codeLine[...]
                for piece in pieces {
                    guard let range = rest.firstRange(of: piece) else { return false }
                    rest = rest[range.upperBound...]
                }
                return true
            }
            let sent = codeLines.indices.contains { start in
                start + parts.count <= codeLines.count && parts.indices.allSatisfy { holds(codeLines[start + $0], parts[$0]) }
            }
            #expect(sent, "\(event.sequence): \(line) in \(sender.path)")
            found += 1
        }
        #expect(found >= 2)
    }

    /// The argument labels a line of Swift passes or declares in its first call (`fetchOrders(completionHandler: x)` →
    /// `["completionHandler"]`).
    static func labels(_ line: Substring) -> [String] {
        guard let open = line.firstIndex(of: "(") else { return [] }
        var labels: [String] = [], word = "", depth = 0, inString = false
        for c in line[line.index(after: open)...] {
            if inString { if c == "\"" { inString = false }; continue }
            switch c {
            case "\"": inString = true
            case "(", "[": depth += 1; word = ""
            case ")", "]": if depth == 0 { return labels }; depth -= 1; word = ""
            case ":" where depth == 0 && !word.isEmpty: labels.append(word); word = ""
            default: word = c.isLetter || c.isNumber || c == "_" ? word + String(c) : ""
            }
        }
        return labels
    }

    @Test("the method explain prints beside a message is the one the code beside it calls: a worker answering through a completion handler is called with its handler (a trailing closure) and declared with it; a route's selection is kept before the route is taken",
          arguments: ["CleanStore", "Tests/SceneFlowCLITests/Fixtures/Generate/MethodShapes"])
    func printedMethodsAreCalled(name: String) throws {
        let file = name.contains("/") ? "\(name).yml" : "Scenarios/\(name).yml"
        let url = PackagePaths.root.appendingPathComponent(file)
        let scenario = try #require(ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: file,
                                                          baseDirectory: url.deletingLastPathComponent()).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        // The workers' files and the test stubs that stand in for them (an Interactor may have a method of the same name).
        let code = try CodeGenerator(scenario: scenario, options: .init()).generate()
            .filter { $0.path.hasSuffix("Workers.swift") || $0.path.hasSuffix("Spies.swift") }.map(\.text).joined(separator: "\n")
        var completions = 0, selections = 0
        for event in trace.events {
            guard let line = SendingLine.line(for: event, pattern: scenario.pattern.definition) else { continue }
            switch event.message {
            case .workerCall(_, let style, let invocation):
                let printed = PatternNaming.labels(of: invocation.method)
                // A handler passed as a trailing closure (`ordersWorker.fetchOrders { [self] orders in`) is the method's last label.
                let trailing = style == .completion && line.hasSuffix(" {") ? [printed.last ?? ""] : []
                #expect(Self.labels(line[...]) + trailing == printed, "\(event.sequence): \(invocation.method) beside \(line)")
                let base = PatternNaming.baseName(invocation.method)
                // A worker's declarations throw or take a handler (the Business Logic spy's method of the same name does neither).
                let declared = code.split(separator: "\n").filter { $0.contains("func \(base)(") && ($0.contains(" throws") || $0.contains("@escaping")) }
                #expect(!declared.isEmpty && declared.allSatisfy { Self.labels($0) == printed }, "\(invocation.method): \(declared)")
                if style == .completion { completions += 1 }
            case .route(_, let invocation):
                guard case .record(let record)? = invocation.payload else { continue }
                let called = PatternNaming.labels(of: invocation.method)
                for field in record.names where !called.contains(field) {
                    #expect(line.hasPrefix("\(field) = …\n"), "\(event.sequence): \(line)")
                    selections += 1
                }
            default:
                continue
            }
        }
        #expect(completions > 0)
        if name == "CleanStore" { #expect(selections > 0) }
    }

    @Test("Login's package matches the reviewed files, file for file")
    func loginGolden() throws {
        let files = try Self.generate("Login")
        #expect(files.map(\.path) == [
            "Package.swift",
            "Sources/SignIn/Support/SceneViewController.swift",
            "Sources/SignIn/Support/SceneNavigator.swift",
            "Sources/SignIn/Support/SceneTrace.swift",
            "Sources/SignIn/Models/Entities.swift",
            "Sources/SignIn/Scenes/Login/LoginModels.swift",
            "Sources/SignIn/Scenes/Login/LoginViewController.swift",
            "Sources/SignIn/Scenes/Login/LoginInteractor.swift",
            "Sources/SignIn/Scenes/Login/LoginPresenter.swift",
            "Sources/SignIn/Scenes/Login/LoginRouter.swift",
            "Sources/SignIn/Scenes/Login/LoginConfigurator.swift",
            "Sources/SignIn/Scenes/Login/LoginTracing.swift",
            "Sources/SignIn/Scenes/Login/LoginWorkers.swift",
            "Sources/SignIn/Scenes/Home/HomeModels.swift",
            "Sources/SignIn/Scenes/Home/HomeViewController.swift",
            "Sources/SignIn/Scenes/Home/HomeInteractor.swift",
            "Sources/SignIn/Scenes/Home/HomePresenter.swift",
            "Sources/SignIn/Scenes/Home/HomeRouter.swift",
            "Sources/SignIn/Scenes/Home/HomeConfigurator.swift",
            "Sources/SignIn/Scenes/Home/HomeTracing.swift",
            "Sources/SignIn/Scenes/Signup/SignupModels.swift",
            "Sources/SignIn/Scenes/Signup/SignupViewController.swift",
            "Sources/SignIn/Scenes/Signup/SignupInteractor.swift",
            "Sources/SignIn/Scenes/Signup/SignupPresenter.swift",
            "Sources/SignIn/Scenes/Signup/SignupRouter.swift",
            "Sources/SignIn/Scenes/Signup/SignupConfigurator.swift",
            "Sources/SignIn/Scenes/Signup/SignupTracing.swift",
            "Tests/SignInTests/Login/LoginSpies.swift",
            "Tests/SignInTests/Login/LoginTests.swift",
            "Tests/SignInTests/Home/HomeSpies.swift",
            "Tests/SignInTests/Home/HomeTests.swift",
            "Tests/SignInTests/Signup/SignupSpies.swift",
            "Tests/SignInTests/StoryTests.swift",
        ] + ["Sources/TraceFormat", "Sources/SceneFlowRecorder"].flatMap { folder in
            // The recorder's source, carried (CarriedSourcesTests holds it to the library's).
            files.map(\.path).filter { $0.hasPrefix(folder + "/") }
        })
        #expect(files.count == 52)
        for file in files where file.path.contains("/Login/") || file.path.hasSuffix("StoryTests.swift") || file.path == "Package.swift"
            || file.path.hasSuffix("SceneTrace.swift") {
            let golden = Self.expected.appendingPathComponent("Login").appendingPathComponent(file.path + ".expected")
            Golden.check(file.text, against: golden)
        }
    }

    @Test("each file is divided into the templates' MARK sections: lifecycle, setup, one per use case, the Router's three")
    func markSections() throws {
        let files = try Self.generate("CleanStore")
        func marks(_ suffix: String) throws -> [String] {
            let file = try #require(files.first { $0.path.hasSuffix("/Scenes/CreateOrder/" + suffix) })
            return file.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("// MARK: ") }
        }
        #expect(try marks("CreateOrderViewController.swift") == [
            "// MARK: Object lifecycle", "// MARK: Setup", "// MARK: View lifecycle", "// MARK: Edit order",
            "// MARK: Format expiration date", "// MARK: Create order", "// MARK: Update order",
        ])
        #expect(try marks("CreateOrderInteractor.swift") == ["// MARK: Edit order", "// MARK: Format expiration date", "// MARK: Create order", "// MARK: Update order"])
        #expect(try marks("CreateOrderRouter.swift") == ["// MARK: Routing", "// MARK: Navigation", "// MARK: Passing data"])
        // A section starts after one empty line and is followed by one.
        let router = try #require(files.first { $0.path.hasSuffix("/CreateOrderRouter.swift") }).text
        #expect(router.contains("\n\n    // MARK: Navigation\n\n    func navigateTo"))
        #expect(!router.contains("\n\n\n"))
    }

    @Test("each scene's files are those its pattern's code shape declares, in its order",
          arguments: ["Login", "Shop", "CleanStore", "PostList-VIPER", "Counter-SwiftUI", "Counter-AppState", "Repositories", "CreateIceCream"])
    func filesOfTheShape(_ name: String) throws {
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let scenario = try #require(ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(name).yml",
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let shape = try #require(scenario.pattern.definition.codeShape)
        let files = try Self.generate(name)
        for scene in scenario.scenes {
            let folder = "/Scenes/\(scene.name)/"
            // `LoginInteractor.swift` → `Interactor`, in the order written.
            let written = files.filter { $0.path.contains(folder) && !$0.path.hasPrefix("Tests/") }.map { file -> String in
                let name = String(file.path.split(separator: "/").last!.dropLast(".swift".count))
                return name.hasPrefix(scene.name.rawValue) ? String(name.dropFirst(scene.name.rawValue.count)) : name
            }
            #expect(!written.isEmpty, "\(name): \(scene.name)")
            #expect(written.allSatisfy(shape.files.contains), "\(name): \(scene.name) has \(written), its shape \(shape.files)")
            #expect(written == shape.files.filter(written.contains), "\(name): \(scene.name) has \(written) in another order than \(shape.files)")
            #expect(written.contains("View") || written.contains("ViewController"))
            #expect(written.contains("Interactor"))
            #expect(written.contains("Tracing"), "\(name): \(scene.name)")
        }
    }

    @Test("the same scenario gives the same bytes", arguments: ["Login", "Shop", "CleanStore", "PostList-VIPER", "Counter-SwiftUI", "Counter-AppState"])
    func deterministic(_ name: String) throws {
        #expect(try Self.generate(name) == Self.generate(name))
    }

    @Test("Swift's operators where they mean what the language means; the helper where an Int may meet a Double or nil a value that is never nil")
    func operatorsOrHelpers() throws {
        let yaml = #"""
            scenario: Operators
            scenes:
              A:
                dataStore: { total: Double = 1.5, items: "[String] = []" }
                useCases:
                  U:
                    request: { name: String, n: Int?, d: Double? }
                    interactor:
                      - respond:
                          same: 'request.name == nil'
                          mixed: '(request.n ?? 0) == dataStore.total'
                          counted: '(request.d ?? 0) == dataStore.items.count'
                          plain: '!request.name.isEmpty && request.name != "x" && dataStore.items.count > 0'
                          text: '"\(request.n ?? 0) of \(request.name)"'
                    response: { same: Bool, mixed: Bool, counted: Bool, plain: Bool, text: String }
                    viewModel: { t: String }
                    presenter: { t: '"\(response.text) \(response.plain)"' }
                    view: [ { show: t } ]
            story:
              - do: A.U
                request: { name: x, n: 2, d: 2.0 }
            """#
        let loaded = ScenarioLoader().load(yaml: yaml, file: "operators.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let files = try CodeGenerator(scenario: scenario, options: .init()).generate()
        let interactor = try #require(files.first { $0.path.hasSuffix("AInteractor.swift") }).text
        #expect(interactor.contains(#"let response = A.U.Response(same: ScenarioLogic.equal(request.name, nil), mixed: ScenarioLogic.equal(request.n ?? 0, self.total), counted: ScenarioLogic.equal(request.d ?? 0, self.items.count), plain: !request.name.isEmpty && request.name != "x" && self.items.count > 0, text: "\(ScenarioLogic.text(request.n ?? 0)) of \(request.name)")"#),
                "\(interactor)")
        let presenter = try #require(files.first { $0.path.hasSuffix("APresenter.swift") }).text
        #expect(presenter.contains(#"let viewModel = A.U.ViewModel(t: "\(response.text) \(response.plain)")"#), "\(presenter)")
    }

    @Test("scenario text is escaped where it goes into Swift")
    func escaping() throws {
        let yaml = #"""
            scenario: "Quote \" backslash \\ and \\(interpolation)"
            scenes:
              A:
                workers:
                  W:
                    op: { error: "*/ \" \\( \n" }
                useCases:
                  U:
                    description: "line one\nline two */"
                    interactor:
                      - call: W.op
                        onError: [ { respond: { text: error } } ]
                    response: { text: String? }
                    viewModel: { text: String }
                    presenter: { text: '"\\\\(\"quoted\") " + (response.text ?? "")' }
                    view: [ { show: { label: viewModel.text } } ]
            story:
              - do: A.U
            """#
        let loaded = ScenarioLoader().load(yaml: yaml, file: "hostile.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let files = try CodeGenerator(scenario: scenario, options: .init()).generate()
        let workers = try #require(files.first { $0.path.hasSuffix("AWorkers.swift") }).text
        #expect(workers.contains(#"throw WorkerFailure("*/ \" \\( \n")"#))
        let models = try #require(files.first { $0.path.hasSuffix("AModels.swift") }).text
        #expect(models.contains("/// line one line two */"))
        let presenter = try #require(files.first { $0.path.hasSuffix("APresenter.swift") }).text
        #expect(presenter.contains(#"let viewModel = A.U.ViewModel(text: "\\\\(\"quoted\") " + (response.text ?? ""))"#))
        let view = try #require(files.first { $0.path.hasSuffix("AViewController.swift") }).text
        #expect(view.contains("labels.label = viewModel.text"))
        let tracing = try #require(files.first { $0.path.hasSuffix("ATracing.swift") }).text
        #expect(tracing.contains(#"didSet { recording.shown("label", label) }"#))
        let manifest = try #require(files.first { $0.path == "Package.swift" }).text
        #expect(manifest.contains(#"name: "QuoteBackslashAndInterpolation""#))
    }

    @Test("what generate cannot write yet is refused with the place")
    func limits() throws {
        // Every built-in pattern is written; a pattern whose View asks a Presenter but keeps its state in an AppState
        // is not.
        #expect(PatternRegistry.shared.all.filter { ["clean-swift", "swiftui", "appstate", "viper"].contains($0.pattern.rawValue) }
            .allSatisfy(CodeGenerator.writes))
        var unknown = PatternDefinition.viper
        unknown.flow.store = .appState
        #expect(!CodeGenerator.writes(unknown))
        // A BusinessLogic method without its Request would make an app that runs otherwise.
        // A step that gives a placeholder: the run would stop there, which the story test cannot say.
        let placeholder = ScenarioLoader().load(yaml: """
            scenario: S
            scenes:
              A:
                workers:
                  W:
                    op: { output: Int, result: 1 }
                useCases:
                  Go:
                    interactor: [{ call: W.op, as: n }, { respond: {} }]
            story:
              - do: A.Go
                given: { W.op: { result: todo } }
            """, file: "s.yml")
        #expect(throws: GenerationLimit("this step gives 'W.op' a placeholder result ('todo'), which stops the run; the generated story test gives values and errors: write the result",
                                        at: SourceLocation(file: "s.yml", line: 12, column: 14), id: "generate/story")) {
            try CodeGenerator(scenario: try #require(placeholder.scenario), options: .init()).generate()
        }
        let bare = ScenarioLoader().load(yaml: """
            scenario: S
            scenes:
              A:
                useCases:
                  Go:
                    methods: { interactor: go() }
                    interactor: [{ respond: {} }]
            """, file: "s.yml")
        #expect(throws: GenerationLimit("'A.Go' names its Interactor method 'go()'; the BusinessLogic methods generate writes take the Request, one argument: write 'go' or 'go(request:)'",
                                        at: SourceLocation(file: "s.yml", line: 6, column: 32), id: "generate/method-shape")) {
            try CodeGenerator(scenario: try #require(bare.scenario), options: .init()).generate()
        }
        // A View's own state is not written yet; a Clean Swift View that renders from state neither.
        let stateful = ScenarioLoader().load(yaml: """
            scenario: S
            pattern: swiftui
            scenes:
              A:
                view:
                  state: { count: Int = 0 }
                useCases:
                  Go:
                    interactor: [{ respond: {} }]
            """, file: "s.yml")
        #expect(throws: GenerationLimit("generate does not write a View's own state ('count') yet",
                                        at: SourceLocation(file: "s.yml", line: 6, column: 16), id: "generate/view-state")) {
            try CodeGenerator(scenario: try #require(stateful.scenario), options: .init()).generate()
        }
        let rendering = ScenarioLoader().load(yaml: """
            scenario: S
            scenes:
              A:
                view:
                  shows: { title: '"Orders"' }
                useCases:
                  Go:
                    interactor: [{ respond: {} }]
            """, file: "s.yml")
        #expect(throws: GenerationLimit("generate does not write a Clean Swift View that renders from state ('shows:') yet: show 'title' in a use case's view steps",
                                        at: SourceLocation(file: "s.yml", line: 5, column: 16), id: "generate/view-renders")) {
            try CodeGenerator(scenario: try #require(rendering.scenario), options: .init()).generate()
        }
    }

    @Test("what the VIPER and SwiftUI writers cannot write is refused with its place and the fix")
    func patternLimits() throws {
        func refusal(_ yaml: String) throws -> GenerationLimit? {
            let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "s.yml").scenario)
            do { _ = try CodeGenerator(scenario: scenario, options: .init()).generate() } catch { return error }
            return nil
        }
        let viper = """
            scenario: S
            pattern: viper
            entities:
              Item: { name: String }
            scenes:
              A:
                workers:
                  W:
                    load: { output: "[Item]", result: [] }
                useCases:
                  Load:
                    trigger: load
                    methods: { event: viewDidLoad(), interactor: load() }
                    event:
                      - call: Interactor.load
                    interactor:
                      - call: W.load
                        as: items
                      - respond: { items: items }
                    response: { items: "[Item]" }
                    presenter:
                      - display: "showItems(with:)"
                        with: { names: 'response.items.map { $0.name }' }
            """
        #expect(try refusal(viper) == GenerationLimit("generate cannot tell the type of what 'names' shows; write it from typed fields (a field, '??' with a default, a count)",
                                                      at: SourceLocation(file: "s.yml", line: 23, column: 21), id: "generate/display"))
        let twoLabels = viper.replacingOccurrences(of: #""showItems(with:)""#, with: #""showItems(first:second:)""#)
            .replacingOccurrences(of: "with: { names: 'response.items.map { $0.name }' }", with: "with: { count: response.items.count }")
        #expect(try refusal(twoLabels) == GenerationLimit("'showItems(first:second:)' takes more than one argument; generate passes what a View shows as one value: name the method with one label or none",
                                                          at: SourceLocation(file: "s.yml", line: 22, column: 22), id: "generate/method-shape"))
        let module = """
            scenario: S
            pattern: viper
            scenes:
              A:
                useCases:
                  Load:
                    trigger: load
                    methods: { event: viewDidLoad(), interactor: load() }
                    event:
                      - display: "show(with:)"
                        with: { count: 1 }
                      - call: Interactor.load
                    interactor:
                      - respond: {}
                    presenter:
                      - display: "show(with:)"
                        with: { total: 2 }
                  Select:
                    request: { index: Int }
                    methods: { event: "select(row:section:)" }
                    event:
                      - route: toB
                        with: { index: request.index }
                routes:
                  toB:
                    to: B
                    input: { index: Int }
                    method: "present(from:)"
              B: {}
            """
        // Every place is refused at once: the method shapes of the whole scenario, then what the writers meet.
        #expect(try refusal(module)?.places.map(\.description) == [
            "s.yml:20:27: 'select(row:section:)' takes 2 argument(s) but A.Select's Request has 1 field(s); generate passes each field as an argument: name one label per field [generate/method-shape]",
            "s.yml:25:7: route 'toB': 'present(from:)' takes no argument for the input 'index': add a label for it [generate/method-shape]",
            "s.yml:16:22: 'show(with:)' shows 'total' here and 'count' before; generate writes one View method for it: show the same labels [generate/display]",
        ])
        let oneLabel = module.replacingOccurrences(of: #""select(row:section:)""#, with: #""select(row:)""#)
        #expect(try refusal(oneLabel)?.places.map(\.description) == [
            "s.yml:25:7: route 'toB': 'present(from:)' takes no argument for the input 'index': add a label for it [generate/method-shape]",
            "s.yml:16:22: 'show(with:)' shows 'total' here and 'count' before; generate writes one View method for it: show the same labels [generate/display]",
        ])
        let labelled = oneLabel.replacingOccurrences(of: #""present(from:)""#, with: #""present(from:index:)""#)
        #expect(try refusal(labelled) == GenerationLimit("'show(with:)' shows 'total' here and 'count' before; generate writes one View method for it: show the same labels",
                                                         at: SourceLocation(file: "s.yml", line: 16, column: 22), id: "generate/display"))
        let failing = """
            scenario: S
            pattern: swiftui
            scenes:
              A:
                dataStore: { n: Int = 4 }
                view:
                  shows: { half: dataStore.n / 2 }
                useCases:
                  Go:
                    interactor: [ { respond: {} } ]
            """
        // What can stop the run (a division by zero) renders through the helper that stops the app as the run stops.
        #expect(try refusal(failing) == nil)
        let rendered = try CodeGenerator(scenario: #require(ScenarioLoader().load(yaml: failing, file: "s.yml").scenario), options: .init()).generate()
        #expect(try #require(rendered.first { $0.path.hasSuffix("ATracing.swift") }).text.contains(#"return [("half", ScenarioLogic.divide(dataStore.n, 2))]"#))
    }

    @Test("a story step's given answers stand in for the worker during that step, in every scene on screen, and go after it")
    func givenAnswers() throws {
        let loaded = ScenarioLoader().load(yaml: """
            scenario: S
            scenes:
              A:
                workers:
                  W:
                    op: { output: Int, result: 1 }
                    other: { output: Int, result: 5 }
                useCases:
                  Go:
                    interactor: [{ call: W.op, as: n }, { respond: {} }]
            story:
              - do: A.Go
                given: { W.op: { result: 2, latency: 30 } }
              - do: A.Go
                given: { W.op: { error: Offline } }
            """, file: "s.yml")
        let files = try CodeGenerator(scenario: try #require(loaded.scenario), options: .init()).generate()
        let story = try #require(files.first { $0.path.hasSuffix("StoryTests.swift") }).text
        #expect(story.contains("""
                    recorder.step(1, .perform(scene: SceneName("A"), useCase: UseCaseName("Go")), title: nil)
                    // This step's workers answer as given.
                    let restore1 = navigator.standIn { scene in
                        var undo: [() -> Void] = []
                        if let interactor = unwrapped((scene as? AViewController)?.interactor, as: AInteractor.self) {
                            let tracedW = interactor.w as! TracingAW
                            let originalW = tracedW.wrapped
                            let wStub = AWStub()
                            wStub.original = originalW
                            wStub.opAnswer = .success(2)
                            wStub.opLatency = 30
                            tracedW.wrapped = wStub
                            undo.append { tracedW.wrapped = originalW }
                        }
                        return undo.isEmpty ? nil : { for step in undo.reversed() { step() } }
                    }
                    let top1 = try #require(navigator.top as? AViewController)
                    top1.go(request: A.Go.Request())
                    navigator.settle()
                    restore1()
            """))
        #expect(story.contains("            wStub.opAnswer = .failure(WorkerFailure(\"Offline\"))\n"))
        // The stub passes what it is not given on to the worker it stands in for.
        let spies = try #require(files.first { $0.path.hasSuffix("ASpies.swift") }).text
        #expect(spies.contains("""
                func other() throws -> Int {
                    guard let answer = otherAnswers.isEmpty ? otherAnswer : otherAnswers.removeFirst() else {
                        guard let original else { throw WorkerFailure("not stubbed") }
                        return try original.other()
                    }
                    Recorder.shared.elapse(otherLatency)
                    return try answer.get()
                }
            """))
    }

    @Test("every public type the carried recorder and trace format declare is reserved: a scene named 'Message' would make it ambiguous")
    func carriedPublicTypesReserved() throws {
        var declared: Set<String> = []
        for file in try Self.generate("Login") where file.path.hasPrefix("Sources/TraceFormat/") || file.path.hasPrefix("Sources/SceneFlowRecorder/") {
            for match in file.text.matches(of: /(?m)^public (?:final )?(?:struct|enum|class|protocol|typealias) ([A-Za-z_][A-Za-z0-9_]*)/) {
                declared.insert(String(match.output.1))
            }
        }
        #expect(declared.isSuperset(of: ["Message", "Trace", "TraceEvent", "Recorder"]))
        #expect(declared.subtracting(CodeGenerator.reservedTypeNames).isEmpty)
    }

    @Test("the recorder types a scenario cannot name are those the generated code names", arguments: ["Login", "CleanStore", "Shop", "Counter-SwiftUI", "Counter-AppState", "PostList-VIPER", "Repositories", "CreateIceCream"])
    func reservedTypeNames(name: String) throws {
        let files = try Self.generate(name)
        let carried = files.filter { $0.path.hasPrefix("Sources/TraceFormat/") || $0.path.hasPrefix("Sources/SceneFlowRecorder/") }
        var recorderTypes: Set<String> = []
        for file in carried {
            for match in file.text.matches(of: /public (?:final )?(?:struct|enum|class|protocol|typealias) ([A-Za-z_][A-Za-z0-9_]*)/) {
                recorderTypes.insert(String(match.output.1))
            }
        }
        var named: Set<String> = []
        for file in files where !carried.contains(file) && !file.path.contains("/Support/") {
            for match in file.text.matches(of: /\b[A-Z][A-Za-z0-9_]*\b/) where recorderTypes.contains(String(match.output)) {
                named.insert(String(match.output))
            }
        }
        #expect(!named.isEmpty)
        #expect(named.subtracting(CodeGenerator.reservedTypeNames).isEmpty, "named but not reserved: \(named.subtracting(CodeGenerator.reservedTypeNames).sorted())")
    }
}

/// What the dependency diagram draws and what the generated code declares are one truth: a reference drawn weak is
/// declared `weak`, one drawn as a call is held strongly, and SwiftUI's Presenter holds a copy of the View (a struct)
/// made without its Interactor.
@Suite("Code generation: references as drawn")
struct ReferencesAsDrawnTests {
    @Test("every wired reference is declared as the dependency diagram draws it", arguments: ["Login", "PostList-VIPER", "Counter-SwiftUI", "Shop"])
    func referencesAsDrawn(name: String) throws {
        let files = try CodeGeneratorTests.generate(name)
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let scenario = try #require(ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(name).yml",
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let definition = scenario.pattern.definition
        let scene = try #require(scenario.scenes.first)
        func source(of role: ComponentRole) throws -> String {
            let type = definition.naming.componentName(role, scene: scene.name)
            return try #require(files.first { $0.path.hasSuffix("/\(type).swift") }, "\(type)").text
        }
        var checked = 0
        for dependency in definition.dependencies where [.weak, .calls, .copy].contains(dependency.kind) {
            guard let link = definition.wiring.links.first(where: { $0.holder == dependency.from && $0.target == dependency.to }),
                  link.condition.holds(for: scene) else { continue }
            let holder = try source(of: dependency.from)
            let declaration = holder.split(separator: "\n").first { $0.contains(" var \(link.property):") }.map(String.init) ?? ""
            #expect(!declaration.isEmpty, "\(dependency.from).\(link.property) is declared")
            switch dependency.kind {
            case .weak: #expect(declaration.contains("weak var"), "\(name): \(declaration)")
            case .copy:
                #expect(!declaration.contains("weak"), "\(name): \(declaration)")
                let view = definition.naming.componentName(.view, scene: scene.name)
                #expect(try source(of: .view).contains("struct \(view):"))
                let wiring = files.map(\.text).joined()
                #expect(wiring.contains("displayed.interactor = nil\n") && wiring.contains("presenter.\(link.property) = displayed\n"))
            default: #expect(!declaration.contains("weak"), "\(name): \(declaration)")
            }
            checked += 1
        }
        #expect(checked >= 3)
    }
}
