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
        // Open to the tracing file's subclass, which records each write to a field.
        out.line("/// \(name)'s state: the View holds it and shows it; SwiftUI renders the View again when it changes.")
        out.block("\(observesViewDataStore ? "" : "final ")class \(dataStoreClass): ObservableObject") { body in
            for field in scene.dataStore {
                let initial = field.initialValue.map { " = " + scenes.literal($0, field.type) } ?? (field.type.isOptional ? " = nil" : "")
                body.line("@Published var \(SwiftSpelling.name(field.name)): \(scenes.swiftType(field.type))\(initial)")
            }
        }
        out.line()
        if observesLabels {
            labelsDeclaration(into: &out)
            out.line()
        }
        var failure: GenerationLimit?
        let translator = scenes.translator(dataStore: "dataStore")
        if let description = scene.description { out.line("/// \(SwiftSpelling.comment(description))") }
        out.block("struct \(component(.view)): \(display), SceneRoot") { body in
            body.line("var interactor: \(protocolName(.businessLogic) ?? "\(name)BusinessLogic")?")
            if !scene.routes.isEmpty {
                body.line("var router: (\(protocolName(.routingLogic) ?? "\(name)RoutingLogic") & \(protocolName(.dataPassing) ?? "\(name)DataPassing"))?")
            }
            body.line("@ObservedObject var dataStore = \(dataStoreClass)()")
            if observesLabels {
                body.line("/// What the View shows.")
                body.line("@ObservedObject var labels = \(labelsClass)()")
            }
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
                        // The tracing file's DataStore records the write, and the View renders again.
                        out.line("dataStore.\(SwiftSpelling.name(field.name)) = \(translator.translate(assignment.value).bare)")
                    }
                case .show(let labels) where observesLabels:
                    let properties = Dictionary(shownLabels.map { ($0.name, $0.property) }, uniquingKeysWith: { first, _ in first })
                    for label in labels {
                        out.line("labels.\(properties[label.target]!) = \(translator.translate(label.value).bare)")
                    }
                case .show(let labels):
                    throw Self.untypedLabel(labels, at: step.location)
                case .route(let routeName, let condition, let arguments):
                    // SwiftUI VIP's Router is wired in (optional); SwiftUI with AppState's is made on the spot.
                    try routeStep(routeName, condition, arguments, translator: translator, receiver: "router?", into: &out)
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
    /// the Presenter displaying on the configured View; then the one line that records the scene.
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
                let last = "presenter.\(presenterView)"
                for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
                    let line = "\(swiftUIWiringVariable(link.holder)).\(link.property) = \(swiftUIWiringVariable(link.target))"
                    if !line.hasPrefix(last + " ") { configure.line(line) }
                }
                // The Presenter displays on a copy of the View, taken once the View holds everything else but
                // without the Interactor: a copy holding it would hold the Interactor that holds the Presenter, and
                // the scene would never be freed.
                configure.line("// The Presenter displays on a copy of the View without its Interactor: a copy holding the Interactor,")
                configure.line("// which holds the Presenter, would hold the scene in a cycle.")
                configure.line("var displayed = view")
                configure.line("displayed.interactor = nil")
                configure.line("\(last) = displayed")
                // The one line that records the scene: delete it with the tracing file and nothing of SceneFlow is left.
                configure.line("\(tracingName).record(view: &view, interactor: interactor, presenter: presenter\(scene.routes.isEmpty ? "" : ", router: router"))")
                configure.line("return view")
            }
        }
        return out.text
    }

    /// The variable holding a part where a SwiftUI VIP scene is wired: the View holds the DataStore.
    func swiftUIWiringVariable(_ role: ComponentRole) -> String {
        switch role {
        case .view: "view"
        case .dataStore: "view.dataStore"
        default: role.rawValue
        }
    }

    // MARK: - Router

    /// A `route:` step of a View or (VIPER) a Presenter: the call of `receiver`'s method for the route (`router?.showHome()`, `wireFrame?.presentPostDetailScreen(from: view, forPost: …)`),
    /// under the step's condition. A `from:` label gets the View (VIPER); another label that names no input, nil.
    func routeStep(_ routeName: Located<RouteName>, _ condition: Expr?, _ arguments: [Assignment], translator: ExpressionTranslator,
                   receiver: String, fromPresenter: Bool = false, into out: inout SwiftText) throws(GenerationLimit) {
        guard let route = scene.route(routeName.value.rawValue) else { return }
        let method = naming.routeMethod(route)
        var body = SwiftText()
        let values = routeValues(route, arguments, translator: translator)
        let parameters = try routeArguments(route)
        let passesView = fromPresenter && parameters.contains { $0.input == nil }
        let callArguments = parameters.map { parameter -> String in
            let value = parameter.input.map { name in route.input.firstIndex { $0.name == name }.map { values[$0] } ?? "nil" }
                ?? (fromPresenter ? "view" : "nil")
            return parameter.label == "_" ? value : "\(parameter.label): \(value)"
        }
        let ask = "\(receiver).\(PatternNaming.baseName(method))(\(callArguments.joined(separator: ", ")))"
        // The Router's (or VIPER's WireFrame's) wrapper records the route.
        if passesView {
            body.block("if let view") { send in send.line(ask) }
        } else {
            body.line(ask)
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
                        method.line("\(SwiftSpelling.methodName(passData))(source: dataStore!, destination: destination.dataStore\(inputs))")
                        method.line("\(SwiftSpelling.methodName(navigate))(destination: destination)")
                    }
                } catch { failure.collect(error) }
                writeScreenNavigation(route, destinationView: destinationView, into: &navigation)
                passingData.gap()
                let inputParameters = route.input.map { ", \(SwiftSpelling.label($0.name)) input\(SwiftSpelling.upperFirst($0.name)): \(scenes.swiftType($0.type))" }.joined()
                passingData.block("func \(SwiftSpelling.methodName(passData))(source: \(dataStoreClass), destination: \(destination.dataStoreClass)\(inputParameters))") { pass in
                    if route.pass.isEmpty { pass.line("// The route passes nothing on.") }
                    for assignment in route.pass {
                        guard let field = destination.scene.dataStore.first(where: { $0.name == assignment.target }) else { continue }
                        var routeTranslator = translator
                        for input in route.input { routeTranslator.inputNames[input.name] = "input\(SwiftSpelling.upperFirst(input.name))" }
                        // The destination's DataStore, observed by its tracing file, records the write as passed.
                        pass.line("destination.\(SwiftSpelling.name(field.name)) = \(routeTranslator.translate(assignment.value).bare)")
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

    /// `navigateTo…(destination:)` for SwiftUI: the screen changes; the screen records the navigation as the running
    /// route's.
    func writeScreenNavigation(_ route: Route, destinationView: String, into out: inout SwiftText) {
        let navigate = naming.navigateMethod(route)
        let sharing = sharesNavigation(route)
        if sharing.shared && !sharing.first { return }
        out.gap()
        out.block("func \(SwiftSpelling.methodName(navigate))(destination: \(destinationView))") { method in
            switch route.navigation {
            case .push: method.line("SceneScreen.shared.push(destination)")
            case .present: method.line("SceneScreen.shared.present(destination\(route.presentation.map { ", style: .\($0.value.rawValue)" } ?? ""))")
            case .replace: method.line("SceneScreen.shared.replace(with: destination)")
            case .pop: method.line("SceneScreen.shared.back(to: destination, style: .pop)")
            case .popToScene: method.line("SceneScreen.shared.back(to: destination, style: .popToScene)")
            case .dismiss: method.line("SceneScreen.shared.back(to: destination, style: .dismiss)")
            case .back:
                // `back` leaves the way the screen came: dismissed if it was presented, popped if it was pushed.
                method.line("let screen = SceneScreen.shared")
                method.line("screen.back(to: destination, style: screen.topWasPresented ? .dismiss : .pop)")
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

    /// A SwiftUI with AppState View's `init(appState:recorder:)`, which makes the scene's `SceneTrace` and tells it
    /// what `body` shows from the AppState (and that it observes the AppState, where it shows from it).
    func appStateViewInitializer(_ translator: ExpressionTranslator, into body: inout SwiftText) {
        let components = [ComponentRole.configurator, .view, .interactor, .presenter, .router, .dataStore]
            .map { ".\($0.rawValue): \(SwiftSpelling.literal(component($0)))" }.joined(separator: ", ")
        let workers = scene.workers.map { SwiftSpelling.literal($0.name.rawValue) }.joined(separator: ", ")
        let appear = naming.appearMethod ?? "onAppear()"
        let comingBack = lifecycleMethods.appear.map { "appearMethod: \(SwiftSpelling.literal($0)), " } ?? ""
        body.line("/// - Parameter recorder: where the scene's messages are recorded (unit tests pass `.off`).")
        body.block("init(appState: AppState, recorder: Recorder = .shared)") { initializer in
            initializer.line("self.appState = appState")
            initializer.line("trace = SceneTrace(scene: \(SwiftSpelling.literal(name)), components: [\(components)], wiredByView: false,")
            initializer.line("                   workers: [\(workers)], \(comingBack)screenAppearMethod: \(SwiftSpelling.literal(appear)), recorder: recorder)")
            let labels = scene.view.shows.map { "(\(SwiftSpelling.literal($0.target)), \(translator.translate($0.value).bare))" }
            if !labels.isEmpty {
                // What `body` shows from state, label by label: a label whose value changed is shown again.
                initializer.line("trace.renders(\(observesAppState ? "observing: appState" : "")) { [appState] in [\(labels.joined(separator: ", "))] }")
            }
        }
    }

    /// `body`, where there is SwiftUI: a Text per label the View shows (from state, then as its labels hold them), a
    /// Button per action whose call needs nothing the View does not have (`calls`).
    func swiftUIBody(_ translator: ExpressionTranslator, buttons calls: [(title: String, call: String)], into out: inout SwiftText) {
        out.line("#if canImport(SwiftUI)")
        out.block("extension \(component(.view)): View") { view in
            view.block("var body: some View") { body in
                body.block("VStack(spacing: 16)") { stack in
                    for show in scene.view.shows {
                        stack.line("Text(ScenarioLogic.text(\(translator.translate(show.value).bare)))  // \(SwiftSpelling.comment(show.target))")
                    }
                    if observesLabels {
                        // Nothing is shown before the display logic first sets the label.
                        for label in shownLabels {
                            let text = switch label.type?.unwrapped {
                            case .string?: "labels.\(label.property) ?? \"\""
                            case .list(.string)?: "labels.\(label.property)?.joined(separator: \"\\n\") ?? \"\""
                            default: "labels.\(label.property).map { \"\\($0)\" } ?? \"\""
                            }
                            stack.line("Text(\(text))  // \(SwiftSpelling.comment(label.name))")
                        }
                    }
                    for (title, call) in calls {
                        stack.block("Button(\(SwiftSpelling.literal(title)))") { button in button.line(call) }
                    }
                }
                body.line(".onAppear { sceneShown(revealed: false) }")
            }
        }
        out.line("#endif")
    }

    /// A SwiftUI View's lifecycle: after the cycle that showed it (or going back brought it on screen), it runs its
    /// load and appear use cases, each sending its Request as `send` writes it (the View fills it from its state as
    /// `sends:` says). The screen records the appearance, and the Request's wrapper starts the cycle.
    func swiftUILifecycle(into body: inout SwiftText, _ send: @escaping (UseCase, inout SwiftText) -> Void) {
        body.mark("View lifecycle")
        body.line("/// After the cycle that showed it (SwiftUI's `onAppear`): what appearing starts.")
        body.block("func sceneShown(revealed: Bool)") { hook in
            let onFirstShow = scene.useCases.filter { $0.trigger.runsOnFirstShow }
            if onFirstShow.isEmpty { hook.line("// Appearing starts nothing here.") }
            let groups = onFirstShow.map { useCase -> (UseCase, [String]) in
                var cycle = SwiftText(), run = SwiftText()
                send(useCase, &cycle)
                if cycle.lines.contains(where: { Self.mentions($0, "request") }) {
                    let fields = useCase.sends.map { "\(SwiftSpelling.label($0.target)): \(scenes.translator(dataStore: "dataStore").translate($0.value).bare)" }
                    run.line("let request = \(scenes.swiftTypeName(requestType(useCase)))(\(fields.joined(separator: ", ")))")
                }
                for line in cycle.lines { run.line(line) }
                return (useCase, run.lines)
            }
            // Each use case in a scope of its own where another's names would clash with its own.
            let scoped = groups.count > 1 && groups.contains { $0.1.contains { $0.drop(while: { $0 == " " }).hasPrefix("let ") } }
            for (useCase, lines) in groups {
                if useCase.trigger == .load || scoped {
                    hook.block(useCase.trigger == .load ? "if !revealed" : "do") { run in for line in lines { run.line(line) } }
                } else {
                    for line in lines { hook.line(line) }
                }
            }
        }
    }

    /// The user's action `useCase` on the View: it sends its Request (`send` writes the sending).
    func actionMethod(_ useCase: UseCase, declaration: String, into body: inout SwiftText, _ send: (inout SwiftText) -> Void) {
        if let description = useCase.description { body.line("/// \(SwiftSpelling.comment(description))") }
        body.block("func \(declaration)") { action in
            if !useCase.sends.isEmpty {
                // The View fills in what it holds (`sends:`).
                action.line("var request = request")
                for assignment in useCase.sends {
                    action.line("request.\(SwiftSpelling.name(assignment.target)) = \(scenes.translator(dataStore: "dataStore").translate(assignment.value).bare)")
                }
            }
            // The View only asks: the Request's wrapper records the user's action that starts the cycle.
            send(&action)
        }
    }
}

// MARK: - SwiftUI VIP's tracing file

extension SceneWriter {
    /// `record`'s line that tells the scene's trace what `body` shows from `holder` (the View's DataStore, the
    /// AppState), label by label, held weakly (the DataStore the View runs with holds the trace); `observing`: the View
    /// observes the AppState, and renders again when it changes.
    func rendering(from holder: String, translator: ExpressionTranslator, observing: Bool, into record: inout SwiftText) {
        let labels = scene.view.shows.map { "(\(SwiftSpelling.literal($0.target)), \(translator.translate($0.value).bare))" }
        guard !labels.isEmpty else { return }
        let list = "[\(labels.joined(separator: ", "))]"
        guard Self.mentions(list, holder) else { return record.line("trace.renders { \(list) }") }
        record.line("trace.renders(\(observing ? "observing: view.\(holder)" : "")) { [weak \(holder) = view.\(holder)] in")
        record.line("    guard let \(holder) else { return [] }")
        record.line("    return \(list)")
        record.line("}")
    }

    /// What follows a SwiftUI tracing file's enum: the View made `SceneTracing` through its Interactor's wrapper (and
    /// its labels' observing subclass), what `observers` adds, then each worker's wrapper.
    func tracedView(business: String, into out: inout SwiftText, _ observers: (inout SwiftText) -> Void = { _ in }) {
        viewTracing("The scene's trace, reached through the wrapper `record` put behind the View's Interactor.",
                    trace: "(interactor as? \(tracingClass(business)))?.trace", into: &out)
        observers(&out)
        for (protocolName, worker) in scenes.stubbedWorkers(of: scene) {
            out.line()
            workerWrapper(worker, protocolName: protocolName, into: &out)
        }
    }

    /// The DataStore's subclass the View runs with: `TracingSomeDataStore`.
    var observingDataStoreClass: String { "Tracing\(dataStoreClass)" }

    /// A SwiftUI VIP scene's tracing file: `record(view:…)` gives the View a DataStore (and labels) whose writes are
    /// recorded, and puts a recording wrapper behind each protocol a message crosses; the screen finds the scene's trace
    /// through the View's Interactor.
    func swiftUITracing() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let business = protocolName(.businessLogic) ?? "\(name)BusinessLogic"
        let wrappers: [ProtocolSlot: String] = [.businessLogic: business,
                                                .presentationLogic: protocolName(.presentationLogic) ?? "\(name)PresentationLogic",
                                                .routingLogic: protocolName(.routingLogic) ?? "\(name)RoutingLogic"]
        let hasRouter = !scene.routes.isEmpty
        out.line("/// Records \(SwiftSpelling.comment(name))'s run where its parts meet. Delete this file and the line of `\(naming.configureName)` that")
        out.line("/// calls `record` to leave the scene without recording.")
        out.block("enum \(tracingName)") { body in
            body.line("/// Gives the View a DataStore and labels that record what is written to them, records how the parts were")
            body.line("/// connected, and puts a recording wrapper behind each protocol a message crosses.")
            body.block("static func record(view: inout \(component(.view)), interactor: \(component(.interactor)), presenter: \(component(.presenter))\(hasRouter ? ", router: \(component(.router))" : ""))") { record in
                record.line("let trace = makeTrace(recorder: SceneTrace.recorder)")
                if observesViewDataStore { record.line("view.dataStore = \(observingDataStoreClass)(view.dataStore, trace: trace)") }
                if observesLabels { record.line("view.labels = \(observingLabelsClass)(trace: trace)") }
                if interactorUsesTrace { record.line("interactor.trace = trace") }
                if presenterUsesTrace { record.line("presenter.trace = trace") }
                connect(into: &record, recordingOnly: true, swiftUIWiringVariable)
                var displayLink: PatternDefinition.Wiring.Link?
                for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
                    if link.through == .displayLogic {
                        displayLink = link
                        continue
                    }
                    let target = swiftUIWiringVariable(link.target)
                    let made = link.through.flatMap { wrappers[$0] }.map { "\(tracingClass($0))(\(target), trace: trace)" }
                    // The DataStore the View now holds is the one the Router passes from.
                    guard made != nil || link.target == .dataStore else { continue }
                    record.line("\(swiftUIWiringVariable(link.holder)).\(link.property) = \(made ?? target)")
                }
                installWorkerWrappers(on: "interactor", into: &record)
                if let displayLink {
                    // The Presenter displays on a copy of the View as it is now, without its Interactor (see `configureView`).
                    record.line("var displayed = view")
                    record.line("displayed.interactor = nil")
                    record.line("\(swiftUIWiringVariable(displayLink.holder)).\(displayLink.property) = \(tracingClass(protocolName(.displayLogic) ?? "\(name)DisplayLogic"))(displayed, trace: trace)")
                }
                // What `body` shows from the DataStore: the trace renders it as the View appears and after each write.
                rendering(from: "dataStore", translator: scenes.translator(dataStore: "dataStore"), observing: false, into: &record)
            }
            body.line()
            makeTraceMethod(into: &body)
        }
        tracedView(business: business, into: &out) { out in
            if observesViewDataStore {
                out.line()
                observingViewDataStore(into: &out)
            }
        }
        businessWrapper(into: &out)
        presentationWrapper(into: &out)
        displayWrapper(holding: .constant, into: &out)
        if hasRouter { routingWrapper(keepsSelection: false, into: &out) }
        modelsTracing(into: &out)
        return out.text
    }

    /// The DataStore's subclass: each write to a field is recorded, as stored by the View (which renders again) or as
    /// passed in by the route that is running.
    func observingViewDataStore(into out: inout SwiftText) {
        out.line("/// The \(SwiftSpelling.comment(dataStoreClass)) the View runs with: each write to a field is recorded, as stored by the View (which")
        out.line("/// renders again) or as passed in by the route that is running.")
        out.block("final class \(observingDataStoreClass): \(dataStoreClass)") { body in
            body.line("private var trace: SceneTrace?")
            body.line()
            body.line("/// Takes over what `configured` holds; records from then on.")
            takingOver(dataStoreClass, scene.dataStore.map(\.name), into: &body)
            observedFields(telling: "viewWrote", into: &body)
        }
    }
}
