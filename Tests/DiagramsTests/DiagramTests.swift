import Diagrams
import Foundation
import GraphvizRenderer
import ScenarioLoader
import ScenarioSpec
import ScenarioSynth
import SceneEngine
import Testing
import TestSupport
import TraceFormat

/// Runs an example scenario and keeps its trace.
enum Example {
    static func load(_ name: String) throws -> Scenario {
        let url = PackagePaths.scenarios.appendingPathComponent("\(name).yml")
        let result = ScenarioLoader().load(data: try Data(contentsOf: url), file: "Scenarios/\(name).yml",
                                           baseDirectory: PackagePaths.scenarios)
        return try #require(result.scenario)
    }

    static func run(_ name: String) throws -> (Scenario, Trace) {
        let scenario = try load(name)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        return (scenario, try #require(recorder.trace))
    }

    static var names: [String] {
        PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent }
    }
}

@Suite("Sequence diagram model")
struct SequenceDiagramTests {
    @Test("participants are grouped by scene and ordered by the cycle")
    func participants() throws {
        let (_, trace) = try Example.run("Login")
        let diagram = SequenceDiagramBuilder.build(trace)
        #expect(diagram.participants.map(\.name) == [
            "User", "LoginViewController", "LoginInteractor", "AuthWorker", "LoginDataStore", "LoginPresenter",
            "LoginRouter", "HomeViewController", "HomeInteractor", "HomeDataStore", "HomePresenter",
        ])
        #expect(diagram.groups.map(\.title) == ["Login #1", "Home #1"])
        #expect(diagram.groups.map(\.members) == [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10]])
        #expect(diagram.participants.map(\.createdAt).map { $0 != nil } == [false] + Array(repeating: false, count: 6)
                + Array(repeating: true, count: 4), "Home's lifelines start when it is configured")
    }

    @Test("a worker the app shares stands beside the scene that calls it first, not past every scene")
    func sharedWorkerColumn() throws {
        let (_, trace) = try Example.run("CleanStore")
        let diagram = SequenceDiagramBuilder.build(trace)
        let names = diagram.participants.map(\.name)
        #expect(names == [
            "User", "ListOrdersViewController", "ListOrdersInteractor", "ListOrdersDataStore", "ListOrdersPresenter",
            "ListOrdersRouter", "OrdersWorker", "ShowOrderViewController", "ShowOrderInteractor", "ShowOrderDataStore",
            "ShowOrderPresenter", "ShowOrderRouter", "CreateOrderViewController", "CreateOrderInteractor",
            "CreateOrderDataStore", "CreateOrderPresenter", "CreateOrderRouter",
        ])
        #expect(diagram.groups.map { "\($0.title) \($0.members)" } == [
            "ListOrders #1 [1, 2, 3, 4, 5]", "ShowOrder #1 [7, 8, 9, 10, 11]", "CreateOrder #1 [12, 13, 14, 15, 16]",
        ], "the shared worker belongs to no scene's group")
    }

    @Test("VIPER columns follow its cycle: View, Presenter, Interactor, DataManagers, WireFrame")
    func viperOrder() throws {
        let (_, trace) = try Example.run("PostList-VIPER")
        let names = SequenceDiagramBuilder.build(trace).participants.map(\.name)
        #expect(Array(names.prefix(7)) == ["User", "PostListView", "PostListPresenter", "PostListInteractor",
                                           "LocalDataManager", "RemoteDataManager", "PostListWireFrame"])
    }

    @Test("each cycle is framed and titled with its story step; a step that runs no cycle is framed by itself")
    func frames() throws {
        let (_, trace) = try Example.run("Login")
        let diagram = SequenceDiagramBuilder.build(trace)
        #expect(diagram.frames.map(\.title) == [
            "story step 1 · appear Login", "cycle 1 · Login.Login — Wrong password", "cycle 2 · Login.Login — Right password",
            "cycle 3 · Home.Greet — Home appears",
        ])
        #expect(diagram.frames.map { [$0.firstColumn, $0.lastColumn] } == [[1, 6], [0, 5], [0, 10], [0, 10]])
        #expect(diagram.frames.map { [$0.firstRow, $0.lastRow] }.first == [0, 1], "the Login scene's wiring, then viewDidLoad")
    }

    @Test("messages are labelled with sequence number, method and a short payload, styled by kind")
    func messages() throws {
        let (_, trace) = try Example.run("Login")
        let messages = SequenceDiagramBuilder.build(trace).messages
        let first = messages.prefix(8).map { "\($0.style.rawValue) \($0.from)→\($0.to) \($0.label) | \($0.detail ?? "")" }
        #expect(first == [
            "lifecycle 1→1 8  viewDidLoad() | ",
            #"call 0→1 9  Login | {username: "ann", password: "wrong"}"#,
            #"call 1→2 10  LoginBusinessLogic.login(request:) | {username: "ann", password: "wrong"}"#,
            #"call 2→3 11  login(username:password:) | {username: "ann", password: "wrong"}"#,
            #"failure 3→2 12  login(username:password:) ✗ | "Invalid credentials""#,
            #"call 2→5 13  LoginPresentationLogic.presentLogin(response:) | {firstName: nil, error: "Invalid credentials"}"#,
            #"call 5→1 14  LoginDisplayLogic.displayLogin(viewModel:) | {isSuccess: false, message: "Invalid credential…"#,
            #"show 1→0 15  shows message = "Invalid credentials" | "#,
        ])
        #expect(messages.first { $0.style == .failure }?.delay == 120)
        let passing = messages.filter { $0.style == .dataPassing }.map { "\($0.label) | \($0.detail ?? "")" }
        #expect(passing == [#"32  destination.userID = source.userID | passDataToHome(source:destination:) · "42""#,
                            #"33  destination.name = source.firstName | passDataToHome(source:destination:) · "Ann""#],
                "the Router's passDataTo… method is drawn over the data it passes")
        let styles = Set(messages.map(\.style))
        #expect(styles == [.lifecycle, .call, .failure, .reply, .write, .show, .dataPassing, .navigation])
    }

    @Test("activation bars last while the receiver handles the message, and end with the cycle")
    func activations() throws {
        let (_, trace) = try Example.run("Login")
        let diagram = SequenceDiagramBuilder.build(trace)
        let worker = diagram.activations.filter { diagram.participants[$0.participant].name == "AuthWorker" }
        #expect(worker.map { [$0.firstRow, $0.lastRow] } == [[4, 5], [11, 12]], "a worker is busy until it replies")
        let loginView = diagram.activations.filter { $0.participant == 1 }
        let lastLoginRow = try #require(diagram.frames.first { $0.title.hasPrefix("cycle 2 ") }).lastRow
        #expect(loginView.allSatisfy { $0.lastRow <= lastLoginRow }, "bars do not leak into the next cycle")
        #expect(loginView.contains { $0.level == 1 }, "the View handling a display while handling the action is nested")
    }

    @Test("cycle detail keeps one arrow per stage")
    func cycleDetail() throws {
        let (_, trace) = try Example.run("Login")
        let diagram = SequenceDiagramBuilder.build(trace, options: .init(detail: .cycle))
        #expect(diagram.messages.map { $0.label.split(separator: " ", maxSplits: 2).last.map(String.init) ?? "" } == [
            "Login", "LoginBusinessLogic.login(request:)", "LoginPresentationLogic.presentLogin(response:)",
            "LoginDisplayLogic.displayLogin(viewModel:)",
            "Login", "LoginBusinessLogic.login(request:)", "LoginPresentationLogic.presentLogin(response:)",
            "LoginDisplayLogic.displayLogin(viewModel:)", "LoginRoutingLogic.showHome()", "navigateToHome(source:destination:)",
            "HomeBusinessLogic.greet(request:)", "HomePresentationLogic.presentGreet(response:)",
            "HomeDisplayLogic.displayGreet(viewModel:)",
        ])
    }

    @Test("scene detail shows scenes, actions and navigation only")
    func sceneDetail() throws {
        let (_, trace) = try Example.run("Repositories")
        let diagram = SequenceDiagramBuilder.build(trace, options: .init(detail: .scene))
        #expect(diagram.participants.map(\.name) == ["User", "RepositoryList", "RepositoryShow"])
        #expect(diagram.messages.map(\.label) == [
            "9  appears: RepositoryList.FetchRepositories", "17  RepositoryList.SelectRepository",
            "31  routeToRepositoryShow()", "33  appears: RepositoryShow.FetchRepository", "41  back",
            "42  RepositoryList.SelectRepository",
        ])
        #expect(diagram.messages[2].detail == "push · passes id")
        #expect(diagram.participants[2].removedAt != nil)
    }

    @Test("a scene keeps its columns across instances: a popped one ends with ✕, the next continues under its own band")
    func columnReuse() throws {
        let (_, trace) = try Example.run("CleanStore")
        let diagram = SequenceDiagramBuilder.build(trace)
        #expect(diagram.groups.map(\.title) == ["ListOrders #1", "ShowOrder #1", "CreateOrder #1"])
        #expect(diagram.participants.count == 17, "one column set per scene, not per visit (22 with one per instance)")
        func lives(_ name: String) -> [String] {
            diagram.participants.first { $0.name == name }!.lives.map { life in
                (life.createdAt.map(String.init) ?? "top") + "–" + (life.endedAt.map(String.init) ?? "bottom") + (life.removed ? " ✕" : "")
            }
        }
        #expect(lives("ListOrdersViewController") == ["top–bottom"])
        #expect(lives("ShowOrderViewController") == ["10–56 ✕"])
        #expect(lives("CreateOrderRouter") == ["24–46 ✕", "66–84 ✕"])
        let creations = diagram.rows.enumerated().compactMap { row, item -> String? in
            guard case .creation(let group, let title) = item else { return nil }
            return "\(row) \(diagram.groups[group].title): \(title)"
        }
        #expect(creations == ["10 ShowOrder #1: ShowOrder #1", "24 CreateOrder #1: CreateOrder #1", "66 CreateOrder #1: CreateOrder #2"])
        // Every message of CreateOrder #2 is drawn in CreateOrder's columns.
        let createOrder = Set(diagram.groups[2].members)
        let second = diagram.messages.filter { ($0.sequence ?? 0) > 86 && ($0.sequence ?? 0) < 102 }
        #expect(!second.isEmpty && second.allSatisfy { createOrder.contains($0.from) || createOrder.contains($0.to) })

        let scenes = SequenceDiagramBuilder.build(trace, options: .init(detail: .scene))
        #expect(scenes.participants.map(\.name) == ["User", "ListOrders", "ShowOrder", "CreateOrder"])
        #expect(scenes.participants[3].lives.map(\.removed) == [true, true])
    }

    @Test("a second instance pushed while the first is still below takes the columns over without ✕")
    func handOver() throws {
        let yaml = ScenarioSynthesizerText.ring(scenes: 2) + "story:\n" + String(repeating: "  - do: Scene1.Go\n  - do: Scene2.Go\n", count: 2)
        let scenario = try #require(ScenarioLoader().load(data: Data(yaml.utf8), file: "ring.yml", baseDirectory: nil).scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let diagram = SequenceDiagramBuilder.build(try #require(recorder.trace))
        #expect(diagram.groups.map(\.title) == ["Scene1 #1", "Scene2 #1"])
        let view1 = diagram.participants.first { $0.name == "Scene1ViewController" }!
        #expect(view1.lives.count == 3)
        #expect(view1.lives.dropLast().allSatisfy { $0.endedAt != nil && !$0.removed }, "pushed over, not removed")
        #expect(view1.lives.last?.endedAt == nil)
    }

    @Test("a long run keeps only its first messages, yet its dependency, flow and cycle diagrams count them all")
    func tally() throws {
        let yaml = ScenarioSynthesizer(scenes: 4, steps: 30, stay: 2).yaml()
        let scenario = try #require(ScenarioLoader().load(data: Data(yaml.utf8), file: "s.yml", baseDirectory: nil).scenario)
        let full = TraceRecorder(), kept = TraceRecorder(keepingEvents: 100)
        _ = try Engine(scenario: scenario).run(into: full)
        _ = try Engine(scenario: scenario).run(into: kept)
        let (whole, prefix) = (try #require(full.trace), try #require(kept.trace))
        #expect(prefix.events.count == 100 && whole.events.count == 480)
        #expect(prefix == whole.prefix(through: 100), "the kept trace is the whole trace cut at message 100")
        let tally = try #require(kept.tally)
        #expect(tally.messages == whole.events.count)
        #expect(DependencyDiagramBuilder.build(scenario: scenario, trace: prefix, tally: tally)
                == DependencyDiagramBuilder.build(scenario: scenario, trace: whole))
        #expect(FlowDiagramBuilder.build(scenario: scenario, trace: prefix, tally: tally)
                == FlowDiagramBuilder.build(scenario: scenario, trace: whole))
        #expect(CycleDiagramBuilder.build(trace: prefix, tally: tally) == CycleDiagramBuilder.build(trace: whole))
    }

    @Test("--from/--to keep only those story steps")
    func stepRange() throws {
        let (_, trace) = try Example.run("Login")
        let diagram = SequenceDiagramBuilder.build(trace, options: .init(steps: 3...3))
        #expect(diagram.frames.map(\.title) == ["cycle 2 · Login.Login — Right password", "cycle 3 · Home.Greet — Home appears"])
        #expect(diagram.messages.first?.label == "16  Login")
    }
}

@Suite("Dependency and flow diagrams")
struct StructureDiagramTests {
    @Test("each scene is drawn from its pattern's template, scenes in columns by distance from the start")
    func dependencyLayout() throws {
        let yaml = ScenarioSynthesizerText.ring(scenes: 9)
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "ring.yml").scenario)
        let diagram = DependencyDiagramBuilder.build(scenario: scenario, trace: nil)
        let dot = DOTEncoder.encode(diagram.dot())
        let output = try GraphvizRenderer.shared.render(dot, engine: .pinned, format: .svg)
        #expect(output.warnings == [])
        // Scene1 is the start; Scene2 and Scene8 are one route away; the rest follow.
        let positions = try Self.centres(dot)
        #expect(positions["Scene1.view"]!.x < positions["Scene2.view"]!.x)
        #expect(positions["Scene2.view"]!.x == positions["Scene8.view"]!.x, "one route away: the same column")
        // The template: View left of Interactor on one row, Presenter below between them, Router under View.
        for scene in ["Scene1", "Scene5"] {
            let (view, interactor, presenter, router) = (positions["\(scene).view"]!, positions["\(scene).interactor"]!,
                                                         positions["\(scene).presenter"]!, positions["\(scene).router"]!)
            #expect(view.y == interactor.y && view.x < presenter.x && presenter.x < interactor.x && presenter.y < view.y)
            #expect(router.x < presenter.x && router.y < presenter.y)
        }
    }

    /// Node centres from pinned DOT (`pos="x,y!"`, y up).
    static func centres(_ dot: String) throws -> [String: (x: Double, y: Double)] {
        var result: [String: (x: Double, y: Double)] = [:]
        for line in dot.split(separator: "\n") where line.contains("pos=\"") && line.contains("!\"") && !line.contains("->") {
            let id = line.split(separator: "\"")[1]
            let pos = line.components(separatedBy: "pos=\"")[1].components(separatedBy: "!")[0].split(separator: ",")
            result[String(id)] = (Double(pos[0])!, Double(pos[1])!)
        }
        return result
    }

    @Test("Clean Swift's protocols on every declared edge, with message counts and unused paths")
    func dependencies() throws {
        let (scenario, trace) = try Example.run("Login")
        let diagram = DependencyDiagramBuilder.build(scenario: scenario, trace: trace)
        let login = diagram.links.filter { $0.from.hasPrefix("Login.") }
            .map { "\($0.from) -> \($0.to) [\($0.kind.rawValue)] \($0.label) ×\($0.messages)" }
        #expect(login == [
            "Login.view -> Login.interactor [calls] LoginBusinessLogic ×2",
            "Login.interactor -> Login.presenter [calls] LoginPresentationLogic ×2",
            "Login.presenter -> Login.view [weak] LoginDisplayLogic ×2",
            "Login.view -> Login.router [calls] LoginRoutingLogic ×1",
            "Login.router -> Login.dataStore [reads] LoginDataPassing ×2",
            "Login.interactor -> Login.dataStore [writes] LoginDataStore ×2",
            "Login.interactor -> Login.worker.AuthWorker [calls] login ×2",
            "Login.router -> Home.view [route] toHome [replace] · passes userID, name ×1",
            "Login.router -> Signup.view [route] toSignup [push] ×0",
        ])
        #expect(!diagram.links.contains { !$0.declared })
    }

    @Test("an Interactor reading its DataStore uses the link: each run of a use case whose logic reads it counts")
    func dataStoreReads() throws {
        let (scenario, trace) = try Example.run("CleanStore")
        let diagram = DependencyDiagramBuilder.build(scenario: scenario, trace: trace)
        let links = diagram.links.filter { $0.kind == .writes }.map { "\($0.from) ×\($0.messages)" }
        // ShowOrder only reads `dataStore.order` (twice shown); CreateOrder writes its order once and reads it on 3 fetches.
        #expect(links == ["ListOrders.interactor ×3", "ShowOrder.interactor ×2", "CreateOrder.interactor ×4"])
    }

    @Test("a route's label lies on its edge, under the run that leaves its scene")
    func routeLabels() throws {
        for name in ["Shop", "Login", "CleanStore"] {
            let (scenario, trace) = try Example.run(name)
            let graph = DependencyDiagramBuilder.build(scenario: scenario, trace: trace).dot()
            func raw(_ value: DOTValue?) -> String { if case .text(let text)? = value { text } else { "" } }
            let height = try #require(Double(raw(graph.attributes["bb"]).split(separator: ",").last.map(String.init) ?? ""))
            for case .edge(let edge) in graph.statements where raw(edge.attributes["color"]) == "#7c3aed" {
                let text = { (key: String) in raw(edge.attributes[key]) }
                func point(_ pair: Substring) -> (Double, Double) {
                    let xy = pair.split(separator: ",").map { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "!e")))! }
                    return (xy[0], height - xy[1])
                }
                let label = point(Substring(text("lp")))
                let path = text("pos").split(separator: " ").filter { !$0.hasPrefix("e,") }.map(point)
                // The distance from the label's centre to the nearest horizontal run of the path.
                let nearest = zip(path, path.dropFirst()).filter { $0.1 == $1.1 }.map { a, b -> Double in
                    let x = min(max(label.0, min(a.0, b.0)), max(a.0, b.0))
                    return ((label.0 - x) * (label.0 - x) + (label.1 - a.1) * (label.1 - a.1)).squareRoot()
                }.min() ?? .infinity
                #expect(nearest < 16, "\(name) \(edge.from) → \(edge.to): label \(nearest) pt from its edge")
            }
        }
    }

    @Test("the cycle diagram's data-passing arrow says what it counts, and agrees with the dependency diagram")
    func dataPassingCounts() throws {
        let (scenario, trace) = try Example.run("Login")
        let next = try #require(CycleDiagramBuilder.build(trace: trace).edges.first { $0.stage == "next" })
        #expect(next.count == 3)
        #expect(next.countText == "×2 to the dataStore · ×1 to the view")
        let reads = DependencyDiagramBuilder.build(scenario: scenario, trace: trace).links.first { $0.kind == .reads && $0.from == "Login.router" }
        #expect(reads?.messages == 2, "the dependency diagram's DataPassing counts the same two fields passed")
    }

    @Test("messages along no declared path are drawn as undeclared")
    func undeclared() throws {
        let (scenario, trace) = try Example.run("Login")
        var events = trace.events
        let view = try #require(events.first { $0.to.name == "LoginViewController" }?.to)
        let presenter = try #require(events.first { $0.to.name == "LoginPresenter" }?.to)
        events.append(TraceEvent(sequence: events.count + 1, cycle: nil, parent: nil, step: nil, time: 0, from: view, to: presenter,
                                 message: .call(Invocation(method: "shortcut()"))))
        let diagram = DependencyDiagramBuilder.build(scenario: scenario, trace: Trace(header: trace.header, events: events, end: nil))
        let extra = diagram.links.filter { !$0.declared }
        #expect(extra.map { "\($0.from) -> \($0.to) \($0.label) ×\($0.messages)" } == ["Login.view -> Login.presenter shortcut() ×1"])
    }

    @Test("the flow map marks the start, visited scenes and routes taken")
    func flow() throws {
        let (scenario, trace) = try Example.run("Login")
        let flow = FlowDiagramBuilder.build(scenario: scenario, trace: trace)
        #expect(flow.start == "Login")
        #expect(flow.scenes.map { "\($0.name) ×\($0.visits)" } == ["Login ×1", "Home ×1", "Signup ×0"])
        #expect(flow.routes.map { "\($0.from)→\($0.to?.rawValue ?? "") \($0.name) \($0.fields) ×\($0.taken)" } == [
            #"Login→Home toHome ["userID", "name"] ×1"#, "Login→Signup toSignup [] ×0",
        ])
    }
}

/// DOT golden files pin the encoding; every diagram of every example renders without a Graphviz warning.
@Suite("Diagram DOT and rendering")
struct DiagramRenderingTests {
    static let goldens = PackagePaths.tests.appendingPathComponent("DiagramsTests/Goldens")

    static func graphs(_ name: String) throws -> [(String, DOTGraph, GraphvizRenderer.Engine)] {
        let (scenario, trace) = try Example.run(name)
        return [
            ("sequence", SequenceDiagramBuilder.build(trace).dot(name: "sequence"), .pinned),
            ("dependencies", DependencyDiagramBuilder.build(scenario: scenario, trace: trace).dot(name: "dependencies"), .pinned),
            ("flow", FlowDiagramBuilder.build(scenario: scenario, trace: trace).dot(name: "flow"), .dot),
        ]
    }

    @Test("DOT matches the golden files", arguments: Example.names)
    func golden(_ name: String) throws {
        for (kind, graph, _) in try Self.graphs(name) {
            Golden.check(DOTEncoder.encode(graph), against: Self.goldens.appendingPathComponent("\(name).\(kind).dot"))
        }
    }

    @Test("every diagram renders to SVG and PNG without warnings", arguments: Example.names)
    func renders(_ name: String) throws {
        for (kind, graph, engine) in try Self.graphs(name) {
            let dot = DOTEncoder.encode(graph)
            let svg = try GraphvizRenderer.shared.render(dot, engine: engine, format: .svg)
            #expect(svg.warnings == [], "\(name) \(kind)")
            #expect(String(decoding: svg.data, as: UTF8.self).contains("<svg"))
            let png = try GraphvizRenderer.shared.render(dot, engine: engine, format: .png)
            #expect(png.data.count > 1000)
        }
    }

    @Test("message arrows carry ids the HTML report can find, with their label inside")
    func ids() throws {
        let (_, graph, engine) = try Self.graphs("Login")[0]
        let svg = String(decoding: try GraphvizRenderer.shared.render(DOTEncoder.encode(graph), engine: engine, format: .svg).data,
                         as: UTF8.self)
        let group = try #require(svg.components(separatedBy: #"<g id="m11" class="edge">"#).dropFirst().first?.components(separatedBy: "</g>").first)
        #expect(group.contains("11 &#160;login(username:password:)"), "\(group)")
        #expect(!svg.contains("_label"), "no separate label nodes")
    }

    @Test("names with quotes, markup and newlines survive into SVG escaped")
    func hostileNames() throws {
        let yaml = #"""
            scenario: 'Evil "</text><script>alert(1)</script>'
            scenes:
              A:
                useCases:
                  Go:
                    request: { text: String }
                    interactor: [{ respond: { message: request.text } }]
                    response: { message: String }
                    viewModel: { message: String }
                    presenter: { message: response.message }
                    view: [{ show: message }]
            story:
              - do: A.Go
                title: "line one\nline \"two\" \\N"
                request: { text: "<b>&amp;</b> \\G -> }; digraph" }
            """#
        let scenario = try #require(ScenarioLoader().load(yaml: yaml, file: "e.yml").scenario)
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder)
        let trace = try #require(recorder.trace)
        let graphs: [(DOTGraph, GraphvizRenderer.Engine)] = [
            (SequenceDiagramBuilder.build(trace).dot(), .pinned),
            (DependencyDiagramBuilder.build(scenario: scenario, trace: trace).dot(), .pinned),
            (FlowDiagramBuilder.build(scenario: scenario, trace: trace).dot(), .dot),
        ]
        for (graph, engine) in graphs {
            let output = try GraphvizRenderer.shared.render(DOTEncoder.encode(graph), engine: engine, format: .svg)
            let svg = String(decoding: output.data, as: UTF8.self)
            #expect(output.warnings == [])
            #expect(!svg.contains("<script"))
            #expect(!svg.contains("<b>"))
        }
    }
}

/// A ring of scenes like `sceneflow synth` writes, for layout tests.
enum ScenarioSynthesizerText {
    static func ring(scenes: Int) -> String {
        var yaml = "scenario: Ring\nscenes:\n"
        for index in 1...scenes {
            yaml += """
                  Scene\(index):
                    dataStore: { id: Int? }
                    useCases:
                      Go: { interactor: [{ respond: {} }], view: [{ route: toNext }] }
                    routes:
                      toNext: { to: Scene\(index % scenes + 1), pass: { id: source.id } }
                      toJump: Scene\((index * 7) % scenes + 1)

                """
        }
        return yaml
    }
}
