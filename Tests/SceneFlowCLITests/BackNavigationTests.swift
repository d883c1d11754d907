import Foundation
import Testing
import TestSupport

/// Routes that go back, as a Router's `routeToListOrders` does: to the destination's existing instance, passing data
/// into it, with the stack right; and `load` versus `appear`.
@Suite("Back navigation")
struct BackNavigationTests {
    static let scenario = #"""
        scenario: Orders
        start: List
        scenes:
          List:
            dataStore: { count: Int = 0 }
            useCases:
              Refresh:
                trigger: appear
                interactor:
                  - respond: { count: dataStore.count }
                response: { count: Int }
                viewModel: { title: String }
                presenter: { title: '"\(response.count) orders"' }
                view: [{ show: title }]
              Add:
                interactor: [{ respond: {} }]
                view: [{ route: toCreate }]
            routes:
              toCreate: Create
          Create:
            dataStore: { created: Int = 0 }
            useCases:
              Save:
                interactor:
                  - store: { created: 5 }
                  - respond: {}
                view: [{ route: toList }]
              More:
                interactor: [{ respond: {} }]
                view: [{ route: toDetails }]
            routes:
              toList: { to: List, navigation: pop, pass: { count: source.created } }
              toDetails: { to: Details, navigation: present }
          Details:
            useCases:
              Close:
                interactor: [{ respond: {} }]
                view: [{ route: toList }]
            routes:
              toList: { to: List, navigation: popToScene }
        story:
          - do: List.Add
            expect: { scene: Create, stack: [List, Create] }
          - do: Create.Save
            expect: { scene: List, stack: [List], dataStore: { List.count: 5 }, shown: { title: "5 orders" } }
          - do: List.Add
            expect: { stack: [List, Create] }
          - do: Create.More
            expect: { stack: [List, Create, Details] }
          - do: Details.Close
            expect: { scene: List, stack: [List], shown: { title: "5 orders" } }
        """#

    @Test("pop and popToScene return to the existing instance, pass data into it, and its appear use case runs again")
    func backRoutes() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "orders.yml")
        let folder = file.deletingLastPathComponent()
        let check = try CLI.run(["check", "orders.yml", "--color", "never"], in: folder)
        #expect(check.status == 0)
        #expect(check.stdout == """
            orders.yml — Orders (clean-swift)
              ✓ 1  do List.Add
              ✓ 2  do Create.Save
              ✓ 3  do List.Add
              ✓ 4  do Create.More
              ✓ 5  do Details.Close
              ✓ architecture: every message follows clean-swift's rules

            1 scenario: 12 checks passed, 0 failed

            """)
        let run = try CLI.run(["run", "orders.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder)
        #expect(run.status == 0)
        let lines = try String(contentsOf: folder.appendingPathComponent("out/orders/trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let navigation = lines.filter { $0.contains(#""kind":"navigation""#) }.map { line in
            line.replacingOccurrences(of: #","at":"[^"]*""#, with: "", options: .regularExpression)
        }
        #expect(navigation == [
            #"{"seq":23,"cycle":2,"parent":16,"t":0,"kind":"navigation","from":7,"to":10,"style":"push","route":"toCreate","method":"navigateToCreate(source:destination:)"}"#,
            #"{"seq":32,"cycle":3,"parent":30,"t":0,"kind":"navigation","from":13,"to":4,"style":"pop","route":"toList","method":"navigateToList(source:destination:)","removed":[10]}"#,
            #"{"seq":49,"cycle":5,"parent":42,"t":0,"kind":"navigation","from":7,"to":16,"style":"push","route":"toCreate","method":"navigateToCreate(source:destination:)"}"#,
            #"{"seq":62,"cycle":6,"parent":55,"t":0,"kind":"navigation","from":19,"to":22,"style":"present","route":"toDetails","method":"navigateToDetails(source:destination:)"}"#,
            #"{"seq":69,"cycle":7,"parent":68,"t":0,"kind":"navigation","from":25,"to":4,"style":"popToScene","route":"toList","method":"navigateToList(source:destination:)","removed":[22,16]}"#,
        ])
        // List's appear use case: when it is first shown and after each way back; its View appears again each time.
        #expect(lines.filter { $0.contains(#""useCase":"Refresh","trigger""#) }.count == 3)
        #expect(lines.filter { $0.contains(#""kind":"appear","from":4,"to":4,"method":"viewWillAppear(_:)""#) }.count == 2)
    }

    @Test("a load use case runs once per instance: going back does not run it again")
    func loadRunsOnce() throws {
        let file = try CLI.temporaryFile(Self.scenario.replacingOccurrences(of: "trigger: appear", with: "trigger: load"), name: "orders.yml")
        let folder = file.deletingLastPathComponent()
        #expect(try CLI.run(["run", "orders.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let trace = try String(contentsOf: folder.appendingPathComponent("out/orders/trace.jsonl"), encoding: .utf8)
        #expect(trace.components(separatedBy: #""useCase":"Refresh","trigger""#).count - 1 == 1)
        #expect(!trace.contains("viewWillAppear"))
    }

    @Test("going back to a scene that is not there, or dismissing a pushed scene, stops the run at the route")
    func wrongWayBack() throws {
        let dismiss = try CLI.temporaryFile(Self.scenario.replacingOccurrences(of: "navigation: pop, pass", with: "navigation: dismiss, pass"), name: "dismiss.yml")
        let first = try CLI.run(["run", "dismiss.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: dismiss.deletingLastPathComponent())
        #expect(first.status == 1)
        #expect(first.stderr == """
            dismiss.yml:32:7: error: route 'toList' dismisses 'Create', which was pushed, not presented
                  toList: { to: List, navigation: dismiss, pass: { count: source.created } }
                  ^
            note: use 'navigation: pop' for a pushed scene, or 'back' to leave the way it came

            """)
        let pop = try CLI.temporaryFile(Self.scenario.replacingOccurrences(of: "navigation: popToScene", with: "navigation: pop"), name: "pop.yml")
        let second = try CLI.run(["run", "pop.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: pop.deletingLastPathComponent())
        #expect(second.status == 1)
        #expect(second.stderr == """
            pop.yml:40:21: error: route 'toList' goes back (pop) to 'List', but below 'Details' is 'Create'
                  toList: { to: List, navigation: pop }
                                ^
            note: the navigation stack is List → Create → Details; 'popToScene' goes back past other scenes

            """)
    }
}

/// A route fired straight from the View (a segue from a table row), with no cycle, carrying the user's selection.
@Suite("Routes fired from the View")
struct SegueTests {
    static let scenario = #"""
        scenario: Segues
        start: List
        scenes:
          List:
            dataStore: { names: { type: "[String]", default: [ann, bob, cy] } }
            routes:
              toShow:
                to: Show
                input: { row: Int }
                pass: { picked: "source.names[input.row]" }
                method: "routeToShow(segue:)"
          Show:
            dataStore: { picked: String? }
        story:
          - route: List.toShow
            with: { row: 1 }
            expect: { scene: Show, stack: [List, Show], dataStore: { Show.picked: bob } }
          - back
        """#

    @Test("the route runs from the View: no cycle, the selection passed, the step marked as a route")
    func segue() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "seg.yml")
        let folder = file.deletingLastPathComponent()
        let check = try CLI.run(["check", "seg.yml", "--color", "never"], in: folder)
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("seg.yml — Segues (clean-swift)\n  ✓ 1  route List.toShow\n"))
        #expect(try CLI.run(["run", "seg.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let lines = try String(contentsOf: folder.appendingPathComponent("out/seg/trace.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.contains(#"{"step":1,"route":"List.toShow","at":"seg.yml:15:5"}"#))
        #expect(!lines.contains { $0.hasPrefix(#"{"cycle":"#) }, "no cycle")
        #expect(lines.contains { $0.contains(#""kind":"route""#) && $0.contains(#""method":"routeToShow(segue:)","type":"List.toShow.Input","payload":{"row":1}"#) },
                "\(lines.filter { $0.contains("route") })")
        #expect(lines.contains { $0.contains(#""kind":"dataPassing""#) && $0.contains(#""value":"bob""#) })
    }

    @Test("an unknown route, a missing input and an unknown input are errors with suggestions")
    func errors() throws {
        let file = try CLI.temporaryFile(Self.scenario + "\n  - route: List.toShw\n  - route: List.toShow\n    with: { rows: 1 }\n", name: "seg.yml")
        let result = try CLI.run(["validate", "seg.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(result.status == 1)
        #expect(result.stderr == """
            seg.yml:19:17: error: scene 'List' has no route 'toShw'
              - route: List.toShw
                            ^
            note: did you mean 'toShow'?
            seg.yml:20:5: error: 'route: List.toShow' needs input values for 'row'
              - route: List.toShow
                ^
            note: add 'with: { row: … }'
            seg.yml:21:13: error: route 'List.toShow' has no input 'rows'
                with: { rows: 1 }
                        ^
            note: did you mean 'row'?
            ✗ 1 of 1 scenario invalid (3 errors, 0 warnings)

            """)
    }
}
