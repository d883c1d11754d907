import ScenarioSpec

/// A scene's tracing file (`<Scene>Tracing.swift`): a wrapper for each protocol its parts talk through, which
/// records the message a call stands for and passes the call on, and `<Scene>Tracing.record(…)`, which puts the
/// wrappers between the parts where the scene is wired. The parts' bodies send their messages as an app's do; deleting
/// this file and the one line that calls `record` leaves the scene without recording.
extension SceneWriter {
    /// The enum of the scene's tracing file.
    var tracingName: String { "\(name)Tracing" }

    /// The wrapper class standing in for a part behind `protocolName`, named as `@Traced` names its own.
    func tracingClass(_ protocolName: String) -> String { "Tracing\(protocolName)" }

    /// The name a protocol method's one model parameter has in its declaration (`response`, `viewModel`, or the
    /// first label of a method with several), or nil when the method takes none.
    func modelParameter(_ signature: String, name: String) -> String? {
        let labels = SwiftSpelling.labels(of: signature)
        guard let first = labels.first else { return nil }
        return labels.count == 1 || first == "_" ? name : SwiftSpelling.name(first)
    }

    /// Whether a Response crosses the Presenter's protocol: a method that takes nothing while the Response carries
    /// fields drops it, so the Interactor records it where it makes it.
    func responseCrosses(_ useCase: UseCase, _ output: Output) -> Bool {
        modelParameter(naming.presenterMethod(useCase, output: output), name: "response") != nil || output.response.isEmpty
    }

    /// Whether a ViewModel crosses the View's protocol (as `responseCrosses`).
    func viewModelCrosses(_ useCase: UseCase, _ output: Output) -> Bool {
        modelParameter(naming.viewMethod(useCase, output: output), name: "viewModel") != nil || output.viewModel.isEmpty
    }

    /// Whether the Presenter's bodies use the scene's trace: a ViewModel it records itself. A Presenter that does not
    /// has no trace at all.
    var presenterUsesTrace: Bool {
        // VIPER's Presenter shows through the View's protocol, whose wrapper records it.
        if isVIPER { return false }
        return scene.useCases.contains { useCase in
            useCase.outputs.contains { output in
                guard case .viewModel = output.presenter else { return true }
                return !viewModelCrosses(useCase, output)
            }
        }
    }

    /// Whether the Interactor's bodies use the scene's trace (a worker's call, a DataStore write, a Response it
    /// records itself, a method that can fail). An Interactor that does none of these has no trace at all.
    var interactorUsesTrace: Bool {
        var methods = SwiftText()
        for useCase in scene.useCases where hasInteractorMethod(useCase) {
            do throws(GenerationLimit) { try interactorMethod(useCase, into: &methods) } catch { return true }
        }
        return methods.lines.contains { Self.mentions(Self.codeOnly($0), "trace") }
    }

    /// Whether the tracing file observes the scene's DataStore: a subclass of the Interactor, which is the DataStore,
    /// records each write to a field, so the Interactor's bodies and the Routers' passing carry no recording.
    var observesDataStore: Bool { !viewHoldsDataStore && !usesAppState && !scene.dataStore.isEmpty }

    /// Whether the tracing file observes the DataStore the View holds (SwiftUI VIP): a subclass records each write to
    /// a field, and renders the View again.
    var observesViewDataStore: Bool { viewHoldsDataStore && !scene.dataStore.isEmpty }

    /// Whether the tracing file runs the scene with a subclass of its Interactor: one that observes its DataStore, or
    /// VIPER's, which also records each Request the Presenter asks it (the Presenter reaches its DataStore through it).
    var subclassesInteractor: Bool { observesDataStore || isVIPER }

    /// The Interactor's subclass that observes its DataStore: `TracingLoginInteractor`.
    var observingClass: String { "Tracing\(component(.interactor))" }

    /// The Interactor the scene runs with: it takes over what the wiring gave the one made there, then records each
    /// write to a field of its DataStore, stored by the Interactor or passed in by a route (`SceneTrace.wrote`).
    func observingInteractor(into out: inout SwiftText, _ members: (inout SwiftText) -> Void = { _ in }) {
        let interactor = component(.interactor)
        let store = protocolName(.dataStore) ?? "\(name)DataStore"
        if isVIPER {
            out.line("/// The \(SwiftSpelling.comment(interactor)) the module runs with: records each Request the Presenter asks it, then answers it;")
            out.line("/// each write to a field of \(SwiftSpelling.comment(store)) is recorded, as stored by the Interactor or as passed in by the")
            out.line("/// route that is running.")
        } else {
            out.line("/// The \(SwiftSpelling.comment(interactor)) the scene runs with: each write to a field of \(SwiftSpelling.comment(store)) is recorded, as")
            out.line("/// stored by the Interactor or as passed in by the route that is running.")
        }
        out.block("final class \(observingClass): \(interactor), RecordingPart") { body in
            // The Interactor holds the scene's trace itself where a body of its own records.
            if !interactorUsesTrace {
                // VIPER's records the Requests it is asked, once made.
                body.line("private(set) var trace: SceneTrace\(isVIPER ? "!" : "?")")
                body.line()
            }
            body.line("/// Takes over what the scene's wiring gave `configured`; records from then on (the trace is set last, so")
            body.line("/// taking over records nothing).")
            takingOver(interactor, ["presenter"] + interactorProperties().map(\.name), into: &body)
            observedFields(telling: "wrote", into: &body)
            members(&body)
        }
    }

    /// An observing subclass's `init`: it takes over `properties` from the `configured` part the wiring made, then
    /// records (the trace is set last, so taking over records nothing).
    func takingOver(_ type: String, _ properties: [String], into body: inout SwiftText) {
        body.block("init(_ configured: \(type), trace: SceneTrace)") { initializer in
            initializer.line("super.init()")
            for property in properties {
                let name = SwiftSpelling.name(property)
                initializer.line("\(name) = configured.\(name)")
            }
            initializer.line("self.trace = trace")
        }
    }

    /// An `override var` per DataStore field whose `didSet` tells the scene's trace (`wrote`, `viewWrote`) of the write.
    func observedFields(telling method: String, into body: inout SwiftText) {
        for field in scene.dataStore {
            let property = SwiftSpelling.name(field.name)
            body.line()
            body.block("override var \(property): \(scenes.swiftType(field.type))") { observed in
                observed.line("didSet { trace?.\(method)(\(SwiftSpelling.literal(field.name)), \(literal(protocolName(.dataStore))), type: \(SwiftSpelling.literal(field.type.description)), \(property)) }")
            }
        }
    }

    /// `makeTrace(recorder:)`: the scene's recording, its parts by role as the trace names them, and the lifecycle
    /// methods the navigator records.
    func makeTraceMethod(into body: inout SwiftText) {
        body.line("/// The scene's recording: its parts by role, as the trace names them, and the lifecycle methods the")
        body.line("/// navigator records.")
        body.block("static func makeTrace(recorder: Recorder) -> SceneTrace") { make in
            let components = [ComponentRole.configurator, .view, .interactor, .presenter, .router, .dataStore]
                .map { ".\($0.rawValue): \(SwiftSpelling.literal(component($0)))" }.joined(separator: ", ")
            let workers = scene.workers.map { SwiftSpelling.literal($0.name.rawValue) }.joined(separator: ", ")
            // A SwiftUI View appears (and renders) each time it comes on screen.
            let screenAppear = scenes.definition.shape.viewsAreValues ? naming.appearMethod : nil
            var lifecycle = [("loadMethod", lifecycleMethods.load), ("appearMethod", lifecycleMethods.appear), ("screenAppearMethod", screenAppear)]
                .compactMap { label, method in method.map { "\(label): \(SwiftSpelling.literal($0)), " } }.joined()
            // A SwiftUI with AppState View goes on after its Interactor returns, within the use case's cycle.
            if usesAppState { lifecycle += "viewGoesOn: true, " }
            make.line("SceneTrace(scene: \(SwiftSpelling.literal(name)), components: [\(components)], wiredByView: \(!isVIPER && scenes.scenario.wiring == .setup),")
            make.line("           workers: [\(workers)], \(lifecycle)recorder: recorder)")
        }
    }

    /// The View made `SceneTracing`, its trace reached through `trace` (`comment` says how), which is how the navigator
    /// finds it; then the subclass of its labels that records what it shows.
    func viewTracing(_ comment: String, trace: String, into out: inout SwiftText) {
        out.line()
        out.line("/// \(comment)")
        out.block("extension \(component(.view)): SceneTracing") { body in
            body.line("var sceneTrace: SceneTrace? { \(trace) }")
        }
        if observesLabels {
            out.line()
            observingLabels(into: &out)
        }
    }

    /// `record`'s lines that put each worker's wrapper behind the Interactor held in `interactor`.
    func installWorkerWrappers(on interactor: String, into record: inout SwiftText) {
        for (_, worker) in scenes.stubbedWorkers(of: scene) {
            let property = "\(interactor).\(SwiftSpelling.name(naming.workerProperty(worker.name)))"
            record.line("\(property) = \(workerTracingClass(worker))(\(property), trace: trace)")
        }
    }

    /// The wrapper class standing in for a worker the Interactor calls: `TracingLoginAuthWorker`.
    func workerTracingClass(_ worker: Worker) -> String { "Tracing\(name)\(worker.name)" }

    /// How a wrapper holds the part it stands in for: as the holder does (`let`), replaceably (a worker a story
    /// step's stub goes behind), or weakly (the View the Presenter holds weakly; the scene's trace then holds the
    /// wrapper, which holds the trace `unowned`).
    enum WrappedHold { case constant, replaceable, weak }

    /// A wrapper class: `final class <name>: <conforming>, TracingWrapper`, the part it wraps and the trace, `before`
    /// and `after` `wrappedPart` the declarations it adds, an `init` taking both (and `parameter`, assigned to the
    /// property of its name), then `members`.
    func wrapperClass(_ name: String, conforming: String, wrapped type: String, holding: WrappedHold = .constant,
                      before: [String] = [], after: [String] = [], parameter: (name: String, type: String)? = nil,
                      into out: inout SwiftText, _ members: (inout SwiftText) -> Void) {
        out.block("final class \(name): \(conforming), TracingWrapper") { body in
            switch holding {
            case .constant: body.line("let wrapped: \(type)")
            case .replaceable: body.line("var wrapped: \(type)")
            case .weak: body.line("weak var wrapped: \(type)?")
            }
            body.line(holding == .weak ? "unowned let trace: SceneTrace" : "let trace: SceneTrace")
            for line in before { body.line(line) }
            body.line("var wrappedPart: Any? { wrapped }")
            for line in after { body.line(line) }
            body.line()
            body.block("init(_ wrapped: \(type), trace: SceneTrace\(parameter.map { ", \($0.name): \($0.type)" } ?? ""))") { initializer in
                initializer.line("self.wrapped = wrapped")
                initializer.line("self.trace = trace")
                if let parameter { initializer.line("self.\(parameter.name) = \(parameter.name)") }
            }
            members(&body)
        }
    }

    /// A worker's wrapper: records each call and its answer (a result, or a failure, which is then what the
    /// Interactor's handling is caused by), with the time it took; a stub a story test stands in goes behind it.
    func workerWrapper(_ worker: Worker, protocolName: String, into out: inout SwiftText) {
        let wrapper = workerTracingClass(worker)
        out.line("/// Stands in for \(worker.name) behind \(SwiftSpelling.comment(protocolName)): records each call and its answer, with the")
        out.line("/// time it took.")
        wrapperClass(wrapper, conforming: protocolName, wrapped: protocolName, holding: .replaceable, into: &out) { body in
            // The operation's parameters are named as the scenario names its inputs (`trace`, `wrapped` among them): the
            // wrapper's own properties are reached through `self`, the handler the closure is given as `$0`.
            for (operation, declaration) in zip(worker.operations, scenes.operationDeclarations(worker)) {
                let parameters = operation.input.map { SwiftSpelling.name($0.name) }
                let arguments = operation.input.map { "\(SwiftSpelling.label($0.name)): \(SwiftSpelling.name($0.name))" }
                let method = SwiftSpelling.name(operation.name.rawValue)
                body.line()
                body.block(declaration) { forward in
                    // Where no call of the operation handles its failure, the failure stops the app, as it stops the run.
                    let stops = failureStops(worker, operation) ? ["failureStops: true"] : []
                    guard let handler = scenes.completionHandler(operation) else {
                        let recorded = recordedCall(worker, operation, values: parameters, trace: "self.trace",
                                                    more: stops.isEmpty ? ["failureCausesWhatFollows: true"] : stops)
                        forward.line("try \(recorded) { try self.wrapped.\(method)(\(arguments.joined(separator: ", "))) }")
                        return
                    }
                    let start = "{ self.wrapped.\(method)(\((arguments + ["\(SwiftSpelling.label(handler.label)): $0"]).joined(separator: ", "))) }"
                    forward.line(recordedCall(worker, operation, values: parameters, trace: "self.trace",
                                              more: (handler.fails ? stops : []) + [start, "\(handler.fails ? "thenResult" : "then"): \(SwiftSpelling.name(handler.label))"]))
                }
            }
        }
    }

    /// Whether no call of `operation` in the scene's Interactor handles its failure (none has `onError:`): its
    /// wrapper then stops the app where it fails, as the simulation stops its run, and the Interactor calls it with
    /// `try!`.
    func failureStops(_ worker: Worker, _ operation: WorkerOperation) -> Bool { failureStops(worker.name, operation.name) }

    func failureStops(_ worker: WorkerName, _ operation: OperationName) -> Bool {
        let calls = scene.useCases.flatMap { $0.interactor.flatMap(\.flattened) }.compactMap { step -> Call? in
            guard case .call(let call) = step.kind, case .worker(worker, operation)? = call.target else { return nil }
            return call
        }
        return !calls.isEmpty && calls.allSatisfy { $0.onError == nil }
    }

    func tracing() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let business = protocolName(.businessLogic) ?? "\(name)BusinessLogic"
        let presentation = protocolName(.presentationLogic) ?? "\(name)PresentationLogic"
        let display = protocolName(.displayLogic) ?? "\(name)DisplayLogic"
        let routing = protocolName(.routingLogic) ?? "\(name)RoutingLogic"
        let wrappers: [ProtocolSlot: String] = [.businessLogic: business, .presentationLogic: presentation,
                                                .displayLogic: display, .routingLogic: routing]
        let keepsSelection = scene.routes.contains { !selections($0).isEmpty }

        out.line("/// Records \(SwiftSpelling.comment(name))'s run where its parts meet. Delete this file and the line of the scene's wiring")
        out.line("/// that calls `record` to leave the scene without recording.")
        out.block("enum \(tracingName)") { body in
            body.line("/// Gives the parts the scene's trace, records how they were connected, and puts a recording wrapper")
            body.line("/// behind each protocol a message crosses.")
            body.block("static func record(viewController: \(component(.view)), interactor: \(component(.interactor)), presenter: \(component(.presenter)), router: \(component(.router)))") { record in
                record.line("let trace = makeTrace(recorder: SceneTrace.recorder)")
                if observesLabels { record.line("viewController.labels = \(observingLabelsClass)(trace: trace)") }
                if observesDataStore {
                    // The scene runs with the Interactor whose DataStore records its writes, in place of the one wired.
                    record.line("let observed = \(observingClass)(interactor, trace: trace)")
                } else if interactorUsesTrace {
                    record.line("interactor.trace = trace")
                }
                if presenterUsesTrace { record.line("presenter.trace = trace") }
                let variable = { (role: ComponentRole) -> String in
                    observesDataStore && (role == .interactor || role == .dataStore) ? "observed" : wiringVariable(role, viewController: "viewController")
                }
                connect(into: &record, recordingOnly: true, variable)
                for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
                    guard let slot = link.through, let wrapped = wrappers[slot] else {
                        if variable(link.target) == "observed" { record.line("\(variable(link.holder)).\(link.property) = observed") }
                        continue
                    }
                    var made = "\(tracingClass(wrapped))(\(variable(link.target)), trace: trace"
                    if slot == .routingLogic && keepsSelection { made += ", viewController: viewController" }
                    made += ")"
                    // The Presenter holds its View weakly: the trace keeps the wrapper as long as the scene lives.
                    if slot == .displayLogic { made = "trace.keep(\(made))" }
                    record.line("\(variable(link.holder)).\(link.property) = \(made)")
                }
                installWorkerWrappers(on: variable(.interactor), into: &record)
            }
            body.line()
            makeTraceMethod(into: &body)
        }

        // The trace the navigator records the View Controller's lifecycle and navigation with: the one its Interactor's
        // wrapper holds.
        viewTracing("The scene's trace, reached through the wrapper `record` put behind the View Controller's Interactor.",
                    trace: "(interactor as? \(tracingClass(business)))?.trace", into: &out)

        if observesDataStore {
            out.line()
            observingInteractor(into: &out)
        }

        // The calls the Interactor makes of its workers.
        for (protocolName, worker) in scenes.stubbedWorkers(of: scene) {
            out.line()
            workerWrapper(worker, protocolName: protocolName, into: &out)
        }

        businessWrapper(into: &out)
        presentationWrapper(into: &out)
        displayWrapper(holding: .weak, into: &out)
        routingWrapper(keepsSelection: keepsSelection, into: &out)
        modelsTracing(into: &out)
        return out.text
    }
}

// MARK: - The wrappers of a scene's protocols

extension SceneWriter {
    /// The Interactor's wrapper behind the BusinessLogic protocol: records each Request the View sends.
    func businessWrapper(into out: inout SwiftText) {
        let business = protocolName(.businessLogic) ?? "\(name)BusinessLogic"
        out.line()
        out.line("/// Stands in for the Interactor behind \(business): records each Request, then passes it on.")
        wrapperClass(tracingClass(business), conforming: business, wrapped: business, into: &out) { body in
            for useCase in scene.useCases where hasInteractorMethod(useCase) {
                let method = naming.interactorMethod(useCase)
                let hasRequest = !(useCase.request.isEmpty && scenes.definition.flow.omitsEmptyRequest)
                let arguments = takesRequest(useCase) ? ["request"] : useCase.request.map { SwiftSpelling.name($0.name) }
                body.line()
                body.block("func \(interactorDeclaration(useCase))") { forward in
                    if hasRequest && !takesRequest(useCase) { forward.line(requestFromFields(useCase)) }
                    forward.block("trace.request(\(SwiftSpelling.literal(useCase.name.rawValue)), \(literal(protocolName(.businessLogic))), \(SwiftSpelling.literal(method)), \(hasRequest ? "request" : "nil"), type: \(hasRequest ? SwiftSpelling.literal(requestType(useCase)) : "nil"))") { send in
                        send.line("wrapped.\(call(method, arguments))")
                    }
                }
            }
        }

    }

    /// The Presenter's wrapper behind the PresentationLogic protocol: records each Response the Interactor sends.
    func presentationWrapper(into out: inout SwiftText) {
        let presentation = protocolName(.presentationLogic) ?? "\(name)PresentationLogic"
        out.line()
        out.line("/// Stands in for the Presenter behind \(presentation): records each Response, then passes it on.")
        wrapperClass(tracingClass(presentation), conforming: presentation, wrapped: presentation, into: &out) { body in
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    let method = naming.presenterMethod(useCase, output: output)
                    let type = responseType(useCase, output)
                    let parameter = modelParameter(method, name: "response")
                    body.line()
                    let declared = declaration(method, types: [scenes.swiftTypeName(type)], name: "response")
                        .replacingOccurrences(of: "(_ value: ", with: "(_ response: ")
                    body.block("func \(declared)") { forward in
                        let send = "wrapped.\(call(method, parameter.map { [$0] } ?? []))"
                        guard responseCrosses(useCase, output) else {
                            forward.line("// The Interactor records this Response: the method does not take it.")
                            forward.line(send)
                            return
                        }
                        // An answer with nothing to say is recorded without a Response where the pattern says so.
                        let unsaid = output.response.isEmpty && scenes.definition.flow.omitsEmptyResponse
                        let payload = unsaid ? "nil" : parameter ?? "\(scenes.swiftTypeName(type))()"
                        forward.block("trace.response(\(SwiftSpelling.literal(useCase.name.rawValue)), output: \(tracedOutput(useCase, output)), \(SwiftSpelling.literal(presentation)), \(SwiftSpelling.literal(method)), \(payload), type: \(unsaid ? "nil" : SwiftSpelling.literal(type)))") { record in
                            record.line(send)
                        }
                    }
                }
            }
        }

    }

    /// The View's wrapper behind the DisplayLogic protocol, holding the View as the Presenter does (weakly, a View
    /// controller; a SwiftUI View, a value, as it is): records each ViewModel the Presenter sends.
    func displayWrapper(holding: WrappedHold, into out: inout SwiftText) {
        let display = protocolName(.displayLogic) ?? "\(name)DisplayLogic"
        out.line()
        if holding == .weak {
            out.line("/// Stands in for the View behind \(display), held weakly as the Presenter holds it: records each ViewModel,")
            out.line("/// then passes it on.")
        } else {
            out.line("/// Stands in for the View behind \(display): records each ViewModel, then passes it on.")
        }
        wrapperClass(tracingClass(display), conforming: display, wrapped: display, holding: holding, into: &out) { body in
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    let method = naming.viewMethod(useCase, output: output)
                    let type = viewModelType(useCase, output)
                    let parameter = modelParameter(method, name: "viewModel")
                    body.line()
                    let declared = declaration(method, types: [type], name: "viewModel")
                        .replacingOccurrences(of: "(_ value: ", with: "(_ viewModel: ")
                    body.block("func \(declared)") { forward in
                        // A View that is gone is told nothing, as the app's Presenter tells it nothing: nothing is recorded.
                        if holding == .weak { forward.line("guard let wrappedView = self.wrapped else { return }") }
                        let send = "\(holding == .weak ? "wrappedView" : "wrapped").\(call(method, parameter.map { [$0] } ?? []))"
                        guard viewModelCrosses(useCase, output) else {
                            forward.line("// The Presenter records this ViewModel: the method does not take it.")
                            forward.line(send)
                            return
                        }
                        let payload = parameter ?? "\(type)()"
                        forward.block("trace.display(\(SwiftSpelling.literal(useCase.name.rawValue)), output: \(tracedOutput(useCase, output)), \(SwiftSpelling.literal(display)), \(SwiftSpelling.literal(method)), \(payload), type: \(SwiftSpelling.literal(type)))") { record in
                            record.line(send)
                        }
                    }
                }
            }
        }

    }

    /// The Router's wrapper behind the RoutingLogic protocol: records each route the View takes, with what it passes on
    /// and the method that changes the screen. `keepsSelection`: the wrapper holds the View Controller, whose selection
    /// a route passes on.
    func routingWrapper(keepsSelection: Bool, into out: inout SwiftText) {
        let routing = protocolName(.routingLogic) ?? "\(name)RoutingLogic"
        let passing = protocolName(.dataPassing) ?? "\(name)DataPassing"
        let store = viewHoldsDataStore ? component(.dataStore) : protocolName(.dataStore) ?? "\(name)DataStore"
        // SwiftUI with AppState's Router passes nothing on but the AppState it writes.
        let passesData = !usesAppState
        out.line()
        out.line("/// Stands in for the Router behind \(routing): records each route, then passes it on\(passesData ? "; the DataStore is the" : ".")")
        if passesData { out.line("/// Router's.") }
        wrapperClass(tracingClass(routing), conforming: passesData ? "\(routing), \(passing)" : routing, wrapped: passesData ? "\(routing) & \(passing)" : routing,
                     before: keepsSelection ? ["/// The View, whose selection a route passes on.", "weak var viewController: \(component(.view))?"] : [],
                     after: passesData ? ["var dataStore: \(store)? { wrapped.dataStore }"] : [],
                     parameter: keepsSelection ? ("viewController", component(.view)) : nil, into: &out) { body in
            for route in scene.routes {
                let method = naming.routeMethod(route)
                let labels = SwiftSpelling.labels(of: method)
                var declaration = routeDeclaration(route, defaults: false)
                var arguments = labels.map { label in
                    route.input.contains { $0.name == label } ? SwiftSpelling.name(label) : (label == "_" ? "sender" : SwiftSpelling.name(label))
                }
                var values = route.input.map { field in
                    labels.contains(field.name) ? SwiftSpelling.name(field.name) : "viewController?.\(SwiftSpelling.name(field.name))"
                }
                if scenes.definition.shape.viewsAreValues {
                    // A SwiftUI Router's method takes each of the route's inputs, whatever its label.
                    guard let swiftUIDeclaration = try? routeMethodDeclaration(route, passesView: false),
                          let parameters = try? routeArguments(route) else { continue }
                    declaration = swiftUIDeclaration
                    arguments = parameters.map { parameter in
                        guard let input = parameter.input, !input.isEmpty else { return parameter.label == "_" ? "sender" : SwiftSpelling.name(parameter.label) }
                        return SwiftSpelling.name(input)
                    }
                    values = route.input.map { SwiftSpelling.name($0.name) }
                }
                let (input, inputType) = routeRecord(route, values)
                // What the route passes on: the destination's DataStore records those writes as passed.
                var passes = ""
                if !route.pass.isEmpty && passesData {
                    let fields = route.pass.map { "(\(SwiftSpelling.literal($0.target)), \(SwiftSpelling.literal($0.value.text)))" }
                    passes = ", passing: RoutePassing(\(literal(protocolName(.dataPassing))), \(SwiftSpelling.literal(naming.passDataMethod(route))), fields: [\(fields.joined(separator: ", "))])"
                }
                // The Router's method that changes the screen: the navigator records the navigation with it.
                passes += navigationArgument(route)
                body.line()
                body.block("func \(declaration)") { forward in
                    forward.block("trace.route(\(SwiftSpelling.literal(route.name.rawValue)), \(literal(protocolName(.routingLogic))), \(SwiftSpelling.literal(method)), input: \(input), inputType: \(inputType)\(passes))") { record in
                        record.line("wrapped.\(call(method, arguments))")
                    }
                }
            }
        }
    }

    /// The scene's models and its workers' answers as the trace writes them.
    func modelsTracing(into out: inout SwiftText) {
        out.line()
        out.line("// \(SwiftSpelling.comment(name))'s models as the trace writes them.")
        // SwiftUI with AppState has Requests where an action takes something, and no Response or ViewModel.
        let hasRequests = !usesAppState || scene.useCases.contains { !$0.request.isEmpty }
        for useCase in scene.useCases where hasRequests {
            scenes.tracedExtension(scenes.swiftTypeName(requestType(useCase)), scenes.traceValue(useCase.request), into: &out)
            for output in useCase.outputs where !usesAppState {
                scenes.tracedExtension(scenes.swiftTypeName(responseType(useCase, output)), scenes.traceValue(output.response), into: &out)
                scenes.tracedExtension(scenes.swiftTypeName(viewModelType(useCase, output)), scenes.traceValue(output.viewModel), into: &out)
            }
        }
        for worker in scene.workers {
            for (record, fields) in scenes.resultRecords(worker) {
                scenes.tracedExtension("\(scene.name).\(worker.name).\(record)", scenes.traceValue(fields), into: &out)
            }
        }
    }
}

// MARK: - The View's labels

extension SceneWriter {
    /// A label the View shows: its property on the View's labels (`message`) and the type of what it is given,
    /// optional (nothing is shown before the first display), or nil where the value's type cannot be told.
    struct ShownLabel {
        let name: String
        let property: String
        let type: TypeRef?
    }

    /// The class holding what a View Controller shows, label by label: `LoginLabels`.
    var labelsClass: String { "\(name)Labels" }

    /// Its subclass in the tracing file, which records each label the View sets: `TracingLoginLabels`.
    var observingLabelsClass: String { "Tracing\(labelsClass)" }

    /// Every label the View's display logic shows, in the order first shown, with the type of the values it is given
    /// (a label given values of two types has none).
    var shownLabels: [ShownLabel] {
        var order: [String] = []
        var types: [String: TypeRef?] = [:]
        func visit(_ steps: [Step], _ known: ExprTypes) {
            var known = known
            for step in steps {
                switch step.kind {
                case .show(let labels):
                    for label in labels {
                        let type = known.type(label.value.root).map { TypeRef.optional($0.unwrapped) }
                        guard let seen = types[label.target] else {
                            order.append(label.target)
                            types[label.target] = type
                            continue
                        }
                        if seen != type { types[label.target] = .some(nil) }
                    }
                case .bind(let assignments):
                    for assignment in assignments { known.locals[assignment.target] = known.type(assignment.value.root) }
                case .conditional(let condition, let then, let otherwise):
                    var inner = known
                    if case .binding(let bound, let value) = condition.root.kind { inner.locals[bound] = known.type(value)?.unwrapped }
                    visit(then, inner)
                    visit(otherwise, known)
                default: break
                }
            }
        }
        // VIPER's Presenter shows by steps: each display method's labels, typed as its values' struct declares them.
        if isVIPER {
            for display in (try? displays()) ?? [] {
                for (value, type) in zip(display.values, display.types) {
                    let optional = TypeRef.optional(type.unwrapped)
                    guard let seen = types[value.target] else {
                        order.append(value.target)
                        types[value.target] = optional
                        continue
                    }
                    if seen != optional { types[value.target] = .some(nil) }
                }
            }
        }
        for useCase in scene.useCases {
            for output in useCase.outputs where !(isVIPER && output.presentsBySteps) {
                visit(output.view, ExprTypes(scenario: scenes.scenario, roots: ["viewModel": output.viewModel]))
            }
        }
        // `recording` is the observing subclass's own property.
        var properties: Set<String> = ["recording"]
        return order.map { label in
            var property = SwiftSpelling.lowerFirst(label.filter { $0.isLetter || $0.isNumber })
            if property.first.map({ !$0.isLetter }) ?? true { property = "label" + property }
            while !properties.insert(property).inserted { property += "_" }
            return ShownLabel(name: label, property: SwiftSpelling.name(property), type: types[label] ?? nil)
        }
    }

    /// Whether the View's labels are a class of their own that the tracing file observes: a View Controller that
    /// records at its boundary and shows something, each label's type known.
    var observesLabels: Bool {
        let labels = shownLabels
        return !labels.isEmpty && labels.allSatisfy { $0.type != nil }
    }

    /// The labels' class, in the View Controller's file: what an app's labels' texts are, as properties.
    func labelsDeclaration(into out: inout SwiftText) {
        // A SwiftUI View observes its labels, as it observes its state: setting one renders it again.
        let observed = scenes.definition.shape.viewsAreValues
        out.line("/// What \(SwiftSpelling.comment(component(.view))) shows, label by label (a label's text, where the View has a screen).")
        out.block("class \(labelsClass)\(observed ? ": ObservableObject" : "")") { body in
            for label in shownLabels {
                body.line("\(observed ? "@Published " : "")var \(label.property): \(scenes.swiftType(label.type!))")
            }
        }
    }

    /// The labels' subclass the scene runs with: each label the View sets is recorded as shown.
    func observingLabels(into out: inout SwiftText) {
        out.line("/// The \(SwiftSpelling.comment(labelsClass)) the View shows with: each label it sets is recorded as shown.")
        out.block("final class \(observingLabelsClass): \(labelsClass)") { body in
            body.line("private let recording: SceneTrace")
            body.line()
            body.block("init(trace: SceneTrace)") { initializer in
                initializer.line("recording = trace")
                initializer.line("super.init()")
            }
            for label in shownLabels {
                body.line()
                body.block("override var \(label.property): \(scenes.swiftType(label.type!))") { observed in
                    observed.line("didSet { recording.shown(\(SwiftSpelling.literal(label.name)), \(label.property)) }")
                }
            }
        }
    }
}
