import CodeGeneration
import Foundation
import Narration
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import SceneFlowKit
import Testing
import TestSupport
import TraceFormat

/// What `explain` says beside what `generate` writes, for two examples of each pattern: who wires what, who holds
/// whom, the methods the messages name, the types they carry and where the View decides. Each fact is read from both
/// outputs and compared, so the narration cannot teach what the code does not do.
@Suite("One truth: narration and generated code")
struct OneTruthTests {
    /// Two examples per pattern: the pattern's own and a translation kept as a golden.
    static let examples = [
        "Scenarios/Login.yml", "Scenarios/CleanStore.yml",
        "Scenarios/PostList-VIPER.yml", "Tests/PatternTranslationTests/Goldens/Login.viper.yml",
        "Scenarios/Counter-SwiftUI.yml", "Tests/PatternTranslationTests/Goldens/Login.swiftui.yml",
        "Scenarios/Counter-AppState.yml", "Tests/PatternTranslationTests/Goldens/Shop.appstate.yml",
    ]

    struct Example {
        var scenario: Scenario
        var trace: Trace
        var narration: Narration
        var files: [GeneratedFile]
        var code: String { files.map(\.text).joined(separator: "\n") }

        func file(_ type: String) -> String? { files.first { $0.path.hasSuffix("/\(type).swift") }?.text }
    }

    static func example(_ file: String) throws -> Example {
        let url = PackagePaths.root.appendingPathComponent(file)
        let scenario = try #require(ScenarioLoader().load(yaml: try String(contentsOf: url, encoding: .utf8), file: file,
                                                          baseDirectory: PackagePaths.scenarios).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        return Example(scenario: scenario, trace: trace, narration: Explanation.narrate(trace, scenario: scenario),
                       files: try CodeGenerator(scenario: scenario, options: .init(), trace: trace).generate()
                        .filter { $0.path.hasPrefix("Sources/") && !$0.path.contains("/SceneFlowRecorder/") && !$0.path.contains("/TraceFormat/") })
    }

    /// The lines of the method `name` of a generated file, from its declaration to its closing brace.
    static func body(of name: String, in text: String) -> [Substring]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.contains("func \(name)(") && $0.hasSuffix("{") }) else { return nil }
        let indent = lines[start].prefix { $0 == " " }
        guard let end = lines[(start + 1)...].firstIndex(where: { $0 == indent + "}" }) else { return nil }
        return Array(lines[start...end])
    }

    @Test("a View that loads or comes on screen again does it in UIKit's own method, as the narration names it", arguments: examples)
    func lifecycle(_ file: String) throws {
        let example = try Self.example(file)
        var checked = 0
        for event in example.trace.events where event.kind == .load || (event.kind == .appear && event.method != "onAppear()") {
            let method = try #require(event.method)
            let view = try #require(example.file(event.to.name), "\(event.to.name)")
            // The View controller's trace (made in the scene's tracing file where the scene records at its boundary)
            // names the method the navigator calls and records, as UIKit calls it.
            let named = event.kind == .load ? "loadMethod: \"\(method)\"" : "appearMethod: \"\(method)\""
            let tracing = event.to.scene.flatMap { example.file("\($0.rawValue)Tracing") } ?? ""
            #expect(view.contains(named) || tracing.contains(named), "\(file): \(event.to.name) is told to run \(method)")
            #expect(view.contains(": SceneViewController, "), "\(file): \(event.to.name) is a View controller the navigator shows")
            // UIKit asks a View controller with an initialiser of its own for init(coder:) too (a VIPER View, which its
            // WireFrame makes and connects, has none).
            if view.contains("    init(") || view.contains("    override init(") {
                #expect(view.contains("    required init?(coder: NSCoder) {\n"), "\(file): \(event.to.name)")
            }
            checked += 1
        }
        if !file.contains("SwiftUI") && !file.contains("swiftui") && !file.contains("ppState") && !file.contains("appstate") {
            #expect(checked > 0)
        }
    }

    @Test("every scene is wired by a part the code has: a type, or the View's own configureView()", arguments: examples)
    func wirers(_ file: String) throws {
        let example = try Self.example(file)
        let code = example.code
        for step in example.narration.steps where step.kind == .setup {
            let wirer = try #require(step.text.firstMatch(of: #/put together: (.+?) wires /#)?.output.1)
            if let method = wirer.firstMatch(of: #/^(\w+)'s (\w+)\(\)$/#) {
                // The View's own method (SwiftUI's configureView()), in an extension of the View.
                let extensionBody = code.components(separatedBy: "extension \(method.output.1) {").dropFirst().first ?? ""
                #expect(extensionBody.contains("func \(method.output.2)("), "\(file): \(wirer)")
            } else if let method = wirer.firstMatch(of: #/^(\w+)\.(\w+)\(\)$/#) {
                // A WireFrame's module builder: `PostListWireFrame.createPostListModule()`.
                let typeBody = code.components(separatedBy: "class \(method.output.1):").dropFirst().first ?? ""
                #expect(typeBody.contains("static func \(method.output.2)("), "\(file): \(wirer)")
            } else {
                #expect(code.contains("class \(wirer)") || code.contains("enum \(wirer) {"), "\(file): '\(wirer)' wires, but the code has no such type")
            }
        }
    }

    @Test("a WireFrame's hold on its View is told where the module is wired, as the code sets it")
    func wireFrameKeepsItsView() throws {
        let example = try Self.example("Scenarios/PostList-VIPER.yml")
        let setup = try #require(example.narration.steps.first { $0.kind == .setup })
        #expect(setup.why?.contains("keeps the View weakly (wireFrame.viewController = view)") == true)
        #expect(example.file("PostListWireFrame")?.contains("        wireFrame.viewController = view\n") == true)
        // The next module's DataStore is reached through its new Presenter, and the narration says so.
        #expect(example.file("PostListWireFrame")?.contains("(destination.presenter as! PostDetailPresenter).dataStore") == true)
        let passing = try #require(example.narration.steps.first { step in
            step.kind == .message && step.sequences.first.map { example.trace.events[$0 - 1].kind == .navigation && example.trace.events[$0 - 1].from.role == .router } == true
        })
        #expect(passing.why == "The WireFrame builds the next module and, before showing it, writes what it needs into that module's DataStore, reached through the Presenter it has just made; the two modules' Views, Presenters and Interactors never call each other.")
    }

    @Test("each worker's protocol, as the trace names it, is the one the code declares and the Interactor holds", arguments: examples)
    func workerProtocols(_ file: String) throws {
        let example = try Self.example(file)
        for event in example.trace.events where event.kind == .workerCall {
            guard let name = event.protocolName else { continue }
            #expect(example.code.contains("protocol \(name) {"), "\(file) #\(event.sequence): \(name)")
            #expect(example.code.contains(": \(name) = "), "\(file): the Interactor holds its worker as \(name)")
        }
    }

    @Test("each Interactor answer has the signature the trace gives it, including an empty one named like its event")
    func outputSignatures() throws {
        let example = try Self.example("Tests/PatternTranslationTests/Goldens/Login.viper.yml")
        let naming = example.scenario.pattern.definition.naming
        var checked = 0
        for scene in example.scenario.scenes {
            // The Interactor's output protocol, which the Presenter adopts.
            let output = try #require(naming.protocolName(.presentationLogic, of: scene))
            let declarations = try #require(example.code.components(separatedBy: "protocol \(output): AnyObject {\n").dropFirst().first?
                .components(separatedBy: "\n}").first, "\(output)")
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    let method = naming.presenterMethod(useCase, output: output)
                    let labels = PatternNaming.labels(of: method)
                    let declared = declarations.split(separator: "\n").filter { $0.contains("func \(PatternNaming.baseName(method))(") }
                        .map { line in String(line.drop { $0 != "(" }) }
                    // The output protocol's declaration: one parameter per label, `_` where unlabelled.
                    let parameters = labels.isEmpty ? "()" : "(" + labels.map { "\($0) " }.joined()
                    #expect(declared.count == 1, "\(scene.name).\(useCase.name): \(declared)")
                    #expect(declared.contains { $0.hasPrefix(parameters) }, "\(scene.name).\(useCase.name): \(method) beside \(declared)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 3)
        // Signup's empty answer takes its Response: `signup()` is the View's event on the same Presenter.
        #expect(naming.presenterMethod(try #require(example.scenario.scene("Login")?.useCases.first { $0.name.rawValue == "Signup" }),
                                       output: try #require(example.scenario.scene("Login")?.useCases.first { $0.name.rawValue == "Signup" }?.outputs.first)) == "signup(_:)")
    }

    @Test("the card's references are the code's: strong to a class, weak where declared weak, a copy where a struct is held", arguments: examples)
    func cardReferences(_ file: String) throws {
        let example = try Self.example(file)
        let definition = example.scenario.pattern.definition
        let naming = definition.naming
        let references = try #require(example.narration.card.lines.first { $0.hasPrefix("References: ") })
        let roleName: (ComponentRole) -> String = { role in
            switch role {
            case .router: definition.wiring.style == .wireFrame ? "WireFrame" : "Router"
            case .dataStore: "DataStore"
            case .appState: "AppState"
            default: role.rawValue.prefix(1).uppercased() + role.rawValue.dropFirst()
            }
        }
        for dependency in definition.dependencies {
            let applies = example.scenario.scenes.contains { dependency.condition.holds(for: $0) }
            // Who holds whom: a View observing the AppState holds it.
            let (holder, held) = dependency.kind == .observes ? (dependency.to, dependency.from) : (dependency.from, dependency.to)
            let told = references.contains("\(roleName(holder)) → \(roleName(held)) (")
            #expect(told == applies, "\(file): \(dependency.from) → \(dependency.to) in '\(references)'")
            guard applies, [.calls, .weak, .copy].contains(dependency.kind), dependency.to != .worker else { continue }
            for scene in example.scenario.scenes where dependency.condition.holds(for: scene) {
                let target = naming.componentName(dependency.to, of: scene)
                guard example.file(target) != nil || example.code.contains(" \(target)") else { continue }
                switch dependency.kind {
                case .copy:
                    #expect(example.code.contains("struct \(target)"), "\(file): \(target) is held as a copy, so it is a struct")
                case .calls:
                    #expect(example.code.contains("class \(target)"), "\(file): \(target) is held strongly, so it is a class")
                case .weak:
                    let holder = try #require(example.file(naming.componentName(dependency.from, of: scene)))
                    #expect(holder.contains("weak var"), "\(file): \(naming.componentName(dependency.from, of: scene)) holds its \(dependency.to.rawValue) weakly")
                default:
                    break
                }
            }
        }
    }

    @Test("the card says who makes the workers as the Interactor does: its own, or the app's one shared instance", arguments: examples)
    func cardWorkers(_ file: String) throws {
        let example = try Self.example(file)
        let line = example.narration.card.lines.first { $0.contains("workers") }
        let shared = example.scenario.sharedWorkers.map(\.name.rawValue)
        let own = example.scenario.scenes.contains { !$0.workers.isEmpty }
        #expect((line != nil) == (own || !shared.isEmpty), "\(file): \(line ?? "no line")")
        for worker in shared {
            #expect(line?.contains("\(worker).shared") == true || line?.contains(worker) == true)
            #expect(example.code.contains("= \(worker).shared"))
        }
        #expect(line?.contains("makes its own workers") == own || line == nil)
        for scene in example.scenario.scenes {
            for worker in scene.workers { #expect(example.code.contains("= \(scene.name).\(worker.name)()"), "\(file): \(worker.name)") }
        }
    }

    @Test("the card gives the Router a part in the state only where a route passes data, and names no Router a scenario lacks", arguments: examples)
    func cardRouter(_ file: String) throws {
        let example = try Self.example(file)
        let card = example.narration.card.text
        let passes = example.scenario.scenes.contains { $0.routes.contains { !$0.pass.isEmpty } }
        let routes = example.scenario.scenes.contains { !$0.routes.isEmpty }
        #expect(card.contains("passing data on") == passes, "\(file)")
        if example.scenario.pattern.definition.wiring.style != .wireFrame {
            #expect(card.contains("Router") == routes, "\(file): \(card)")
        }
        // Only the Interactor writes its own scene's DataStore; the Router writes the next one's.
        #expect(!card.contains("only the Interactor writes it, the Router reads it"))
    }

    @Test("where a View chooses on its ViewModel or words text itself, the reason under the display says so", arguments: examples)
    func viewLogic(_ file: String) throws {
        let example = try Self.example(file)
        var chose = 0
        for (index, step) in example.narration.steps.enumerated() where step.kind == .message {
            guard let sequence = step.sequences.first, case .display(_, _, let invocation) = example.trace.events[sequence - 1].message,
                  let view = example.file(example.trace.events[sequence - 1].to.name),
                  let body = Self.body(of: PatternNaming.baseName(invocation.method), in: view) else { continue }
            let chooses = body.contains { $0.contains("if viewModel.") }
            #expect((step.why?.contains("the View also chooses on it") == true) == chooses, "\(file) step \(index): \(step.why ?? "")")
            if chooses { chose += 1 }
        }
        if file.hasSuffix("Login.yml") || file.hasSuffix("CleanStore.yml") { #expect(chose > 0) }
    }

    @Test("a route the user takes is sent from the View's own method, where the report finds its lines")
    func userRoutes() throws {
        let example = try Self.example("Scenarios/CleanStore.yml")
        let (_, places) = SceneCode.places(for: example.narration, of: example.trace, scenario: example.scenario)
        var routes = 0
        for (index, step) in example.narration.steps.enumerated() where step.kind == .message {
            guard let sequence = step.sequences.first, example.trace.events[sequence - 1].kind == .route,
                  example.trace.events[sequence - 1].from.role == .view else { continue }
            #expect(places[index] != nil, "message \(sequence): \(step.code ?? "")")
            routes += 1
        }
        #expect(routes >= 4)
        let list = try #require(example.file("ListOrdersViewController"))
        #expect(list.contains("""
                func openShowOrder(row: Int) {
                    self.row = row
                    router?.routeToShowOrder(segue: nil)
                }
            """))
        // The route is recorded behind the Router's protocol, with the selection the View keeps.
        let tracing = try #require(example.file("ListOrdersTracing"))
        #expect(tracing.contains("""
                func routeToShowOrder(segue: Any?) {
                    trace.route("toShowOrder", "ListOrdersRoutingLogic", "routeToShowOrder(segue:)", input: Record(traced: [("row", viewController?.row)]), inputType: "ListOrders.toShowOrder.Input", passing: RoutePassing("ListOrdersDataPassing", "passDataToShowOrder(source:destination:)", fields: [("order", "source.orders?[input.row]")]), navigation: "navigateToShowOrder(source:destination:)") {
                        wrapped.routeToShowOrder(segue: segue)
                    }
                }
            """))
    }

    @Test("what a message carries is named as the code names its type; a worker's input is its call's arguments", arguments: examples)
    func carriedTypes(_ file: String) throws {
        let example = try Self.example(file)
        for step in example.narration.steps where step.kind == .message {
            guard let data = step.data, let space = data.firstIndex(of: " ") else { continue }
            let type = data[..<space]
            guard type.first?.isUppercase == true || type.first == "[" else { continue }
            let name = String(type.filter { !"[]?".contains($0) }.split(separator: ".").last ?? "")
            guard !TypeRef.builtinNames.contains(name), name.first?.isUppercase == true else { continue }
            #expect(example.code.contains("struct \(name)") || example.code.contains("enum \(name)") || example.code.contains("class \(name)"),
                    "\(file): carries \(type), which the code does not declare")
        }
    }

    @Test("an AppState route is told as passing data exactly where its Router writes the AppState before it navigates")
    func appStatePassing() throws {
        let example = try Self.example("Tests/PatternTranslationTests/Goldens/Shop.appstate.yml")
        var wrote = false, passing = 0, nothing = 0
        for step in example.narration.steps where step.kind == .message {
            guard let sequence = step.sequences.first else { continue }
            let event = example.trace.events[sequence - 1]
            if event.kind == .route { wrote = false }
            if event.kind == .publish, event.from.role == .router { wrote = true }
            guard event.kind == .navigation, event.from.role == .router else { continue }
            if wrote {
                #expect(step.why?.hasPrefix("The Router writes what the next scene needs into the AppState") == true, "#\(sequence): \(step.why ?? "")")
                passing += 1
            } else {
                #expect(step.why?.contains("writes nothing to the AppState") == true, "#\(sequence): \(step.why ?? "")")
                nothing += 1
            }
        }
        #expect(passing >= 3 && nothing >= 1)
        // A VIPER answer is one Response value, named as such.
        let viper = try Self.example("Scenarios/PostList-VIPER.yml")
        let answers = viper.narration.steps.filter { step in
            step.sequences.first.map { viper.trace.events[$0 - 1].kind == .response } == true && step.data != nil
        }
        #expect(!answers.isEmpty && answers.allSatisfy { $0.data?.hasPrefix("PostList.RetrievePostList.didRetrievePosts.Response {") == true },
                "\(answers.map { $0.data ?? "" })")
        #expect(viper.code.contains("func didRetrievePosts(_ response: PostList.RetrievePostList.didRetrievePosts.Response)"))
    }

    @Test("going back in an AppState app releases values, and the AppState keeps what the scene above wrote")
    func appStateBack() throws {
        let catalogue = Catalogue(.english)
        #expect(catalogue.text("why.back.appstate").contains("releases its View with the Interactor and Router values it held"))
        let example = try Self.example("Tests/PatternTranslationTests/Goldens/Shop.appstate.yml")
        let card = example.narration.card
        #expect(card.lines.contains("The View's configureView() makes the Interactor and Router, each a value the View keeps, and gives each the AppState the View was made with (SomeView(appState:); @EnvironmentObject in an app)."))
        #expect(example.file("CatalogueView")?.contains("    var router: CatalogueRoutingLogic?") == true)
        #expect(example.file("CatalogueConfigurator")?.contains("        let router = CatalogueRouter(appState: appState)\n        view.router = router\n") == true)
        for step in example.narration.steps where step.why != nil {
            #expect(!(step.why ?? "").contains("Presenter and Router"), "\(step.why ?? "")")
        }
    }
}
