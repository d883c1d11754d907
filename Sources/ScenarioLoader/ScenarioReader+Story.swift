import ScenarioSpec
import Yams

extension ScenarioReader {
    /// One story step: `- appear: Login`, `- do: Login.Login` with `request:`, or `- back`; each with `expect:`.
    /// The scenes by name, and the scenes that declare each use case: a story step finds its use case without
    /// searching every scene (a long story over many scenes would otherwise take time in their product).
    struct SceneLookup {
        let all: [Scene]
        var byName: [String: Scene] = [:]
        var byUseCase: [String: [Scene]] = [:]

        init(_ scenes: [Scene]) {
            all = scenes
            for scene in scenes {
                if byName[scene.name.rawValue] == nil { byName[scene.name.rawValue] = scene }
                for useCase in scene.useCases { byUseCase[useCase.name.rawValue, default: []].append(scene) }
            }
        }

        /// The scenes that declare `useCase`, of the one named `scene` when given.
        func candidates(scene: SceneName?, useCase: String) -> [Scene] {
            if let scene {
                guard let found = byName[scene.rawValue], found.useCase(useCase) != nil else { return [] }
                return [found]
            }
            return byUseCase[useCase] ?? []
        }
    }

    func readStoryStep(_ node: Node, scenes: SceneLookup) -> StoryStep? {
        let at = location(node)
        if case .scalar(let scalar) = node {
            if scalar.string == "back" { return StoryStep(action: .back, location: at) }
            diagnostics.error("a story step is '- back' or a mapping with 'appear', 'do' or 'back', found \(NodeReader.describe(node))",
                              at: at, id: "scenario/shape")
            return nil
        }
        guard let keys = nodes.mapping(node, "a story step", allowed: Vocabulary.storyStep) else { return nil }
        let actions = ["appear", "do", "back", "route", "tab"].filter { keys[$0] != nil }
        guard let actionKey = actions.first else {
            diagnostics.error("a story step needs one of 'appear', 'do', 'back', 'route' or 'tab'", at: at, id: "scenario/missing")
            return nil
        }
        if actions.count > 1 {
            diagnostics.error("a story step does one thing, but this one has both '\(actions[0])' and '\(actions[1])'",
                              at: location(keys[actions[1]]!.keyNode), id: "scenario/conflicting-keys")
            return nil
        }
        if actionKey != "do", let request = keys["request"] {
            diagnostics.error("'request' belongs to a 'do' step", at: location(request.keyNode), id: "scenario/misplaced-key")
        }
        if actionKey != "route", let with = keys["with"] {
            diagnostics.error("'with' belongs to a 'route' step (the route's input)", at: location(with.keyNode), id: "scenario/misplaced-key")
        }
        let title = keys["title"].flatMap { nodes.title($0.value, "'title'") }
        let actionNode = keys[actionKey]!.value
        let stepAt = location(keys[actionKey]!.keyNode)
        var performedScene: Scene?
        let action: StoryStep.Action
        switch actionKey {
        case "appear":
            guard let name = nodes.identifier(actionNode, "'appear' (a scene)") else { return nil }
            action = .appear(Located(SceneName(name.value), at: name.location))
        case "tab":
            guard let name = nodes.identifier(actionNode, "'tab' (the scene of a tab)") else { return nil }
            action = .tab(Located(SceneName(name.value), at: name.location))
        case "back":
            let isTrue: Bool = { if case .scalar(let s) = actionNode { return s.string == "true" } else { return false } }()
            if !NodeReader.isNull(actionNode) && !isTrue {
                diagnostics.error("write '- back' or 'back: true'", at: location(actionNode), id: "scenario/malformed-value")
            }
            action = .back
        case "route":
            guard let text = nodes.located(actionNode, "'route' (Scene.route)") else { return nil }
            let parts = text.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, parts.allSatisfy(NodeReader.isIdentifier) else {
                diagnostics.error("'route' names a route as 'Scene.route' (a segue fired from that scene's View), found '\(text.value)'",
                                  at: text.location, id: "scenario/malformed-value")
                return nil
            }
            let sceneName = Located(SceneName(parts[0]), at: text.location)
            let routeName = Located(RouteName(parts[1]), at: text.location.advanced(byColumns: parts[0].unicodeScalars.count + 1))
            let route = scenes.byName[parts[0]]?.route(parts[1])
            var input: [Located<FieldValue>] = []
            if let entry = keys["with"], let entries = nodes.mapping(entry.value, "'with' (the route's input)") {
                for item in entries {
                    let keyAt = location(item.keyNode)
                    guard let raw = ValueReader.raw(item.value, source: source, diagnostics: diagnostics) else { continue }
                    var value: Value?
                    if let route {
                        guard let field = route.input.first(where: { $0.name == item.key }) else {
                            diagnostics.unknown("route '\(parts[0]).\(parts[1])' has no input '\(item.key)'", name: item.key,
                                                candidates: route.input.map(\.name), at: keyAt,
                                                extraNotes: route.input.isEmpty ? [Diagnostic.Note("declare it under the route's 'input:'")] : [], id: "scenario/unknown-name")
                            continue
                        }
                        value = values.value(raw, as: field.type, what: "input value '\(item.key)'")
                    } else {
                        value = Self.natural(raw)
                    }
                    if let value { input.append(Located(FieldValue(path: item.key, value: value), at: keyAt)) }
                }
            }
            if let route {
                let given = Set(input.map(\.value.path))
                let missing = route.input.filter { $0.initialValue == nil && !given.contains($0.name) }
                if !missing.isEmpty {
                    diagnostics.error("'route: \(text.value)' needs input values for " + missing.map { "'\($0.name)'" }.joined(separator: ", "),
                                      at: stepAt,
                                      notes: [Diagnostic.Note("add 'with: { " + missing.map { "\($0.name): …" }.joined(separator: ", ") + " }'")], id: "scenario/missing")
                }
            }
            performedScene = scenes.byName[parts[0]]
            action = .route(scene: sceneName, route: routeName, input: input)
        default:
            guard let text = nodes.located(actionNode, "'do' (Scene.UseCase)") else { return nil }
            let parts = text.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard (parts.count == 1 || parts.count == 2), parts.allSatisfy(NodeReader.isIdentifier) else {
                diagnostics.error("'do' names a use case as 'Scene.UseCase' or 'UseCase', found '\(text.value)'",
                                  at: text.location, id: "scenario/malformed-value")
                return nil
            }
            var scene: Located<SceneName>?
            let useCaseName: String
            let useCaseLocation: SourceLocation
            if parts.count == 2 {
                scene = Located(SceneName(parts[0]), at: text.location)
                useCaseName = parts[1]
                useCaseLocation = text.location.advanced(byColumns: parts[0].unicodeScalars.count + 1)
            } else {
                useCaseName = parts[0]
                useCaseLocation = text.location
            }
            // The use case, when it can be found, types the request values; unknown names are reported later.
            let candidates = scenes.candidates(scene: scene?.value, useCase: useCaseName)
            performedScene = candidates.count == 1 ? candidates[0] : nil
            let useCase = performedScene?.useCase(useCaseName)
            var request: [Located<FieldValue>] = []
            if let entry = keys["request"], let entries = nodes.mapping(entry.value, "'request'") {
                for item in entries {
                    let keyAt = location(item.keyNode)
                    guard let raw = ValueReader.raw(item.value, source: source, diagnostics: diagnostics) else { continue }
                    var value: Value?
                    if let useCase {
                        guard let field = useCase.request.first(where: { $0.name == item.key }) else {
                            diagnostics.unknown("the Request of '\(performedScene!.name).\(useCaseName)' has no field '\(item.key)'",
                                                name: item.key, candidates: useCase.request.map(\.name), at: keyAt, id: "scenario/unknown-name")
                            continue
                        }
                        value = values.value(raw, as: field.type, what: "request value '\(item.key)'")
                    } else {
                        value = Self.natural(raw)
                    }
                    if let value { request.append(Located(FieldValue(path: item.key, value: value), at: keyAt)) }
                }
                if let useCase {
                    for field in useCase.request where field.initialValue == nil && !entries.contains(where: { $0.key == field.name })
                        && !useCase.sends.contains(where: { $0.target == field.name }) {
                        diagnostics.error("request value '\(field.name)' (\(field.type)) is missing", at: location(entry.keyNode), id: "scenario/missing")
                    }
                    for item in entries {
                        guard let sent = useCase.sends.first(where: { $0.target == item.key }) else { continue }
                        diagnostics.warning("request value '\(item.key)' has no effect: the View sends '\(sent.value.text)'",
                                            at: location(item.keyNode),
                                            notes: [Diagnostic.Note("remove it here, or take '\(item.key)' out of the use case's 'sends:'")], id: "scenario/no-effect")
                    }
                }
            } else if let useCase {
                let missing = useCase.request.filter { field in field.initialValue == nil && !useCase.sends.contains { $0.target == field.name } }
                if !missing.isEmpty {
                    diagnostics.error("'do: \(text.value)' needs request values for " + missing.map { "'\($0.name)'" }.joined(separator: ", "),
                                      at: stepAt,
                                      notes: [Diagnostic.Note("add 'request: { " + missing.map { "\($0.name): …" }.joined(separator: ", ") + " }'")], id: "scenario/missing")
                }
            }
            action = .perform(scene: scene, useCase: Located(UseCaseName(useCaseName), at: useCaseLocation),
                              request: request)
        }
        let given = keys["given"].map { readGiven($0.value, scenes: scenes.all, performedScene: performedScene) } ?? []
        var expectations: Expectations?
        if let entry = keys["expect"] {
            expectations = readExpectations(entry.value, at: location(entry.keyNode), scenes: scenes.all,
                                            performedScene: performedScene)
        }
        return StoryStep(action: action, location: stepAt, title: title, given: given, expectations: expectations)
    }

    /// `given: { Worker.operation: { error: … } }`: outcomes that hold during one step.
    func readGiven(_ node: Node, scenes: [Scene], performedScene: Scene?) -> [WorkerStub] {
        guard let entries = nodes.mapping(node, "'given' (Worker.operation: outcome)") else { return [] }
        var stubs: [WorkerStub] = []
        for entry in entries {
            let at = location(entry.keyNode)
            let parts = entry.key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 || parts.count == 3, parts.allSatisfy(NodeReader.isIdentifier) else {
                diagnostics.error("'given' names a worker operation as 'Worker.operation' or 'Scene.Worker.operation', found '\(entry.key)'",
                                  at: at, id: "scenario/malformed-value")
                continue
            }
            let workerName = parts[parts.count - 2]
            let opName = parts[parts.count - 1]
            if parts.count == 2, let worker = sharedWorkers.first(where: { $0.name.rawValue == workerName }) {
                // A worker the app shares: the stub answers for it whichever scene calls it.
                guard let op = worker.operation(opName) else {
                    diagnostics.unknown("worker '\(workerName)' has no operation '\(opName)'", name: opName,
                                        candidates: worker.operations.map(\.name.rawValue), at: at, id: "scenario/unknown-name")
                    continue
                }
                if let stub = readStub(entry, scene: nil, worker: worker, operation: op, at: at) { stubs.append(stub) }
                continue
            }
            var candidates = scenes.filter { $0.worker(workerName) != nil }
            if parts.count == 3 {
                guard let scene = scenes.first(where: { $0.name.rawValue == parts[0] }) else {
                    diagnostics.unknown("'given' names unknown scene '\(parts[0])'", name: parts[0],
                                        candidates: scenes.map(\.name.rawValue), at: at, id: "scenario/unknown-name")
                    continue
                }
                candidates = scene.worker(workerName) == nil ? [] : [scene]
            } else if candidates.count > 1, let performedScene, candidates.contains(where: { $0.name == performedScene.name }) {
                candidates = [performedScene]
            }
            guard let scene = candidates.first else {
                diagnostics.unknown("no scene has a worker '\(workerName)'", name: workerName,
                                    candidates: scenes.flatMap { $0.workers.map(\.name.rawValue) } + sharedWorkers.map(\.name.rawValue),
                                    at: at,
                                    extraNotes: sharedWorkers.contains { $0.name.rawValue == workerName }
                                        ? [Diagnostic.Note("'\(workerName)' is shared by the app: write '\(workerName).\(opName)'")] : [], id: "scenario/unknown-name")
                continue
            }
            if candidates.count > 1 {
                diagnostics.error("worker '\(workerName)' exists in " + candidates.map { "'\($0.name)'" }.joined(separator: " and ")
                                  + "; write 'Scene.\(workerName).\(opName)'", at: at, id: "scenario/ambiguous-name")
                continue
            }
            let worker = scene.worker(workerName)!
            guard let op = worker.operation(opName) else {
                diagnostics.unknown("worker '\(workerName)' has no operation '\(opName)'", name: opName,
                                    candidates: worker.operations.map(\.name.rawValue), at: at, id: "scenario/unknown-name")
                continue
            }
            if let stub = readStub(entry, scene: scene.name, worker: worker, operation: op, at: at) { stubs.append(stub) }
        }
        return stubs
    }

    /// A `given:` entry's outcome for an operation (of a scene's worker, or of a shared one when `scene` is nil).
    private func readStub(_ entry: MappingEntry, scene: SceneName?, worker: Worker, operation: WorkerOperation,
                          at location: SourceLocation) -> WorkerStub? {
        guard let keys = nodes.mapping(entry.value, "the outcome of '\(entry.key)'", allowed: Vocabulary.stub) else { return nil }
        let latency = keys["latency"].flatMap { readLatency($0.value) }
        guard let outcome = readOutcome(keys, condition: nil, latency: latency, output: operation.output,
                                        what: "operation '\(worker.name).\(operation.name)'", at: location) else { return nil }
        return WorkerStub(scene: scene, worker: worker.name, operation: operation.name, outcome: outcome.outcome,
                          latency: latency, location: location)
    }

    func readExpectations(_ node: Node, at keyLocation: SourceLocation, scenes: [Scene],
                          performedScene: Scene?) -> Expectations? {
        guard let keys = nodes.mapping(node, "'expect'", allowed: Vocabulary.expect) else { return nil }
        var expect = Expectations(location: keyLocation)
        if let entry = keys["scene"], let name = nodes.identifier(entry.value, "'scene'") {
            expect.scene = Located(SceneName(name.value), at: name.location)
        }
        if let entry = keys["stack"], let items = nodes.sequence(entry.value, "'stack' (scenes, root first)") {
            expect.stack = items.compactMap { nodes.identifier($0, "a scene of 'stack'") }
                .map { Located(SceneName($0.value), at: $0.location) }
        }
        if let entry = keys["route"], let name = nodes.identifier(entry.value, "'route'") {
            expect.route = Located(RouteName(name.value), at: name.location)
        }
        expect.shown = keys["shown"].map { naturalValues($0.value, "'shown' (label: value)") } ?? []
        expect.viewModel = keys["viewModel"].map { naturalValues($0.value, "'viewModel' (field: value)") } ?? []
        expect.appState = keys["appState"].map { naturalValues($0.value, "'appState' (field: value)") } ?? []
        if let entry = keys["dataStore"], let entries = nodes.mapping(entry.value, "'dataStore' (Scene.field: value)") {
            let onScreen = expect.scene.flatMap { name in scenes.first { $0.name == name.value } } ?? performedScene
            var values = self.values
            values.partialRecords = true
            for item in entries {
                guard let raw = ValueReader.raw(item.value, source: source, diagnostics: diagnostics) else { continue }
                let parts = item.key.split(separator: ".", maxSplits: 1).map(String.init)
                let scene = parts.count == 2 ? scenes.first { $0.name.rawValue == parts[0] } : onScreen
                let field = scene?.dataStore.first { $0.name == parts.last }
                let value = field.map { values.value(raw, as: $0.type, what: "expected value of '\(item.key)'") }
                    ?? Self.natural(raw)
                if let value {
                    expect.dataStore.append(Located(FieldValue(path: item.key, value: value), at: location(item.keyNode)))
                }
            }
        }
        for key in ["messages", "absent"] {
            guard let entry = keys[key], let items = nodes.sequence(entry.value, "'\(key)' (a list of messages)") else { continue }
            let messages = items.compactMap { nodes.located($0, "a message such as 'LoginBusinessLogic.login(request:)'") }
            if key == "messages" { expect.messages = messages } else { expect.absent = messages }
        }
        return expect
    }

    private func naturalValues(_ node: Node, _ what: String) -> [Located<FieldValue>] {
        guard let entries = nodes.mapping(node, what) else { return [] }
        return entries.compactMap { item in
            guard let raw = ValueReader.raw(item.value, source: source, diagnostics: diagnostics),
                  let value = Self.natural(raw) else { return nil }
            return Located(FieldValue(path: item.key, value: value), at: location(item.keyNode))
        }
    }

    /// A value typed by how it is written: plain numbers and booleans, quoted text, lists, mappings.
    static func natural(_ raw: RawData) -> Value? {
        switch raw {
        case .scalar(_, .null, _): return .null
        case .scalar(_, .bool(let flag), _): return .bool(flag)
        case .scalar(let text, .quoted, _): return .string(text)
        case .scalar(let text, .plain, _):
            if let int = ValueReader.integer(text) { return .int(int) }
            if let double = ValueReader.double(text) { return .double(double) }
            return .string(text)
        case .list(let items, _): return .list(items.compactMap(natural))
        case .map(let entries, _): return .record(Record(entries.compactMap { e in natural(e.value).map { (e.key, $0) } }))
        }
    }
}
