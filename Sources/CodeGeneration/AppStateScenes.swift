import ScenarioSpec

/// A scene of SwiftUI with AppState (seed 000 §3): no Presenter; the View calls an Interactor it gets from the
/// environment, the stateless Interactor writes the one AppState (an ObservableObject), and every View observing
/// the AppState renders again. Everything but `body` and the environment keys runs without SwiftUI.
extension SceneWriter {
    /// Whether the scene's pattern keeps its state in the one AppState.
    var usesAppState: Bool { scenes.definition.shape == .appStateScene }

    /// `AppState.swift`: the app's state, knowing nothing of the layers that write and show it. Open to the subclass
    /// the app records with.
    static func appState(_ scenes: GeneratedScenes) -> String {
        var out = SwiftText()
        imports(&out)
        out.line()
        out.line("/// The app's state: the one object Interactors write and Views observe. It knows nothing of either.")
        out.block("class AppState: ObservableObject") { body in
            for field in scenes.scenario.appState {
                let initial = field.initialValue.map { " = " + scenes.literal($0, field.type) } ?? (field.type.isOptional ? " = nil" : "")
                body.line("@Published var \(SwiftSpelling.name(field.name)): \(scenes.swiftType(field.type))\(initial)")
            }
        }
        return out.text
    }

    /// `AppStateTracing.swift`: the AppState the app records with, made where the app makes its AppState.
    static func appStateTracing(_ scenes: GeneratedScenes) -> String {
        var out = SwiftText()
        imports(&out)
        out.line()
        out.line("/// The AppState an app records with (`let appState: AppState = TracingAppState()` where it makes its AppState): each")
        out.line("/// write to a field is recorded as published by the Interactor answering a Request or the Router taking a route,")
        out.line("/// and every View observing the AppState renders again. Delete this file and make an `AppState()` to record nothing.")
        out.block("final class TracingAppState: AppState") { body in
            for (index, field) in scenes.scenario.appState.enumerated() {
                let property = SwiftSpelling.name(field.name)
                if index > 0 { body.line() }
                body.block("override var \(property): \(scenes.swiftType(field.type))") { observed in
                    observed.line("didSet { SceneTrace.published(\(SwiftSpelling.literal(field.name)), type: \(SwiftSpelling.literal(field.type.description)), \(property), in: self) }")
                }
            }
        }
        return out.text
    }

    /// The scene's namespace, which its workers live in (`CreateIceCream.IceCreamWorker`).
    func appStateNamespace() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        out.line("/// \(name)'s namespace: its workers. The AppState holds its state; its actions take no Request.")
        out.line("enum \(name) {}")
        return out.text
    }

    /// Whether the View renders anything from the AppState (it observes it then).
    var observesAppState: Bool { scene.view.shows.contains { $0.value.text.contains("appState") } }

    /// The Interactor's protocol, which the environment gives the View (`SomeBusinessLogic`).
    var appStateBusinessLogic: String { protocolName(.businessLogic) ?? "\(name)BusinessLogic" }

    /// The Router's protocol (`SomeRoutingLogic`).
    var appStateRoutingLogic: String { protocolName(.routingLogic) ?? "\(name)RoutingLogic" }

    func appStateView() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.swiftUIImports(&out)
        out.line()
        var failure: GenerationLimit?
        let translator = scenes.translator()
        if let description = scene.description { out.line("/// \(SwiftSpelling.comment(description))") }
        out.block("struct \(component(.view)): SceneRoot") { body in
            body.line("/// The scene's Interactor (`@Environment(\\.\(interactorKey))` in the app).")
            body.line("var interactor: \(appStateBusinessLogic) = \(component(.interactor))()")
            body.line("/// The app's state, which the View observes (`@EnvironmentObject` in the app).")
            body.line("@ObservedObject var appState: AppState")
            if !scene.routes.isEmpty {
                body.line("/// What takes the View to the next scene.")
                body.line("var router: \(appStateRoutingLogic)?")
            }
            var lifecycleFailure: GenerationLimit?
            swiftUILifecycle(into: &body) { useCase, cycle in
                do throws(GenerationLimit) { try sendAppStateRequest(useCase, into: &cycle) } catch { lifecycleFailure.collect(error) }
            }
            if let lifecycleFailure { failure.collect(lifecycleFailure) }
            let performed = Set(scenes.scenario.story.compactMap { $0.performs }.filter { $0.scene == scene.name }.map(\.useCase))
            for useCase in scene.useCases where useCase.trigger == .action || performed.contains(useCase.name) {
                body.mark(SwiftSpelling.words(useCase.name.rawValue))
                let base = SwiftSpelling.methodName(naming.interactorMethod(useCase))
                let declaration = useCase.request.isEmpty ? "\(base)()" : "\(base)(request: \(scenes.swiftTypeName(requestType(useCase))))"
                actionMethod(useCase, declaration: declaration, into: &body) { cycle in
                    do throws(GenerationLimit) { try sendAppStateRequest(useCase, into: &cycle) } catch { failure.collect(error) }
                }
            }
        }
        out.line()
        let buttons = scene.useCases.filter { $0.trigger == .action && $0.request.isEmpty }
            .map { (SwiftSpelling.words($0.name.rawValue), "\(naming.interactorMethod($0))") }
        swiftUIBody(translator, buttons: buttons, into: &out)
        if let failure { throw failure }
        return out.text
    }

    /// The environment key the app gives the Interactor under: `someInteractor`.
    var interactorKey: String { SwiftSpelling.lowerFirst(component(.interactor)) }

    /// The View asks its Interactor (`interactor.login(username: request.username, …)`), then runs the use case's
    /// view steps, once the Interactor has written the AppState (a route the new state calls for).
    func sendAppStateRequest(_ useCase: UseCase, into out: inout SwiftText) throws(GenerationLimit) {
        let method = naming.interactorMethod(useCase)
        out.line("interactor.\(call(method, useCase.request.map { "request.\(SwiftSpelling.name($0.name))" }))")
        for output in useCase.outputs { try swiftUIViewSteps(output.view, into: &out) }
    }

    /// A SwiftUI with AppState Router: each route makes the next View (or finds it below, going back), writes the
    /// AppState fields the next scene reads, and changes the screen.
    func appStateRouter() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        var failure: GenerationLimit?
        let translator = scenes.translator(dataStore: "source", viewState: "source")
        out.block("protocol \(appStateRoutingLogic)") { body in
            for route in scene.routes {
                do throws(GenerationLimit) { body.line("func \(try routeMethodDeclaration(route, passesView: false))") } catch { failure.collect(error) }
            }
        }
        out.line()
        out.line("/// Takes \(name)'s View to the next scene.")
        out.block("struct \(component(.router)): \(appStateRoutingLogic)") { body in
            body.line("let appState: AppState")
            var routes = SwiftText(), navigation = SwiftText()
            for route in scene.routes {
                // A route back to whichever scene is below finds it on the stack, whatever it is.
                let destinationView = route.destination.map {
                    SceneWriter(scenes: scenes, scene: scenes.scenario.scene($0.value)!).component(.view)
                } ?? "any SceneRoot"
                do throws(GenerationLimit) {
                    let declaration = try routeMethodDeclaration(route, passesView: false)
                    routes.gap()
                    routes.block("func \(declaration)") { method in
                        if route.destination == nil {
                            method.line("guard let destination = SceneScreen.shared.belowTop else { return }")
                        } else if route.navigation.goesBack {
                            method.line("guard let destination = SceneScreen.shared.below(\(destinationView).self) else { return }")
                        } else {
                            method.line("let destination = \(destinationView)(appState: appState).\(naming.configureName)()")
                        }
                        for pass in route.pass {
                            guard let field = scenes.scenario.appState.first(where: { $0.name == pass.target }) else { continue }
                            var routeTranslator = translator
                            for input in route.input { routeTranslator.inputNames[input.name] = SwiftSpelling.name(input.name) }
                            // The AppState the app records with records the write as published by this Router.
                            method.line("appState.\(SwiftSpelling.name(field.name)) = \(routeTranslator.translate(pass.value).bare)")
                        }
                        method.line("\(PatternNaming.baseName(naming.navigateMethod(route)))(destination: destination)")
                    }
                } catch { failure.collect(error) }
                writeScreenNavigation(route, destinationView: destinationView, into: &navigation)
            }
            for (title, section) in [("Routing", routes), ("Navigation", navigation)] where !section.lines.isEmpty {
                body.mark(title)
                for line in section.lines { body.line(line) }
            }
        }
        if let failure { throw failure }
        return out.text
    }

    func appStateInteractor() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.swiftUIImports(&out)
        out.line()
        var failure: GenerationLimit?
        out.line("/// What \(name)'s View asks of its Interactor.")
        out.block("protocol \(appStateBusinessLogic)") { body in
            for useCase in scene.useCases { body.line("func \(interactorDeclaration(useCase))") }
        }
        out.line()
        out.line("/// \(name)'s business logic. It keeps no state: what it finds out it writes to the AppState.")
        out.block("struct \(component(.interactor)): \(appStateBusinessLogic)") { body in
            body.line("var appState: AppState!")
            for worker in scene.workers {
                body.line("var \(naming.workerProperty(worker.name)): \(scenes.workerProtocol(worker.name, of: scene)) = \(name).\(worker.name)()")
            }
            for (worker, _) in scene.sharedWorkersCalled {
                body.line("var \(naming.workerProperty(worker)): \(scenes.workerProtocol(worker, of: nil)) = \(worker).shared")
            }
            if interactorUsesTrace { body.line("var trace: SceneTrace!") }
            for useCase in scene.useCases {
                do throws(GenerationLimit) { try interactorMethod(useCase, into: &body) } catch { failure.collect(error) }
            }
        }
        out.line()
        out.line("#if canImport(SwiftUI)")
        out.line("/// The app gives Views the Interactor through the environment: `.environment(\\.\(interactorKey), …)`.")
        out.block("struct \(component(.interactor))Key: EnvironmentKey") { key in
            key.line("static let defaultValue: \(appStateBusinessLogic) = \(component(.interactor))()")
        }
        out.line()
        out.block("extension EnvironmentValues") { values in
            values.block("var \(interactorKey): \(appStateBusinessLogic)") { property in
                property.line("get { self[\(component(.interactor))Key.self] }")
                property.line("set { self[\(component(.interactor))Key.self] = newValue }")
            }
        }
        out.line("#endif")
        if let failure { throw failure }
        return out.text
    }

    /// `configureView()`: the View given its Interactor (and Router), each given the AppState, as the app does
    /// through the environment (`.environment(\.someInteractor, SomeInteractor(appState: appState))`,
    /// `.environmentObject(appState)`); then the one line that records the scene.
    func appStateConfigurator() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        out.block("extension \(component(.view))") { body in
            body.line("/// Gives \(name)'s View its Interactor, which writes the View's AppState: `\(component(.view))(appState: appState).\(naming.configureName)()`.")
            body.block("func \(naming.configureName)() -> \(component(.view))") { configure in
                configure.line("var view = self")
                configure.line("var interactor = \(component(.interactor))()")
                configure.line("interactor.appState = appState")
                configure.line("view.interactor = interactor")
                if !scene.routes.isEmpty {
                    configure.line("let router = \(component(.router))(appState: appState)")
                    configure.line("view.router = router")
                }
                // The one line that records the scene: delete it with the tracing file and nothing of SceneFlow is left.
                configure.line("\(tracingName).record(view: &view, interactor: interactor\(scene.routes.isEmpty ? "" : ", router: router"))")
                configure.line("return view")
            }
        }
        return out.text
    }

    /// A SwiftUI with AppState scene's tracing file: `record(view:…)` records how the View was given its parts, puts a
    /// recording wrapper behind the Interactor's protocol (and each worker's, and the Router's), and tells the scene's
    /// trace what `body` shows from the AppState, which it observes.
    func appStateTracing() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let hasRouter = !scene.routes.isEmpty
        out.line("/// Records \(SwiftSpelling.comment(name))'s run where its parts meet. Delete this file and the line of `\(naming.configureName)` that")
        out.line("/// calls `record` to leave the scene without recording.")
        out.block("enum \(tracingName)") { body in
            body.line("/// Records how the View was given its parts, and puts a recording wrapper behind each protocol a message")
            body.line("/// crosses.")
            body.block("static func record(view: inout \(component(.view)), interactor: \(component(.interactor))\(hasRouter ? ", router: \(component(.router))" : ""))") { record in
                record.line("let trace = makeTrace(recorder: SceneTrace.recorder)")
                // The Interactor is a value: its workers' wrappers go into the copy the View is given.
                if interactorUsesTrace || !scenes.stubbedWorkers(of: scene).isEmpty { record.line("var interactor = interactor") }
                if interactorUsesTrace { record.line("interactor.trace = trace") }
                for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
                    let target = link.target == .appState ? "Recorder.appState" : "trace.\(link.target.traceName)"
                    record.line("trace.configure(trace.\(link.holder.traceName), \(SwiftSpelling.literal(link.property)), nil, \(target))")
                }
                for worker in scene.workers where worker.isWired {
                    record.line("trace.configure(trace.interactor, \(SwiftSpelling.literal(naming.workerProperty(worker.name))), nil, trace.worker(\(SwiftSpelling.literal(worker.name.rawValue))))")
                }
                installWorkerWrappers(on: "interactor", into: &record)
                record.line("view.interactor = \(tracingClass(appStateBusinessLogic))(interactor, trace: trace)")
                if hasRouter { record.line("view.router = \(tracingClass(appStateRoutingLogic))(router, trace: trace)") }
                // What `body` shows from the AppState: rendered as the View appears and whenever the AppState changes.
                rendering(from: "appState", translator: scenes.translator(), observing: observesAppState, into: &record)
            }
            body.line()
            makeTraceMethod(into: &body)
        }
        tracedView(business: appStateBusinessLogic, into: &out)
        businessWrapper(into: &out)
        if hasRouter { routingWrapper(keepsSelection: false, into: &out) }
        modelsTracing(into: &out)
        return out.text
    }
}
