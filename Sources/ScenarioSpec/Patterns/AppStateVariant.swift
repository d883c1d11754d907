extension Pattern {
    /// SwiftUI with one observable AppState and no Presenter: the Interactor writes state, Views re-render (seed 000).
    public static let appStateVariant = Pattern(definedAs: "appstate")
}

extension PatternDefinition {
    /// The AppState variant: Views call an Interactor from the environment; the Interactor writes the one shared
    /// AppState; every View observing it re-renders. No Presenter, Response or ViewModel, no DataStore.
    public static let appStateVariant = PatternDefinition(
        pattern: .appStateVariant,
        title: "SwiftUI with AppState",
        roles: [.init(.view), .init(.interactor), .init(.worker), .init(.router, .hasRoutes)],
        naming: PatternNaming(
            components: [
                .view: "{scene}View", .interactor: "{scene}Interactor", .presenter: "{scene}Presenter",
                .router: "{scene}Router", .dataStore: "{scene}DataStore", .worker: "{scene}Worker",
                .configurator: "{scene}Configurator",
            ],
            protocols: [:],
            requestLabels: .fields, presenterMethod: "present{Output}", presenterLabels: .response,
            loadMethod: nil, appearMethod: "onAppear()", configureMethod: "configureView()",
            navigateLabels: ["destination"]),
        wiring: Wiring(style: .environment, links: [
            .init(.view, "interactor", .interactor),
            .init(.interactor, "appState", .appState),
            .init(.view, "appState", .appState),
            .init(.view, "router", .router, when: .hasRoutes),
        ]),
        dependencies: [
            // The Interactor and the Router are structs: the View holds a value, not a reference.
            .init(.view, .interactor, .copy),
            .init(.interactor, .appState, .writes, .text("AppState")),
            .init(.appState, .view, .observes, .text("@EnvironmentObject"), when: .showsState),
            .init(.view, .router, .copy, when: .hasRoutes),
            .init(.router, .appState, .writes, .text("AppState"), when: .passesData),
        ],
        flow: Flow(entry: .interactor, store: .appState, omitsEmptyRequest: true),
        scopes: Scopes(
            interactor: .init([.request, .appState],
                              explanation: "in 'appstate' the Interactor sees its 'request' and the shared 'appState'"),
            event: .init([.request], explanation: "the Presenter handles the View's event with its 'request'"),
            presenter: .init([.response], explanation: "the Presenter sees only the 'response' it is given"),
            // A ViewModel in appstate breaks appstate/no-presenter, reported once for the use case.
            view: .init([.state, .appState], refused: [.viewModel], explanation: "in 'appstate' the View observes 'appState'")),
        rules: PatternRules(
            allowed: [
                .path(.view, .interactor, "@Environment(\\.interactor)", "the View calls the Interactor it was given through the environment"),
                .path(.interactor, .worker, "the worker's methods", "the Interactor hands reusable work to Workers"),
                .path(.interactor, .appState, "@Published properties", "the Interactor writes results to the one AppState"),
                .path(.appState, .view, "@EnvironmentObject", "Views observe AppState and re-render when it changes"),
                .path(.view, .router, "navigation", "a View navigates"),
                .path(.router, .view, "navigation", "the next scene is shown"),
                .path(.router, .appState, "@Published properties", "the Router gives the next scene its values by writing the AppState fields it reads"),
            ],
            violations: [
                PatternRules.Path(.interactor, .view): PatternRules.Rule(
                    id: "appstate/no-return",
                    text: "the Interactor does not return results to the View; it writes them to AppState, which the View observes",
                    fix: "'store:' into appState and show it from the View's 'shows:'"),
            ],
            defaultRule: PatternRules.Rule(
                id: "appstate/paths",
                text: "in the AppState variant, Views call the Interactor, the Interactor writes AppState, and Views observe AppState",
                fix: "move the step to the component that owns that conversation"),
            absent: [
                .presenter: PatternRules.Rule(
                    id: "appstate/no-presenter",
                    text: "the AppState variant has no Presenter: the View observes AppState directly, so there is no Response or ViewModel",
                    fix: "'store:' the result into appState and render it with the View's 'shows:'"),
                .dataStore: PatternRules.Rule(
                    id: "appstate/one-state",
                    text: "the AppState variant keeps state in the one AppState, not in a scene's DataStore",
                    fix: "declare the fields under 'appState:' and 'store:' them there"),
            ]),
        cycle: Cycle(
            title: "SwiftUI with AppState — the cycle",
            summary: "View → Interactor → AppState → (observing) Views",
            nodes: [
                .init("user", role: .user, "User"),
                .init("view", role: .view, "View", "observes AppState"),
                .init("interactor", role: .interactor, "Interactor", "business logic"),
                .init("worker", role: .worker, "Worker", "does the work"),
                .init("appState", role: .appState, "AppState", "shared, published"),
            ],
            arrows: [
                .init(.user, "user", "view", "action", carries: [.init(.user, .view)]),
                .init(.request, "view", "interactor", "calls", through: "@Environment", carries: [.init(.view, .interactor)]),
                .init(.worker, "interactor", "worker", "work", carries: [.init(.interactor, .worker)]),
                .init(.worker, "worker", "interactor", "result", carries: [.init(.worker, .interactor)], dashed: true),
                .init(.publish, "interactor", "appState", "writes", through: "@Published", carries: [.init(.interactor, .appState)]),
                .init(.render, "appState", "view", "re-renders", carries: [.init(.appState, .view)]),
            ]),
        narrationKey: "appstate",
        codeShape: .appStateScene)
}
