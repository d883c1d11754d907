import ScenarioSpec
import TraceFormat

/// Runs a scenario's story through V→I→P→V cycles under its pattern, and records every message.
///
/// Scenes are configured as a Configurator does it; each story step starts a cycle; the Interactor calls
/// workers (time advances by their latency), writes its DataStore and answers the Presenter, which builds the
/// ViewModel for the View, which may ask the Router to route, which passes data between DataStores and
/// navigates. A scene that appears runs its `trigger: appear` use cases after the current cycle, as a run loop
/// would. Events stream to a `TraceSink` as they happen, so memory does not grow with the trace.
public final class Engine {
    public let scenario: Scenario
    public let options: EngineOptions
    /// What the scenario's pattern means: how its cycle runs, how a scene is wired, how things are named.
    let definition: PatternDefinition

    // Run state.
    var sink: TraceSink!
    var sequence = 0
    var clock = 0
    /// How many calls into an Interactor are running inside each other (a Presenter's call answered by a
    /// Response that calls again): bounded, so two components calling each other stop the run instead of the stack.
    private var callDepth = 0
    /// The deepest such nesting a run allows; real apps nest a few.
    static let maxCallDepth = 64
    var cycles = 0
    var currentCycle: Int?
    var currentStep: Int?
    /// 1-based pass through the story (`repeat:`).
    var currentPass = 1
    var currentStepLocation: SourceLocation?
    /// Cycles run before the current story step began, and the step's cycles by use case.
    var cyclesBeforeStep = 0
    var cyclesInStep: [String: Int] = [:]
    /// The scenario line of the latest event that had one: where a run that stops between lines points.
    var lastLocation: SourceLocation?
    var stack: [SceneInstance] = []
    var instanceCounts: [SceneName: Int] = [:]
    var latestInstance: [SceneName: SceneInstance] = [:]
    var sceneNames: [SceneName: SceneNames] = [:]
    /// Participants made so far: each gets the next number.
    var participantCount = 0
    /// Scenes by name: looked up, not searched, on every step.
    let sceneIndex: [SceneName: Int]
    var scenesVisited: [SceneName] = []
    /// Scenes that appeared and whose `appear` use cases wait for the current cycle to end.
    /// Scenes that came on screen and whose load/appear use cases have not run yet; `revealed` when going back
    /// brought an existing instance on screen again (then only `appear` use cases run).
    var pendingAppearances: [(instance: SceneInstance, cause: Int, revealed: Bool)] = []
    /// Use cases a scene's delegate call starts in the scene that showed it, run once the current cycles end.
    var pendingCallbacks: [(instance: SceneInstance, useCase: UseCase, request: Value, cause: Int, title: String)] = []
    var routesThisStep: [RouteName] = []
    var stubs: [WorkerStub] = []
    /// The participant of each shared worker, made at its first call: one for the whole app.
    var sharedWorkerParticipants: [WorkerName: Participant] = [:]
    var hooks = EngineHooks()
    let world: World
    let user: Participant
    let appStateParticipant: Participant

    public init(scenario: Scenario, options: EngineOptions = EngineOptions()) {
        self.scenario = scenario
        self.options = options
        definition = scenario.pattern.definition
        var index: [SceneName: Int] = [:]
        for (position, scene) in scenario.scenes.enumerated() where index[scene.name] == nil { index[scene.name] = position }
        sceneIndex = index
        var workerStates: [WorkerName: Record] = [:]
        for worker in scenario.sharedWorkers {
            workerStates[worker.name] = Record(worker.state.map { ($0.name, $0.initialValue ?? .null) })
        }
        world = World(appState: Record(scenario.appState.map { ($0.name, $0.initialValue ?? .null) }),
                      workerStates: workerStates, maxValueSize: options.maxValueSize,
                      records: Dictionary(scenario.entities.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }),
                      enums: Dictionary(scenario.enums.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }))
        user = Participant(number: 1, role: .user, name: "User")
        appStateParticipant = Participant(number: 2, role: .appState, name: "AppState")
        participantCount = 2
    }

    /// The header every trace of this scenario starts with.
    public var header: TraceHeader {
        TraceHeader(version: TraceHeader.version(showsTabs: scenario.scenes.contains(where: \.isTabBar)),
                    scenario: scenario.name, file: scenario.file, pattern: scenario.pattern.rawValue, start: scenario.start,
                    scenarioSHA256: scenario.sha256, fixtures: scenario.fixtureSHA256)
    }

    /// A participant with the run's next number.
    func makeParticipant(_ role: ComponentRole, _ name: String, _ scene: SceneName?, _ instance: Int?) -> Participant {
        participantCount += 1
        return Participant(number: participantCount, role: role, name: name, scene: scene, instance: instance)
    }

    /// Runs the story, writing every event to `sink` and calling `observer` after each story step.
    /// A run-time error ends the run early; the events up to it are written and the error is in the summary.
    /// Only the sink's own failures (a full disk) are thrown.
    public func run(into sink: TraceSink, observer: ((StepSnapshot) -> Void)? = nil) throws -> RunSummary {
        try run(into: sink, hooks: EngineHooks(stepFinished: observer))
    }

    /// Runs the story with hooks for the tools that watch it.
    public func run(into sink: TraceSink, hooks: EngineHooks) throws -> RunSummary {
        self.hooks = hooks
        self.sink = sink
        try sink.begin(header)
        var failure: RuntimeError?
        do {
            try runStory(observer: hooks.stepFinished)
        } catch let error as RuntimeError {
            failure = error
        }
        let end = RunEnd(status: failure == nil ? .completed : .failed, messages: sequence, cycles: cycles,
                         time: clock, error: failure?.message, location: failure?.location)
        try sink.finish(end)
        return RunSummary(error: failure, messages: sequence, cycles: cycles, time: clock, scenesVisited: scenesVisited)
    }

    // MARK: - Story

    private func runStory(observer: ((StepSnapshot) -> Void)?) throws {
        if case .appear = scenario.story.first?.action {} else {
            // The app launches on its start scene.
            try showRoot(scene(scenario.start), at: nil)
            try drainAppearances()
        }
        for pass in 1...max(1, scenario.storyRepeats) {
            currentPass = pass
            let before = sequence
            try runStoryPass(observer: observer)
            // A pass that sends no message changes nothing, and neither would the rest: cut them short.
            if sequence == before { break }
        }
    }

    /// One pass through the story; with `repeat:` the next pass goes on from where this one leaves the app.
    private func runStoryPass(observer: ((StepSnapshot) -> Void)?) throws {
        for (index, step) in scenario.story.enumerated() {
            currentStep = index + 1
            currentStepLocation = step.location
            stubs = step.given
            routesThisStep = []
            cyclesBeforeStep = cycles
            cyclesInStep = [:]
            let first = sequence + 1
            try sink.mark(.step(TraceStep(number: index + 1, pass: currentPass, action: traced(step), title: step.title,
                                          location: step.location, firstSequence: first, lastSequence: sequence)))
            switch step.action {
            case .appear(let name):
                try showRoot(scene(name.value), at: step.location)
            case .perform(_, _, let values):
                let performs = step.performs!
                let scene = self.scene(performs.scene)
                let useCase = scene.useCase(performs.useCase.rawValue)!
                guard let top = stack.last, top.scene.name == scene.name else {
                    throw RuntimeError(
                        "'do: \(scene.name).\(useCase.name)' needs scene '\(scene.name)' on screen, but \(stack.last.map { "'\($0.scene.name)'" } ?? "nothing") is",
                        at: step.location,
                        notes: [Diagnostic.Note("the navigation stack is " + (stack.isEmpty ? "empty" : stack.map { $0.scene.name.rawValue }.joined(separator: " → ")))]
                            + (currentPass > 1 ? [Diagnostic.Note("the story repeats ('repeat: \(scenario.storyRepeats)'); pass \(currentPass) starts where pass \(currentPass - 1) left the app: end the story where it starts, or start it with 'appear:'")] : []))
                }
                let request = requestRecord(useCase, values: values.map(\.value))
                try runCycle(top, useCase, request: request, title: step.title, cause: nil, location: step.location)
            case .back:
                try goBack(at: step.location)
            case .tab(let name):
                try selectTab(name, at: step.location)
            case .route(let sceneName, let routeName, let values):
                let scene = self.scene(sceneName.value)
                let route = scene.route(routeName.value.rawValue)!
                guard let top = stack.last, top.scene.name == scene.name else {
                    throw RuntimeError(
                        "'route: \(scene.name).\(route.name)' needs scene '\(scene.name)' on screen, but \(stack.last.map { "'\($0.scene.name)'" } ?? "nothing") is",
                        at: step.location,
                        notes: [Diagnostic.Note("the navigation stack is " + (stack.isEmpty ? "empty" : stack.map { $0.scene.name.rawValue }.joined(separator: " → ")))])
                }
                var input = Record()
                for field in route.input { input[field.name] = field.initialValue ?? .null }
                for value in values { input[value.value.path] = value.value.value }
                try performRoute(route, from: top, input: .record(input), sender: top.view, parent: nil, at: step.location)
            }
            try drainAppearances()
            stubs = []
            observer?(snapshot(step: index + 1, firstEvent: first))
        }
    }

    /// A story step's action as the trace marks it.
    private func traced(_ step: StoryStep) -> TraceStep.Action {
        switch step.action {
        case .appear(let scene): return .appear(scene.value)
        case .perform:
            return .perform(scene: step.performs!.scene, useCase: step.performs!.useCase)
        case .back: return .back
        case .route(let scene, let route, _): return .route(scene: scene.value, route: route.value)
        case .tab(let scene): return .tab(scene.value)
        }
    }

    /// A scene the loader checked exists.
    func scene(_ name: SceneName) -> Scene { scenario.scenes[sceneIndex[name]!] }

    private func snapshot(step: Int, firstEvent: Int) -> StepSnapshot {
        // A scene's DataStore is the one of its instance on screen (the topmost, when it is on the stack twice), else
        // of its newest instance.
        var dataStores = latestInstance.mapValues(\.dataStore)
        for instance in stack { dataStores[instance.scene.name] = instance.dataStore }
        return StepSnapshot(
            step: step, pass: currentPass, stack: stack.map(\.scene.name), shown: stack.last?.shown ?? Record(),
            viewModel: stack.last?.lastViewModel,
            dataStores: dataStores, appState: world.appState, routes: routesThisStep,
            firstEvent: firstEvent, lastEvent: sequence)
    }

    /// A Request built from story values, with defaults for the rest, in declaration order.
    func requestRecord(_ useCase: UseCase, values: [FieldValue]) -> Value {
        .record(Record(useCase.request.map { field in
            let given = values.first { $0.path == field.name }?.value
            return (field.name, Coercion.coerce(given ?? field.initialValue ?? .null, to: field.type))
        }))
    }

    // MARK: - Events

    /// Records one message and returns its sequence number.
    @discardableResult
    func emit(_ message: Message, from: Participant, to: Participant, at location: SourceLocation?, parent: Int?) throws -> Int {
        guard sequence < options.maxMessages else { throw limitReached(at: location) }
        sequence += 1
        if let location { lastLocation = location }
        try sink.record(TraceEvent(sequence: sequence, cycle: currentCycle, parent: parent, step: currentStep, time: clock,
                                   from: from, to: to, message: message, location: location))
        if sink.bytes > options.maxTraceBytes { throw traceLimitReached(at: location) }
        return sequence
    }

    /// The trace's byte budget is spent: where the run got to.
    private func traceLimitReached(at location: SourceLocation?) -> RuntimeError {
        let place = location ?? lastLocation ?? currentStepLocation
        let limit = options.maxTraceBytes
        let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return RuntimeError(
            "the run's trace reached its limit of \(size) at message \(sequence), in \(currentStep.map { "story step \($0)" } ?? "the launch"), and stopped",
            at: place, notes: [Diagnostic.Note("large values repeated make a large trace: repeat less, or raise the limit with --max-trace-bytes N")],
            isLimit: true)
    }

    /// The message limit is reached: a story step still running after many cycles loops through its routes;
    /// otherwise the story is simply longer than the limit.
    private func limitReached(at location: SourceLocation?) -> RuntimeError {
        let place = location ?? lastLocation ?? currentStepLocation
        let inStep = cycles - cyclesBeforeStep
        // The most repeated cycle; among equals, the first by name (a dictionary has no order).
        if let (name, count) = cyclesInStep.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= Self.loopingCycles {
            return RuntimeError(
                "the run reached \(options.maxMessages) messages and stopped: \(currentStep.map { "story step \($0)" } ?? "the launch") has run \(inStep) cycles without ending, \(count) of them \(name): its routes loop",
                at: place, notes: [Diagnostic.Note("break the loop (a route that leads back, and an appear use case that routes on), or raise the limit with --max-messages")],
                isLimit: true)
        }
        return RuntimeError("the run reached the limit of \(options.maxMessages) messages and stopped", at: place,
                            notes: [Diagnostic.Note("the story needs more messages: raise the limit with --max-messages N")], isLimit: true)
    }

    /// How often one story step may run the same use case before a run that hits the message limit is said to loop.
    static let loopingCycles = 10

    // MARK: - Cycles

    /// One V→I→P→V cycle for a use case of a scene instance. `cause` is the View's load or appearance that
    /// started it; nil when the user did.
    func runCycle(_ instance: SceneInstance, _ useCase: UseCase, request given: Value, title: String?, cause: Int?,
                  location: SourceLocation?, revealed: Bool = false, calledBack: Bool = false) throws {
        var request = given
        if !useCase.sends.isEmpty, case .record(var record) = given {
            // The View fills what it holds into the Request.
            let env = Environment(instance: instance, world: world)
            for assignment in useCase.sends {
                let type = useCase.request.first { $0.name == assignment.target }?.type
                let value = try Evaluator.evaluate(assignment.value, in: env)
                record[assignment.target] = type.map { Coercion.coerce(value, to: $0) } ?? value
            }
            request = .record(record)
        }
        cycles += 1
        let number = cycles
        currentCycle = number
        defer { currentCycle = nil }
        let names = instance.names.useCase(useCase)
        cyclesInStep[names.cycle, default: 0] += 1
        let started: TraceCycle.Trigger = calledBack ? .callback : cause == nil ? .action
            : (revealed || definition.naming.loadMethod == nil ? .appear : .load)
        try sink.mark(.cycleStart(TraceCycle(number: number, view: instance.view, useCase: useCase.name, trigger: started,
                                             title: title, cause: cause, location: location, firstSequence: sequence + 1,
                                             lastSequence: sequence)))
        let hasRequest = !(useCase.request.isEmpty && definition.flow.omitsEmptyRequest)
        // A delegate call starts the cycle: the Request follows the call, not a user's action.
        var trigger: Int? = calledBack ? cause : nil
        if !calledBack && (useCase.trigger == .action || cause == nil && location != nil) {
            trigger = try emit(.action(useCase: useCase.name, payloadType: useCase.request.isEmpty ? nil : names.requestType,
                                       payload: useCase.request.isEmpty ? nil : request),
                               from: user, to: instance.view, at: location, parent: nil)
        }
        if useCase.handledByView {
            // The View handles the action alone (`interactor: none`): its steps run, no Request goes anywhere.
            for output in useCase.outputs where !output.view.isEmpty {
                var context = StepContext(instance: instance, useCase: useCase, output: output, role: .view,
                                          sender: instance.view, parent: trigger ?? cause,
                                          env: Environment(instance: instance, world: world))
                context.env.bind("request", request)
                _ = try execute(output.view, &context)
            }
        } else if definition.flow.entry == .presenter {
            // VIPER: the View tells its Presenter; the Presenter decides what to ask the Interactor.
            let event = try emit(.event(useCase: useCase.name, Invocation(
                                     protocolName: instance.names.presenterInput, method: names.eventMethod,
                                     payloadType: requestType(instance, useCase), payload: useCase.request.isEmpty ? nil : request)),
                                 from: instance.view, to: instance.presenter, at: useCase.location, parent: trigger)
            var context = StepContext(instance: instance, useCase: useCase, output: nil, role: .presenter,
                                      sender: instance.presenter, parent: event,
                                      env: Environment(instance: instance, world: world))
            context.env.bind("request", request)
            if let steps = useCase.event {
                _ = try execute(steps, &context)
            } else {
                try callInteractor(useCase, request: request, context: context, at: useCase.location)
            }
        } else {
            let requestEvent = try emit(
                .request(useCase: useCase.name, Invocation(
                    protocolName: instance.names.businessLogic, method: names.interactorMethod,
                    payloadType: requestType(instance, useCase), payload: hasRequest ? request : nil)),
                from: instance.view, to: instance.interactor, at: useCase.location, parent: trigger)
            try runInteractor(instance, useCase, request: request, parent: requestEvent)
            if !definition.has(.presenter) {
                // No Presenter (AppState): the View's own steps run once the Interactor returns, on the state it
                // observes.
                for output in useCase.outputs where !output.view.isEmpty {
                    var viewContext = StepContext(instance: instance, useCase: useCase, output: output, role: .view,
                                                  sender: instance.view, parent: requestEvent,
                                                  env: Environment(instance: instance, world: world))
                    _ = try execute(output.view, &viewContext)
                }
            }
        }
        try sink.mark(.cycleEnd(number))
    }

    func requestType(_ instance: SceneInstance, _ useCase: UseCase) -> String? {
        if definition.flow.omitsEmptyRequest && useCase.request.isEmpty { return nil }
        return instance.names.useCase(useCase).requestType
    }

    func runInteractor(_ instance: SceneInstance, _ useCase: UseCase, request: Value, parent: Int?) throws {
        var context = StepContext(instance: instance, useCase: useCase, output: nil, role: .interactor,
                                  sender: instance.interactor, parent: parent,
                                  env: Environment(instance: instance, world: world))
        context.env.bind("request", request)
        _ = try execute(useCase.interactor, &context)
    }

    /// A component's call to the Interactor (VIPER's Presenter → Interactor input).
    func callInteractor(_ target: UseCase, request: Value, context: StepContext, at location: SourceLocation?) throws {
        let instance = context.instance
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Self.maxCallDepth else {
            throw RuntimeError("calls into the Interactor of '\(instance.scene.name)' ran \(Self.maxCallDepth) deep without returning: its use case '\(target.name)' is called again from what it answers, without end",
                               at: location,
                               notes: [Diagnostic.Note("make the call depend on a condition ('if:') that the answer changes, or call it from the View")])
        }
        let event = try emit(
            .request(useCase: target.name, Invocation(
                protocolName: instance.names.businessLogic, method: instance.names.useCase(target).interactorMethod,
                payloadType: target.request.isEmpty ? nil : instance.names.useCase(target).requestType,
                payload: target.request.isEmpty ? nil : request)),
            from: context.sender, to: instance.interactor, at: location, parent: context.parent)
        try runInteractor(instance, target, request: request, parent: event)
    }

    /// The Presenter's handling of a Response: build the ViewModel and display it, or run its steps.
    func runPresenter(_ instance: SceneInstance, _ useCase: UseCase, _ output: Output, response: Value, parent: Int?) throws {
        var context = StepContext(instance: instance, useCase: useCase, output: output, role: .presenter,
                                  sender: instance.presenter, parent: parent,
                                  env: Environment(instance: instance, world: world))
        context.env.bind("response", response)
        switch output.presenter {
        case .steps(let steps):
            _ = try execute(steps, &context)
        case .viewModel(let mapping):
            var fields: [(String, Value)] = []
            for field in output.viewModel {
                if let assignment = mapping.first(where: { $0.target == field.name }) {
                    fields.append((field.name, Coercion.coerce(try Evaluator.evaluate(assignment.value, in: context.env), to: field.type)))
                } else {
                    fields.append((field.name, field.initialValue ?? .null))
                }
            }
            let viewModel = Value.record(Record(fields))
            let names = instance.names.useCase(useCase)
            let display = try emit(
                .display(useCase: useCase.name, output: names.tracedOutput(output), Invocation(
                    protocolName: instance.names.displayLogic, method: names.viewMethod(output),
                    payloadType: names.viewModelType(output), payload: viewModel)),
                from: instance.presenter, to: instance.view, at: output.location, parent: parent)
            instance.lastViewModel = viewModel
            var viewContext = StepContext(instance: instance, useCase: useCase, output: output, role: .view,
                                          sender: instance.view, parent: display,
                                          env: Environment(instance: instance, world: world))
            viewContext.env.bind("viewModel", viewModel)
            _ = try execute(output.view, &viewContext)
        }
    }

    // MARK: - Scenes and navigation

    /// Creates and wires a scene instance, as its Configurator does.
    func makeInstance(_ scene: Scene, cause: Int?, at location: SourceLocation?) throws -> SceneInstance {
        let number = (instanceCounts[scene.name] ?? 0) + 1
        instanceCounts[scene.name] = number
        let names: SceneNames
        if let known = sceneNames[scene.name] {
            names = known
        } else {
            names = SceneNames(scene, naming: definition.naming)
            sceneNames[scene.name] = names
        }
        let instance = SceneInstance(scene: scene, number: number, names: names, participant: makeParticipant)
        latestInstance[scene.name] = instance
        if !scenesVisited.contains(scene.name) { scenesVisited.append(scene.name) }
        // The current Clean Swift template wires a scene in its View's `setup()`; older ones in a Configurator.
        let wirer = scenario.wiring == .setup ? instance.view : instance.configurator
        // A screen outside the pattern has no parts to wire.
        for (target, property, value, type) in scene.isOutsidePattern ? [] : wiring(instance) {
            try emit(.configure(property: property, protocolName: type, value: value), from: wirer, to: target,
                     at: location ?? scene.location, parent: cause)
        }
        return instance
    }

    /// The links the pattern's wiring sets (a Configurator, `setup()`, a WireFrame), in the order the seeds' code
    /// sets them, then one per worker.
    private func wiring(_ i: SceneInstance) -> [(Participant, String, Participant, String?)] {
        var links: [(Participant, String, Participant, String?)] = []
        for link in definition.wiring.links where link.condition.holds(for: i.scene)
            && !i.scene.without.contains(link.holder) && !i.scene.without.contains(link.target) {
            links.append((participant(link.holder, of: i), link.property, participant(link.target, of: i),
                          link.through.flatMap { i.names.protocolName($0) }))
        }
        let holder = participant(definition.wiring.workerHolder, of: i)
        // A worker its holder makes itself is no link the wiring sets.
        for worker in i.scene.workers where worker.isWired {
            links.append((holder, definition.naming.workerProperty(worker.name), i.worker(worker.name.rawValue),
                          i.names.workerProtocol(worker)))
        }
        return links
    }

    /// The component of a scene instance that plays `role`.
    func participant(_ role: ComponentRole, of instance: SceneInstance) -> Participant {
        switch role {
        case .user: user
        case .appState: appStateParticipant
        case .configurator: instance.configurator
        case .view: instance.view
        case .interactor: instance.interactor
        case .presenter: instance.presenter
        case .router: instance.router
        case .dataStore: instance.dataStoreParticipant
        case .worker: instance.worker(instance.scene.workers.first?.name.rawValue ?? "Worker")
        }
    }

    /// Shows a scene as the root of the app (`appear:` in the story, or the launch).
    func showRoot(_ scene: Scene, at location: SourceLocation?) throws {
        let instance = try makeInstance(scene, cause: nil, at: location)
        stack = [instance]
        try show(instance, cause: nil, at: location)
    }

    /// A scene just put on the stack comes on screen; a tab bar then embeds its tabs and shows the first.
    func show(_ instance: SceneInstance, cause: Int?, at location: SourceLocation?) throws {
        let loaded = try appear(instance, cause: cause, at: location)
        guard instance.scene.isTabBar else { return }
        // The tab bar's View builds every tab's scene as it loads (`viewControllers = [...]`); each tab's View loads
        // when it is first selected.
        instance.tabs = try instance.scene.tabs.map { tab in try makeInstance(scene(tab.value), cause: loaded, at: tab.location) }
        instance.tabStacks = instance.tabs.map { _ in [] }
        instance.selectedTab = 0
        try showTab(0, of: instance, sender: instance.view, method: "setViewControllers(_:animated:)", parent: loaded,
                    at: location ?? instance.scene.tabs[0].location)
    }

    /// The View loads, renders what it shows from state, and queues its `appear` use cases.
    @discardableResult
    func appear(_ instance: SceneInstance, cause: Int?, at location: SourceLocation?) throws -> Int {
        let lifecycle: Message = definition.naming.loadMethod.map { .load(method: $0) }
            ?? .appear(method: instance.scene.names.appear?.value ?? definition.naming.appearMethod ?? "onAppear()")
        let event = try emit(lifecycle, from: instance.view, to: instance.view, at: location ?? instance.scene.location,
                             parent: cause)
        try render(instance, cause: event)
        pendingAppearances.append((instance, event, false))
        return event
    }

    /// The user selects the tab showing `name` on the tab bar on screen.
    func selectTab(_ name: Located<SceneName>, at location: SourceLocation) throws {
        let stackNote = Diagnostic.Note("the navigation stack is " + (stack.isEmpty ? "empty" : stack.map { $0.scene.name.rawValue }.joined(separator: " → ")))
        guard let barIndex = stack.lastIndex(where: { $0.scene.tabs.contains { $0.value == name.value } }) else {
            let bars = scenario.scenes.filter { $0.tabs.contains { $0.value == name.value } }.map { "'\($0.name)'" }
            throw RuntimeError("'tab: \(name.value)' needs the tab bar \(bars.joined(separator: " or ")) on screen, but it is not",
                               at: name.location, notes: [stackNote])
        }
        let bar = stack[barIndex]
        if let cover = stack[(barIndex + 1)...].first(where: { $0.navigation == .present }) {
            throw RuntimeError("'tab: \(name.value)' needs the tab bar '\(bar.scene.name)' visible, but '\(cover.scene.name)' is presented over it",
                               at: name.location, notes: [stackNote, Diagnostic.Note("go 'back' first, as the user closes what covers the tab bar")])
        }
        let index = bar.scene.tabs.firstIndex { $0.value == name.value }!
        guard index != bar.selectedTab else {
            throw RuntimeError("tab '\(name.value)' of '\(bar.scene.name)' is already selected", at: name.location,
                               notes: [stackNote, Diagnostic.Note("select another tab first, or leave this step out")])
        }
        try showTab(index, of: bar, sender: user, method: "tabBarController(_:didSelect:)", parent: nil, at: location)
    }

    /// The tab bar shows tab `index`: the selected tab's scenes go off screen and are kept; the tab's own come back,
    /// or its root loads the first time.
    private func showTab(_ index: Int, of bar: SceneInstance, sender: Participant, method: String, parent: Int?,
                         at location: SourceLocation) throws {
        let barIndex = stack.firstIndex { $0 === bar }!
        let leaving = Array(stack[(barIndex + 1)...])
        if !leaving.isEmpty { bar.tabStacks[bar.selectedTab] = leaving }
        let firstVisit = bar.tabStacks[index].isEmpty
        let arriving = firstVisit ? [bar.tabs[index]] : bar.tabStacks[index]
        let navigation = try emit(.navigation(Navigation(style: .tab, route: nil, method: method,
                                                         removed: leaving.reversed().map(\.view), shown: arriving.map(\.view))),
                                  from: sender, to: arriving.last!.view, at: location, parent: parent)
        stack.removeSubrange((barIndex + 1)...)
        stack += arriving
        bar.selectedTab = index
        bar.tabStacks[index] = arriving
        if firstVisit { try appear(arriving[0], cause: navigation, at: location) } else { try reveal(arriving.last!, cause: navigation) }
    }

    /// Going back from `instance` would leave a tab bar showing no tab: the root of a tab has nothing below it.
    private func tabRootError(_ instance: SceneInstance, _ what: String, at location: SourceLocation) -> RuntimeError? {
        guard let index = stack.firstIndex(where: { $0 === instance }), index > 0, stack[index - 1].scene.isTabBar else { return nil }
        return RuntimeError("\(what): '\(instance.scene.name)' is the root of a tab of '\(stack[index - 1].scene.name)', with nothing below it in its tab",
                            at: location, notes: [Diagnostic.Note("select another tab with 'tab:'")])
    }

    /// Going back brought an existing instance on screen again: its View appears (`viewWillAppear`, `onAppear`),
    /// renders, and its `appear` use cases run (not its `load` ones: it is loaded already).
    /// The appearance is traced when it starts something (an `appear` use case): a View that only comes back on
    /// screen adds nothing to the story.
    func reveal(_ instance: SceneInstance, cause: Int) throws {
        guard instance.scene.useCases.contains(where: { $0.trigger == .appear }) else { return }
        let event = try emit(.appear(method: instance.scene.names.appear?.value ?? definition.naming.appearMethod ?? "onAppear()"), from: instance.view,
                             to: instance.view, at: instance.scene.location, parent: cause)
        try render(instance, cause: event)
        pendingAppearances.append((instance, event, true))
    }

    /// Runs the `appear` use cases of scenes that appeared, one cycle each, until none is left.
    func drainAppearances() throws {
        while !pendingAppearances.isEmpty || !pendingCallbacks.isEmpty {
            if pendingAppearances.isEmpty {
                // A scene taken off the screen before its turn hears no call back.
                let (instance, useCase, request, cause, title) = pendingCallbacks.removeFirst()
                guard stack.contains(where: { $0 === instance }) else { continue }
                try runCycle(instance, useCase, request: request, title: title, cause: cause, location: nil, calledBack: true)
                continue
            }
            let (instance, cause, revealed) = pendingAppearances.removeFirst()
            // A scene replaced before its turn never loads.
            guard stack.contains(where: { $0 === instance }) else { continue }
            for useCase in instance.scene.useCases where revealed ? useCase.trigger == .appear : useCase.trigger.runsOnFirstShow {
                try runCycle(instance, useCase, request: requestRecord(useCase, values: []), title: nil, cause: cause,
                             location: nil, revealed: revealed)
            }
        }
    }

    /// Follows a route from `source`: the Router passes data into a new destination instance and navigates.
    func performRoute(_ route: Route, from source: SceneInstance, input: Value, sender: Participant, parent: Int?,
                      at location: SourceLocation) throws {
        guard stack.last === source else {
            throw RuntimeError(
                "route '\(route.name)' is taken from '\(source.scene.name)', which is no longer on screen",
                at: location,
                notes: [Diagnostic.Note("the screen shows '\(stack.last?.scene.name.rawValue ?? "nothing")'; a View can route only while it is visible")])
        }
        if route.navigation.goesBack {
            try performBackRoute(route, from: source, input: input, sender: sender, parent: parent, at: location)
            return
        }
        let destination = scene(route.destination!.value)
        let routeNames = source.names.route(route)
        let routeEvent = try emit(
            .route(route.name, Invocation(protocolName: source.names.routingLogic, method: routeNames.method,
                                          payloadType: routeNames.inputType, payload: route.input.isEmpty ? nil : input)),
            from: sender, to: source.router, at: location, parent: parent)
        routesThisStep.append(route.name)
        let target = try makeInstance(destination, cause: routeEvent, at: route.location)
        try passData(route, from: source, into: target, input: input, cause: routeEvent)
        let style: Navigation.Style
        switch route.navigation {
        case .push: style = .push
        case .present: style = .present
        case .replace, .pop, .popToScene, .dismiss, .back: style = .replace
        }
        let navigation = try emit(
            .navigation(Navigation(style: style, route: route.name, method: routeNames.navigate,
                                   removed: style == .replace ? stack.reversed().map(\.view) : [])),
            from: source.router, to: target.view, at: route.location, parent: routeEvent)
        target.navigation = route.navigation
        target.presentation = route.presentation?.value
        switch route.navigation {
        case .push, .present: stack.append(target)
        case .replace, .pop, .popToScene, .dismiss, .back: stack = [target]
        }
        try show(target, cause: navigation, at: route.location)
    }

    /// The Router's data passing: into the destination's DataStore, or, with one AppState, into the AppState fields
    /// the destination reads.
    private func passData(_ route: Route, from source: SceneInstance, into target: SceneInstance, input: Value,
                          cause routeEvent: Int) throws {
        guard !route.pass.isEmpty else { return }
        var env = Environment(instance: source, world: world)
        env.bind("source", .record(source.dataStore))
        env.bind("input", input)
        let routeNames = source.names.route(route)
        for pass in route.pass {
            if let written = pass.field, written.holder == .appState {
                try publish(written.name, try Evaluator.evaluate(pass.value, in: env), from: source.router, at: pass.targetLocation,
                            parent: routeEvent)
                continue
            }
            let field = target.scene.dataStore.first { $0.name == pass.target }!
            let value = Coercion.coerce(try Evaluator.evaluate(pass.value, in: env), to: field.type)
            target.dataStore[field.name] = value
            try emit(.dataPassing(DataPass(route: route.name, protocolName: source.names.dataPassing,
                                           method: routeNames.passData, field: field.name, source: pass.value.text,
                                           type: target.names.dataStoreType(of: field), value: value)),
                     from: source.router, to: target.dataStoreParticipant, at: pass.targetLocation, parent: routeEvent)
        }
    }

    /// A route that goes back (`pop`, `popToScene`, `dismiss`, `back`): the Router passes data into the destination's
    /// existing instance, removes what is above it, and the destination comes on screen again. A route with no
    /// destination returns to whichever scene is below.
    private func performBackRoute(_ route: Route, from source: SceneInstance, input: Value, sender: Participant, parent: Int?,
                                  at location: SourceLocation) throws {
        let below = stack.dropLast()
        let index: Int?
        switch (route.navigation, route.destination?.value) {
        case (.popToScene, let destinationName?): index = below.lastIndex { $0.scene.name == destinationName }
        case (_, nil): index = below.isEmpty ? nil : below.count - 1
        case (_, let destinationName?): index = below.isEmpty ? nil : (below.last!.scene.name == destinationName ? below.count - 1 : nil)
        }
        if let index, stack[index].scene.isTabBar, let error = tabRootError(stack[index + 1], "route '\(route.name)' goes back", at: route.location) {
            throw error
        }
        guard let index else {
            let beneath = below.last.map { "'\($0.scene.name)'" } ?? "nothing"
            throw RuntimeError(
                "route '\(route.name)' goes back (\(route.navigation.rawValue)) to \(route.destination.map { "'\($0.value)'" } ?? "the scene below"), but below '\(source.scene.name)' is \(beneath)",
                at: route.destination?.location ?? route.location,
                notes: [Diagnostic.Note("the navigation stack is " + stack.map { $0.scene.name.rawValue }.joined(separator: " → ")
                                        + (route.navigation == .popToScene || route.destination == nil ? "" : "; 'popToScene' goes back past other scenes"))])
        }
        let dismisses: Bool
        switch route.navigation {
        case .dismiss:
            guard source.navigation == .present else {
                throw RuntimeError("route '\(route.name)' dismisses '\(source.scene.name)', which was pushed, not presented",
                                   at: route.location, notes: [Diagnostic.Note("use 'navigation: pop' for a pushed scene, or 'back' to leave the way it came")])
            }
            dismisses = true
        case .back: dismisses = source.navigation == .present
        default: dismisses = false
        }
        let target = stack[index]
        let routeNames = source.names.route(route)
        let routeEvent = try emit(
            .route(route.name, Invocation(protocolName: source.names.routingLogic, method: routeNames.method,
                                          payloadType: routeNames.inputType, payload: route.input.isEmpty ? nil : input)),
            from: sender, to: source.router, at: location, parent: parent)
        routesThisStep.append(route.name)
        try passData(route, from: source, into: target, input: input, cause: routeEvent)
        let removed = stack[(index + 1)...].reversed().map(\.view)
        let style: Navigation.Style = dismisses ? .dismiss : route.navigation == .popToScene ? .popToScene : .pop
        let navigation = try emit(
            .navigation(Navigation(style: style, route: route.name, method: routeNames.navigate, removed: Array(removed))),
            from: source.router, to: target.view, at: route.location, parent: routeEvent)
        let above = stack[index + 1]
        stack.removeSubrange((index + 1)...)
        // A sheet or an over-full-screen scene never took the one below off the screen: it does not appear again.
        if !above.keptBelowOnScreen { try reveal(target, cause: navigation) }
    }

    /// A View leaves its screen by itself (`dismiss(animated:)`, `popViewController(animated:)`): the scene below
    /// comes back, as when the user goes back. Leaving a screen that is not on top, or dismissing a pushed one,
    /// stops the run.
    func leave(_ instance: SceneInstance, _ how: Located<Step.Leave>, sender: Participant, parent: Int?, at location: SourceLocation) throws {
        guard stack.last === instance else {
            throw RuntimeError("'\(instance.scene.name)' leaves its screen, but it is not on top: the screen shows '\(stack.last?.scene.name.rawValue ?? "nothing")'",
                               at: location)
        }
        guard stack.count > 1 else {
            throw RuntimeError("'\(instance.scene.name)' leaves its screen, but it is the root: there is nothing below to come back to",
                               at: location)
        }
        if let error = tabRootError(instance, "'\(instance.scene.name)' leaves its screen", at: location) { throw error }
        let presented = instance.navigation == .present
        let dismisses: Bool
        switch how.value {
        case .back: dismisses = presented
        case .dismiss:
            guard presented else {
                throw RuntimeError("'\(instance.scene.name)' dismisses itself, but it was pushed, not presented", at: location,
                                   notes: [Diagnostic.Note("write 'leave: pop', or 'leave: back' to leave the way it came")])
            }
            dismisses = true
        case .pop:
            guard !presented else {
                throw RuntimeError("'\(instance.scene.name)' pops itself, but it was presented, not pushed", at: location,
                                   notes: [Diagnostic.Note("write 'leave: dismiss', or 'leave: back' to leave the way it came")])
            }
            dismisses = false
        }
        try takeOffTop(dismissing: dismisses, sender: sender, parent: parent, at: location)
    }

    /// The user goes back: pops a pushed scene or dismisses a presented one.
    func goBack(at location: SourceLocation) throws {
        guard stack.count > 1, let top = stack.last else {
            throw RuntimeError("there is nothing to go back to: '\(stack.last?.scene.name.rawValue ?? "nothing")' is the root",
                               at: location)
        }
        if let error = tabRootError(top, "there is nothing to go back to", at: location) { throw error }
        try takeOffTop(dismissing: top.navigation == .present, sender: user, parent: nil, at: location)
    }

    /// Takes the top scene off the screen (dismissed or popped, as `sender` asks) and brings the one below back.
    private func takeOffTop(dismissing dismisses: Bool, sender: Participant, parent: Int?, at location: SourceLocation) throws {
        let top = stack[stack.count - 1], revealed = stack[stack.count - 2]
        let navigation = try emit(.navigation(Navigation(style: dismisses ? .dismiss : .pop, route: nil,
                                                         method: dismisses ? "dismiss(animated:)" : "popViewController(animated:)",
                                                         removed: [top.view])),
                                  from: sender, to: revealed.view, at: location, parent: parent)
        stack.removeLast()
        if !top.keptBelowOnScreen { try reveal(revealed, cause: navigation) }
    }

    /// Re-renders `view.shows` labels whose value changed (all of them the first time).
    func render(_ instance: SceneInstance, cause: Int) throws {
        guard !instance.scene.view.shows.isEmpty else { return }
        let env = Environment(instance: instance, world: world)
        for show in instance.scene.view.shows {
            let value = try Evaluator.evaluate(show.value, in: env)
            if instance.shown[show.target] == value { continue }
            instance.shown[show.target] = value
            try emit(.show(label: show.target, value: value), from: instance.view, to: user, at: show.targetLocation,
                     parent: cause)
        }
    }
}
