import Foundation
import Testing
import TestSupport

/// Expectations that pass only when the app does what they say: `nil` means no value everywhere, a record names the
/// fields it checks, and the messages an expectation names must be ones the scenario can send.
@Suite("Expectations you can trust")
struct ExpectationTrustTests {
    static let scenario = """
            scenario: Trust
            start: A
            entities:
              Thing: { name: String, size: Int }
            scenes:
              A:
                dataStore: { note: String?, thing: Thing?, count: Int? }
                useCases:
                  Save:
                    request: { note: String?, thing: Thing? }
                    interactor:
                      - store: { note: request.note, thing: request.thing }
                      - respond: {}
            story:
              - do: A.Save
                request: { note: nil, thing: ~ }
                expect: { dataStore: { A.note: nil, A.thing: null, A.count: ~ } }
              - do: A.Save
                request: { note: "nil", thing: { name: x, size: 1 } }
                expect: { dataStore: { A.note: nil, A.thing: { name: y } } }
            """

    @Test("nil, null and ~ are no value, a quoted \"nil\" is text, and a record checks the fields it names")
    func nilAndPartialRecords() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "trust.yml")
        let result = try CLI.run(["check", "trust.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(result.status == 1)
        #expect(result.stdout == """
            trust.yml — Trust (clean-swift)
              ✓ 1  do A.Save
              ✗ 2  do A.Save
            trust.yml:20:28: error: dataStore A.note: expected nil, got "nil"
                    14  User → AViewController  Save {note: "nil", thing: {name: "x", size: 1}}
                    15  AViewController → AInteractor  ABusinessLogic.save(request:) {note: "nil", thing: {name: "x", size: 1}}
                    16  AInteractor → ADataStore  note = "nil"
                    17  AInteractor → ADataStore  thing = {name: "x", size: 1}
                    18  AInteractor → APresenter  APresentationLogic.presentSave(response:)
            trust.yml:20:41: error: dataStore A.thing: expected {name: "y"}, got {name: "x", size: 1}
                    15  AViewController → AInteractor  ABusinessLogic.save(request:) {note: "nil", thing: {name: "x", size: 1}}
                    16  AInteractor → ADataStore  note = "nil"
                    17  AInteractor → ADataStore  thing = {name: "x", size: 1}
                    18  AInteractor → APresenter  APresentationLogic.presentSave(response:)
                    19  APresenter → AViewController  ADisplayLogic.displaySave(viewModel:)
              ✓ architecture: every message follows clean-swift's rules

            1 scenario: 4 checks passed, 2 failed

            """)
        let fixed = Self.scenario.replacingOccurrences(of: "A.note: nil, A.thing: { name: y }", with: "A.note: \"nil\", A.thing: { name: x }")
        let passing = try CLI.temporaryFile(fixed, name: "trust.yml")
        let ok = try CLI.run(["check", "trust.yml", "--color", "never"], in: passing.deletingLastPathComponent())
        #expect(ok.status == 0)
        #expect(ok.stdout.hasSuffix("1 scenario: 6 checks passed, 0 failed\n"))
        // For a type that is not optional, nil is an error that names the type.
        let strict = Self.scenario.replacingOccurrences(of: "request: { note: String?, thing: Thing? }", with: "request: { note: String?, thing: Thing }")
        let refused = try CLI.run(["validate", try CLI.temporaryFile(strict, name: "t.yml").path, "--color", "never"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: request value 'thing' is nil, but its type 'Thing' is not optional"), "\(refused.stderr)")
    }

    @Test("messages and absent are checked by validate, with did-you-mean")
    func messageNames() throws {
        let text = try String(contentsOf: PackagePaths.scenarios.appendingPathComponent("Login.yml"), encoding: .utf8)
            .replacingOccurrences(of: "absent: [LoginRoutingLogic.showHome()]",
                                  with: "absent: [LoginRoutingLogic.showHom(), LoginRouter.routeToHome, Interactor -> Presentr]")
            .replacingOccurrences(of: "messages: [AuthWorker.login(username:password:), LoginRoutingLogic.showHome()]",
                                  with: "messages: [AuthWorkr.login(username:password:), LoginRoutingLogic.showHome(), login(user:)]")
        let file = try CLI.temporaryFile(text, name: "L.yml")
        let result = try CLI.run(["validate", "L.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(result.status == 1)
        #expect(result.stderr == """
            L.yml:88:16: error: 'absent' names 'showHom()', which nothing in this scenario sends
                  absent: [LoginRoutingLogic.showHom(), LoginRouter.routeToHome, Interactor -> Presentr]
                           ^
            note: did you mean 'showHome()'?
            note: an 'absent' message that cannot be sent would pass for nothing
            L.yml:88:45: error: 'absent' names 'routeToHome', which nothing in this scenario sends
                  absent: [LoginRoutingLogic.showHom(), LoginRouter.routeToHome, Interactor -> Presentr]
                                                        ^
            note: an 'absent' message that cannot be sent would pass for nothing
            L.yml:88:70: error: 'absent' names 'Presentr', which is no component, worker or role of this scenario
                  absent: [LoginRoutingLogic.showHom(), LoginRouter.routeToHome, Interactor -> Presentr]
                                                                                 ^
            note: did you mean 'presenter'?
            L.yml:96:18: error: 'messages' names 'AuthWorkr', which is no component, protocol or worker of this scenario
                  messages: [AuthWorkr.login(username:password:), LoginRoutingLogic.showHome(), login(user:)]
                             ^
            note: did you mean 'AuthWorker'?
            L.yml:96:85: error: 'messages' names 'login(user:)', which nothing in this scenario sends
                  messages: [AuthWorkr.login(username:password:), LoginRoutingLogic.showHome(), login(user:)]
                                                                                                ^
            ✗ 1 of 1 scenario invalid (5 errors, 0 warnings)

            """)
    }

    @Test("messages and absent name a shared worker's operations like a scene's own, and check them at run time")
    func sharedWorkerMessages() throws {
        let text = try String(contentsOf: PackagePaths.scenarios.appendingPathComponent("CleanStore.yml"), encoding: .utf8)
            .replacingOccurrences(of: """
                      shown: { orderNameLabel: Bob Brown }

                """, with: """
                      shown: { orderNameLabel: Bob Brown }
                      messages: [OrdersWorker.updateOrder, CreateOrderPresentationLogic.presentUpdatedOrder(response:)]
                      absent: [OrdersWorker.createOrder, Worker.fetchOrders, "OrdersWorker.createOrder(orderToCreate:completionHandler:)"]

                """)
        #expect(text.contains("absent: [OrdersWorker.createOrder"))
        let file = try CLI.temporaryFile(text, name: "C.yml")
        let folder = file.deletingLastPathComponent()
        let valid = try CLI.run(["validate", "C.yml", "--color", "never"], in: folder)
        #expect(valid.status == 0)
        #expect(valid.stderr == "✓ 1 scenario valid (0 errors, 0 warnings)\n")
        let checked = try CLI.run(["check", "C.yml", "--color", "never"], in: folder)
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout.contains("  ✓ 4  do CreateOrder.UpdateOrder — Change the last name and save\n"))
        // A misspelled operation is an error with a suggestion; the expectation that a shared worker is called
        // where it is not fails at run time.
        let wrong = text.replacingOccurrences(of: "messages: [OrdersWorker.updateOrder,", with: "messages: [OrdersWorker.updateOrdr, Worker.fetchOrders,")
        try wrong.write(to: file, atomically: true, encoding: .utf8)
        let misspelled = try CLI.run(["validate", "C.yml", "--color", "never"], in: folder)
        #expect(misspelled.status == 1)
        #expect(misspelled.stderr.hasPrefix("""
            C.yml:343:18: error: 'messages' names 'updateOrdr', which OrdersWorker does not answer
                  messages: [OrdersWorker.updateOrdr, Worker.fetchOrders, CreateOrderPresentationLogic.presentUpdatedOrder(response:…
                             ^
            note: did you mean 'updateOrder'?

            """), "\(misspelled.stderr)")
        let absentCall = text.replacingOccurrences(of: "messages: [OrdersWorker.updateOrder,", with: "messages: [Worker.fetchOrders,")
        try absentCall.write(to: file, atomically: true, encoding: .utf8)
        let failed = try CLI.run(["check", "C.yml", "--color", "never"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("""
            C.yml:343:18: error: messages: expected Worker.fetchOrders, then CreateOrderPresentationLogic.presentUpdatedOrder(response:), got no 'Worker.fetchOrders'
            """), "\(failed.stdout)")
    }

    @Test("a key with no effect and steps that can never run are warnings; --strict makes them fail")
    func noEffect() throws {
        let file = try CLI.temporaryFile("""
            scenario: E
            start: A
            scenes:
              A:
                useCases:
                  Go:
                    methods: { event: viewWillAppear(_:) }
                    view: [{ route: toB }]
                routes: { toB: B }
              B: {}
            story:
              - do: A.Go
            """, name: "e.yml")
        let folder = file.deletingLastPathComponent()
        let result = try CLI.run(["validate", "e.yml", "--color", "never"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == """
            e.yml:7:27: warning: 'methods: { event: … }' has no effect in clean-swift: the View's action goes to the Interactor, not to a Presenter
                    methods: { event: viewWillAppear(_:) }
                                      ^
            note: name the Interactor's method with 'interactor:', or remove 'event'
            e.yml:8:18: warning: use case 'Go' never runs its Presenter and View steps: no 'respond' sends it
                    view: [{ route: toB }]
                             ^
            note: add '- respond: {}' to the Interactor's steps
            ✓ 1 scenario valid (0 errors, 2 warnings)

            """)
        #expect(try CLI.run(["validate", "e.yml", "--strict", "--color", "never"], in: folder).status == 1)
    }
}
