import ScenarioSpec

/// Clean Swift's unit tests, one component at a time, with Spies in the style of the Clean Swift templates
/// (`presentLoginCalled`, `presentLoginResponse`): the View sends its Request to an Interactor spy; the Interactor,
/// with its workers stubbed as the simulation answered them, hands the Presenter spy the Response the simulation
/// computed; the Presenter gives the View spy the ViewModel the simulation formatted. The values come from the
/// scenario's simulated run, the first time each use case ran.
struct ComponentTestWriter {
    let scenes: GeneratedScenes
    let scene: Scene
    let trace: Trace?
    let module: String
    /// Whether the Interactor and the Presenter hold the scene's trace (found once: each writes the part's bodies).
    let interactorUsesTrace: Bool
    let presenterUsesTrace: Bool

    init(scenes: GeneratedScenes, scene: Scene, trace: Trace?, module: String) {
        self.scenes = scenes
        self.scene = scene
        self.trace = trace
        self.module = module
        let writer = SceneWriter(scenes: scenes, scene: scene)
        interactorUsesTrace = writer.interactorUsesTrace
        presenterUsesTrace = writer.presenterUsesTrace
    }

    var naming: PatternNaming { scenes.naming }
    var writer: SceneWriter { SceneWriter(scenes: scenes, scene: scene) }
    var name: String { scene.name.rawValue }

    /// The first cycle of each use case of this scene, with its messages.
    func firstCycles() -> [(useCase: UseCase, events: [TraceEvent])] {
        guard let trace else { return [] }
        var seen = Set<UseCaseName>()
        var result: [(UseCase, [TraceEvent])] = []
        for cycle in trace.cycles where cycle.view.scene == scene.name && !seen.contains(cycle.useCase) {
            guard let useCase = scene.useCase(cycle.useCase.rawValue) else { continue }
            seen.insert(cycle.useCase)
            result.append((useCase, Array(trace.events(cycle.range))))
        }
        return result
    }

    /// Spies for the scene's protocols, and stubs for its workers; nil when there is neither (SwiftUI with AppState
    /// has no protocols, and a scene may call no worker).
    func spies() -> String? {
        if writer.usesAppState && scenes.stubbedWorkers(of: scene).isEmpty { return nil }
        var out = SwiftText()
        SceneWriter.imports(&out, testing: module, withTests: false)
        let business = writer.protocolName(.businessLogic) ?? "\(name)BusinessLogic"
        let presentation = writer.protocolName(.presentationLogic) ?? "\(name)PresentationLogic"
        let display = writer.protocolName(.displayLogic) ?? "\(name)DisplayLogic"
        let routing = writer.protocolName(.routingLogic) ?? "\(name)RoutingLogic"
        let passing = writer.protocolName(.dataPassing) ?? "\(name)DataPassing"
        let store = writer.protocolName(.dataStore) ?? "\(name)DataStore"
        /// `parameter`: what the spy records the one model as (`…Response`), whatever the method's label.
        func spy(_ protocolName: String, base: String = "", _ methods: [SpiedMethod], parameter role: String? = nil,
                 extra: [String] = []) {
            // SwiftUI with AppState has no protocols between its components: nothing to spy on. VIPER's are its own.
            guard !writer.usesAppState && !viper else { return }
            out.line()
            out.block("final class \(protocolName)Spy: \(base)\(protocolName)") { body in
                for line in extra { body.line(line) }
                var declared = Set<String>(), called = Set<String>()
                for var method in methods {
                    // One method several use cases share (the same signature and model) is declared once.
                    guard declared.insert(method.signature + "|" + method.type).inserted else { continue }
                    // A method that takes nothing (`presentLogin()`) has nothing to record but its call.
                    if SwiftSpelling.labels(of: method.signature).isEmpty { method.type = "" }
                    let baseName = PatternNaming.baseName(method.signature)
                    let label = method.signature.dropFirst(baseName.count + 1).dropLast().split(separator: ":").first.map(String.init) ?? "value"
                    let parameter = role ?? (label == "_" ? "value" : label)
                    let record = Self.recordName(method, in: methods, parameter: parameter)
                    if called.insert(baseName).inserted { body.line("var \(baseName)Called = false") }
                    if !method.type.isEmpty {
                        body.line("var \(record): \(method.type)?")
                    }
                    body.line()
                    body.block("func \(writer.declaration(method.signature, types: method.type.isEmpty ? [] : [method.type], name: parameter))") { call in
                        call.line("\(baseName)Called = true")
                        if !method.type.isEmpty { call.line("\(record) = \(parameter)") }
                    }
                    body.line()
                }
                if body.lines.last?.isEmpty == true { }
            }
        }
        spy(business, scene.useCases.map { SpiedMethod(signature: naming.interactorMethod($0), type: writer.requestType($0), owner: $0.name.rawValue) })
        spy(presentation, presentationMethods(), parameter: "response")
        spy(display, base: "", displayMethods(), parameter: "viewModel")
        // The Router spy records which route the View took (a View with a Router: not SwiftUI VIP's, so far).
        if !writer.viewHoldsDataStore && !writer.usesAppState && !viper {
        out.line()
        out.block("final class \(routing)Spy: \(routing), \(passing)") { body in
            body.line("var dataStore: \(store)?")
            body.line("private(set) var routes: [String] = []")
            for route in scene.routes {
                body.line()
                body.block("func \(writer.routeDeclaration(route, defaults: false))") { call in
                    call.line("routes.append(\(SwiftSpelling.literal(route.name.rawValue)))")
                }
            }
        }
        }
        if viper { viperSpies(into: &out) }
        // Stubs for the workers the Interactor calls: each answers as it is told, or passes the call on.
        for (protocolName, worker) in scenes.stubbedWorkers(of: scene) {
            out.line()
            out.block("final class \(scenes.stubName(worker.name, in: scene)): \(protocolName)") { body in
                body.line("/// Answers the calls no answer is set for; without it, they fail.")
                body.line("var original: \(protocolName)?")
                for (operation, declaration) in zip(worker.operations, scenes.operationDeclarations(worker)) {
                    let result = operation.output.map { scenes.swiftType($0) } ?? "Void"
                    let method = SwiftSpelling.name(operation.name.rawValue)
                    let arguments = operation.input.map { "\(SwiftSpelling.label($0.name)): \(SwiftSpelling.name($0.name))" }
                    body.line("var \(operation.name)Answer: Result<\(result), WorkerFailure>?")
                    body.line("/// Answers for the calls in turn, before `\(operation.name)Answer`: one call each.")
                    body.line("var \(operation.name)Answers: [Result<\(result), WorkerFailure>] = []")
                    body.line("/// How long the answer takes, in milliseconds of the recorder's clock.")
                    body.line("var \(operation.name)Latency = 0")
                    if let handler = scenes.completionHandler(operation) {
                        // The stub answers through the handler, as the worker does.
                        let done = SwiftSpelling.name(handler.label)
                        body.block(declaration) { call in
                            call.block("guard let answer = \(operation.name)Answers.isEmpty ? \(operation.name)Answer : \(operation.name)Answers.removeFirst() else") { pass in
                                let notStubbed = handler.fails ? "\(done)(.failure(WorkerFailure(\"not stubbed\")))" : "Recorder.shared.fail(\"'\(operation.name)' is not stubbed\")"
                                pass.line("guard let original else { \(notStubbed); return }")
                                pass.line("original.\(method)(\((arguments + ["\(SwiftSpelling.label(handler.label)): \(done)"]).joined(separator: ", ")))")
                                pass.line("return")
                            }
                            call.line("Recorder.shared.elapse(\(operation.name)Latency)")
                            if handler.fails {
                                call.line("\(done)(answer.mapError { $0 })")
                            } else {
                                call.line(handler.answersNothing ? "if case .success = answer { \(done)() }" : "if case .success(let value) = answer { \(done)(value) }")
                            }
                        }
                        continue
                    }
                    body.block(declaration) { call in
                        call.block("guard let answer = \(operation.name)Answers.isEmpty ? \(operation.name)Answer : \(operation.name)Answers.removeFirst() else") { pass in
                            pass.line("guard let original else { throw WorkerFailure(\"not stubbed\") }")
                            pass.line("return try original.\(method)(\(arguments.joined(separator: ", ")))")
                        }
                        call.line("Recorder.shared.elapse(\(operation.name)Latency)")
                        call.line("return try answer.get()")
                    }
                }
            }
        }
        let text = out.text
        // Spies are cleaner with their blank lines squeezed.
        return text.replacingOccurrences(of: "\n\n    }\n", with: "\n    }\n").replacingOccurrences(of: "\n\n}\n", with: "\n}\n")
    }

    /// Whether the scene is a VIPER module.
    var viper: Bool { scenes.definition.shape == .wireFrameModule }

    func tests() -> String? {
        let cycles = firstCycles()
        guard !cycles.isEmpty else { return nil }
        var out = SwiftText()
        SceneWriter.imports(&out, testing: module)
        out.line()
        out.line("/// \(name)'s components one at a time, with the values of the scenario's simulated run.")
        out.block("@Suite struct \(name)Tests") { suite in
            if viper {
                viperTests(cycles, into: &suite)
                suite.line()
                lifetimeTest(into: &suite)
                return
            }
            for (index, (useCase, events)) in cycles.enumerated() {
                if index > 0 { suite.line() }
                if writer.usesAppState {
                    appStateTest(useCase, events, into: &suite)
                    continue
                }
                viewTest(useCase, events, into: &suite)
                interactorTest(useCase, events, into: &suite)
                presenterTest(useCase, events, into: &suite)
            }
            if !writer.usesAppState {
                suite.line()
                lifetimeTest(into: &suite)
            }
        }
        return out.text
    }

    /// The scene made as the app makes it, then let go: every part it wired (the View Controller, Interactor,
    /// Presenter, Router or WireFrame) is freed, so no part holds another in a cycle. A SwiftUI View is a value and is
    /// not probed.
    private func lifetimeTest(into out: inout SwiftText) {
        let viewIsValue = scenes.definition.shape.viewsAreValues
        let what = viewIsValue ? "its View" : "its View Controller"
        out.block("@Test(\(SwiftSpelling.literal("once \(what) is gone, every part of the scene is freed: none holds another in a cycle"))) func sceneIsFreed()") { test in
            // Each part the wiring reaches from the View, in order, and the path that holds it (`interactor?.presenter`).
            var reached: [(role: ComponentRole, path: String)] = []
            var frontier: [(role: ComponentRole, path: String)] = [(.view, "made")]
            while !frontier.isEmpty {
                let (holder, path) = frontier.removeFirst()
                for link in scenes.definition.wiring.links where link.holder == holder && link.condition.holds(for: scene)
                    && ![.view, .dataStore].contains(link.target) && !reached.contains(where: { $0.role == link.target }) {
                    reached.append((link.target, "\(path).\(link.property)"))
                    frontier.append((link.target, "\(link.target.rawValue)?"))
                }
            }
            if !viewIsValue { test.line("weak var viewController: \(writer.component(.view))?") }
            for (role, _) in reached { test.line("weak var \(role.rawValue): \(writer.component(role))?") }
            test.block("do") { scope in
                // As the app makes the scene: VIPER's WireFrame builds the module; a Clean Swift View Controller wires
                // itself; a SwiftUI View is configured.
                let configurator = writer.component(.configurator)
                if viper, configurator.hasSuffix("()") {
                    scope.line("let made = SceneTrace.$recorder.withValue(.off) { \(configurator) }")
                } else if viewIsValue {
                    scope.line("let made = SceneTrace.$recorder.withValue(.off) { \(writer.component(.view))().\(writer.naming.configureName)() }")
                } else {
                    scope.line("let made = \(Self.unrecordedView(writer))" + (viewIsValue ? ".\(writer.naming.configureName)()" : ""))
                }
                if !viewIsValue { scope.line("viewController = made") }
                for (role, path) in reached {
                    // A recording wrapper may stand between the holder and the part.
                    scope.line("\(role.rawValue) = unwrapped(\(path), as: \(writer.component(role)).self)")
                }
                for (role, _) in reached { scope.line("#expect(\(role.rawValue) != nil)") }
            }
            if !viewIsValue { test.line("#expect(viewController == nil)") }
            for (role, _) in reached { test.line("#expect(\(role.rawValue) == nil)") }
        }
    }

    private func payload(_ events: [TraceEvent], _ kind: EventKind) -> Value? {
        events.first { $0.kind == kind }?.payload
    }

    private func literal(_ value: Value?, _ type: String) -> String {
        guard let value else { return "\(type)()" }
        return scenes.literal(value, .named(type))
    }

    private func viewTest(_ useCase: UseCase, _ events: [TraceEvent], into out: inout SwiftText) {
        let method = naming.interactorMethod(useCase)
        let base = PatternNaming.baseName(method)
        let business = writer.protocolName(.businessLogic) ?? "\(name)BusinessLogic"
        let request = writer.requestType(useCase)
        out.block("@Test(\(SwiftSpelling.literal("the View sends \(useCase.name)'s Request to its Interactor"))) func view\(useCase.name)SendsRequest()") { test in
            // A View controller, or a SwiftUI View (a value).
            let view = writer.viewHoldsDataStore ? "view" : "viewController"
            test.line("\(writer.viewHoldsDataStore ? "var" : "let") \(view) = \(Self.unrecordedView(writer))")
            test.line("let interactor = \(business)Spy()")
            test.line("\(view).interactor = interactor")
            if useCase.trigger == .action {
                test.line("let request = \(literal(payload(events, .request), request))")
                test.line("\(view).\(base)(request: request)")
                test.line("#expect(interactor.\(base)Called)")
                if useCase.sends.isEmpty {
                    test.line("#expect(interactor.\(base)Request == request)")
                } else {
                    // The View fills some fields from its DataStore (`sends:`): the others pass as the user gave them.
                    for field in useCase.request where !useCase.sends.contains(where: { $0.target == field.name }) {
                        test.line("#expect(interactor.\(base)Request?.\(SwiftSpelling.name(field.name)) == request.\(SwiftSpelling.name(field.name)))")
                    }
                }
            } else {
                test.line(writer.viewHoldsDataStore ? "view.sceneShown(revealed: false)" : "viewController.sceneShown(revealed: false)")
                test.line("#expect(interactor.\(base)Called)")
            }
        }
    }

    private func interactorTest(_ useCase: UseCase, _ events: [TraceEvent], into out: inout SwiftText) {
        guard let requestEvent = events.first(where: { $0.kind == .request }) else { return }
        let method = naming.interactorMethod(useCase)
        let base = PatternNaming.baseName(method)
        let presentation = writer.protocolName(.presentationLogic) ?? "\(name)PresentationLogic"
        out.line()
        out.block("@Test(\(SwiftSpelling.literal("the Interactor answers \(useCase.name) with the Response the scenario computes"))) func interactor\(useCase.name)Responds() throws") { test in
            test.line("let interactor = \(writer.component(.interactor))()")
            test.line("let presenter = \(presentation)Spy()")
            test.line("interactor.presenter = presenter")
            if interactorUsesTrace { test.line("interactor.trace = \(Self.unrecordedTrace(writer))") }
            // The DataStore as the run left it before this cycle.
            for (field, value) in dataStoreBefore(requestEvent.sequence) where !writer.viewHoldsDataStore {
                guard let declared = scene.dataStore.first(where: { $0.name == field }) else { continue }
                test.line("interactor.\(SwiftSpelling.name(field)) = \(scenes.literal(value, declared.type))")
            }
            stubWorkers(events, into: &test)
            let request = writer.requestType(useCase)
            test.line("interactor.\(base)(request: \(literal(requestEvent.payload, request)))")
            if let response = events.first(where: { $0.kind == .response }), let output = useCase.outputs.first(where: { output in
                if case .response(_, let traced, _) = response.message { return (traced?.rawValue ?? useCase.name.rawValue) == output.name.rawValue }
                return false
            }) {
                let presenterBase = PatternNaming.baseName(naming.presenterMethod(useCase, output: output))
                test.line("#expect(presenter.\(presenterBase)Called)")
                if !SwiftSpelling.labels(of: naming.presenterMethod(useCase, output: output)).isEmpty {
                    let methods = presentationMethods()
                    let owner = useCase.name.rawValue + (useCase.outputs.count > 1 ? output.name.rawValue : "")
                    let spied = SpiedMethod(signature: naming.presenterMethod(useCase, output: output), type: writer.responseType(useCase, output), owner: owner)
                    // The spy keeps what it was given last: the last answer through this method.
                    let last = events.last { event in
                        guard event.kind == .response, case .response(_, let traced, _) = event.message else { return false }
                        return (traced?.rawValue ?? useCase.name.rawValue) == output.name.rawValue
                    } ?? response
                    test.line("#expect(presenter.\(Self.recordName(spied, in: methods, parameter: "response")) == \(literal(last.payload, writer.responseType(useCase, output))))")
                }
            } else {
                for output in useCase.outputs {
                    test.line("#expect(!presenter.\(PatternNaming.baseName(naming.presenterMethod(useCase, output: output)))Called)")
                }
            }
        }
    }

    /// A protocol method a spy stands in for, and the use case (and answer) it serves.
    struct SpiedMethod {
        var signature: String
        var type: String
        var owner: String
    }

    func presentationMethods() -> [SpiedMethod] {
        scene.useCases.flatMap { useCase in
            useCase.outputs.map { SpiedMethod(signature: naming.presenterMethod(useCase, output: $0), type: writer.responseType(useCase, $0),
                                              owner: useCase.name.rawValue + (useCase.outputs.count > 1 ? $0.name.rawValue : "")) }
        }
    }

    func displayMethods() -> [SpiedMethod] {
        scene.useCases.flatMap { useCase in
            useCase.outputs.map { SpiedMethod(signature: naming.viewMethod(useCase, output: $0), type: writer.viewModelType(useCase, $0),
                                              owner: useCase.name.rawValue + (useCase.outputs.count > 1 ? $0.name.rawValue : "")) }
        }
    }

    /// The scene's View made as the app makes it, recording nothing: a View Controller recorded at its boundary is
    /// wired while its task's recorder is off.
    static func unrecordedView(_ writer: SceneWriter) -> String {
        "SceneTrace.$recorder.withValue(.off) { \(writer.component(.view))() }"
    }

    /// A trace of the scene that records nothing, for a part tested alone whose bodies use one.
    static func unrecordedTrace(_ writer: SceneWriter) -> String {
        "\(writer.tracingName).makeTrace(recorder: .off)"
    }

    /// Where a spy records what `method` was given: `presentDetailResponse`, or, when use cases share the method's
    /// name with models of their own, `presentDetailResponseForLoad`.
    static func recordName(_ method: SpiedMethod, in methods: [SpiedMethod], parameter: String) -> String {
        let base = PatternNaming.baseName(method.signature)
        let overloads = Set(methods.filter { PatternNaming.baseName($0.signature) == base }.map(\.type))
        return base + SwiftSpelling.upperFirst(parameter) + (overloads.count > 1 ? "For" + SwiftSpelling.upperFirst(method.owner) : "")
    }

    private func presenterTest(_ useCase: UseCase, _ events: [TraceEvent], into out: inout SwiftText) {
        guard let response = events.first(where: { $0.kind == .response }),
              let display = events.first(where: { $0.kind == .display && $0.parent == response.sequence }),
              case .response(_, let traced, _) = response.message,
              let output = useCase.outputs.first(where: { (traced?.rawValue ?? useCase.name.rawValue) == $0.name.rawValue }) else { return }
        let displayLogic = writer.protocolName(.displayLogic) ?? "\(name)DisplayLogic"
        let shown = PatternNaming.baseName(naming.viewMethod(useCase, output: output))
        out.line()
        out.block("@Test(\(SwiftSpelling.literal("the Presenter formats \(useCase.name)'s ViewModel"))) func presenter\(useCase.name)Formats()") { test in
            test.line("let presenter = \(writer.component(.presenter))()")
            let view = writer.presenterView
            test.line("let \(view) = \(displayLogic)Spy()")
            test.line("presenter.\(view) = \(view)")
            if presenterUsesTrace { test.line("presenter.trace = \(Self.unrecordedTrace(writer))") }
            test.line("presenter.\(writer.call(naming.presenterMethod(useCase, output: output), [literal(response.payload, writer.responseType(useCase, output))]))")
            test.line("#expect(\(view).\(shown)Called)")
            if !SwiftSpelling.labels(of: naming.viewMethod(useCase, output: output)).isEmpty {
                let owner = useCase.name.rawValue + (useCase.outputs.count > 1 ? output.name.rawValue : "")
                let spied = SpiedMethod(signature: naming.viewMethod(useCase, output: output), type: writer.viewModelType(useCase, output), owner: owner)
                test.line("#expect(\(view).\(Self.recordName(spied, in: displayMethods(), parameter: "viewModel")) == \(literal(display.payload, writer.viewModelType(useCase, output))))")
            }
        }
    }

    /// SwiftUI with AppState: the Interactor, given the AppState as the run left it before the cycle, writes what
    /// the run published.
    private func appStateTest(_ useCase: UseCase, _ events: [TraceEvent], into out: inout SwiftText) {
        guard let requestEvent = events.first(where: { $0.kind == .request }) else { return }
        out.block("@Test(\(SwiftSpelling.literal("the Interactor writes \(useCase.name)'s results to the AppState"))) func interactor\(useCase.name)Publishes()") { test in
            test.line("let appState = AppState()")
            for (field, value) in appStateBefore(requestEvent.sequence) {
                guard let declared = scenes.scenario.appState.first(where: { $0.name == field }) else { continue }
                test.line("appState.\(SwiftSpelling.name(field)) = \(scenes.literal(value, declared.type))")
            }
            test.line("var interactor = \(writer.component(.interactor))()")
            test.line("interactor.appState = appState")
            if interactorUsesTrace { test.line("interactor.trace = \(Self.unrecordedTrace(writer))") }
            stubWorkers(events, into: &test)
            let record = requestEvent.payload.flatMap { value -> Record? in if case .record(let record) = value { return record } else { return nil } }
            test.line("interactor.\(writer.call(naming.interactorMethod(useCase), useCase.request.map { scenes.literal(record?[$0.name] ?? .null, $0.type) }))")
            var expected: [(String, Value)] = []
            // What the Interactor published (a Router passing data on publishes too, later in the cycle).
            for event in events where event.from.role == .interactor {
                guard case .publish(let write) = event.message else { continue }
                if let index = expected.firstIndex(where: { $0.0 == write.field }) { expected[index].1 = write.value } else { expected.append((write.field, write.value)) }
            }
            for (field, value) in expected {
                guard let declared = scenes.scenario.appState.first(where: { $0.name == field }) else { continue }
                test.line("#expect(appState.\(SwiftSpelling.name(field)) == \(scenes.literal(value, declared.type)))")
            }
        }
    }

    /// The AppState's fields as the run published them before `sequence`.
    private func appStateBefore(_ sequence: Int) -> [(String, Value)] {
        guard let trace else { return [] }
        var fields: [(String, Value)] = []
        for event in trace.events where event.sequence < sequence {
            guard case .publish(let write) = event.message else { continue }
            if let index = fields.firstIndex(where: { $0.0 == write.field }) { fields[index].1 = write.value } else { fields.append((write.field, write.value)) }
        }
        return fields
    }

    /// Workers answer as they did in the run: one stub per worker the Interactor calls; an operation called once
    /// answers with its answer, one called several times with its answers in turn (with no latency: unit tests
    /// leave the recorder's clock alone).
    func stubWorkers(_ events: [TraceEvent], into test: inout SwiftText) {
        var stubbed: Set<String> = []
        var answers: [(key: String, property: String, operation: String, values: [String])] = []
        for event in events where event.kind == .workerCall && (event.to.scene == scene.name || event.to.scene == nil) {
            guard case .workerCall(let operation, _, _) = event.message,
                  let worker = scene.worker(event.to.name) ?? scenes.scenario.sharedWorker(event.to.name),
                  let op = worker.operation(operation.rawValue) else { continue }
            let answer = events.first { $0.parent == event.sequence && ($0.kind == .workerResult || $0.kind == .workerError) }
            let property = naming.workerProperty(worker.name)
            if stubbed.insert(property).inserted {
                test.line("let \(property) = \(name)\(worker.name)Stub()")
                test.line("interactor.\(property) = \(property)")
            }
            let value: String
            if case .workerError(_, let message)? = answer?.message {
                value = ".failure(WorkerFailure(\(SwiftSpelling.literal(message))))"
            } else if let output = op.output {
                value = ".success(\(scenes.literal(answer?.payload ?? .null, output)))"
            } else {
                value = ".success(())"
            }
            let key = "\(property).\(op.name)"
            if let index = answers.firstIndex(where: { $0.key == key }) {
                answers[index].values.append(value)
            } else {
                answers.append((key, property, op.name.rawValue, [value]))
            }
        }
        for answer in answers {
            if Set(answer.values).count == 1 {
                test.line("\(answer.property).\(answer.operation)Answer = \(answer.values[0])")
            } else {
                test.line("\(answer.property).\(answer.operation)Answers = [\(answer.values.joined(separator: ", "))]")
            }
        }
    }

    /// The scene's DataStore fields as the run wrote them (by its Interactor, or by data passing) before `sequence`.
    func dataStoreBefore(_ sequence: Int) -> [(String, Value)] {
        guard let trace else { return [] }
        let request = trace.events.first { $0.sequence == sequence }
        var fields: [(String, Value)] = []
        func set(_ name: String, _ value: Value) {
            if let index = fields.firstIndex(where: { $0.0 == name }) { fields[index].1 = value } else { fields.append((name, value)) }
        }
        for event in trace.events where event.sequence < sequence && event.to.role == .dataStore
            && event.to.scene == scene.name && event.to.instance == request?.to.instance {
            switch event.message {
            case .dataStoreWrite(let write): set(write.field, write.value)
            case .dataPassing(let pass): set(pass.field, pass.value)
            default: break
            }
        }
        return fields
    }
}
