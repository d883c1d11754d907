import ScenarioSpec

/// The View of a SwiftUI VIP scene (seed 000 §2): a struct that sends the user's actions to its Interactor, is
/// the Presenter's DisplayLogic, and holds its DataStore, an ObservableObject its display logic updates; `body`
/// renders from that state. Everything but `body` runs without SwiftUI, so the cycle plays on Linux too.
extension SceneWriter {
    var dataStoreClass: String { component(.dataStore) }

    func swiftUIView() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.swiftUIImports(&out)
        out.line()
        let display = protocolName(.displayLogic) ?? "\(name)DisplayLogic"
        displayLogic(display, classBound: false, into: &out)
        out.line()
        out.line("/// \(name)'s state: the View holds it and shows it; SwiftUI renders the View again when it changes.")
        out.block("final class \(dataStoreClass): ObservableObject") { body in
            for field in scene.dataStore {
                let initial = field.initialValue.map { " = " + scenes.literal($0, field.type) } ?? (field.type.isOptional ? " = nil" : "")
                body.line("@Published var \(SwiftSpelling.name(field.name)): \(scenes.swiftType(field.type))\(initial)")
            }
        }
        out.line()
        var failure: GenerationLimit?
        let translator = scenes.translator(dataStore: "dataStore")
        if let description = scene.description { out.line("/// \(SwiftSpelling.comment(description))") }
        out.block("struct \(component(.view)): \(display), SceneRoot") { body in
            body.line("var interactor: \(protocolName(.businessLogic) ?? "\(name)BusinessLogic")?")
            if !scene.routes.isEmpty {
                body.line("var router: (\(protocolName(.routingLogic) ?? "\(name)RoutingLogic") & \(protocolName(.dataPassing) ?? "\(name)DataPassing"))?")
            }
            body.line("@ObservedObject var dataStore = \(dataStoreClass)()")
            body.line("let trace: SceneTrace")
            body.line("var sceneTrace: SceneTrace { trace }")
            body.mark("Object lifecycle")
            viewInitializer(wiredByView: scenes.scenario.wiring == .setup, into: &body)
            body.line()
            do throws(GenerationLimit) { try rendering(translator, into: &body) } catch { failure.collect(error) }
            swiftUILifecycle(into: &body) { useCase, cycle in sendRequest(useCase, into: &cycle) }
            do throws(GenerationLimit) { try useCaseSections(into: &body, swiftUIViewSteps) } catch { failure.collect(error) }
        }
        out.line()
        // The user's actions whose Request the View can make alone: a button each.
        let buttons = scene.useCases.filter { useCase in
            useCase.trigger == .action && useCase.request.allSatisfy { $0.defaultValue != nil || $0.type.isOptional }
        }.map { (SwiftSpelling.words($0.name.rawValue), "\(SwiftSpelling.methodName(naming.interactorMethod($0)))(request: \(requestType($0))())") }
        swiftUIBody(translator, buttons: buttons, into: &out)
        if let failure { throw failure }
        return out.text.replacingOccurrences(of: "(_ value: \(name).", with: "(_ viewModel: \(name).")
    }

    /// A SwiftUI View's logic: what it shows, what it sets in the DataStore it holds (which renders it again), and
    /// the routes it takes (in SwiftUI with AppState, once its Interactor has written the AppState).
    func swiftUIViewSteps(_ steps: [Step], into out: inout SwiftText) throws(GenerationLimit) {
        let translator = scenes.translator(dataStore: "dataStore")
        var unwritten: GenerationLimit?
        for step in steps {
            do throws(GenerationLimit) {
                switch step.kind {
                case .set(let assignments):
                    for assignment in assignments {
                        guard let field = scene.dataStore.first(where: { $0.name == assignment.target }), assignment.field?.holder != .viewState else {
                            throw GenerationLimit("generate writes a SwiftUI View's DataStore fields; '\(assignment.target)' is the View's own state, which it does not write yet",
                                                  at: assignment.targetLocation, id: "generate/assignment")
                        }
                        let property = SwiftSpelling.name(field.name)
                        out.line("dataStore.\(property) = \(translator.translate(assignment.value).bare)")
                        out.line("let \(field.name.filter { $0.isLetter || $0.isNumber })Write = trace.viewStored(\(SwiftSpelling.literal(field.name)), \(literal(protocolName(.dataStore))), type: \(SwiftSpelling.literal(field.type.description)), dataStore.\(property))")
                        out.line("render(cause: \(field.name.filter { $0.isLetter || $0.isNumber })Write)")
                    }
                case .show(let labels):
                    for label in labels {
                        out.line("trace.shown(\(SwiftSpelling.literal(label.target)), \(translator.translate(label.value).bare))")
                    }
                case .route(let routeName, let condition, let arguments):
                    // SwiftUI VIP's Router is wired in (optional); SwiftUI with AppState's is made on the spot.
                    try routeStep(routeName, condition, arguments, translator: translator, receiver: usesAppState ? "router" : "router?", into: &out)
                case .bind(let assignments):
                    for assignment in assignments {
                        out.line("let \(SwiftSpelling.name(assignment.target)) = \(translator.translate(assignment.value).bare)")
                    }
                case .conditional(let condition, let then, let otherwise):
                    try conditional(condition, then, otherwise, translator: translator, into: &out) { steps, body throws(GenerationLimit) in
                        try swiftUIViewSteps(steps, into: &body)
                    }
                default:
                    throw GenerationLimit("generate does not write this step in a \(scenes.definition.title) View yet", at: step.location, id: "generate/step")
                }
            } catch { unwritten.collect(error) }
        }
        if let unwritten { throw unwritten }
    }

    /// `configureView()`, as seed 000 wires a SwiftUI VIP scene: the View made with its Interactor and Presenter,
    /// the Presenter displaying on the configured View.
    func swiftUIConfigurator() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        out.block("extension \(component(.view))") { body in
            body.line("/// Creates \(name)'s components and connects them through their protocols: `\(component(.view))().\(naming.configureName)()`.")
            body.block("func \(naming.configureName)() -> \(component(.view))") { configure in
                configure.line("var view = self")
                configure.line("let interactor = \(component(.interactor))()")
                configure.line("let presenter = \(component(.presenter))()")
                if !scene.routes.isEmpty { configure.line("let router = \(component(.router))()") }
                configure.line("interactor.trace = trace")
                configure.line("presenter.trace = trace")
                if !scene.routes.isEmpty { configure.line("router.trace = trace") }
                var wiring = SwiftText()
                connect(into: &wiring) { role in
                    switch role {
                    case .view: "view"
                    case .dataStore: "view.dataStore"
                    default: role.rawValue
                    }
                }
                // The Presenter displays on a copy of the View, taken once the View holds everything else but
                // without the Interactor: a copy holding it would hold the Interactor that holds the Presenter, and
                // the scene would never be freed.
                let last = "\(presenterView) = view"
                for line in wiring.lines where !line.hasSuffix(".\(last)") { configure.line(line) }
                configure.line("var displayed = view")
                configure.line("displayed.interactor = nil")
                configure.line("presenter.\(presenterView) = displayed")
                configure.line("return view")
            }
        }
        return out.text
    }

    // MARK: - Router

    /// A `route:` step of a View or (VIPER) a Presenter: the route message, and under it the call of `receiver`'s
    /// method for the route (`router?.showHome()`, `wireFrame?.presentPostDetailScreen(from: view, forPost: …)`),
    /// under the step's condition. A `from:` label gets the View (VIPER); another label that names no input, nil.
    func routeStep(_ routeName: Located<RouteName>, _ condition: Expr?, _ arguments: [Assignment], translator: ExpressionTranslator,
                   receiver: String, fromPresenter: Bool = false, into out: inout SwiftText) throws(GenerationLimit) {
        guard let route = scene.route(routeName.value.rawValue) else { return }
        let method = naming.routeMethod(route)
        var body = SwiftText()
        let values = routeValues(route, arguments, translator: translator)
        let (input, inputType) = routeRecord(route, values)
        let parameters = try routeArguments(route)
        let passesView = fromPresenter && parameters.contains { $0.input == nil }
        let callArguments = parameters.map { parameter -> String in
            let value = parameter.input.map { name in route.input.firstIndex { $0.name == name }.map { values[$0] } ?? "nil" }
                ?? (fromPresenter ? "view" : "nil")
            return parameter.label == "_" ? value : "\(parameter.label): \(value)"
        }
        let ask = "\(receiver).\(PatternNaming.baseName(method))(\(callArguments.joined(separator: ", ")))"
        if recordsAtBoundary {
            // VIPER's WireFrame's wrapper records the route.
            if passesView {
                body.block("if let view") { send in send.line(ask) }
            } else {
                body.line(ask)
            }
        } else {
            body.block("trace.route(\(SwiftSpelling.literal(route.name.rawValue)), \(literal(protocolName(.routingLogic))), \(SwiftSpelling.literal(method)), input: \(input), inputType: \(inputType)\(fromPresenter ? ", fromPresenter: true" : "")\(navigationArgument(route)))") { send in
                if passesView { send.line("guard let view else { return }") }
                send.line(ask)
            }
        }
        if let condition {
            out.block("if \(translator.translate(condition).bare)") { branch in for line in body.lines { branch.line(line) } }
        } else {
            for line in body.lines { out.line(line) }
        }
    }

    /// A SwiftUI VIP Router: each route makes the next View (or finds it below, going back), fills its DataStore and
    /// changes the screen, as a NavigationStack's path would.
    func swiftUIRouter() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let routing = protocolName(.routingLogic) ?? "\(name)RoutingLogic"
        let passing = protocolName(.dataPassing) ?? "\(name)DataPassing"
        var failure: GenerationLimit?
        out.block("protocol \(routing)") { body in
            for route in scene.routes {
                do throws(GenerationLimit) { body.line("func \(try routeMethodDeclaration(route, passesView: false))") } catch { failure.collect(error) }
            }
        }
        out.line()
        out.block("protocol \(passing)") { body in
            body.line("var dataStore: \(dataStoreClass)? { get }")
        }
        out.line()
        let translator = scenes.translator(dataStore: "source", viewState: "source")
        out.block("final class \(component(.router)): \(routing), \(passing)") { body in
            body.line("var dataStore: \(dataStoreClass)?")
            body.line("var trace: SceneTrace!")
            var routes = SwiftText(), navigation = SwiftText(), passingData = SwiftText()
            for route in scene.routes {
                guard let destinationName = route.destination?.value else {
                    // Back to whichever screen is below: nothing to pass, the screen below is found on the stack.
                    do throws(GenerationLimit) {
                        writeRouteBackToWhicheverIsBelow(route, declaration: try routeMethodDeclaration(route, passesView: false),
                                                         finding: "guard let destination = SceneScreen.shared.belowTop else { return }",
                                                         arguments: "destination: destination", into: &routes)
                    } catch { failure.collect(error) }
                    writeScreenNavigation(route, destinationView: "any SceneRoot", into: &navigation)
                    continue
                }
                let destination = SceneWriter(scenes: scenes, scene: scenes.scenario.scene(destinationName)!)
                let destinationView = destination.component(.view)
                let passData = naming.passDataMethod(route)
                let navigate = naming.navigateMethod(route)
                do throws(GenerationLimit) {
                    // Every input is one of the method's arguments (the declaration's labels are checked for it).
                    let declaration = try routeMethodDeclaration(route, passesView: false)
                    routes.gap()
                    routes.block("func \(declaration)") { method in
                        if route.navigation.goesBack {
                            method.line("guard let destination = SceneScreen.shared.below(\(destinationView).self) else { return }")
                        } else {
                            method.line("let destination = \(destinationView)().\(naming.configureName)()")
                        }
                        let inputs = route.input.map { ", \(SwiftSpelling.label($0.name)): \(SwiftSpelling.name($0.name))" }.joined()
                        let pass = "\(SwiftSpelling.methodName(passData))(source: dataStore!, destination: destination.dataStore\(inputs), into: destination.trace)"
                        method.line(pass)
                        method.line("\(SwiftSpelling.methodName(navigate))(destination: destination\(navigationRouteArgument(route)))")
                    }
                } catch { failure.collect(error) }
                writeScreenNavigation(route, destinationView: destinationView, into: &navigation)
                passingData.gap()
                let inputParameters = route.input.map { ", \(SwiftSpelling.label($0.name)) input\(SwiftSpelling.upperFirst($0.name)): \(scenes.swiftType($0.type))" }.joined()
                passingData.block("func \(SwiftSpelling.methodName(passData))(source: \(dataStoreClass), destination: \(destination.dataStoreClass)\(inputParameters), into destinationTrace: SceneTrace)") { pass in
                    if route.pass.isEmpty { pass.line("// The route passes nothing on.") }
                    for assignment in route.pass {
                        guard let field = destination.scene.dataStore.first(where: { $0.name == assignment.target }) else { continue }
                        var routeTranslator = translator
                        for input in route.input { routeTranslator.inputNames[input.name] = "input\(SwiftSpelling.upperFirst(input.name))" }
                        let value = routeTranslator.translate(assignment.value)
                        pass.line("destination.\(SwiftSpelling.name(field.name)) = \(value.bare)")
                        pass.line("trace.passed(\(SwiftSpelling.literal(route.name.rawValue)), \(literal(protocolName(.dataPassing))), \(SwiftSpelling.literal(passData)), field: \(SwiftSpelling.literal(field.name)), source: \(SwiftSpelling.literal(assignment.value.text)), type: \(SwiftSpelling.literal(field.type.description)), destination.\(SwiftSpelling.name(field.name)), into: destinationTrace)")
                    }
                }
            }
            for (title, section) in [("Routing", routes), ("Navigation", navigation), ("Passing data", passingData)] where !section.lines.isEmpty {
                body.mark(title)
                for line in section.lines { body.line(line) }
            }
        }
        if let failure { throw failure }
        return out.text
    }

    /// `navigateTo…(destination:)` for SwiftUI: the screen changes, recorded as the route's navigation.
    func writeScreenNavigation(_ route: Route, destinationView: String, into out: inout SwiftText) {
        let navigate = naming.navigateMethod(route)
        let sharing = sharesNavigation(route)
        if sharing.shared && !sharing.first { return }
        out.gap()
        out.block("func \(SwiftSpelling.methodName(navigate))(destination: \(destinationView)\(sharing.shared ? ", route: String" : ""))") { method in
            method.line("let screen = SceneScreen.shared")
            let named = "\(sharing.shared ? "route" : SwiftSpelling.literal(route.name.rawValue)), \(SwiftSpelling.literal(navigate))"
            switch route.navigation {
            case .push, .present:
                method.line("let cause = trace.navigated(.\(route.navigation.rawValue), \(named), to: destination.trace, removed: [])")
                let style = route.presentation.map { ", style: .\($0.value.rawValue)" } ?? ""
                method.line("screen.\(route.navigation == .push ? "push" : "present")(destination, cause: cause\(style))")
            case .replace:
                method.line("let cause = trace.navigated(.replace, \(named), to: destination.trace, removed: screen.stack.reversed().map(\\.sceneTrace))")
                method.line("screen.replace(with: destination, cause: cause)")
            case .pop, .popToScene, .dismiss, .back:
                // `back` leaves the way the screen came: dismissed if it was presented, popped if it was pushed.
                let style = switch route.navigation {
                case .dismiss: ".dismiss"
                case .popToScene: ".popToScene"
                case .back: "screen.wasPresented(trace) ? .dismiss : .pop"
                default: ".pop"
                }
                method.line("let cause = trace.navigated(\(style), \(named), to: destination.\(route.destination == nil ? "sceneTrace" : "trace"), removed: screen.above(destination))")
                method.line("screen.back(to: destination, cause: cause)")
            }
        }
    }

    // MARK: - Parts the Views of every pattern share

    /// The header of a file with a SwiftUI side: SwiftUI imported where it is.
    static func swiftUIImports(_ out: inout SwiftText) {
        out.line(GeneratedScenes.header.dropLast() + "")
        out.line("import Foundation")
        out.line("import SceneFlowRecorder")
        out.line("#if canImport(SwiftUI)")
        out.line("import SwiftUI")
        out.line("#endif")
    }

    /// A SwiftUI View's `init(recorder:)` (with `parameters` before it), which makes the scene's `SceneTrace` after
    /// `lines`.
    func viewInitializer(_ parameters: String = "", wiredByView: Bool = false, before lines: [String] = [], into body: inout SwiftText) {
        let components = [ComponentRole.configurator, .view, .interactor, .presenter, .router, .dataStore]
            .map { ".\($0.rawValue): \(SwiftSpelling.literal(component($0)))" }.joined(separator: ", ")
        let workers = scene.workers.map { SwiftSpelling.literal($0.name.rawValue) }.joined(separator: ", ")
        body.line("/// - Parameter recorder: where the scene's messages are recorded (unit tests pass `.off`).")
        body.block("init(\(parameters)recorder: Recorder = .shared)") { initializer in
            for line in lines { initializer.line(line) }
            initializer.line("trace = SceneTrace(scene: \(SwiftSpelling.literal(name)), components: [\(components)], wiredByView: \(wiredByView),")
            initializer.line("                   workers: [\(workers)], recorder: recorder)")
        }
    }

    /// A SwiftUI View's `shown` (what the trace saw it show) and `render(cause:)` (what `body` shows from state).
    func rendering(_ translator: ExpressionTranslator, into body: inout SwiftText) throws(GenerationLimit) {
        body.line("/// What the View has on screen, by label, as the trace shows it.")
        body.line("var shown: [String: Value] { trace.screen }")
        body.line()
        body.line("/// What `body` shows from state, label by label: a label whose value changed is shown again.")
        let labels = scene.view.shows.map { "(\(SwiftSpelling.literal($0.target)), \(translator.translate($0.value).bare))" }
        body.block("func render(cause: Int)") { render in
            render.line("trace.render([\(labels.joined(separator: ", "))], cause: cause)")
        }
    }

    /// `body`, where there is SwiftUI: a Text per label the View shows from state, a Button per action whose call
    /// needs nothing the View does not have (`calls`).
    func swiftUIBody(_ translator: ExpressionTranslator, buttons calls: [(title: String, call: String)], into out: inout SwiftText) {
        out.line("#if canImport(SwiftUI)")
        out.block("extension \(component(.view)): View") { view in
            view.block("var body: some View") { body in
                body.block("VStack(spacing: 16)") { stack in
                    for show in scene.view.shows {
                        stack.line("Text(ScenarioLogic.text(\(translator.translate(show.value).bare)))  // \(SwiftSpelling.comment(show.target))")
                    }
                    for (title, call) in calls {
                        stack.block("Button(\(SwiftSpelling.literal(title)))") { button in button.line(call) }
                    }
                }
                body.line(".onAppear { appears(cause: nil); shown(revealed: false) }")
            }
        }
        out.line("#endif")
    }

    /// A SwiftUI View's lifecycle: it appears (`onAppear`) and renders, again when going back brings it on screen
    /// if that starts something, and after the cycle that showed it runs its load and appear use cases, each a cycle
    /// whose Request `send` sends (the View fills it from its state as `sends:` says). `observes` joins the AppState's
    /// observers.
    func swiftUILifecycle(observes: Bool = false, into body: inout SwiftText, _ send: @escaping (UseCase, inout SwiftText) -> Void) {
        let appear = SwiftSpelling.literal(naming.appearMethod ?? "onAppear()")
        body.mark("View lifecycle")
        body.line("/// SwiftUI's `onAppear`: the View renders what it shows\(observes ? ", and renders again when the AppState changes" : "").")
        body.block("func appears(cause: Int?)") { hook in
            hook.line("let appeared = trace.appeared(\(appear), cause: cause)")
            hook.line("render(cause: appeared)")
            if observes { hook.line("AppStateObservers.add(trace, observing: appState) { [self] cause in render(cause: cause) }") }
        }
        body.line()
        let onReveal = scene.useCases.filter { $0.trigger == .appear }
        body.block("func reappears(cause: Int)") { hook in
            if onReveal.isEmpty {
                hook.line("// Coming back starts nothing here.")
            } else {
                hook.line("let appeared = trace.appeared(\(appear), cause: cause)")
                hook.line("render(cause: appeared)")
            }
        }
        body.line()
        body.block("func shown(revealed: Bool)") { hook in
            let onFirstShow = scene.useCases.filter { $0.trigger.runsOnFirstShow }
            if onFirstShow.isEmpty { hook.line("// Appearing starts nothing here.") }
            for useCase in onFirstShow {
                hook.block(useCase.trigger == .load ? "if !revealed" : "do") { run in
                    var cycle = SwiftText()
                    send(useCase, &cycle)
                    if cycle.lines.contains(where: { Self.mentions($0, "request") }) {
                        let fields = useCase.sends.map { "\(SwiftSpelling.label($0.target)): \(scenes.translator(dataStore: "dataStore").translate($0.value).bare)" }
                        run.line("let request = \(scenes.swiftTypeName(requestType(useCase)))(\(fields.joined(separator: ", ")))")
                    }
                    // Without a load method (SwiftUI) every start is an appearance.
                    let trigger = naming.loadMethod == nil ? ".appear" : "revealed ? .appear : .load"
                    run.block("trace.cycle(\(SwiftSpelling.literal(useCase.name.rawValue)), trigger: \(trigger), payload: nil, type: nil)") { block in
                        for line in cycle.lines { block.line(line) }
                    }
                }
            }
        }
    }

    /// The user's action `useCase` on the View: a cycle that sends its Request (`send` writes the sending).
    func actionMethod(_ useCase: UseCase, declaration: String, into body: inout SwiftText, _ send: (inout SwiftText) -> Void) {
        if let description = useCase.description { body.line("/// \(SwiftSpelling.comment(description))") }
        let payload = useCase.request.isEmpty ? "nil" : "request"
        let type = useCase.request.isEmpty ? "nil" : SwiftSpelling.literal(requestType(useCase))
        body.block("func \(declaration)") { action in
            if !useCase.sends.isEmpty {
                // The View fills in what it holds (`sends:`).
                action.line("var request = request")
                for assignment in useCase.sends {
                    action.line("request.\(SwiftSpelling.name(assignment.target)) = \(scenes.translator(dataStore: "dataStore").translate(assignment.value).bare)")
                }
            }
            // Where the scene records at its boundary, the user's action is recorded by whoever plays the user (the
            // story test); the View only asks.
            if recordsAtBoundary {
                send(&action)
                return
            }
            action.block("trace.cycle(\(SwiftSpelling.literal(useCase.name.rawValue)), trigger: .action, payload: \(payload), type: \(type))") { cycle in
                send(&cycle)
            }
        }
    }
}
