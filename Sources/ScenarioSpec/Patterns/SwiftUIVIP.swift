extension Pattern {
    /// VIP in SwiftUI: the View is a struct configured by `configureView()` and holds the DataStore (seed 000).
    public static let swiftUI = Pattern(definedAs: "swiftui")
}

extension PatternDefinition {
    /// SwiftUI VIP: View → Interactor → Presenter → View, with the DataStore an ObservableObject the View holds and
    /// updates in its display logic.
    public static let swiftUI = PatternDefinition(
        pattern: .swiftUI,
        title: "SwiftUI VIP",
        roles: [.init(.view), .init(.interactor), .init(.worker), .init(.dataStore), .init(.presenter), .init(.router, .hasRoutes)],
        naming: PatternNaming(
            components: [
                .view: "{scene}View", .interactor: "{scene}Interactor", .presenter: "{scene}Presenter",
                .router: "{scene}Router", .dataStore: "{scene}DataStore", .worker: "{scene}Worker",
                .configurator: "{scene}Configurator",
            ],
            protocols: [
                .businessLogic: "{scene}BusinessLogic", .presentationLogic: "{scene}PresentationLogic",
                .displayLogic: "{scene}DisplayLogic", .routingLogic: "{scene}RoutingLogic",
                .dataPassing: "{scene}DataPassing", .dataStore: "{scene}DataStore",
            ],
            requestLabels: .request, presenterMethod: "present{Output}", presenterLabels: .response,
            loadMethod: nil, appearMethod: "onAppear()", configureMethod: "configureView()",
            navigateLabels: ["destination"]),
        wiring: Wiring(style: .configurator, links: [
            .init(.view, "interactor", .interactor, through: .businessLogic),
            .init(.interactor, "presenter", .presenter, through: .presentationLogic),
            .init(.presenter, "view", .view, through: .displayLogic),
            .init(.view, "router", .router, through: .routingLogic, when: .hasRoutes),
            .init(.router, "dataStore", .dataStore, through: .dataStore, when: .hasRoutes),
        ]),
        dependencies: [
            .init(.view, .interactor, .calls, .slot(.businessLogic)),
            .init(.interactor, .presenter, .calls, .slot(.presentationLogic)),
            .init(.presenter, .view, .copy, .slot(.displayLogic)),
            .init(.view, .router, .calls, .slot(.routingLogic), when: .hasRoutes),
            .init(.router, .dataStore, .reads, .slot(.dataPassing), when: .hasRoutes),
            .init(.view, .dataStore, .writes, .slot(.dataStore)),
        ],
        flow: Flow(entry: .interactor, store: .dataStore, viewWritesDataStore: true),
        scopes: Scopes(
            interactor: .init([.request], explanation: "in 'swiftui' the DataStore is held by the View, not the Interactor"),
            event: .init([.request], explanation: "the Presenter handles the View's event with its 'request'"),
            presenter: .init([.response], explanation: "the Presenter sees only the 'response' it is given"),
            view: .init([.viewModel, .state, .dataStore],
                        explanation: "in 'swiftui' the View holds the DataStore and displays its 'viewModel'")),
        rules: PatternRules(
            allowed: [
                .path(.view, .interactor, "BusinessLogic", "the View (a struct set up by configureView()) sends each action to the Interactor"),
                .path(.interactor, .worker, "the worker's methods", "the Interactor hands reusable work to Workers"),
                .path(.interactor, .presenter, "PresentationLogic", "the Interactor answers with a Response"),
                .path(.presenter, .view, "DisplayLogic", "the Presenter formats a ViewModel for the View"),
                .path(.view, .dataStore, "ObservableObject", "the View's display logic updates its observed DataStore, which re-renders it"),
                .path(.view, .router, "RoutingLogic", "the View asks the Router to move on"),
                .path(.router, .dataStore, "DataPassing", "the Router fills the next scene's DataStore"),
                .path(.router, .view, "navigation", "the Router shows the next scene"),
            ],
            violations: [
                PatternRules.Path(.interactor, .dataStore): PatternRules.Rule(
                    id: "swiftui/view-owns-datastore",
                    text: "in SwiftUI VIP the DataStore is an ObservableObject held by the View; the Interactor cannot write it",
                    fix: "respond with the value and 'set:' it in the View's display logic"),
                PatternRules.Path(.presenter, .interactor): PatternRules.Rule(
                    id: "swiftui/one-way",
                    text: "data flows one way, View → Interactor → Presenter → View: the Presenter never calls the Interactor",
                    fix: "have the View send a new Request instead"),
                PatternRules.Path(.view, .presenter): PatternRules.Rule(
                    id: "swiftui/view-to-interactor",
                    text: "the View sends requests to the Interactor, not to the Presenter",
                    fix: "call the Interactor (BusinessLogic)"),
            ],
            defaultRule: PatternRules.Rule(
                id: "swiftui/paths",
                text: "SwiftUI VIP's components talk only along View → Interactor → Presenter → View, View → DataStore and View → Router",
                fix: "move the step to the component that owns that conversation"),
            absent: [:]),
        cycle: Cycle(
            title: "SwiftUI VIP — the cycle",
            summary: "View → Interactor → Presenter → View, the DataStore held by the View",
            nodes: [
                .init("user", role: .user, "User"),
                .init("view", role: .view, "View", "SwiftUI View"),
                .init("interactor", role: .interactor, "Interactor", "business logic"),
                .init("presenter", role: .presenter, "Presenter", "formats"),
                .init("worker", role: .worker, "Worker", "does the work"),
                .init("dataStore", role: .dataStore, "DataStore", "the scene's state"),
                .init("router", role: .router, "Router", "navigates"),
                .init("next", role: nil, "next scene", "its DataStore"),
            ],
            arrows: [
                .init(.user, "user", "view", "action", carries: [.init(.user, .view)]),
                .init(.request, "view", "interactor", "Request", through: "BusinessLogic", carries: [.init(.view, .interactor)]),
                .init(.worker, "interactor", "worker", "work", carries: [.init(.interactor, .worker)]),
                .init(.worker, "worker", "interactor", "result", carries: [.init(.worker, .interactor)], dashed: true),
                .init(.response, "interactor", "presenter", "Response", through: "PresentationLogic",
                      carries: [.init(.interactor, .presenter)]),
                .init(.display, "presenter", "view", "ViewModel", through: "DisplayLogic", carries: [.init(.presenter, .view)]),
                .init(.store, "view", "dataStore", "sets",
                      carries: [.init(.view, .dataStore), .init(.view, .view), .init(.interactor, .dataStore), .init(.interactor, .view)]),
                .init(.route, "view", "router", "route", through: "RoutingLogic", carries: [.init(.view, .router)]),
                .init(.next, "router", "next", "passes data, navigates", through: "DataPassing",
                      carries: [.init(.router, .dataStore), .init(.router, .view)]),
            ]),
        narrationKey: "swiftui",
        codeShape: .swiftUIScene)
}
