import CodeImport
import Diagrams
import Foundation
import SceneFlowKit
import Testing
import TestSupport

/// `sceneflow map` and `sceneflow drift` on apps written for these tests.
@Suite("sceneflow map and drift")
struct MapDriftTests {
    static let fixtures = PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures")

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("map: a clean app exits 0 and draws every reference; a Presenter holding its Interactor is red, with its place, exit 1")
    func map() throws {
        let out = try folder()
        let clean = try CLI.run(["map", "current", "--out", out.path, "--image-format", "svg,dot", "--color", "never"], in: Self.fixtures)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout == """
            2 scenes, 14 references, 9 calls, 2 routes from 13 Swift files (Clean Swift (BusinessLogic protocols))
            ✓ every reference and call is one clean-swift allows
              map: \(out.path)/current/map.svg

            """)
        let dot = try String(contentsOf: out.appendingPathComponent("current/map.dot"), encoding: .utf8)
        for name in ["LoginViewController", "LoginInteractor", "LoginPresenter", "LoginRouter", "AuthWorker", "HomeViewController"] {
            #expect(dot.contains(name), "\(name)")
        }
        #expect(!dot.contains("— clean-swift does not allow it"), "nothing red")
        let broken = try CLI.run(["map", "presenter-calls-interactor", "--out", out.path, "--image-format", "dot", "--color", "never"], in: Self.fixtures)
        #expect(broken.status == 1)
        #expect(broken.stderr == """
            presenter-calls-interactor/Profile/Profile.swift:34:7: error: Profile: presenter → interactor holds 'interactor', which clean-swift does not allow
            presenter-calls-interactor/Profile/Profile.swift:38:7: error: Profile: ProfilePresenter.presentLoad calls ProfileInteractor.load; data flows one way, View → Interactor → Presenter → View: the Presenter never calls the Interactor [clean-swift/one-way]

            """)
        #expect(broken.stdout == """
            1 scenes, 4 references, 4 calls, 0 routes from 1 Swift files (Clean Swift (BusinessLogic protocols))

            """)
        let bogus = try CLI.run(["map", "current", "--image-format", "svg,gif"], in: Self.fixtures)
        #expect(bogus.status == 2)
        #expect(bogus.stderr.hasPrefix("Error: unknown format 'gif'; use svg, png, pdf or dot\n"))
        // --format's old meaning here: an image list still works, with a warning; a value neither names is refused.
        let old = try CLI.run(["map", "current", "--out", out.path, "--format", "dot", "--color", "never"], in: Self.fixtures)
        #expect(old.status == 0)
        #expect(old.stderr == """
            warning: --format dot names image formats, which is --image-format's job now; --format says how results are reported (text, json, github)
            note: write --image-format dot

            """)
        let neither = try CLI.run(["map", "current", "--format", "xml"], in: Self.fixtures)
        #expect(neither.status == 2)
        #expect(neither.stderr.hasPrefix("Error: unknown format 'xml'; --format is text, json or github (image formats go to --image-format: svg, png, pdf, dot)\n"))
        let redDot = try String(contentsOf: out.appendingPathComponent("presenter-calls-interactor/map.dot"), encoding: .utf8)
        #expect(redDot.contains("interactor — clean-swift does not allow it"))
        #expect(redDot.contains("#dc2626"))
    }

    @Test("map: a Presenter holding its View strongly fails with the whole retain cycle, each reference with its place; findings can be accepted with a reason, and a baseline accepts all")
    func retainCycle() throws {
        let out = try folder()
        let cycle = try CLI.run(["map", "retain-cycle", "--out", out.path, "--image-format", "dot", "--color", "never"], in: Self.fixtures)
        #expect(cycle.status == 1)
        #expect(cycle.stdout == "1 scenes, 4 references, 3 calls, 0 routes from 1 Swift files (Clean Swift (BusinessLogic protocols))\n")
        #expect(cycle.stderr == """
            retain-cycle/Orders/Orders.swift:29:7: error: Orders: OrdersPresenter.viewController holds the View strongly, closing a retain cycle of 3 strong references; the Presenter holds its View weakly: the View holds the Interactor, which holds the Presenter, so a strong reference back is a retain cycle and the scene never leaves memory [clean-swift/weak-view]
            retain-cycle/Orders/Orders.swift:29:7: note: OrdersPresenter.viewController → OrdersViewController
            retain-cycle/Orders/Orders.swift:37:7: note: OrdersViewController.interactor → OrdersInteractor
            retain-cycle/Orders/Orders.swift:19:7: note: OrdersInteractor.presenter → OrdersPresenter
            retain-cycle/Orders/Orders.swift:54:5: error: Orders: OrdersViewController.close leaves the screen itself (dismiss); the Router shows and leaves screens, so data passing happens in one place; the View asks it to [clean-swift/router-navigates]

            """)
        // One accepted with its reason: the other still fails the map.
        let accept = out.appendingPathComponent("accept.yml")
        try Data("""
            accept:
              - rule: clean-swift/router-navigates
                at: retain-cycle/Orders/Orders.swift:54
                reason: the close button predates the Router
              - rule: clean-swift/weak-view
                at: retain-cycle/Orders/Other.swift
                reason: a file that is gone

            """.utf8).write(to: accept)
        let partly = try CLI.run(["map", "retain-cycle", "--out", out.path, "--image-format", "dot", "--accept", accept.path, "--color", "never"], in: Self.fixtures)
        #expect(partly.status == 1)
        #expect(partly.stderr.hasPrefix("""
            \(accept.path):5:5: warning: the acceptance of clean-swift/weak-view at retain-cycle/Orders/Other.swift matches nothing map reports [accept/unused]
              - rule: clean-swift/weak-view
                ^

            """), "\(partly.stderr)")
        #expect(partly.stderr.contains("retain-cycle/Orders/Orders.swift:54:5: warning: Orders: OrdersViewController.close leaves the screen itself (dismiss); the Router shows and leaves screens, so data passing happens in one place; the View asks it to [clean-swift/router-navigates]\nnote: accepted for now: the close button predates the Router\n"))
        // A baseline accepts everything found; with it, the map passes.
        let baseline = out.appendingPathComponent("baseline.yml")
        let written = try CLI.run(["map", "retain-cycle", "--out", out.path, "--image-format", "dot", "--write-baseline", baseline.path, "--color", "never"], in: Self.fixtures)
        #expect(written.status == 0)
        #expect(written.stdout.hasSuffix("  baseline: \(baseline.path) accepts 2 findings\n"))
        #expect(try String(contentsOf: baseline, encoding: .utf8) == """
            # What `sceneflow map` reports for this app, accepted for now: map fails only on anything new.
            # Give each a reason, or fix it and remove it.
            accept:
              - rule: "clean-swift/weak-view"
                at: "retain-cycle/Orders/Orders.swift:29"
                reason: "accepted when the baseline was written"
              - rule: "clean-swift/router-navigates"
                at: "retain-cycle/Orders/Orders.swift:54"
                reason: "accepted when the baseline was written"

            """)
        let clean = try CLI.run(["map", "retain-cycle", "--out", out.path, "--image-format", "dot", "--accept", baseline.path, "--color", "never"], in: Self.fixtures)
        #expect(clean.status == 0, "\(clean.stdout)")
        // An acceptance without a reason is refused, with its place.
        try Data("accept:\n  - rule: clean-swift/weak-view\n    at: retain-cycle/Orders/Orders.swift\n".utf8).write(to: accept)
        let unexplained = try CLI.run(["map", "retain-cycle", "--out", out.path, "--image-format", "dot", "--accept", accept.path, "--color", "never"], in: Self.fixtures)
        #expect(unexplained.status == 2)
        #expect(unexplained.stderr == """
            \(accept.path):2:5: error: the acceptance of clean-swift/weak-view at retain-cycle/Orders/Orders.swift needs a 'reason:'
              - rule: clean-swift/weak-view
                ^

            """)
    }

    @Test("map: a View doing a worker's job itself (a backend library, UserDefaults, what a manager singleton holds) fails with each place; closing the picker it presented is not leaving its screen")
    func viewDoesWork() throws {
        let out = try folder()
        let map = try CLI.run(["map", "view-does-work", "--out", out.path, "--image-format", "dot", "--color", "never"], in: Self.fixtures)
        #expect(map.status == 1)
        #expect(map.stderr == """
            view-does-work/Profile/ProfileScene.swift:72:16: error: Profile: ProfileViewController.displayProfile calls UserDefaults.standard.bool(…) itself; Workers serve the Interactor; the View does no business work [clean-swift/workers-serve-interactor]
            view-does-work/Profile/ProfileScene.swift:77:10: error: Profile: ProfileViewController.signOut calls Auth.auth().signOut(…) itself; Workers serve the Interactor; the View does no business work [clean-swift/workers-serve-interactor]
            view-does-work/Profile/ProfileScene.swift:81:5: error: Profile: ProfileViewController.token calls SessionManager.instance.defaults.string(…) itself; Workers serve the Interactor; the View does no business work [clean-swift/workers-serve-interactor]

            """)
        #expect(map.stdout == """
            1 scenes, 4 references, 4 calls, 0 routes from 1 Swift files (Clean Swift (BusinessLogic protocols))

            """)
    }

    @Test("map: a VIPER Presenter keeping a flag in UserDefaults itself fails with its place; one that reloads its View from a didSet does not")
    func presenterDoesWork() throws {
        let out = try folder()
        let map = try CLI.run(["map", "presenter-state", "--out", out.path, "--image-format", "dot", "--color", "never"], in: Self.fixtures)
        #expect(map.status == 1)
        #expect(map.stderr == """
            presenter-state/Wallet/WalletPresenter.swift:24:22: error: Wallet: WalletPresenter.toggleHidden calls UserDefaults.standard.bool(…) itself; VIPER's components talk only along View ↔ Presenter ↔ Interactor, Presenter → WireFrame and Interactor → DataManagers [viper/paths]

            """)
        #expect(map.stdout == """
            1 scenes, 6 references, 7 calls, 0 routes from 5 Swift files (VIPER (the app's own names))

            """)
    }

    @Test("map: scenes talking past the Router's data passing (a delegate handed over, another scene's View kept, a notification posted and observed) fail with each place")
    func betweenScenes() throws {
        let out = try folder()
        let map = try CLI.run(["map", "between-scenes", "--out", out.path, "--image-format", "dot", "--color", "never"], in: Self.fixtures)
        #expect(map.status == 1)
        let rule = "a component talks only to components of its own scene; data reaches another scene only through the Router's data passing [all/own-scene]"
        #expect(map.stderr == """
            between-scenes/Scenes/Detail.swift:23:5: error: Detail: DetailInteractor.save posts the notification .itemsChanged, which any scene may observe; \(rule)
            between-scenes/Scenes/Detail.swift:53:5: error: Detail: DetailViewController.displaySaved calls ListViewController.detailDidSave of the scene List; \(rule)
            between-scenes/Scenes/List.swift:61:5: error: List: ListViewController.viewDidLoad observes the notification .itemsChanged, which the scene Detail posts; \(rule)
            between-scenes/Scenes/List.swift:71:5: error: List: ListViewController.displayItems calls into the scene Detail through interactor.detailViewController; \(rule)
            between-scenes/Scenes/List.swift:85:5: error: List: ListRouter.routeToDetail hands viewController to the scene Detail as its delegate; \(rule)

            """)
        #expect(map.stdout == """
            2 scenes, 9 references, 8 calls, 1 routes from 2 Swift files (Clean Swift (BusinessLogic protocols))

            """)
    }

    /// The `current` fixture's imported scenario with `edits` applied.
    func scenario(_ edits: [(String, String)]) throws -> URL {
        var text = try String(contentsOf: PackagePaths.tests.appendingPathComponent("CodeImportTests/Expected/current.yml"), encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "\(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let file = try folder().appendingPathComponent("app.yml")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("drift: a scenario that does not load is said before any code is read (it said the code's problem instead)")
    func missingScenarioFirst() throws {
        let empty = try folder()
        let result = try CLI.run(["drift", "missing.yml", empty.path, "--color", "never"], in: empty)
        #expect(result.status == 2)
        #expect(result.stderr == "error: no such file: missing.yml\n")
        #expect(result.stdout == "")
    }

    @Test("drift: the imported scenario agrees with its code")
    func agrees() throws {
        let file = try scenario([])
        let result = try CLI.run(["drift", file.path, "current", "--color", "never"], in: Self.fixtures)
        #expect(result.status == 0)
        #expect(result.stdout == "✓ the scenario and the code agree\n")
    }

    @Test("drift: one difference of each kind, with both places; exit 1; JSON for tools")
    func eachKind() throws {
        let file = try scenario([
            ("  Home:\n", "  Settings: {}\n  Home:\n"),
            ("      Greet:\n", "      Greet:\n        methods: { interactor: \"greetUser(request:)\" }\n"),
            ("        method: routeToHome(segue:)\n", "        method: routeToHome(segue:)\n      toSettings: Settings\n"),
            ("pass: { name: source.user?.firstName }", "pass: { name: source.user?.firstName, nickname: source.user?.firstName }"),
            ("    dataStore:\n      name: String?\n", "    dataStore:\n      name: String?\n      nickname: String?\n"),
            ("          isSignedIn: Bool\n", "          isSignedIn: Bool?\n"),
            ("          - if: viewModel.isSignedIn\n", "          - if: viewModel.isSignedIn == true\n"),
            ("        request:\n          username: String\n", "        request:\n          user: String\n"),
            ("with: { username: request.username,", "with: { username: request.user,"),
            ("      toLogin:\n        to: Login\n", "      toLogin:\n        to: Settings\n"),
            ("    routes:\n      toLogin:", "      Wave:\n        interactor: []\n    routes:\n      toLogin:"),
        ])
        let path = file.path
        let result = try CLI.run(["drift", path, "current", "--color", "never"], in: Self.fixtures)
        #expect(result.status == 1)
        #expect(result.stderr == """
            \(path):44:23: error: 'Login.SignIn.ViewModel.isSignedIn' is 'Bool?' in the scenario, 'Bool' in the code
            current/Shop/Scenes/Login/LoginModels.swift:17:11: note: the code says it here
            \(path):37:11: error: 'Login.SignIn.Request' has 'user' in the scenario, not in the code
            current/Shop/Scenes/Login/LoginModels.swift:8:11: error: 'Login.SignIn.Request' has 'username' in the code, not in the scenario
            \(path):63:47: error: route 'Login.toHome' passes 'nickname' in the scenario, not in the code
            current/Shop/Scenes/Login/LoginRouter.swift:17:8: note: the code says it here
            \(path):65:7: error: route 'Login.toSettings' is in the scenario but not in the code
            \(path):66:3: error: scene 'Settings' is in the scenario but not in the code
            \(path):71:7: error: 'Home.DataStore' has 'nickname' in the scenario, not in the code
            \(path):74:32: error: 'Home.Greet': the scenario's Interactor method is 'greetUser(request:)', the code's 'greet(request:)'
            current/Shop/Scenes/Home/HomeInteractor.swift:15:8: note: the code says it here
            \(path):84:7: error: use case 'Home.Wave' is in the scenario but not in the code
            \(path):88:13: error: route 'Home.toLogin' leads to 'Settings' in the scenario, to 'Login' in the code
            current/Shop/Scenes/Home/HomeRouter.swift:15:8: note: the code says it here

            """)
        #expect(result.stdout == """
            10 differences

            """)
        let json = try CLI.run(["drift", path, "current", "--format", "json"], in: Self.fixtures)
        #expect(json.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let decoded = (document?["result"] as? [String: Any])?["differences"] as? [[String: String]]
        #expect(decoded?.map { $0["kind"] ?? "" } == ["fieldType", "modelField", "modelField", "passedField", "route", "scene",
                                                      "dataStoreField", "method", "useCase", "destination"])
        // The same differences as diagnostics, each named by its kind, at the scenario's place (the code's in a note).
        let ids = (document?["diagnostics"] as? [[String: Any]])?.map { $0["id"] as? String ?? "" }
        #expect(ids == ["drift/field-type", "drift/model-field", "drift/model-field", "drift/passed-field", "drift/route", "drift/scene",
                        "drift/data-store-field", "drift/method", "drift/use-case", "drift/destination"])
        #expect(document?["status"] as? String == "fails")
        #expect(json.stderr == "")
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString).json")
        try Data(json.stdout.utf8).write(to: report)
        #expect(try SchemaValidator.validate(schema: PackagePaths.root.appendingPathComponent("docs/report.schema.json"), files: [report])
                == ["valid \(report.path)"])
        // GitHub annotations: one per difference, on the scenario's line.
        let github = try CLI.run(["drift", path, "current", "--format", "github"], in: Self.fixtures)
        #expect(github.status == 1)
        #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=") && $0.contains(",title=drift/") }.count == 10,
                "\(github.stdout)")
        // What only the code has: a scene, its use case and routes.
        let trimmed = try scenario([
            ("      toHome:\n        to: Home\n        navigation: present\n        presentation: automatic\n        pass: { name: source.user?.firstName }\n        method: routeToHome(segue:)\n", ""),
            ("        view:\n          - if: viewModel.isSignedIn\n            then:\n              - route: toHome\n", ""),
        ])
        var text = try String(contentsOf: trimmed, encoding: .utf8)
        if let home = text.range(of: "  Home:\n"), let story = text.range(of: "\nstory:") {
            text.removeSubrange(home.lowerBound..<story.lowerBound)
        }
        try Data(text.utf8).write(to: trimmed)
        let onlyCode = try CLI.run(["drift", trimmed.path, "current", "--color", "never"], in: Self.fixtures)
        #expect(onlyCode.status == 1)
        // Only the code has them: said at the code's place.
        #expect(onlyCode.stderr == """
            current/Shop/Scenes/Login/LoginRouter.swift:17:8: error: route 'Login.toHome' is in the code but not in the scenario
            current/Shop/Scenes/Home/HomeViewController.swift:7:1: error: scene 'Home' is in the code but not in the scenario

            """)
        #expect(onlyCode.stdout == "2 differences\n")
    }

    @Test("drift: who makes a worker and how a scene is presented are compared where the scenario says them")
    func makingAndPresentation() throws {
        // The scenario says nothing of either: nothing to compare.
        let silent = try scenario([("        made: byHolder\n", ""), ("        presentation: automatic\n", "")])
        let agreeing = try CLI.run(["drift", silent.path, "current", "--color", "never"], in: Self.fixtures)
        #expect(agreeing.status == 0)
        #expect(agreeing.stdout == "✓ the scenario and the code agree\n")
        let file = try scenario([("        made: byHolder\n", "        made: wiring\n"), ("        presentation: automatic\n", "        presentation: fullScreen\n")])
        let path = file.path
        let result = try CLI.run(["drift", path, "current", "--color", "never"], in: Self.fixtures)
        #expect(result.status == 1)
        #expect(result.stderr == """
            \(path):62:23: error: route 'Login.toHome' presents as 'fullScreen' in the scenario, as 'automatic' in the code
            current/Shop/Scenes/Login/LoginRouter.swift:17:8: note: the code says it here
            \(path):26:15: error: 'Login': the worker 'AuthWorker' is made where the scene is wired in the scenario, made by the part that holds it in the code
            current/Shop/Workers/AuthWorker.swift:3:1: note: the code says it here

            """)
        #expect(result.stdout == "2 differences\n")
    }

    @Test("Output/Map/current holds the map the README shows, as the code draws it today")
    func committedMap() throws {
        let app = try CodeImporter().read([Self.fixtures.appendingPathComponent("current").path])
        let (diagram, _) = CodeMap.diagram(app, title: "current")
        let committed = try? String(contentsOf: PackagePaths.root.appendingPathComponent("Output/Map/current/map.dot"), encoding: .utf8)
        #expect(committed == DOTEncoder.encode(diagram.dot(name: "map")), "Output/Map is stale: run 'make examples'")
        #expect(FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent("Output/Map/current/map.png").path))
    }
}

@Suite("VIPER code: import, map and drift")
struct VIPERCodeTests {
    @Test("a WireFrame keeping its View weakly and a Router making the next module through its factory are allowed; the module opened by its input protocol is a route; the View's own cell calling a worker is the View's")
    func moduleInput() throws {
        let app = try CodeImporter().read([MapDriftTests.fixtures.appendingPathComponent("module-input").path])
        let (diagram, violations) = CodeMap.diagram(app, title: "module-input")
        #expect(violations.map { "\($0.location.line):\($0.location.column) \($0.what)" }
                == ["124:9 NoteListCell.fill calls ThumbnailLoader.loadThumbnail; VIPER's components talk only along View ↔ Presenter ↔ Interactor, Presenter → WireFrame and Interactor → DataManagers"],
                "\(violations.map(\.what))")
        // The call is drawn as the list says it: the View's (its cell's) arrow to the shared loader, red, one call found.
        let drawn = diagram.links.filter { $0.to == "NoteList.worker.ThumbnailLoader" }
        #expect(drawn.map { "\($0.from) \($0.kind) declared: \($0.declared) ×\($0.messages)" } == ["NoteList.view calls declared: false ×1"])
        let noteList = try #require(app.scenes.first { $0.name == "NoteList" })
        #expect(noteList.routes.map { "\($0.destination) \($0.pass.map { "\($0.field) = \($0.expression)" })" } == ["FolderPicker [\"folderName = input.note.folder\"]"])
        #expect(noteList.references.contains { $0.from == .router && $0.to == .view && $0.weak })
        #expect(noteList.dataStore.map(\.name) == ["storage", "rows"])
    }

    @Test("a VIPER app imports into a scenario the code agrees with, and maps with every reference allowed")
    func viper() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-viper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let file = out.appendingPathComponent("Posts.yml")
        let imported = try CLI.run(["import", "viper", "-o", file.path, "--color", "never"], in: MapDriftTests.fixtures)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.hasSuffix("2 scenes, 3 use cases, 1 route, 1 worker from 9 Swift files (VIPER (…Protocol protocols)); 1 placeholder to fill\n  scenario: \(file.path)\n"))
        let drift = try CLI.run(["drift", file.path, "viper", "--color", "never"], in: MapDriftTests.fixtures)
        #expect(drift.status == 0, "\(drift.stdout)")
        #expect(drift.stdout == "✓ the scenario and the code agree\n")
        let map = try CLI.run(["map", "viper", "--out", out.path, "--image-format", "dot", "--color", "never"], in: MapDriftTests.fixtures)
        #expect(map.status == 0)
        #expect(map.stdout.hasPrefix("2 scenes, "))
        #expect(map.stdout.contains("✓ every reference and call is one viper allows\n"))
    }
}

extension MapDriftTests {
    @Test("map: a computed property that returns the weak View reference holds nothing (no retain cycle); an Interactor calling its coordinator is flagged with its place")
    func computedReference() throws {
        let out = try folder()
        let result = try CLI.run(["map", "coordinator-initializers", "--out", out.path, "--image-format", "dot", "--color", "never"], in: Self.fixtures)
        #expect(result.status == 1)
        #expect(result.stderr == """
            coordinator-initializers/Characters/Characters.swift:60:17: error: Characters: interactor → router holds 'coordinator', which clean-swift does not allow
            coordinator-initializers/Characters/Characters.swift:77:9: error: Characters: CharactersInteractor.didSelectCharacter calls CharactersCoordinator.showDetail; the View asks the Router to route; the Interactor decides nothing about screens [clean-swift/view-routes]

            """)
        #expect(result.stdout == """
            2 scenes, 9 references, 8 calls, 1 routes from 3 Swift files (Clean Swift (…Protocol protocols, a Controller and a Coordinator))

            """)
    }
}
