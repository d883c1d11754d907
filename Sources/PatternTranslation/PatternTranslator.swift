import ScenarioSpec

/// A scenario rewritten into another pattern: the same scenes, use cases, workers, routes and story, with each
/// part moved to the component that pattern gives it to, and what had no counterpart said as comments.
public struct Translation: Sendable {
    public var scenario: Scenario
    /// What the whole translation did, for the top of the file.
    public var header: [String]
    /// Comments above a scene, use case or route, keyed `Scene`, `Scene.UseCase`, `Scene.route`.
    public var notes: [String: [String]]
}

/// Why a scenario cannot be said in the other pattern: one sentence per part, naming it and what is missing.
public struct TranslationRefusal: Error, Sendable, CustomStringConvertible {
    public var reasons: [String]
    public var description: String { reasons.joined(separator: "\n") }

    public init(reasons: [String]) { self.reasons = reasons }
}

/// Rewrites a loaded scenario into another pattern by that pattern's rules, read from the definitions' flows:
/// where the View's action goes first (VIPER's Presenter), where state lives (a scene's DataStore, the View's
/// DataStore in SwiftUI VIP, the one AppState) and whether there is a Presenter at all. Every translation goes
/// through the plain VIP form (Interactor keeps the DataStore, Presenter builds a ViewModel, View displays and
/// routes): first from the source's flow to it, then from it to the target's.
public struct PatternTranslator {
    public let target: Pattern

    public init(to target: Pattern) { self.target = target }

    /// The pattern every translation passes through: a Presenter, the View's action to the Interactor, state in the
    /// Interactor's DataStore.
    static var hub: Pattern? {
        Pattern.all.first {
            let definition = $0.definition
            return definition.has(.presenter) && definition.flow.entry == .interactor && definition.flow.store == .dataStore
                && !definition.flow.viewWritesDataStore
        }
    }

    /// Whether the pattern's View renders from state it can read (the DataStore it holds, the AppState).
    static func viewReadsState(_ definition: PatternDefinition) -> Bool {
        definition.scopes.view.names.contains(.dataStore) || definition.scopes.view.names.contains(.appState)
    }

    public func translate(_ scenario: Scenario) throws(TranslationRefusal) -> Translation {
        guard let hub = Self.hub else { throw TranslationRefusal(reasons: ["no registered pattern has the plain VIP flow to translate through"]) }
        var work = TranslationWork(scenario: scenario)
        let source = scenario.pattern.definition
        let goal = target.definition
        for scene in scenario.scenes {
            for useCase in scene.useCases where useCase.handledByView && scenario.pattern != target {
                work.refuse("\(scene.name).\(useCase.name): the View handles it alone ('interactor: none'); translate does not carry such actions yet")
            }
        }
        if scenario.pattern != target && work.refusals.isEmpty {
            // Each stage works on what the one before left; after a refusal the rest would only repeat it.
            let stages: [(applies: Bool, run: (inout TranslationWork) -> Void)] = [
                (source.flow.entry == .presenter, { $0.fromPresenterEntry() }),
                (source.flow.store == .appState, { $0.fromAppState() }),
                (source.flow.viewWritesDataStore, { $0.fromViewOwnedDataStore() }),
                (true, { $0.scenario.pattern = hub }),
                // Labels rendered from state stay so where the target's View can read the state; elsewhere they become
                // answers.
                (!Self.viewReadsState(goal) && Self.viewReadsState(source), { $0.rendersAsAnswers(because: "the \(source.title) View rendered it from state") }),
                (goal.flow.viewWritesDataStore, { $0.toViewOwnedDataStore() }),
                (goal.flow.store == .appState || !goal.has(.presenter), { $0.toAppState() }),
                (goal.flow.entry == .presenter, { $0.toPresenterEntry() }),
                (true, { $0.finish(from: scenario.pattern, to: target) }),
            ]
            for stage in stages where stage.applies && work.refusals.isEmpty { stage.run(&work) }
        }
        guard work.refusals.isEmpty else { throw TranslationRefusal(reasons: work.refusals) }
        return Translation(scenario: work.scenario, header: work.header, notes: work.notes)
    }
}

/// The scenario as it is being rewritten, with the notes and refusals so far.
struct TranslationWork {
    var scenario: Scenario
    var header: [String] = []
    var notes: [String: [String]] = [:]
    var refusals: [String] = []

    mutating func note(_ key: String, _ text: String) {
        if notes[key]?.contains(text) != true { notes[key, default: []].append(text) }
    }

    mutating func refuse(_ text: String) {
        if !refusals.contains(text) { refusals.append(text) }
    }

    /// Every use case, by its scene's index and its own.
    var useCaseIndices: [(scene: Int, useCase: Int)] {
        scenario.scenes.indices.flatMap { s in scenario.scenes[s].useCases.indices.map { (s, $0) } }
    }

    /// Types of expressions in a scene, with `roots` bound.
    func types(scene: Scene, _ roots: [String: [FieldDecl]] = [:]) -> ExprTypes {
        var types = ExprTypes(scenario: scenario)
        types.roots = roots
        types.roots[StateRoot.dataStore.rawValue] = scene.dataStore
        types.roots[StateRoot.viewState.rawValue] = scene.view.state
        types.roots[StateRoot.appState.rawValue] = scenario.appState
        return types
    }

    // MARK: - The story

    /// The story in the target's words: messages named by the source's protocols are dropped (said once), state
    /// expectations follow the state to where it now lives.
    mutating func finish(from source: Pattern, to target: Pattern) {
        scenario.pattern = target
        scenario.name = Self.renamed(scenario.name, from: source, to: target)
        if !scenario.acceptances.isEmpty {
            let count = scenario.acceptances.count
            header.append("\(count) acceptance\(count == 1 ? "" : "s") of \(source.rawValue)'s rules (" + scenario.acceptances.map(\.rule).joined(separator: ", ")
                          + ") \(count == 1 ? "was" : "were") left out: \(target.rawValue) has rules of its own, and validate names each step that breaks one.")
            scenario.acceptances = []
        }
        scenario.findings = []
        // The app's names belong to its pattern's parts: the other pattern's parts take its own names.
        let named = scenario.scenes.filter { !$0.names.isEmpty }.map(\.name.rawValue)
        if !named.isEmpty {
            header.append("The names the app gives the parts of " + named.joined(separator: ", ") + " ('names:') belong to \(source.rawValue)'s parts and were left out.")
            for s in scenario.scenes.indices { scenario.scenes[s].names = PartNames() }
        }
        if scenario.wiring != nil && source.definition.wiring.style != target.definition.wiring.style {
            header.append("'wiring: \(scenario.wiring!.rawValue)' belongs to \(source.rawValue); \(target.rawValue) wires scenes its own way.")
            scenario.wiring = nil
        }
        // A method named for the source's argument labels keeps its name and takes the target's labels
        // (`doSomething()` in the AppState variant is `doSomething(request:)` in Clean Swift).
        let from = source.definition.naming, to = target.definition.naming
        for (s, u) in useCaseIndices {
            var useCase = scenario.scenes[s].useCases[u]
            if from.requestLabels != to.requestLabels, let method = useCase.methods.interactor {
                useCase.methods.interactor = Located(PatternNaming.baseName(method.value), at: method.location)
            }
            if from.presenterLabels != to.presenterLabels {
                for o in useCase.outputs.indices {
                    if let method = useCase.outputs[o].methods.presenter {
                        useCase.outputs[o].methods.presenter = Located(PatternNaming.baseName(method.value), at: method.location)
                    }
                }
            }
            scenario.scenes[s].useCases[u] = useCase
        }
        var dropped = 0
        for index in scenario.story.indices {
            guard var expect = scenario.story[index].expectations else { continue }
            dropped += expect.messages.count + expect.absent.count
            expect.messages = []
            expect.absent = []
            scenario.story[index].expectations = expect
        }
        if dropped > 0 {
            header.append("\(dropped) 'messages'/'absent' expectation\(dropped == 1 ? "" : "s") of the story named \(source.rawValue)'s protocols and were left out; the shown values, scenes, routes and state are still checked.")
        }
    }

    /// `Counter (SwiftUI VIP)` → `Counter (SwiftUI with AppState)`; `Sign in` → `Sign in (VIPER)`: the title says
    /// which pattern the file is in.
    static func renamed(_ name: String, from source: Pattern, to target: Pattern) -> String {
        let title = target.definition.title
        if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
            let inner = name[name.index(after: open)..<name.index(before: name.endIndex)].lowercased()
            let words = [source.definition.title.lowercased(), source.rawValue.lowercased()]
            if words.contains(where: { inner == $0 || $0.contains(inner) || inner.contains($0) }) {
                return name[..<open] + "(" + title + ")"
            }
        }
        return name + " (" + title + ")"
    }

    // MARK: - VIPER → plain VIP

    /// The View's event went to the Presenter, which asked the Interactor (VIPER). In plain VIP the View asks the
    /// Interactor itself; what the Presenter showed or decided from the event becomes the Interactor's answer.
    mutating func fromPresenterEntry() {
        for (s, u) in useCaseIndices {
            var useCase = scenario.scenes[s].useCases[u]
            let scene = scenario.scenes[s]
            let key = "\(scene.name).\(useCase.name)"
            useCase.methods.event = nil
            if let event = useCase.event {
                useCase.event = nil
                let callsInteractor = event.contains {
                    if case .call(let call) = $0.kind, case .useCase(let target)? = call.target, target == useCase.name { return true }
                    return false
                }
                let shows = event.filter { if case .display(_, let values) = $0.kind { return values.isEmpty } else { return false } }
                // The event asks the Interactor for another use case's work (a Reload tap asking what loading asks):
                // in VIP the View asks it under this use case's own name, and the Interactor does the same work.
                let asksOther = event.compactMap { step -> UseCaseName? in
                    if case .call(let call) = step.kind, case .useCase(let target)? = call.target, target != useCase.name { return target }
                    return nil
                }
                let answersNothing = useCase.outputs.allSatisfy { output in
                    guard output.response.isEmpty else { return false }
                    if case .steps(let steps) = output.presenter { return steps.isEmpty }
                    return true
                }
                if !callsInteractor, asksOther.count == 1, event.count == shows.count + 1, useCase.interactor.isEmpty, answersNothing,
                   let other = scene.useCases.first(where: { $0.name == asksOther[0] }) {
                    useCase.interactor = other.interactor
                    useCase.outputs = other.outputs
                    for o in useCase.outputs.indices { useCase.outputs[o].methods.presenter = nil }
                    note(key, "VIPER's Presenter asked the Interactor for \(other.name)'s work; in VIP the View asks for it under \(useCase.name)'s own Request, and the Interactor does the same work.")
                } else if callsInteractor {
                    if event.count != shows.count + 1 {
                        refuse("\(key): the Presenter's event handling does more than show progress and ask the Interactor; write it as the Interactor's logic first")
                        continue
                    }
                    if !shows.isEmpty {
                        note(key, "VIPER's Presenter showed progress (" + shows.compactMap { if case .display(let m, _) = $0.kind { m.value } else { nil } }.joined(separator: ", ") + ") before asking the Interactor; in VIP the View shows what the Presenter sends back.")
                    }
                } else {
                    // The Presenter answered the event alone (from the request or the module's state): the Interactor
                    // now answers with those values, and the View shows them and routes.
                    guard useCase.interactor.isEmpty else {
                        refuse("\(key): both the Presenter's event and the Interactor have logic; merge them first")
                        continue
                    }
                    let roots = ["request": useCase.request]
                    guard let lifted = lift(event, key: key, types: types(scene: scene, roots)) else { continue }
                    let location = useCase.location
                    useCase.interactor = [Step(.respond(output: nil, fields: lifted.mapping), at: location)]
                    useCase.outputs = [Output(name: OutputName(useCase.name.rawValue), location: location,
                                              response: lifted.fields,
                                              presenter: .viewModel(lifted.fields.map { .reading("response", $0.name, at: location) }),
                                              viewModel: lifted.fields, view: lifted.view, methods: MethodNames())]
                    note(key, "VIPER's Presenter answered this event itself; in VIP the Interactor answers and the Presenter formats.")
                }
            }
            for o in useCase.outputs.indices {
                guard case .steps(let steps) = useCase.outputs[o].presenter else { continue }
                let roots = ["response": useCase.outputs[o].response]
                guard let lifted = lift(steps, key: key, types: types(scene: scene, roots)) else { continue }
                useCase.outputs[o].presenter = .viewModel(lifted.mapping)
                useCase.outputs[o].viewModel = lifted.fields
                useCase.outputs[o].view = lifted.view
                useCase.outputs[o].methods.view = nil
            }
            scenario.scenes[s].useCases[u] = useCase
        }
    }

    /// Steps that display and route (a VIPER Presenter's) as a ViewModel and the View's steps over it: each value
    /// shown and each route's condition and input becomes a ViewModel field; the expressions move as they are.
    mutating func lift(_ steps: [Step], key: String, types: ExprTypes)
        -> (fields: [FieldDecl], mapping: [Assignment], view: [Step])?
    {
        var fields: [FieldDecl] = []
        var mapping: [Assignment] = []
        var failed = false
        func field(_ name: String, _ value: Expr, at location: SourceLocation) -> Expr? {
            guard let type = types.type(value.root) else {
                refuse("\(key): cannot tell the type of '\(value.text)' to carry it in the ViewModel; declare it in a Response field first")
                failed = true
                return nil
            }
            var unique = name
            var n = 2
            while fields.contains(where: { $0.name == unique }) {
                unique = name + "\(n)"
                n += 1
            }
            fields.append(FieldDecl(name: unique, type: type, location: location))
            mapping.append(Assignment(target: unique, at: location, value: value))
            return Expr(ExprNode.member("viewModel", unique, at: value.location))
        }
        func convert(_ list: [Step]) -> [Step] {
            var out: [Step] = []
            for step in list {
                switch step.kind {
                case .display(_, let values):
                    if values.isEmpty { continue }
                    let shown = values.compactMap { value -> Assignment? in
                        guard let read = field(value.target, value.value, at: value.targetLocation) else { return nil }
                        return Assignment(target: value.target, at: value.targetLocation, value: read)
                    }
                    out.append(Step(.show(shown), at: step.location))
                case .route(let name, let condition, let arguments):
                    let cond = condition.flatMap { field(name.value.rawValue + "When", $0, at: $0.location) }
                    let args = arguments.compactMap { argument -> Assignment? in
                        guard let read = field(argument.target, argument.value, at: argument.targetLocation) else { return nil }
                        return Assignment(target: argument.target, at: argument.targetLocation, value: read)
                    }
                    out.append(Step(.route(name, condition: cond, arguments: args), at: step.location))
                case .conditional(let condition, let then, let otherwise):
                    guard let cond = field("condition", condition, at: condition.location) else { continue }
                    out.append(Step(.conditional(cond, then: convert(then), otherwise: convert(otherwise)), at: step.location))
                default:
                    refuse("\(key): the Presenter's step at \(step.location) has no counterpart in a VIP View's display logic")
                    failed = true
                }
            }
            return out
        }
        let view = convert(steps)
        return failed ? nil : (fields, mapping, view)
    }

    // MARK: - AppState → plain VIP

    /// The one AppState becomes the DataStore of the scene that uses its fields; what the View rendered from it is
    /// answered by the Interactor and shown by the View.
    mutating func fromAppState() {
        var owner: [String: Int] = [:]
        for field in scenario.appState {
            let users = scenario.scenes.indices.filter { Self.touches(scenario.scenes[$0], appStateField: field.name) }
            if users.count > 1 {
                refuse("AppState's '\(field.name)' is used by " + users.map { "'\(scenario.scenes[$0].name)'" }.joined(separator: " and ") + "; a VIP scene keeps its own DataStore, so say which scene owns it and how the other gets it (a route's 'pass:')")
                continue
            }
            let s = users.first ?? scenario.scenes.firstIndex { $0.name == scenario.start } ?? 0
            owner[field.name] = s
            scenario.scenes[s].dataStore.append(field)
        }
        guard refusals.isEmpty else { return }
        if !scenario.appState.isEmpty {
            header.append("The AppState's fields moved into the DataStore of the scene that uses them: " + scenario.appState.map { "\($0.name) → \(scenario.scenes[owner[$0.name] ?? 0].name)" }.joined(separator: ", ") + ".")
        }
        scenario.appState = []
        let toDataStore: (ExprNode) -> ExprNode? = { node in
            if case .state(.appState) = node.kind { return ExprNode(.state(.dataStore), at: node.location) }
            return nil
        }
        for s in scenario.scenes.indices {
            scenario.scenes[s].view.shows = scenario.scenes[s].view.shows.map { $0.rewritten(toDataStore) }
            for u in scenario.scenes[s].useCases.indices {
                var useCase = scenario.scenes[s].useCases[u]
                useCase.interactor = useCase.interactor.replacingSteps { step in
                    let rewritten = step.rewritingOwnExpressions(toDataStore)
                    guard case .store(let list) = rewritten.kind else { return [rewritten] }
                    return [Step(.store(list.map(\.writingDataStore)), at: rewritten.location)]
                }
                for o in useCase.outputs.indices { useCase.outputs[o].view = useCase.outputs[o].view.map { $0.rewritten(toDataStore) } }
                scenario.scenes[s].useCases[u] = useCase
            }
        }
        for index in scenario.story.indices {
            guard var expect = scenario.story[index].expectations, !expect.appState.isEmpty else { continue }
            for value in expect.appState {
                let scene = scenario.scenes[owner[value.value.path] ?? 0].name
                expect.dataStore.append(Located(FieldValue(path: "\(scene).\(value.value.path)", value: value.value.value), at: value.location))
            }
            expect.appState = []
            scenario.story[index].expectations = expect
        }
        // Plain VIP answers every action; a use case that only wrote the AppState answers with nothing.
        for (s, u) in useCaseIndices where !scenario.scenes[s].useCases[u].interactor.responds {
            scenario.scenes[s].useCases[u].interactor.append(Step(.respond(output: nil, fields: []), at: scenario.scenes[s].useCases[u].location))
        }
    }

    /// Whether a scene's logic or labels read or store the AppState field `name`.
    static func touches(_ scene: Scene, appStateField name: String) -> Bool {
        let steps = scene.useCases.flatMap { $0.interactor + ($0.event ?? []) + $0.outputs.flatMap(\.view) }
        return steps.contains { mentionsField($0, name, root: .appState) || stores($0, name) }
            || scene.view.shows.contains { readsField($0.value.root, name, root: .appState) }
    }

    static func mentionsField(_ step: Step, _ name: String, root: StateRoot) -> Bool {
        step.flattened.contains { $0.expressions.contains { readsField($0.root, name, root: root) } }
    }

    static func stores(_ step: Step, _ name: String) -> Bool {
        step.flattened.contains {
            if case .store(let list) = $0.kind { return list.contains { $0.writtenField == name } }
            return false
        }
    }

    // MARK: - SwiftUI VIP → plain VIP

    /// The View held the DataStore and wrote it in its display logic (SwiftUI VIP). In plain VIP the Interactor
    /// keeps it: each `set:` of a DataStore field moves to the Interactor, just before it answers; what the View
    /// rendered from the DataStore is answered and shown.
    mutating func fromViewOwnedDataStore() {
        for (s, u) in useCaseIndices {
            var useCase = scenario.scenes[s].useCases[u]
            let key = "\(scenario.scenes[s].name).\(useCase.name)"
            for o in useCase.outputs.indices {
                var kept: [Step] = []
                var moved: [Assignment] = []
                for step in useCase.outputs[o].view {
                    guard case .set(let list) = step.kind else {
                        if step.flattened.contains(where: { if case .set(let l) = $0.kind { l.contains { $0.field?.holder == .dataStore } } else { false } }) {
                            refuse("\(key): the View writes its DataStore inside a condition; move the condition into the Interactor first")
                        }
                        kept.append(step)
                        continue
                    }
                    let toStore = list.filter { $0.field?.holder == .dataStore }
                    let staying = list.filter { $0.field?.holder != .dataStore }
                    for assignment in toStore where assignment.value.root.reads(.viewState) || assignment.value.root.mentions("viewModel") {
                        refuse("\(key): the View's '\(assignment.target): \(assignment.value.text)' reads its ViewModel or state, which the Interactor does not see; compute it in the Interactor first")
                    }
                    moved += toStore.map {
                        var copy = $0
                        copy.target = $0.writtenField
                        return copy
                    }
                    if !staying.isEmpty { kept.append(Step(.set(staying), at: step.location)) }
                }
                useCase.outputs[o].view = kept
                if !moved.isEmpty {
                    let name = useCase.outputs[o].name.rawValue
                    let isOnly = useCase.outputs.count == 1
                    var found = false
                    // Before every answer through this output.
                    useCase.interactor = useCase.interactor.replacingSteps { step in
                        guard case .respond(let output, _) = step.kind, output?.value == name || (output == nil && isOnly) else { return [step] }
                        found = true
                        return [Step(.store(moved), at: step.location), step]
                    }
                    if !found { refuse("\(key): the Interactor never answers '\(name)', so the View's DataStore writes have no place to go") }
                    note(key, "SwiftUI VIP's View wrote " + moved.map(\.target).joined(separator: ", ") + " into the DataStore it holds; here the Interactor stores it, before it answers.")
                }
            }
            scenario.scenes[s].useCases[u] = useCase
        }
    }

    /// The View's `shows:` (labels rendered from state, SwiftUI and AppState) as plain VIP does it: a `load` use case
    /// answers every label when the scene first shows, and each use case that stores a field a label reads answers
    /// that label too; the Presenter passes it on and the View shows it.
    mutating func rendersAsAnswers(because reason: String) {
        for s in scenario.scenes.indices {
            let scene = scenario.scenes[s]
            let shows = scene.view.shows
            guard !shows.isEmpty else { continue }
            var labels: [FieldDecl] = []
            let types = types(scene: scene)
            for show in shows {
                guard let type = types.type(show.value.root) else {
                    refuse("\(scene.name): cannot tell the type of the label '\(show.target): \(show.value.text)' to carry it in a ViewModel")
                    continue
                }
                labels.append(FieldDecl(name: show.target, type: type, location: show.targetLocation))
            }
            guard labels.count == shows.count else { continue }
            scenario.scenes[s].view.shows = []
            let location = scene.location
            // Each use case that writes a field a label reads answers those labels.
            for u in scene.useCases.indices {
                var useCase = scenario.scenes[s].useCases[u]
                let written = Set(useCase.interactor.flatMap(\.flattened).flatMap { step -> [String] in
                    if case .store(let list) = step.kind { return list.map(\.writtenField) }
                    return []
                })
                let affected = shows.filter { show in written.contains { Self.readsField(show.value.root, $0) } }
                guard !affected.isEmpty else { continue }
                let fields = labels.filter { label in affected.contains { $0.target == label.name } }
                if useCase.outputs.isEmpty {
                    useCase.outputs = [Output(name: OutputName(useCase.name.rawValue), location: useCase.location, response: [],
                                              presenter: .viewModel([]), viewModel: [], view: [], methods: MethodNames())]
                }
                guard useCase.outputs.count == 1 else {
                    refuse("\(scene.name).\(useCase.name): a label rendered from state changes in a use case with several outputs; say which output shows it")
                    continue
                }
                if useCase.interactor.responds {
                    // Every answer carries the labels too.
                    useCase.interactor = useCase.interactor.replacingSteps { step in
                        guard case .respond(let output, let fields) = step.kind else { return [step] }
                        return [Step(.respond(output: output, fields: fields + affected.filter { label in !fields.contains { $0.target == label.target } }),
                                     at: step.location)]
                    }
                } else {
                    useCase.interactor.append(Step(.respond(output: nil, fields: affected), at: useCase.location))
                }
                var output = useCase.outputs[0]
                output.response += fields.filter { f in !output.response.contains { $0.name == f.name } }
                output.viewModel += fields.filter { f in !output.viewModel.contains { $0.name == f.name } }
                if case .viewModel(var mapping) = output.presenter {
                    mapping += fields.map { .reading("response", $0.name, at: $0.location) }
                    output.presenter = .viewModel(mapping)
                }
                output.view.insert(Step(.show(fields.map { .reading("viewModel", $0.name, at: $0.location) }), at: location), at: 0)
                useCase.outputs[0] = output
                scenario.scenes[s].useCases[u] = useCase
            }
            // The first render: a use case that answers every label when the View loads.
            var name = "Show" + scene.name.rawValue
            while scene.useCase(name) != nil { name += "Again" }
            let load = UseCase(
                name: UseCaseName(name), location: location, trigger: .load, request: [], event: nil,
                interactor: [Step(.respond(output: nil, fields: shows), at: location)],
                outputs: [Output(name: OutputName(name), location: location, response: labels,
                                 presenter: .viewModel(labels.map { .reading("response", $0.name, at: $0.location) }),
                                 viewModel: labels,
                                 view: [Step(.show(labels.map { .reading("viewModel", $0.name, at: $0.location) }), at: location)],
                                 methods: MethodNames())],
                methods: MethodNames())
            scenario.scenes[s].useCases.insert(load, at: 0)
            note(scene.name.rawValue, "\(shows.map(\.target).joined(separator: ", ")) was rendered from state (\(reason)); in VIP the Interactor answers it: '\(name)' when the View loads, and every use case that changes it.")
        }
    }

    static func readsField(_ node: ExprNode, _ name: String, root: StateRoot = .dataStore) -> Bool {
        node.contains { $0.field(of: root) == name }
    }
}
