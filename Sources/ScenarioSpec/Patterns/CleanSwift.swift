extension Pattern {
    /// Clean Swift VIP with UIKit-style view controllers: View → Interactor → Presenter → View, Router with
    /// DataPassing (seeds 002, 003, 004).
    public static let cleanSwift = Pattern(definedAs: "clean-swift")
}

extension PatternDefinition {
    /// Clean Swift: each scene has a ViewController, an Interactor (BusinessLogic, and the DataStore the Router
    /// reads), a Presenter (PresentationLogic), a Router (RoutingLogic, DataPassing) and Workers, wired by its
    /// Configurator.
    public static let cleanSwift = PatternDefinition(
        pattern: .cleanSwift,
        title: "Clean Swift",
        roles: [.init(.view), .init(.interactor), .init(.worker), .init(.dataStore), .init(.presenter), .init(.router, .hasRoutes)],
        naming: PatternNaming(
            components: [
                .view: "{scene}ViewController", .interactor: "{scene}Interactor", .presenter: "{scene}Presenter",
                .router: "{scene}Router", .dataStore: "{scene}DataStore", .worker: "{scene}Worker",
                .configurator: "{scene}Configurator",
            ],
            protocols: [
                .businessLogic: "{scene}BusinessLogic", .presentationLogic: "{scene}PresentationLogic",
                .displayLogic: "{scene}DisplayLogic", .routingLogic: "{scene}RoutingLogic",
                .dataPassing: "{scene}DataPassing", .dataStore: "{scene}DataStore",
            ],
            requestLabels: .request, presenterMethod: "present{Output}", presenterLabels: .response,
            loadMethod: "viewDidLoad()", appearMethod: "viewWillAppear(_:)"),
        wiring: Wiring(style: .configurator, links: [
            .init(.view, "interactor", .interactor, through: .businessLogic),
            .init(.view, "router", .router, through: .routingLogic),
            .init(.interactor, "presenter", .presenter, through: .presentationLogic),
            .init(.presenter, "viewController", .view, through: .displayLogic),
            .init(.router, "viewController", .view),
            // The Interactor is the DataStore the Router reads.
            .init(.router, "dataStore", .interactor, through: .dataStore),
        ]),
        dependencies: [
            .init(.view, .interactor, .calls, .slot(.businessLogic)),
            .init(.interactor, .presenter, .calls, .slot(.presentationLogic)),
            .init(.presenter, .view, .weak, .slot(.displayLogic)),
            .init(.view, .router, .calls, .slot(.routingLogic), when: .hasRoutes),
            .init(.router, .dataStore, .reads, .slot(.dataPassing), when: .hasRoutes),
            .init(.interactor, .dataStore, .writes, .slot(.dataStore)),
        ],
        flow: Flow(entry: .interactor, store: .dataStore),
        scopes: Scopes(
            interactor: .init([.request, .dataStore], explanation: "the Interactor sees its 'request' and its 'dataStore'"),
            event: .init([.request], explanation: "the Presenter handles the View's event with its 'request'"),
            presenter: .init([.response], explanation: "the Presenter sees only the 'response' it is given"),
            view: .init([.viewModel, .state],
                        explanation: "the View sees the 'viewModel' it displays; the DataStore belongs to the Interactor")),
        rules: PatternRules(
            allowed: [
                .path(.view, .interactor, "BusinessLogic", "the View sends each user action to the Interactor as a Request"),
                .path(.interactor, .worker, "the worker's methods", "the Interactor hands reusable work (network, storage) to Workers"),
                .path(.interactor, .dataStore, "DataStore", "the Interactor keeps what later scenes need in its DataStore"),
                .path(.interactor, .presenter, "PresentationLogic", "the Interactor answers with a Response"),
                .path(.presenter, .view, "DisplayLogic", "the Presenter formats the Response into a ViewModel for the View"),
                .path(.view, .router, "RoutingLogic", "the View's display logic asks the Router to move on"),
                .path(.router, .dataStore, "DataPassing", "the Router reads its DataStore and fills the next scene's"),
                .path(.router, .view, "navigation", "the Router shows the next scene"),
            ],
            violations: [
                PatternRules.Path(.presenter, .interactor): PatternRules.Rule(
                    id: "clean-swift/one-way",
                    text: "data flows one way, View → Interactor → Presenter → View: the Presenter never calls the Interactor",
                    fix: "the Presenter only formats; have the View send a new Request instead"),
                PatternRules.Path(.view, .presenter): PatternRules.Rule(
                    id: "clean-swift/view-to-interactor",
                    text: "the View sends requests to the Interactor, not to the Presenter",
                    fix: "call the Interactor (BusinessLogic); the Presenter is reached only through the Interactor's Response"),
                PatternRules.Path(.interactor, .view): PatternRules.Rule(
                    id: "clean-swift/one-way",
                    text: "data flows one way: the Interactor answers the Presenter, never the View",
                    fix: "use 'respond:' and let the Presenter build the ViewModel"),
                PatternRules.Path(.presenter, .router): PatternRules.Rule(
                    id: "clean-swift/view-routes",
                    text: "the View asks the Router to route, in its display logic; the Presenter only formats",
                    fix: "put 'route:' in the use case's 'view:' steps, with 'when:' on a ViewModel field"),
                PatternRules.Path(.interactor, .router): PatternRules.Rule(
                    id: "clean-swift/view-routes",
                    text: "the View asks the Router to route; the Interactor decides nothing about screens",
                    fix: "respond with what the View needs to decide, and route in 'view:'"),
                PatternRules.Path(.view, .dataStore): PatternRules.Rule(
                    id: "clean-swift/interactor-owns-datastore",
                    text: "the DataStore belongs to the Interactor; the View sees only its ViewModel",
                    fix: "send a Request and 'store:' in the Interactor"),
                PatternRules.Path(.view, .worker): PatternRules.Rule(
                    id: "clean-swift/workers-serve-interactor",
                    text: "Workers serve the Interactor; the View does no business work",
                    fix: "send a Request; the Interactor calls the Worker"),
                PatternRules.Path(.presenter, .worker): PatternRules.Rule(
                    id: "clean-swift/workers-serve-interactor",
                    text: "Workers serve the Interactor; the Presenter only formats",
                    fix: "call the Worker in 'interactor:' and put the result in the Response"),
            ],
            defaultRule: PatternRules.Rule(
                id: "clean-swift/paths",
                text: "Clean Swift's components talk only along View → Interactor → Presenter → View, View → Router, Interactor → Worker and DataStore",
                fix: "move the step to the component that owns that conversation"),
            weakReferences: [
                PatternRules.Path(.presenter, .view): PatternRules.Rule(
                    id: "clean-swift/weak-view",
                    text: "the Presenter holds its View weakly: the View holds the Interactor, which holds the Presenter, so a strong reference back is a retain cycle and the scene never leaves memory",
                    fix: "declare it 'weak var viewController: …DisplayLogic?', with the DisplayLogic protocol ': AnyObject'"),
                PatternRules.Path(.router, .view): PatternRules.Rule(
                    id: "clean-swift/weak-view",
                    text: "the Router holds its View weakly: the View holds the Router, so a strong reference back is a retain cycle",
                    fix: "declare it 'weak var viewController: …'"),
            ],
            navigation: PatternRules.Rule(
                id: "clean-swift/router-navigates",
                text: "the Router shows and leaves screens, so data passing happens in one place; the View asks it to",
                fix: "move the navigation into a RoutingLogic method the View calls (route: in the use case's view steps)"),
            absent: [:]),
        cycle: Cycle(
            title: "Clean Swift — the VIP cycle",
            summary: "View → Interactor → Presenter → View, and View → Router → next scene",
            nodes: [
                .init("user", role: .user, "User"),
                .init("view", role: .view, "View", "ViewController"),
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
                .init(.store, "interactor", "dataStore", "stores", carries: [.init(.interactor, .dataStore)]),
                .init(.route, "view", "router", "route", through: "RoutingLogic", carries: [.init(.view, .router)]),
                .init(.next, "router", "next", "passes data, navigates", through: "DataPassing",
                      carries: [.init(.router, .dataStore), .init(.router, .view)]),
            ]),
        narrationKey: "clean-swift",
        codeConventions: [
            // The templates since 2016: Clean Swift's VIP protocols.
            .init(title: "Clean Swift (BusinessLogic protocols)", businessLogic: "BusinessLogic",
                  presentationLogic: "PresentationLogic", displayLogic: "DisplayLogic", routingLogic: ["RoutingLogic"],
                  dataStore: "DataStore"),
            // The first templates: Input/Output protocols, conformances added by a Configurator.
            .init(title: "Clean Swift (Input/Output protocols)", businessLogic: "InteractorInput",
                  presentationLogic: "PresenterInput", displayLogic: "ViewControllerInput",
                  routingLogic: ["RouterInput", "RoutingLogic"], dataStore: "DataStore"),
            // VIP with a Controller between the Presenter and a plain View, and a Coordinator that routes:
            // …Protocol protocols.
            .init(title: "Clean Swift (…Protocol protocols, a Controller and a Coordinator)", businessLogic: "InteractorProtocol",
                  presentationLogic: "PresenterProtocol", displayLogic: "ControllerProtocol", routingLogic: ["CoordinatorProtocol"],
                  dataStore: nil),
        ],
        codeVocabulary: CodeVocabulary(
            protocols: [
                // The templates since 2016.
                .init("BusinessLogic", .interactor), .init("PresentationLogic", .presenter), .init("DisplayLogic", .view),
                .init("RoutingLogic", .router), .init("DataPassing", .router), .init("DataStore", .interactor),
                // The first templates: each component's input and output.
                .init("InteractorInput", .interactor), .init("InteractorOutput", .presenter), .init("PresenterInput", .presenter),
                .init("PresenterOutput", .view), .init("ViewControllerInput", .view), .init("ViewControllerOutput", .interactor),
                .init("RouterInput", .router),
                // The app's own words: the role's name (`LoginInteractorProtocol`, `ILoginPresenter`).
                .init("Interactor", .interactor), .init("Presenter", .presenter), .init("ViewController", .view),
                .init("Controller", .view), .init("View", .view), .init("Display", .view), .init("Router", .router),
                .init("Routing", .router), .init("Coordinator", .router), .init("Navigation", .router),
            ],
            types: [
                .init("Interactor", .interactor), .init("Presenter", .presenter), .init("ViewController", .view),
                .init("TableViewController", .view), .init("CollectionViewController", .view), .init("Controller", .view),
                .init("VC", .view), .init("Screen", .view), .init("View", .view), .init("Router", .router),
                .init("Coordinator", .router), .init("Navigator", .router), .init("Configurator", .configurator),
                .init("Configuration", .configurator), .init("Assembler", .configurator), .init("Assembly", .configurator),
                .init("Builder", .configurator), .init("Factory", .configurator), .init("Module", .configurator),
            ],
            workers: ["Worker", "Service", "Manager", "Repository", "DataManager", "Provider", "Client", "API", "Api",
                      "Store", "Storage", "UseCase", "Gateway", "Fetcher", "Loader", "Downloader", "Network", "Networking",
                      "Cache", "Database", "Helper"],
            singletons: ["shared", "sharedInstance", "instance", "default", "current", "standard", "main"],
            viewHelpers: ["DisplayManager", "DataSource", "Button", "Label", "TextField", "Indicator", "Transition", "Animator",
                          "Color", "Colors", "Font", "Fonts", "Design", "Style", "Theme", "Appearance", "Layout", "Picker",
                          "Alert", "AlertHandler", "Action", "Progress", "Image", "Icon", "ViewModel", "Model", "State",
                          "Entity", "DataStore"],
            templateStubs: ["doSomething", "doSomethingElse", "doSomeWork", "doSomeOtherWork", "presentSomething", "displaySomething"]),
        codeShape: .viewControllerScene)
}
