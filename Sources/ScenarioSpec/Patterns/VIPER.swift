extension Pattern {
    /// VIPER: View ↔ Presenter ↔ Interactor, Presenter → WireFrame, Entities, DataManagers (seed 001).
    public static let viper = Pattern(definedAs: "viper")
}

extension PatternDefinition {
    /// VIPER: a passive View reports events to its Presenter, the module's hub; the Presenter asks the Interactor,
    /// which works through DataManagers and reports back through its output protocol; the WireFrame builds modules
    /// and navigates.
    public static let viper = PatternDefinition(
        pattern: .viper,
        title: "VIPER",
        roles: [.init(.view), .init(.presenter), .init(.interactor), .init(.worker), .init(.dataStore, .hasDataStore), .init(.router)],
        naming: PatternNaming(
            components: [
                .view: "{scene}View", .interactor: "{scene}Interactor", .presenter: "{scene}Presenter",
                .router: "{scene}WireFrame", .dataStore: "{scene}DataStore", .worker: "{scene}Worker",
                .configurator: "{scene}WireFrame.create{scene}Module()",
            ],
            protocols: [
                .businessLogic: "{scene}InteractorInputProtocol", .presentationLogic: "{scene}InteractorOutputProtocol",
                .displayLogic: "{scene}ViewProtocol", .routingLogic: "{scene}WireFrameProtocol",
                .presenterInput: "{scene}PresenterProtocol", .dataStore: "{scene}DataStore",
                .workerInput: "{scene}{worker}InputProtocol", .workerOutput: "{scene}{worker}OutputProtocol",
            ],
            requestLabels: .fields, presenterMethod: "{output}", presenterLabels: .unlabelledWhenValues,
            loadMethod: "viewDidLoad()", appearMethod: "viewWillAppear(_:)"),
        wiring: Wiring(style: .wireFrame, links: [
            .init(.view, "presenter", .presenter, through: .presenterInput),
            .init(.presenter, "view", .view, through: .displayLogic),
            .init(.presenter, "wireFrame", .router, through: .routingLogic),
            .init(.presenter, "interactor", .interactor, through: .businessLogic),
            .init(.interactor, "presenter", .presenter, through: .presentationLogic),
        ]),
        dependencies: [
            .init(.view, .presenter, .calls, .slot(.presenterInput)),
            .init(.presenter, .view, .weak, .slot(.displayLogic)),
            .init(.presenter, .interactor, .calls, .slot(.businessLogic)),
            .init(.interactor, .presenter, .weak, .slot(.presentationLogic)),
            .init(.presenter, .router, .calls, .slot(.routingLogic)),
            .init(.interactor, .dataStore, .writes, .slot(.dataStore), when: .hasDataStore),
        ],
        flow: Flow(entry: .presenter, store: .dataStore, omitsEmptyResponse: true),
        scopes: Scopes(
            interactor: .init([.request, .dataStore], explanation: "the Interactor sees its 'request' and its 'dataStore'"),
            event: .init([.request, .dataStore],
                         explanation: "the Presenter handles the View's event with its 'request' and the module's 'dataStore'"),
            presenter: .init([.response], explanation: "the Presenter sees only the 'response' it is given"),
            view: .init([.viewModel, .state],
                        explanation: "the View sees the 'viewModel' it displays; the DataStore belongs to the Interactor")),
        rules: PatternRules(
            allowed: [
                .path(.view, .presenter, "PresenterProtocol", "the View tells its Presenter what happened (viewDidLoad, a tap)"),
                .path(.presenter, .view, "ViewProtocol", "the Presenter tells the View what to show (showLoading, showPosts)"),
                .path(.presenter, .interactor, "InteractorInputProtocol", "the Presenter asks the Interactor for data"),
                .path(.interactor, .presenter, "InteractorOutputProtocol", "the Interactor reports results or errors"),
                .path(.interactor, .worker, "DataManagerInputProtocol", "the Interactor reads and saves through local and remote DataManagers"),
                .path(.interactor, .dataStore, "module state", "the Interactor keeps the module's state"),
                .path(.presenter, .router, "WireFrameProtocol", "the Presenter asks the WireFrame to present another module"),
                .path(.router, .dataStore, "module creation", "the WireFrame builds the next module with its data"),
                .path(.router, .view, "navigation", "the WireFrame presents the next module"),
            ],
            violations: [
                PatternRules.Path(.view, .interactor): PatternRules.Rule(
                    id: "viper/view-knows-presenter",
                    text: "in VIPER the View knows only its Presenter; the Presenter talks to the Interactor",
                    fix: "put the call in the use case's 'event:' (the Presenter's handling of the View's event)"),
                PatternRules.Path(.view, .router): PatternRules.Rule(
                    id: "viper/presenter-navigates",
                    text: "in VIPER the Presenter asks the WireFrame to navigate; the View only reports events",
                    fix: "route from the Presenter: in 'event:' or in an output's 'presenter:' steps"),
                PatternRules.Path(.interactor, .view): PatternRules.Rule(
                    id: "viper/through-presenter",
                    text: "in VIPER the Interactor reports to the Presenter (InteractorOutputProtocol), never to the View",
                    fix: "'respond:' with an output, and let the Presenter 'display:'"),
            ],
            defaultRule: PatternRules.Rule(
                id: "viper/paths",
                text: "VIPER's components talk only along View ↔ Presenter ↔ Interactor, Presenter → WireFrame and Interactor → DataManagers",
                fix: "move the step to the component that owns that conversation"),
            weakReferences: [
                PatternRules.Path(.presenter, .view): PatternRules.Rule(
                    id: "viper/weak-view",
                    text: "the Presenter holds its View weakly: the View holds the Presenter, so a strong reference back is a retain cycle",
                    fix: "declare it 'weak var view: …ViewProtocol?', with the View protocol ': AnyObject'"),
                PatternRules.Path(.interactor, .presenter): PatternRules.Rule(
                    id: "viper/weak-output",
                    text: "the Interactor holds its output (the Presenter) weakly: the Presenter holds the Interactor, so a strong reference back is a retain cycle",
                    fix: "declare it 'weak var presenter: …InteractorOutputProtocol?'"),
                PatternRules.Path(.router, .view): PatternRules.Rule(
                    id: "viper/weak-view",
                    text: "the WireFrame holds the View it presents from weakly: the View's Presenter holds the WireFrame, so a strong reference back is a retain cycle",
                    fix: "declare it 'weak var viewController: UIViewController?'"),
            ],
            navigation: PatternRules.Rule(
                id: "viper/wireframe-navigates",
                text: "the WireFrame builds modules and navigates; the View only reports events to its Presenter",
                fix: "tell the Presenter, which asks its WireFrame to present the next module"),
            absent: [:]),
        cycle: Cycle(
            title: "VIPER — the cycle",
            summary: "View ↔ Presenter ↔ Interactor, Presenter → WireFrame, Interactor → DataManagers",
            nodes: [
                .init("user", role: .user, "User"),
                .init("view", role: .view, "View", "passive"),
                .init("presenter", role: .presenter, "Presenter", "the hub"),
                .init("interactor", role: .interactor, "Interactor", "business logic"),
                .init("worker", role: .worker, "DataManager", "remote, local"),
                .init("entity", role: nil, "Entity", "plain data"),
                .init("router", role: .router, "WireFrame", "builds, navigates"),
                .init("next", role: nil, "next module"),
            ],
            arrows: [
                .init(.user, "user", "view", "action", carries: [.init(.user, .view)]),
                .init(.event, "view", "presenter", "event", through: "PresenterProtocol", carries: [.init(.view, .presenter)]),
                .init(.display, "presenter", "view", "update", through: "ViewProtocol", carries: [.init(.presenter, .view)]),
                .init(.input, "presenter", "interactor", "input", through: "InteractorInputProtocol",
                      carries: [.init(.presenter, .interactor)]),
                .init(.response, "interactor", "presenter", "output", through: "InteractorOutputProtocol",
                      carries: [.init(.interactor, .presenter)]),
                .init(.worker, "interactor", "worker", "fetch, save", through: "DataManagerInputProtocol",
                      carries: [.init(.interactor, .worker)]),
                .init(.worker, "worker", "interactor", "callback", carries: [.init(.worker, .interactor)], dashed: true),
                .init(.entity, "interactor", "entity", "uses", carries: [], dashed: true),
                .init(.route, "presenter", "router", "navigate", through: "WireFrameProtocol", carries: [.init(.presenter, .router)]),
                .init(.next, "router", "next", "creates, passes data", carries: [.init(.router, .dataStore), .init(.router, .view)]),
            ]),
        narrationKey: "viper",
        codeConventions: [
            // iOS-Viper-Architecture and the templates that followed it: …Protocol protocols, a WireFrame building the module.
            .init(title: "VIPER (…Protocol protocols)", businessLogic: "InteractorInputProtocol",
                  presentationLogic: "InteractorOutputProtocol", displayLogic: "ViewProtocol",
                  routingLogic: ["WireFrameProtocol", "WireframeProtocol", "RouterProtocol"], dataStore: nil,
                  presenterInput: "PresenterProtocol", workerInput: "InputProtocol"),
            // Mutual Mobile's VIPER: a ModuleInterface the View calls, InteractorInput/Output, a ViewInterface.
            .init(title: "VIPER (Interface protocols)", businessLogic: "InteractorInput", presentationLogic: "InteractorOutput",
                  displayLogic: "ViewInterface", routingLogic: ["WireframeInterface", "WireframeProtocol"], dataStore: nil,
                  presenterInput: "ModuleInterface", workerInput: "Input"),
        ],
        codeVocabulary: CodeVocabulary(
            protocols: [
                // Who talks to whom: `XViewToPresenterProtocol` is what the Presenter implements for the View.
                .init("ViewToPresenter", .presenter), .init("PresenterToView", .view), .init("PresenterToInteractor", .interactor),
                .init("InteractorToPresenter", .presenter), .init("PresenterToRouter", .router), .init("PresenterToWireframe", .router),
                // Inputs and outputs (Rambler and Generamba's modules): the View's output is the Presenter.
                .init("ViewOutput", .presenter), .init("ViewInput", .view), .init("InteractorInput", .interactor),
                .init("InteractorOutput", .presenter), .init("RouterInput", .router), .init("ModuleInput", .presenter),
                .init("ModuleInterface", .presenter), .init("ViewInterface", .view), .init("WireframeInterface", .router),
                .init("EventHandler", .presenter), .init("UserInterface", .view),
                .init("Presenter", .presenter), .init("Interactor", .interactor), .init("View", .view),
                .init("ViewController", .view), .init("WireFrame", .router), .init("Wireframe", .router), .init("Router", .router),
            ],
            types: [
                .init("Presenter", .presenter), .init("Interactor", .interactor), .init("ViewController", .view),
                .init("Controller", .view), .init("View", .view), .init("VC", .view), .init("WireFrame", .router),
                .init("Wireframe", .router), .init("Router", .router), .init("Builder", .configurator),
                .init("Assembly", .configurator), .init("Configurator", .configurator), .init("Module", .configurator),
                .init("ModuleBuilder", .configurator), .init("Factory", .configurator),
            ],
            workers: ["DataManager", "Worker", "Service", "Manager", "Repository", "Provider", "Client", "API", "Api",
                      "Store", "Storage", "UseCase", "Gateway", "Fetcher", "Loader", "Downloader", "Network", "Networking",
                      "Cache", "Database", "Helper"],
            singletons: ["shared", "sharedInstance", "instance", "default", "current", "standard", "main"],
            viewHelpers: ["DisplayManager", "DataSource", "Button", "Label", "TextField", "Indicator", "Transition", "Animator",
                          "Color", "Colors", "Font", "Fonts", "Design", "Style", "Theme", "Appearance", "Layout", "Picker",
                          "Alert", "AlertHandler", "Action", "Progress", "Image", "Icon", "ViewModel", "Model", "State",
                          "Entity", "DataStore"],
            templateStubs: ["doSomething", "doSomeWork"]),
        codeShape: .wireFrameModule)
}
