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
            note: use 'navigation: pop' for a pushed scene

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
