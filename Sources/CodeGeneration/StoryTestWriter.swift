import ScenarioSpec

/// The story as a test: each step played through the real components (the user's actions on the top View, going
/// back, segues), its expectations on the screen asserted, and the run recorded to `SCENEFLOW_TRACE` when it is
/// set, so `sceneflow check --trace` can hold it against the scenario.
struct StoryTestWriter {
    let scenario: Scenario
    let module: String
    /// The scenes' names and types, made once: a story of thousands of steps asks for them at every step.
    let scenes: GeneratedScenes

    init(scenario: Scenario, module: String) {
        self.scenario = scenario
        self.module = module
        scenes = GeneratedScenes(scenario: scenario)
    }

    var naming: PatternNaming { scenario.pattern.definition.naming }

    func view(_ scene: SceneName) -> String { naming.componentName(.view, of: scenario.scene(scene)!) }

    /// Whether the Views are SwiftUI values on a `SceneScreen` rather than View controllers on a `SceneNavigator`.
    var viewsAreValues: Bool { scenario.pattern.definition.shape.viewsAreValues }

    /// Whether the app keeps its state in one AppState, which every View is given.
    var usesAppState: Bool { scenario.pattern.definition.shape == .appStateScene }

    /// A new View of `scene`, wired.
    func newView(_ scene: SceneName) -> String {
        // A VIPER module is made by its WireFrame: `PostListWireFrame.createPostListModule()`.
        if scenario.pattern.definition.wiring.style == .wireFrame { return naming.componentName(.configurator, of: scenario.scene(scene)!) }
        return view(scene) + (usesAppState ? "(appState: appState).\(naming.configureName)()" : (viewsAreValues ? "().\(naming.configureName)()" : "()"))
    }

    /// The scene's Interactor, reached from its View (`scene`): VIPER's through its Presenter.
    func interactor(of scene: SceneName) -> String {
        let interactor = naming.componentName(.interactor, of: scenario.scene(scene)!)
        if scenario.pattern.definition.shape == .wireFrameModule {
            return "((scene as? \(view(scene)))?.presenter as? \(naming.componentName(.presenter, of: scenario.scene(scene)!)))?.interactor as? \(interactor)"
        }
        // The View may hold a recording wrapper standing in for the Interactor.
        return "unwrapped((scene as? \(view(scene)))?.interactor, as: \(interactor).self)"
    }

    /// The line that shows `view` as the app's root (the navigator's or the SwiftUI screen's).
    func start(_ view: String) -> String { "navigator.start(with: \(view))" }

    func text() throws(GenerationLimit) -> String {
        var out = SwiftText()
        SceneWriter.imports(&out, testing: module)
        out.line()
        out.line("/// \(SwiftSpelling.comment(scenario.name)): the scenario's story, played through the generated scenes.")
        var failure: GenerationLimit?
        out.block("@Suite struct StoryTests") { suite in
            let fixtures = scenario.fixtureSHA256.isEmpty ? ""
                : ", fixtures: [" + scenario.fixtureSHA256.sorted { $0.key < $1.key }.map { "\(SwiftSpelling.literal($0.key)): \(SwiftSpelling.literal($0.value))" }.joined(separator: ", ") + "]"
            suite.block("@Test(\(SwiftSpelling.literal("the story of " + scenario.name))) func story() throws") { test in
                test.line("let recorder = Recorder.shared")
                test.line("try recorder.begin(scenario: \(SwiftSpelling.literal(scenario.name)), file: \(SwiftSpelling.literal(scenario.file)), pattern: \(SwiftSpelling.literal(scenario.pattern.rawValue)), start: \(SwiftSpelling.literal(scenario.start.rawValue))\(scenario.sha256.map { ", scenarioSHA256: " + SwiftSpelling.literal($0) } ?? "")\(fixtures))")
                // A trace that cannot be written (SCENEFLOW_TRACE naming a folder, a full disk) fails the test by name.
                test.block("defer") { end in
                    end.line("do { try recorder.finish() } catch { Issue.record(\"the trace was not written: \\(error)\") }")
                }
                // The app's AppState, as the app makes it where it records.
                if usesAppState { test.line("let appState: AppState = TracingAppState()") }
                if viewsAreValues {
                    test.line("let navigator = SceneScreen()")
                    test.line("SceneScreen.shared = navigator")
                } else {
                    test.line("let navigator = SceneNavigator()")
                    test.line("SceneNavigator.shared = navigator")
                }
                if case .appear = scenario.story.first?.action {} else {
                    test.line("let root = \(newView(scenario.start))")
                    test.line(start("root"))
                    test.line("navigator.settle()")
                }
                for (index, step) in scenario.story.enumerated() {
                    test.line()
                    let number = index + 1
                    test.line("// Step \(number)" + (step.title.map { ": \(SwiftSpelling.comment($0))" } ?? ""))
                    let title = step.title.map(SwiftSpelling.literal) ?? "nil"
                    var given = SwiftText()
                    if !step.given.isEmpty {
                        do throws(GenerationLimit) { try standIn(step.given, step: number, into: &given) } catch { failure.collect(error) }
                    }
                    switch step.action {
                    case .appear(let scene):
                        test.line("recorder.step(\(number), .appear(SceneName(\(SwiftSpelling.literal(scene.value.rawValue)))), title: \(title))")
                        for line in given.lines { test.line(line) }
                        test.line("let shown\(number) = \(newView(scene.value))")
                        test.line(start("shown\(number)"))
                    case .perform:
                        guard let performs = step.performs, let scene = scenario.scene(performs.scene),
                              let useCase = scene.useCase(performs.useCase.rawValue) else {
                            failure.collect(GenerationLimit("this step names no use case", at: step.location, id: "generate/story"))
                            continue
                        }
                        test.line("recorder.step(\(number), .perform(scene: SceneName(\(SwiftSpelling.literal(scene.name.rawValue))), useCase: UseCaseName(\(SwiftSpelling.literal(useCase.name.rawValue)))), title: \(title))")
                        for line in given.lines { test.line(line) }
                        let values: [FieldValue]
                        if case .perform(_, _, let request) = step.action { values = request.map(\.value) } else { values = [] }
                        let arguments = useCase.request.compactMap { field -> String? in
                            guard let given = values.first(where: { $0.path == field.name }) else {
                                // What the View fills in itself (`sends:`), read from the View on screen.
                                guard let sent = useCase.sends.first(where: { $0.target == field.name }) else { return nil }
                                let translator = scenes.translator(dataStore: "top\(number).dataStore")
                                return "\(SwiftSpelling.label(field.name)): \(translator.translate(sent.value).bare)"
                            }
                            return "\(SwiftSpelling.label(field.name)): \(scenes.literal(given.value, field.type))"
                        }
                        let requestType = TypeNames.request(scene: scene.name, useCase: useCase.name)
                        let method = naming.interactorMethod(useCase)
                        let base = PatternNaming.baseName(method)
                        test.line("let top\(number) = try #require(navigator.top as? \(view(scene.name)))")
                        if usesAppState && useCase.request.isEmpty {
                            test.line("top\(number).\(base)()")
                        } else {
                            test.line("top\(number).\(base)(request: \(requestType)(\(arguments.joined(separator: ", "))))")
                        }
                    case .tab:
                        failure.collect(GenerationLimit("generate does not write a tab bar yet, so not the selection of a tab", at: step.location, id: "generate/tabs"))
                    case .back:
                        test.line("recorder.step(\(number), .back, title: \(title))")
                        for line in given.lines { test.line(line) }
                        test.line("navigator.userGoesBack()")
                    case .route(let sceneName, let routeName, let input):
                        guard let scene = scenario.scene(sceneName.value), let route = scene.route(routeName.value.rawValue) else { continue }
                        test.line("recorder.step(\(number), .route(scene: SceneName(\(SwiftSpelling.literal(scene.name.rawValue))), route: RouteName(\(SwiftSpelling.literal(route.name.rawValue)))), title: \(title))")
                        for line in given.lines { test.line(line) }
                        test.line("let top\(number) = try #require(navigator.top as? \(view(scene.name)))")
                        let writer = SceneWriter(scenes: scenes, scene: scene)
                        let values = route.input.map { field in
                            input.first { $0.value.path == field.name }.map { scenes.literal($0.value.value, field.type) } ?? "nil"
                        }
                        // A SwiftUI View's Router takes the route's inputs as its method's arguments.
                        var swiftUICall: String?
                        if viewsAreValues {
                            do throws(GenerationLimit) {
                                let arguments = try writer.routeArguments(route).map { parameter -> String in
                                    let value = parameter.input.flatMap { name in route.input.firstIndex { $0.name == name } }.map { values[$0] } ?? "nil"
                                    return parameter.label == "_" ? value : "\(parameter.label): \(value)"
                                }
                                swiftUICall = "top\(number).router?.\(PatternNaming.baseName(naming.routeMethod(route)))(\(arguments.joined(separator: ", ")))"
                            } catch { failure.collect(error) }
                        }
                        if !viewsAreValues, writer.userRouteList.contains(where: { $0.name == route.name }) {
                            // The View's own method takes the route, as the app's row selection does.
                            let method = writer.userRouteMethod(route)
                            let arguments = zip(SwiftSpelling.labels(of: method), values).map { $0 == "_" ? $1 : "\($0): \($1)" }
                            test.line("top\(number).\(PatternNaming.baseName(method))(\(arguments.joined(separator: ", ")))")
                            break
                        }
                        // The route's recording wrapper records it.
                        if let swiftUICall {
                            test.line(swiftUICall)
                        } else {
                            for line in writer.routeInvocation(route, values, view: "top\(number)") { test.line(line) }
                        }
                    }
                    test.line("navigator.settle()")
                    if !step.given.isEmpty { test.line("restore\(number)()") }
                    test.line("#expect(recorder.failure == nil, \"\\(recorder.failure ?? \"\")\")")
                    if let expect = step.expectations {
                        if let scene = expect.scene {
                            test.line("#expect(navigator.top is \(view(scene.value)), \"step \(number): the screen shows \\(navigator.top.map { \"\\(type(of: $0))\" } ?? \"nothing\")\")")
                        }
                        if let stack = expect.stack {
                            let names = stack.map { SwiftSpelling.literal(view($0.value)) }.joined(separator: ", ")
                            test.line("#expect(navigator.stack.map { \"\\(type(of: $0))\" } == [\(names)])")
                        }
                        // What the scene on top shows after the step, as its trace saw it shown and `check` reads it.
                        for item in expect.shown where !item.value.value.isPartial {
                            test.line("#expect((navigator.top as? SceneTracing)?.sceneTrace?.screen[\(SwiftSpelling.literal(item.value.path))] == \(Self.valueLiteral(item.value.value)))")
                        }
                    }
                }
            }
        }
        if let failure { throw failure }
        return out.text
    }

    /// A step's `given:` as stand-ins: in each scene on screen during the step whose Interactor calls the worker,
    /// a stub answers the given operations (its latency on the recorder's clock) and passes the rest on to the
    /// worker it stands in for; `restore<step>()` puts the workers back after the step.
    func standIn(_ stubs: [WorkerStub], step number: Int, into out: inout SwiftText) throws(GenerationLimit) {
        out.line("// This step's workers answer as given.")
        var failure: GenerationLimit?
        out.closure("let restore\(number) = navigator.standIn { scene in") { change in
            change.line("var undo: [() -> Void] = []")
            for scene in scenario.scenes {
                // A stub names a scene's own worker with its scene, a shared one without (their names never clash).
                func stubsNaming(_ worker: Worker) -> [WorkerStub] {
                    stubs.filter { $0.worker == worker.name && ($0.scene == scene.name || $0.scene == nil) }
                }
                // The workers of this scene the step's stubs name, in the order of the scene's stubs.
                let workers = scenes.stubbedWorkers(of: scene).filter { !stubsNaming($0.worker).isEmpty }
                guard !workers.isEmpty else { continue }
                let writer = SceneWriter(scenes: scenes, scene: scene)
                change.block("if let interactor = \(interactor(of: scene.name))") { body in
                    for (_, worker) in workers {
                        let property = SwiftSpelling.name(naming.workerProperty(worker.name))
                        let stub = "\(naming.workerProperty(worker.name))Stub"
                        // Behind the worker's recording wrapper, which records what the stub answers.
                        body.line("let traced\(worker.name) = interactor.\(property) as! \(writer.workerTracingClass(worker))")
                        let slot = "traced\(worker.name).wrapped"
                        body.line("let original\(worker.name) = \(slot)")
                        body.line("let \(stub) = \(scenes.stubName(worker.name, in: scene))()")
                        body.line("\(stub).original = original\(worker.name)")
                        do throws(GenerationLimit) {
                            for line in try answers(stubsNaming(worker), of: worker, stub: stub) { body.line(line) }
                        } catch { failure.collect(error) }
                        body.line("\(slot) = \(stub)")
                        body.line("undo.append { \(slot) = original\(worker.name) }")
                    }
                }
            }
            change.line("return undo.isEmpty ? nil : { for step in undo.reversed() { step() } }")
        }
        if let failure { throw failure }
    }

    /// The lines that give `stub` the step's answers for `worker`: a result or an error each, and its latency.
    func answers(_ givens: [WorkerStub], of worker: Worker, stub: String) throws(GenerationLimit) -> [String] {
        var lines: [String] = []
        for given in givens {
            guard let operation = worker.operation(given.operation.rawValue) else { continue }
            let answer: String
            switch given.outcome {
            case .result(let value), .fixture(_, let value):
                answer = ".success(" + (operation.output.map { scenes.literal(value, $0) } ?? "()") + ")"
            case .error(let message):
                answer = ".failure(WorkerFailure(\(SwiftSpelling.literal(message))))"
            case .todo, .returns:
                // `given:` reads only 'result', 'error' and 'fixture'; a 'todo' result stops the run.
                throw GenerationLimit("this step gives '\(given.worker).\(given.operation)' a placeholder result ('todo'), which stops the run; the generated story test gives values and errors: write the result",
                                      at: given.location, id: "generate/story")
            }
            lines.append("\(stub).\(operation.name)Answer = \(answer)")
            let latency = given.latency ?? operation.latency
            if latency != 0 { lines.append("\(stub).\(operation.name)Latency = \(latency)") }
        }
        return lines
    }

    /// A `Value` written in Swift, to compare with what a View shows.
    static func valueLiteral(_ value: Value) -> String {
        switch value {
        case .null: ".null"
        case .bool(let flag): ".bool(\(flag))"
        case .int(let number): ".int(\(number))"
        case .double(let number): ".double(\(Value.format(number)))"
        case .string(let text): ".string(\(SwiftSpelling.literal(text)))"
        case .date(let date): ".date(DateValue(milliseconds: \(date.milliseconds)))"
        case .decimal(let decimal): ".decimal(DecimalValue(significand: \(decimal.significand), scale: \(decimal.scale)))"
        case .enumCase(let item): ".enumCase(EnumCaseValue(type: \(SwiftSpelling.literal(item.type)), name: \(SwiftSpelling.literal(item.name))))"
        case .list(let items): ".list([" + items.map(valueLiteral).joined(separator: ", ") + "])"
        case .record(let record):
            ".record(Record([" + record.fields.map { "(\(SwiftSpelling.literal($0.name)), \(valueLiteral($0.value)))" }.joined(separator: ", ") + "]))"
        }
    }
}

extension Value {
    /// A record expectation names only some fields; the test leaves those to `check --trace`.
    var isPartial: Bool {
        if case .record = self { return true }
        return false
    }
}
