import ScenarioSpec

/// Checks what the reader could not: that every name refers to something declared, that every expression is
/// well typed where it is used, that data passing keeps types, and that the story makes sense.
final class ScenarioChecker {
    let draft: ScenarioDraft
    let diagnostics: DiagnosticCollector
    private var records: [String: RecordType] = [:]
    var expressions: ExpressionChecker!
    /// What each reference resolved to, found once here and written into the model (`resolve(_:)`), so the engine
    /// executes what the checker checked. Keyed by where the reference is written.
    private(set) var callTargets: [SourceLocation: CallTarget] = [:]
    private(set) var fieldTargets: [SourceLocation: FieldRef] = [:]
    var storyTargets: [SourceLocation: UseCaseRef] = [:]
    /// What the scenario does that the pattern's rules do not allow, each with the acceptance that takes it back.
    private(set) var findings: [RuleFinding] = []

    init(draft: ScenarioDraft, diagnostics: DiagnosticCollector) {
        self.draft = draft
        self.diagnostics = diagnostics
        definition = draft.pattern.definition
    }

    var pattern: Pattern { draft.pattern }

    /// Every component's type name (not workers'), to the role and scene it names: built once.
    private(set) lazy var componentNames: [String: (ComponentRole, SceneName)] = {
        var names: [String: (ComponentRole, SceneName)] = [:]
        for scene in draft.scenes {
            for spec in definition.roles where spec.role != .worker {
                let name = definition.naming.componentName(spec.role, of: scene)
                if names[name] == nil { names[name] = (spec.role, scene.name) }
            }
        }
        return names
    }()
    /// What the scenario's pattern means: its rules, scopes and how its cycle runs.
    let definition: PatternDefinition

    func check() {
        registerRecords()
        let enums = Dictionary(draft.enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        expressions = ExpressionChecker(diagnostics: diagnostics, recordType: { [records] in records[$0] },
                                        enumType: { enums[$0] })
        expressions.flaggedRead = { [unowned self] name, location in self.flaggedRead(name, at: location) }
        checkDeclaredTypes()
        checkEntityCycles()
        checkStart()
        if definition.flow.store != .appState, let field = draft.appState.first {
            let owners = Pattern.all.filter { $0.definition.flow.store == .appState }.map { "'\($0.rawValue)'" }
            diagnostics.error("'appState' belongs to the \(owners.joined(separator: " and ")) pattern; this scenario uses '\(pattern.rawValue)'",
                              at: field.location, id: "scenario/misplaced-key")
        }
        for worker in draft.sharedWorkers {
            checkName(of: worker)
            for op in worker.operations { check(op, of: worker) }
        }
        for scene in draft.scenes { check(scene) }
        checkTabBars()
        checkStory()
        checkReachability()
        checkCallBacks()
        checkFindings()
    }

    /// A use case that answers a call back (`delegate:`) that no step makes never runs that way.
    private func checkCallBacks() {
        var called = Set<String>()
        for scene in draft.scenes {
            for useCase in scene.useCases {
                var steps = useCase.interactor + (useCase.event ?? [])
                for output in useCase.outputs {
                    steps += output.view
                    if case .steps(let presenter) = output.presenter { steps += presenter }
                }
                for step in steps.flatMap(\.flattened) { if case .delegate(let method, _) = step.kind { called.insert(method.value) } }
            }
        }
        for scene in draft.scenes {
            for useCase in scene.useCases {
                guard let method = useCase.delegate, !called.contains(method.value) else { continue }
                diagnostics.warning("no step calls '\(method.value)' back, so 'delegate:' of '\(scene.name).\(useCase.name)' has no effect",
                                    at: method.location,
                                    notes: [Diagnostic.Note("call it from the scene '\(scene.name)' shows: '- delegate: \(method.value)'")], id: "scenario/no-effect")
            }
        }
    }

    /// Each finding is taken back by the first acceptance that names its rule within its scope, or warned about with
    /// the rule's id; an acceptance that takes back nothing is a warning of its own.
    private func checkFindings() {
        findings.sort { $0.location < $1.location }
        var used = Set<Int>()
        for index in findings.indices {
            let finding = findings[index]
            if let at = draft.acceptances.firstIndex(where: { $0.accepts(finding) }) {
                findings[index].accepted = draft.acceptances[at]
                used.insert(at)
                continue
            }
            diagnostics.warning(finding.message, at: finding.location,
                                notes: [Diagnostic.Note("rule \(finding.rule): \(finding.ruleText)"), Diagnostic.Note(finding.fix),
                                        Diagnostic.Note("if the app does this on purpose, say so on the step: 'accept: { rule: \(finding.rule), reason: … }'")],
                                id: finding.rule)
        }
        let known = rules.ruleIDs
        for (index, acceptance) in draft.acceptances.enumerated() where !used.contains(index) {
            if !known.contains(acceptance.rule) {
                diagnostics.unknown("'\(acceptance.rule)' is no rule of \(pattern.rawValue), so this acceptance takes back nothing",
                                    name: acceptance.rule, candidates: known, at: acceptance.location,
                                    extraNotes: [Diagnostic.Note("a finding names its rule after its message, in brackets")],
                                    severity: .warning, id: "accept/unknown-rule")
            } else {
                diagnostics.warning("nothing in \(acceptance.scopeDescription) breaks \(acceptance.rule), so this acceptance takes back nothing",
                                    at: acceptance.location, notes: [Diagnostic.Note("remove it: the scenario keeps the rule")],
                                    id: "accept/unused")
            }
        }
    }

    // MARK: - Types

    private func registerRecords() {
        for entity in draft.entities { records[entity.name] = entity }
        for worker in draft.sharedWorkers {
            let state = TypeNames.workerState(worker: worker.name)
            records[state] = RecordType(name: state, fields: worker.state, location: worker.location)
            for op in worker.operations {
                let name = TypeNames.workerInput(worker: worker.name, operation: op.name)
                records[name] = RecordType(name: name, fields: op.input, location: op.location)
            }
        }
        for record in draft.resultRecords { records[record.name] = record }
        records[TypeNames.appState] = RecordType(name: TypeNames.appState, fields: draft.appState,
                                                 location: draft.rootLocation)
        records[TypeNames.workerError] = RecordType(
            name: TypeNames.workerError,
            fields: [FieldDecl(name: "error", type: .string, location: draft.rootLocation)],
            location: draft.rootLocation)
        for scene in draft.scenes {
            records[TypeNames.dataStore(scene: scene.name)] = RecordType(
                name: TypeNames.dataStore(scene: scene.name), fields: scene.dataStore, location: scene.location)
            records[TypeNames.viewState(scene: scene.name)] = RecordType(
                name: TypeNames.viewState(scene: scene.name), fields: scene.view.state, location: scene.location)
            for worker in scene.workers {
                for op in worker.operations {
                    let name = TypeNames.workerInput(worker: worker.name, operation: op.name)
                    records[name] = RecordType(name: name, fields: op.input, location: op.location)
                }
            }
            for route in scene.routes {
                let name = TypeNames.routeInput(scene: scene.name, route: route.name)
                records[name] = RecordType(name: name, fields: route.input, location: route.location)
            }
        }
        for record in RecordType.messages(of: draft.scenes) { records[record.name] = record }
    }

    /// Every `.named` type in a declaration must be an entity (or a worker's result record).
    private func checkDeclaredTypes() {
        var fieldLists: [[FieldDecl]] = draft.entities.map(\.fields) + draft.resultRecords.map(\.fields) + [draft.appState]
        for worker in draft.sharedWorkers {
            fieldLists.append(worker.state)
            for op in worker.operations {
                fieldLists.append(op.input)
                if let output = op.output, !draft.resultRecords.contains(where: { .named($0.name) == output }) {
                    checkType(output, at: op.location, what: "the output of '\(worker.name).\(op.name)'")
                }
            }
        }
        for scene in draft.scenes {
            fieldLists.append(scene.dataStore)
            fieldLists.append(scene.view.state)
            fieldLists += scene.routes.map(\.input)
            for worker in scene.workers {
                for op in worker.operations {
                    fieldLists.append(op.input)
                    if let output = op.output, !draft.resultRecords.contains(where: { .named($0.name) == output }) {
                        checkType(output, at: op.location, what: "the output of '\(worker.name).\(op.name)'")
                    }
                }
            }
            for useCase in scene.useCases {
                fieldLists.append(useCase.request)
                for output in useCase.outputs {
                    fieldLists.append(output.response)
                    fieldLists.append(output.viewModel)
                }
            }
        }
        for fields in fieldLists {
            for field in fields { checkType(field.type, at: field.typeLocation, what: "'\(field.name)'") }
        }
    }

    private func checkType(_ type: TypeRef, at location: SourceLocation, what: String) {
        switch type {
        case .optional(let inner), .list(let inner): checkType(inner, at: location, what: what)
        case .named(let name):
            guard draft.entities.contains(where: { $0.name == name }) || draft.resultRecords.contains(where: { $0.name == name })
                    || draft.enums.contains(where: { $0.name == name })
            else {
                diagnostics.unknown("unknown type '\(name)' for \(what)", name: name,
                                    candidates: draft.entities.map(\.name) + draft.enums.map(\.name) + TypeRef.builtinNames.sorted(),
                                    at: location,
                                    extraNotes: [Diagnostic.Note("declare it under 'entities:' or 'enums:', or use String, Int, Double, Bool, Date, Decimal")], id: "scenario/unknown-name")
                return
            }
        default: break
        }
    }

    /// A struct cannot contain itself (except through a list), as in Swift.
    private func checkEntityCycles() {
        func direct(_ type: TypeRef) -> String? {
            switch type {
            case .named(let n): return n
            case .optional(let inner): return direct(inner)
            default: return nil
            }
        }
        for entity in draft.entities {
            // Depth-first through fields held directly (not in lists), looking for a way back to `entity`.
            var stack: [(name: String, path: [String])] = [(entity.name, [])]
            var visited = Set<String>()
            search: while let (name, path) = stack.popLast() {
                guard visited.insert(name).inserted, let record = records[name] else { continue }
                for field in record.fields {
                    guard let next = direct(field.type) else { continue }
                    let step = path + ["\(name).\(field.name)"]
                    if next == entity.name {
                        let first = draft.entities.first { $0.name == entity.name }!.fields
                            .first { $0.name == String(step[0].split(separator: ".")[1]) }!
                        diagnostics.error("entity '\(entity.name)' contains itself through " + step.map { "'\($0)'" }.joined(separator: ", "),
                                          at: first.typeLocation,
                                          notes: [Diagnostic.Note("a struct cannot hold itself; use a list ('[\(entity.name)]')")], id: "scenario/recursive-type")
                        break search
                    }
                    stack.append((next, step))
                }
            }
        }
    }

    func checkStart() {
        guard let start = draft.start else { return }
        if !draft.scenes.contains(where: { $0.name == start.value }) {
            unknownScene(start.value, at: start.location, context: "'start' names")
        }
    }

    func unknownScene(_ name: SceneName, at location: SourceLocation, context: String) {
        diagnostics.unknown("\(context) unknown scene '\(name)'", name: name.rawValue,
                            candidates: draft.scenes.map(\.name.rawValue), at: location, id: "scenario/unknown-name")
    }

    // MARK: - Scenes

    func check(_ scene: Scene) {
        checkNames(of: scene)
        checkWithout(scene)
        if let field = scene.dataStore.first, let rule = rules.absent[.dataStore] {
            diagnostics.error("scene '\(scene.name)' declares a DataStore, which \(pattern.rawValue) does not have", at: field.location,
                              notes: [Diagnostic.Note("rule \(rule.id): \(rule.text)"), Diagnostic.Note(rule.fix)], id: "scenario/inconsistent")
        }
        // The View renders these from state; what it can see depends on the pattern.
        let viewScope = scope(for: .view, scene: scene, useCase: nil, output: nil)
        place = (scene.name, .view, nil)
        defer { place = nil }
        for show in scene.view.shows { _ = expressions.check(show.value, in: viewScope) }

        for worker in scene.workers {
            checkName(of: worker)
            if let shared = draft.sharedWorkers.first(where: { $0.name == worker.name }) {
                diagnostics.error("scene '\(scene.name)' declares worker '\(worker.name)', which the app already shares",
                                  at: worker.location,
                                  notes: [Diagnostic.Note("the shared worker is declared here; remove one of them", at: shared.location)], id: "scenario/inconsistent")
            }
            for op in worker.operations { check(op, of: worker) }
        }
        for route in scene.routes { check(route, in: scene) }
        for useCase in scene.useCases { check(useCase, in: scene) }
    }

    /// A scene's parts as the app names them (`names:`): two parts of one scene cannot share a name — a trace and
    /// a diagram would not tell them apart (a worker named like a part is said where the worker is declared).
    /// `without: [router]` where nothing would wire the router anyway (a Clean Swift scene without routes) has no
    /// effect.
    func checkWithout(_ scene: Scene) {
        guard scene.without.contains(.router) else { return }
        let wired = definition.wiring.links.contains { link in
            (link.holder == .router || link.target == .router) && link.condition.holds(for: scene)
        }
        if !wired {
            diagnostics.warning("'without: [router]' has no effect: scene '\(scene.name)' has no routes, so \(pattern.rawValue) wires no router for it",
                                at: scene.location, notes: [Diagnostic.Note("remove 'without'")], id: "scenario/no-effect")
        }
    }

    func checkNames(of scene: Scene) {
        guard !scene.names.isEmpty else { return }
        // The View's appear method is traced where a use case runs when the scene comes on screen (or, without a load
        // method, as the scene's first lifecycle message).
        if let appear = scene.names.appear, definition.naming.loadMethod != nil, !scene.useCases.contains(where: { $0.trigger == .appear }) {
            diagnostics.warning("'appear: \(appear.value)' has no effect: no use case of '\(scene.name)' runs when it comes on screen",
                                at: appear.location, notes: [Diagnostic.Note("give a use case 'trigger: appear', or remove 'appear'")], id: "scenario/no-effect")
        }
        if let configurator = scene.names.components[.configurator],
           (draft.wiring ?? definition.wiring.style) == .setup {
            diagnostics.warning("'configurator: \(configurator.value)' has no effect: the View's setup() wires scene '\(scene.name)'",
                                at: configurator.location, notes: [Diagnostic.Note("name the View instead, or remove 'configurator'")], id: "scenario/no-effect")
        }
        var taken: [String: String] = [:]
        for role in definition.roles.map(\.role) + [.configurator] where role != .worker {
            let name = definition.naming.componentName(role, of: scene)
            if let other = taken[name], let located = scene.names.components[role] {
                diagnostics.error("the \(role.rawValue) of scene '\(scene.name)' is named '\(name)', as is its \(other)",
                                  at: located.location, notes: [Diagnostic.Note("give each part of a scene its own name")], id: "scenario/duplicate")
            } else {
                taken[name] = "\(role.rawValue)"
            }
        }
    }

    /// The names the pattern gives (`request`, `dataStore`, …) cannot be bound by `let` or `as`: an expression
    /// reads the state roots directly, and a second `request` would hide the first.
    func isReserved(_ name: String, at location: SourceLocation) -> Bool {
        guard PatternDefinition.Scopes.Name(rawValue: name) != nil else { return false }
        diagnostics.error("'\(name)' is a name the pattern gives; call the value something else", at: location, id: "scenario/invalid-name")
        return true
    }

    /// A worker named like a component reads as that component in every diagram and trace.
    func checkName(of worker: Worker) {
        guard let (role, scene) = componentNames[worker.name.rawValue] else { return }
        diagnostics.warning("worker '\(worker.name)' has the name of the \(role.rawValue) of scene '\(scene)'; diagrams and traces will show two '\(worker.name)'",
                            at: worker.location, notes: [Diagnostic.Note("name workers for the work they do, e.g. 'AuthWorker'")], id: "scenario/name-collision")
    }

    func check(_ op: WorkerOperation, of worker: Worker) {
        var scope = Scope(op.input.map { ($0.name, $0.type) },
                          explanation: worker.state.isEmpty
                            ? "a case sees the operation's inputs by name, and 'input'"
                            : "a case sees the operation's inputs by name, 'input', and the worker's 'state'")
        scope.add("input", .named(TypeNames.workerInput(worker: worker.name, operation: op.name)))
        if !worker.state.isEmpty { scope.add(StateRoot.viewState.rawValue, .named(TypeNames.workerState(worker: worker.name))) }
        for c in op.cases {
            if let condition = c.condition {
                expressions.checkCondition(condition, in: scope, what: "the 'when' condition")
            }
            var scope = scope
            for binding in c.bindings {
                let type = expressions.check(binding.value, in: scope)
                if isReserved(binding.target, at: binding.targetLocation) { continue }
                if case .type(let t) = type { scope.add(binding.target, t) } else { scope.addPoisoned(binding.target) }
            }
            if case .returns(let expr) = c.outcome {
                if let output = op.output {
                    expressions.checkAssignment(expr, to: output, in: scope, what: "the result of '\(worker.name).\(op.name)'")
                } else {
                    _ = expressions.check(expr, in: scope)
                    diagnostics.error("'\(worker.name).\(op.name)' has no 'output' type, so it cannot return a value",
                                      at: expr.location, notes: [Diagnostic.Note("declare its result type with 'output:'")], id: "scenario/inconsistent")
                }
            }
            var updated = Set<String>()
            for update in c.updates {
                guard let field = worker.state.first(where: { $0.name == update.target }) else {
                    _ = expressions.check(update.value, in: scope)
                    if worker.state.isEmpty {
                        diagnostics.error("'update' writes the worker's state, but '\(worker.name)' keeps none",
                                          at: update.targetLocation,
                                          notes: [Diagnostic.Note("declare 'state:' fields on the shared worker '\(worker.name)'")], id: "scenario/inconsistent")
                    } else {
                        diagnostics.unknown("worker '\(worker.name)' keeps no state '\(update.target)'", name: update.target,
                                            candidates: worker.state.map(\.name), at: update.targetLocation, id: "scenario/unknown-name")
                    }
                    continue
                }
                if !updated.insert(field.name).inserted {
                    diagnostics.error("'\(field.name)' is updated twice in one case", at: update.targetLocation, id: "scenario/duplicate")
                }
                expressions.checkAssignment(update.value, to: field.type, in: scope, what: "'\(worker.name).\(field.name)'")
            }
        }
        if let last = op.cases.last, op.cases.count > 1, op.cases.dropLast().contains(where: { $0.condition == nil }) {
            diagnostics.warning("a case without 'when' matches everything, so the cases after it never run",
                                at: op.cases.first { $0.condition == nil }!.location,
                                notes: [Diagnostic.Note("the last case is at line \(last.location.line)")], id: "scenario/no-effect")
        }
    }

    /// With one AppState there is no DataStore to pass into: the Router writes the AppState fields the next scene
    /// reads, from the AppState and the route's input.
    func checkPassingIntoAppState(_ route: Route, in scene: Scene) {
        var scope = Scope([("appState", .named(TypeNames.appState))],
                          explanation: "in '\(pattern.rawValue)' a route passes data by writing the AppState: it reads 'appState' and the route's 'input'")
        if !route.input.isEmpty { scope.add("input", .named(TypeNames.routeInput(scene: scene.name, route: route.name))) }
        for pass in route.pass {
            let target = pass.target.hasPrefix("appState.") ? String(pass.target.dropFirst("appState.".count)) : pass.target
            guard let field = draft.appState.first(where: { $0.name == target }) else {
                diagnostics.unknown("the AppState has no field '\(target)' to pass into", name: target,
                                    candidates: draft.appState.map(\.name), at: pass.targetLocation,
                                    extraNotes: [Diagnostic.Note("in '\(pattern.rawValue)' a route's 'pass:' writes AppState fields; declare it under 'appState:'")], id: "scenario/unknown-name")
                _ = expressions.check(pass.value, in: scope)
                continue
            }
            expressions.checkAssignment(pass.value, to: field.type, in: scope, what: "AppState field '\(field.name)'")
            fieldTargets[pass.targetLocation] = FieldRef(.appState, field.name)
        }
    }

    func check(_ route: Route, in scene: Scene) {
        if definition.flow.store == .appState {
            if let target = route.destination, !draft.scenes.contains(where: { $0.name == target.value }) {
                unknownScene(target.value, at: target.location, context: "route '\(route.name)' leads to")
                return
            }
            checkPassingIntoAppState(route, in: scene)
            return
        }
        guard let target = route.destination else {
            // Back to whichever scene is below: there is no one DataStore to pass into.
            if let first = route.pass.first {
                diagnostics.error("route '\(route.name)' goes back to whichever scene is below, so it has no DataStore to pass '\(first.target)' into",
                                  at: first.targetLocation,
                                  notes: [Diagnostic.Note("name the scene it returns to with 'to:', or tell the scene below through a 'delegate:' call")], id: "scenario/misplaced-key")
            }
            return
        }
        guard let destination = draft.scenes.first(where: { $0.name == target.value }) else {
            unknownScene(target.value, at: target.location, context: "route '\(route.name)' leads to")
            return
        }
        var scope = Scope([("source", .named(TypeNames.dataStore(scene: scene.name)))],
                          explanation: "data passing reads the source DataStore as 'source' and the route's 'input'")
        if !route.input.isEmpty { scope.add("input", .named(TypeNames.routeInput(scene: scene.name, route: route.name))) }
        for pass in route.pass {
            guard let field = destination.dataStore.first(where: { $0.name == pass.target }) else {
                diagnostics.unknown("'\(destination.name)' DataStore has no field '\(pass.target)' to pass into",
                                    name: pass.target, candidates: destination.dataStore.map(\.name),
                                    at: pass.targetLocation,
                                    extraNotes: [Diagnostic.Note(destination.dataStore.isEmpty
                                        ? "declare it under 'dataStore:' of scene '\(destination.name)'"
                                        : "fields: " + DiagnosticCollector.list(destination.dataStore.lazy.map(\.name)))], id: "scenario/unknown-name")
                _ = expressions.check(pass.value, in: scope)
                continue
            }
            let type = expressions.check(pass.value, in: scope)
            if !ExpressionChecker.isAssignable(type, to: field.type) {
                var notes = [Diagnostic.Note("'\(destination.name).\(field.name)' is declared here", at: field.location)]
                if case .type(let t) = type, t.isOptional, ExpressionChecker.isAssignable(.type(t.unwrapped), to: field.type) {
                    notes.append(Diagnostic.Note("give a default with '?? …', or declare '\(field.name)' as '\(field.type.asOptional)'"))
                }
                diagnostics.error("data passing changes type: '\(pass.value.text)' is '\(type)' but '\(destination.name).\(field.name)' is '\(field.type)'",
                                  at: pass.value.location, notes: notes, id: "scenario/type")
            }
        }
    }

    // MARK: - Use cases

    enum Role: String {
        case interactor = "the Interactor"
        case event = "the Presenter's event handling"
        case presenter = "the Presenter"
        case view = "the View"

        /// The component whose logic this is.
        var component: ComponentRole {
            switch self {
            case .interactor: .interactor
            case .event, .presenter: .presenter
            case .view: .view
            }
        }

        var stepKinds: [String] {
            switch self {
            case .interactor: ["call", "validate", "store", "respond", "let", "if", "wait", "delegate"]
            case .event: ["call", "validate", "display", "route", "let", "if", "wait", "delegate"]
            case .presenter: ["call", "display", "route", "let", "if", "wait", "delegate"]
            case .view: ["call", "show", "set", "route", "let", "if", "leave", "wait", "delegate"]
            }
        }
    }

    /// What each role sees, as the pattern defines it: Clean Swift's View sees its ViewModel, its Interactor the
    /// DataStore; SwiftUI's View holds the DataStore; AppState's Interactor and Views share `appState`.
    func scope(for role: Role, scene: Scene, useCase: UseCase?, output: Output?) -> Scope {
        let spec: PatternDefinition.Scopes.Scope
        switch role {
        case .interactor: spec = definition.scopes.interactor
        case .event: spec = definition.scopes.event
        case .presenter: spec = definition.scopes.presenter
        case .view: spec = definition.scopes.view
        }
        var scope = Scope()
        for name in spec.names {
            switch name {
            case .request:
                if let useCase { scope.add("request", .named(TypeNames.request(scene: scene.name, useCase: useCase.name))) }
            case .response:
                if let useCase, let output {
                    scope.add("response", .named(TypeNames.response(scene: scene.name, useCase: useCase, output: output.name)))
                }
            case .viewModel:
                if let useCase, let output {
                    scope.add("viewModel", .named(TypeNames.viewModel(scene: scene.name, useCase: useCase, output: output.name)))
                }
            case .dataStore: scope.add("dataStore", .named(TypeNames.dataStore(scene: scene.name)))
            case .state:
                if !scene.view.state.isEmpty { scope.add("state", .named(TypeNames.viewState(scene: scene.name))) }
            case .appState: scope.add("appState", .named(TypeNames.appState))
            }
        }
        // The View (or the Presenter) may read the DataStore as real apps do (`router?.dataStore?.item`, a VIPER
        // Presenter's paging state) where the pattern gives it none: each read is a finding of the rule it breaks.
        if role == .view || role == .presenter, !spec.names.contains(.dataStore), !scene.dataStore.isEmpty, rules.absent[.dataStore] == nil,
           rules.violation(PatternRules.Path(role.component, .dataStore)) != nil {
            scope.addFlagged("dataStore", .named(TypeNames.dataStore(scene: scene.name)))
        }
        // A refused name is reported once, by the rule that forbids what gives it (a ViewModel without a Presenter).
        for name in spec.refused where name != .viewModel || output != nil { scope.addPoisoned(name.rawValue) }
        scope.explanation = spec.explanation
        return scope
    }

    func check(_ useCase: UseCase, in scene: Scene) {
        checkEffect(of: useCase)
        // The cycle's first message, and the parts a pattern may not have.
        if let event = useCase.event, definition.flow.entry != .presenter, let first = event.first {
            checkPath(.view, .presenter, at: first.location, asking: "'event:' (the Presenter handling the View's event)")
        }
        if !definition.has(.presenter) {
            for output in useCase.outputs {
                let hasPresenter: Bool
                switch output.presenter {
                case .viewModel(let mapping): hasPresenter = !mapping.isEmpty
                case .steps(let steps): hasPresenter = !steps.isEmpty
                }
                // The View's own steps (`view:`) run after the Interactor returns: the View reacting to the state it
                // observes (SwiftUI's code after `interactor.login()`, or `.onChange`), with no Presenter between.
                if hasPresenter || !output.viewModel.isEmpty || !output.response.isEmpty {
                    checkPath(.interactor, .presenter, at: output.location, asking: "use case '\(useCase.name)'")
                }
            }
        }
        if !useCase.sends.isEmpty {
            // What the View sends is read in the View's scope, before any ViewModel exists.
            let scope = scope(for: .view, scene: scene, useCase: useCase, output: nil)
            for assignment in useCase.sends {
                guard let field = useCase.request.first(where: { $0.name == assignment.target }) else {
                    diagnostics.unknown("the Request of '\(useCase.name)' has no field '\(assignment.target)'", name: assignment.target,
                                        candidates: useCase.request.map(\.name), at: assignment.targetLocation,
                                        extraNotes: [Diagnostic.Note("declare it under 'request:'; 'sends:' fills Request fields from what the View holds")], id: "scenario/unknown-name")
                    continue
                }
                expressions.checkAssignment(assignment.value, to: field.type, in: scope, what: "Request field '\(field.name)'")
            }
        }
        if useCase.trigger.runsOnFirstShow {
            for field in useCase.request where field.initialValue == nil && !useCase.sends.contains(where: { $0.target == field.name }) {
                diagnostics.error("'\(useCase.name)' runs when the scene appears, so nobody gives its request value '\(field.name)'",
                                  at: field.location,
                                  notes: [Diagnostic.Note("give it a default ('\(field.name): \(field.type) = …') or make it optional")], id: "scenario/inconsistent")
            }
        }
        if let event = useCase.event {
            var scope = scope(for: .event, scene: scene, useCase: useCase, output: nil)
            checkSteps(event, role: .event, scene: scene, useCase: useCase, output: nil, scope: &scope)
        }
        var interactorScope = scope(for: .interactor, scene: scene, useCase: useCase, output: nil)
        checkSteps(useCase.interactor, role: .interactor, scene: scene, useCase: useCase, output: nil,
                   scope: &interactorScope)
        for output in useCase.outputs {
            var presenterScope = scope(for: .presenter, scene: scene, useCase: useCase, output: output)
            switch output.presenter {
            case .viewModel(let mapping):
                let outer = place
                place = (scene.name, .presenter, output.location)
                defer { place = outer }
                checkFields(mapping, against: output.viewModel,
                            record: TypeNames.viewModel(scene: scene.name, useCase: useCase, output: output.name),
                            scope: presenterScope, at: output.location, what: "the Presenter")
            case .steps(let steps):
                checkSteps(steps, role: .presenter, scene: scene, useCase: useCase, output: output, scope: &presenterScope)
            }
            var viewScope = scope(for: .view, scene: scene, useCase: useCase, output: useCase.handledByView ? nil : output)
            // A View that handles the action alone has its own Request in hand.
            if useCase.handledByView { viewScope.add("request", .named(TypeNames.request(scene: scene.name, useCase: useCase.name))) }
            checkSteps(output.view, role: .view, scene: scene, useCase: useCase, output: output, scope: &viewScope)
        }
    }

    /// Keys and steps that could never change a run are warnings: what a scenario says must happen, or be said
    /// not to.
    func checkEffect(of useCase: UseCase) {
        // The View's own steps run for an action it handles alone; nothing answers it.
        if useCase.handledByView { return }
        if let event = useCase.methods.event, definition.flow.entry != .presenter {
            diagnostics.warning("'methods: { event: … }' has no effect in \(pattern.rawValue): the View's action goes to the Interactor, not to a Presenter",
                                at: event.location,
                                notes: [Diagnostic.Note("name the Interactor's method with 'interactor:', or remove 'event'")], id: "scenario/no-effect")
        }
        // A Presenter written as steps shows through its own 'display:' steps: no ViewModel reaches the View, so
        // the View's steps of that answer never run.
        for output in useCase.outputs where !output.view.isEmpty {
            guard case .steps = output.presenter else { continue }
            let what = useCase.outputs.count == 1 ? "use case '\(useCase.name)'" : "output '\(output.name)' of use case '\(useCase.name)'"
            diagnostics.warning("the 'view:' steps of \(what) never run: its Presenter is written as steps, which reach the View only through 'display:'",
                                at: output.view[0].location,
                                notes: [Diagnostic.Note("move what the View does into the Presenter's steps (a 'display:' with the values shown), or give the Presenter a ViewModel mapping")], id: "scenario/no-effect")
        }
        // Outputs the logic never responds with: their Presenter and View steps never run.
        var responded = Set<String>()
        var respondsToEveryOutput = false
        for step in (useCase.interactor + (useCase.event ?? [])).flatMap(\.flattened) {
            guard case .respond(let output, _) = step.kind else { continue }
            // An unknown output is an error of its own; no warning follows from it.
            if let output, useCase.output(output.value) != nil { responded.insert(output.value) } else { respondsToEveryOutput = true }
        }
        if respondsToEveryOutput && (useCase.outputs.count == 1 || responded.isEmpty) { return }
        // Without a Presenter, the View's steps run when the Interactor returns, whatever it answered.
        if !definition.has(.presenter) { return }
        for output in useCase.outputs where !responded.contains(output.name.rawValue) {
            let hasPresenter: Bool
            switch output.presenter {
            case .viewModel(let mapping): hasPresenter = !mapping.isEmpty
            case .steps(let steps): hasPresenter = !steps.isEmpty
            }
            guard hasPresenter || !output.view.isEmpty else { continue }
            let what = useCase.outputs.count == 1 ? "use case '\(useCase.name)'" : "output '\(output.name)' of use case '\(useCase.name)'"
            diagnostics.warning("\(what) never runs its Presenter and View steps: no 'respond' sends it",
                                at: output.view.first?.location ?? output.location,
                                notes: [Diagnostic.Note(useCase.outputs.count == 1
                                    ? "add '- respond: {}' to the Interactor's steps"
                                    : "add '- respond: { … }' with 'output: \(output.name)' where the Interactor answers this way")], id: "scenario/no-effect")
        }
    }

    /// A record built field by field (a ViewModel by the Presenter, a Response by `respond`): every target must be a
    /// field, every non-optional field without default must be set.
    func checkFields(_ assignments: [Assignment], against fields: [FieldDecl], record: String, scope: Scope,
                             at location: SourceLocation, what: String) {
        // By name, once: a record of tens of thousands of fields is checked in linear time.
        let byName = Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for assignment in assignments {
            guard let field = byName[assignment.target] else {
                diagnostics.unknown("'\(record)' has no field '\(assignment.target)'", name: assignment.target,
                                    candidates: fields.map(\.name), at: assignment.targetLocation,
                                    extraNotes: [Diagnostic.Note(fields.isEmpty ? "'\(record)' declares no fields"
                                        : "fields: " + DiagnosticCollector.list(fields.map(\.name)))], id: "scenario/unknown-name")
                _ = expressions.check(assignment.value, in: scope)
                continue
            }
            expressions.checkAssignment(assignment.value, to: field.type, in: scope, what: "'\(record).\(field.name)'")
        }
        let assigned = Set(assignments.map(\.target))
        let missing = fields.filter { field in field.initialValue == nil && !assigned.contains(field.name) }
        if !missing.isEmpty {
            diagnostics.error("\(what) does not set " + DiagnosticCollector.list(missing.map { "'\($0.name)'" })
                              + " of '\(record)'", at: location,
                              notes: [Diagnostic.Note("set every non-optional field, or give it a default ('Int = 0')")], id: "scenario/missing")
        }
    }

    func checkSteps(_ steps: [Step], role: Role, scene: Scene, useCase: UseCase, output: Output?,
                            scope: inout Scope) {
        for step in steps {
            checkStep(step, role: role, scene: scene, useCase: useCase, output: output, scope: &scope)
        }
    }

    func checkStep(_ step: Step, role: Role, scene: Scene, useCase: UseCase, output: Output?,
                           scope: inout Scope) {
        let outer = place
        place = (scene.name, role.component, step.location)
        let found = findings.count
        defer {
            place = outer
            // What steps nested in this one found is within it: its `accept:` covers them.
            for index in found..<findings.count where findings[index].step != step.location {
                findings[index].enclosing.insert(step.location, at: 0)
            }
        }
        let kind = Self.keyword(step.kind)
        var brokeRule = false
        if let (receiver, asking) = target(of: step, role: role, scene: scene),
           rules.violation(PatternRules.Path(role.component, receiver)) != nil {
            let path = PatternRules.Path(role.component, receiver)
            // A part the pattern does not have, or a component sending to itself, cannot run: refused. Any other
            // path runs as the app does it, and the rule it breaks is a finding.
            if receiver == role.component {
                // A part calling its own method sends no message between parts.
                diagnostics.error("\(asking) has \(PatternRules.roleName(receiver)) call itself; a part's call to its own method is no message between parts",
                                  at: step.location,
                                  notes: [Diagnostic.Note("write that method's steps here (a YAML anchor '&name' and alias '*name' repeats them)")], id: "scenario/path")
            } else if rules.absent[receiver] != nil || rules.absent[role.component] != nil {
                checkPath(role.component, receiver, at: step.location, asking: asking)
            } else {
                finding(path, at: step.location, asking: asking, scene: scene)
            }
            brokeRule = true
        }
        guard role.stepKinds.contains(kind) || brokeRule else {
            diagnostics.error("'\(kind)' is not a step of \(role.rawValue)", at: step.location,
                              notes: [Diagnostic.Note("\(role.rawValue) takes: " + role.stepKinds.joined(separator: ", "))], id: "scenario/misplaced-key")
            return
        }
        switch step.kind {
        case .call(let call):
            checkCall(call, role: role, scene: scene, useCase: useCase, output: output, scope: &scope)
        case .validate(let condition, let otherwise):
            expressions.checkCondition(condition, in: scope, what: "the 'validate' condition")
            var inner = scope
            checkSteps(otherwise, role: role, scene: scene, useCase: useCase, output: output, scope: &inner)
        case .store(let assignments):
            checkStore(assignments, role: role, scene: scene, scope: scope)
        case .respond(let outputName, let fields):
            let target: Output?
            if let outputName {
                target = useCase.output(outputName.value)
                if target == nil {
                    diagnostics.unknown("use case '\(useCase.name)' has no output '\(outputName.value)'",
                                        name: outputName.value, candidates: useCase.outputs.map(\.name.rawValue),
                                        at: outputName.location, id: "scenario/unknown-name")
                }
            } else if useCase.outputs.count == 1 {
                target = useCase.outputs[0]
            } else {
                diagnostics.error("use case '\(useCase.name)' has several outputs; say which with 'output:'",
                                  at: step.location,
                                  notes: [Diagnostic.Note("outputs: " + DiagnosticCollector.list(useCase.outputs.lazy.map(\.name.rawValue)))], id: "scenario/inconsistent")
                target = nil
            }
            if let target {
                checkFields(fields, against: target.response,
                            record: TypeNames.response(scene: scene.name, useCase: useCase, output: target.name),
                            scope: scope, at: step.location, what: "'respond'")
            } else {
                for field in fields { _ = expressions.check(field.value, in: scope) }
            }
        case .bind(let assignments):
            for assignment in assignments {
                let type = expressions.check(assignment.value, in: scope)
                if isReserved(assignment.target, at: assignment.targetLocation) { continue }
                switch type {
                case .type(let t): scope.add(assignment.target, t)
                case .nilLiteral, .emptyList:
                    diagnostics.error("'let \(assignment.target)' needs a value with a type, not '\(type)'",
                                      at: assignment.value.location, id: "scenario/type")
                case .invalid: break
                }
            }
        case .conditional(let condition, let then, let otherwise):
            var thenScope = scope
            if case .binding(let name, let value) = condition.root.kind {
                // `if: let order = dataStore.orderToEdit`: the `then:` steps see `order` unwrapped.
                let type = expressions.check(value, scope).type
                if !isReserved(name, at: condition.root.location) {
                    switch type {
                    case .type(let t) where t.isOptional: thenScope.add(name, t.unwrapped)
                    case .type(let t):
                        diagnostics.warning("'\(value.startLocation == condition.location ? condition.text : name)' is never nil ('\(t)'), so 'if let' always runs 'then'",
                                            at: value.startLocation, notes: [Diagnostic.Note("use 'let:' to name the value")], id: "scenario/no-effect")
                        thenScope.add(name, t)
                    case .nilLiteral:
                        diagnostics.error("'let \(name) = nil' never has a value", at: value.startLocation, id: "scenario/inconsistent")
                        thenScope.addPoisoned(name)
                    default: thenScope.addPoisoned(name)
                    }
                }
            } else {
                expressions.checkCondition(condition, in: scope, what: "the 'if' condition")
            }
            checkSteps(then, role: role, scene: scene, useCase: useCase, output: output, scope: &thenScope)
            var elseScope = scope
            checkSteps(otherwise, role: role, scene: scene, useCase: useCase, output: output, scope: &elseScope)
        case .show(let labels):
            for label in labels { _ = expressions.check(label.value, in: scope) }
        case .set(let assignments):
            checkSet(assignments, scene: scene, scope: scope)
        case .route(let name, let condition, let arguments):
            if let route = scene.route(name.value.rawValue) {
                checkArguments(arguments, against: route.input, callee: "route '\(route.name)'", at: name.location,
                               scope: scope)
            } else {
                for argument in arguments { _ = expressions.check(argument.value, in: scope) }
                diagnostics.unknown("scene '\(scene.name)' has no route '\(name.value)'", name: name.value.rawValue,
                                    candidates: scene.routes.map(\.name.rawValue), at: name.location,
                                    extraNotes: scene.routes.isEmpty
                                        ? [Diagnostic.Note("declare it under 'routes:' of scene '\(scene.name)'")] : [], id: "scenario/unknown-name")
            }
            if let condition { expressions.checkCondition(condition, in: scope, what: "the 'when' condition") }
        case .display(_, let values):
            for value in values { _ = expressions.check(value.value, in: scope) }
        case .wait:
            break
        case .delegate(let method, let arguments):
            checkDelegateCall(method, arguments: arguments, role: role, scene: scene, at: step.location, scope: scope)
        case .leave:
            // Where the Router navigates, a View leaving its screen by itself breaks the pattern's rule.
            if let rule = rules.navigation {
                findings.append(RuleFinding(rule: rule, message: "'leave' has the View leave its screen itself, which \(pattern.rawValue) does not allow",
                                            at: step.location, scene: scene.name, path: PatternRules.Path(.view, .view)))
            }
        }
    }

    var rules: PatternRules { definition.rules }

    /// A step sending along a path the pattern does not allow: it runs, and the rule it breaks is a finding — a
    /// warning with the rule's id, unless an `accept:` takes it back (resolved once every step is read).
    func finding(_ path: PatternRules.Path, at location: SourceLocation, asking: String, scene: Scene) {
        guard let rule = rules.violation(path) else { return }
        findings.append(RuleFinding(rule: rule, message: "\(asking) sends \(path), which \(pattern.rawValue) does not allow",
                                    at: location, scene: scene.name, path: path))
    }

    /// `delegate:` — a call back to the scene that showed this one. Its values are checked against the Request of the
    /// use cases that answer the method (`delegate:` on a use case); a call nothing answers is traced and starts
    /// nothing, said as a warning. Talking to another scene's part outside data passing is a finding of the rule that
    /// keeps each scene to itself.
    func checkDelegateCall(_ method: Located<String>, arguments: [Assignment], role: Role, scene: Scene, at location: SourceLocation,
                           scope: Scope) {
        let answering = draft.scenes.flatMap { other in other.useCases.filter { $0.delegate?.value == method.value }.map { (other, $0) } }
        if let (other, useCase) = answering.first {
            checkArguments(arguments, against: useCase.request, callee: "'\(other.name).\(useCase.name)' (which answers '\(method.value)')",
                           at: method.location, scope: scope)
        } else {
            for argument in arguments { _ = expressions.check(argument.value, in: scope) }
            diagnostics.warning("no use case answers '\(method.value)': the call back is traced and starts nothing", at: method.location,
                                notes: [Diagnostic.Note("give the use case of the scene that shows '\(scene.name)' 'delegate: \(method.value)'")], id: "scenario/no-effect")
        }
        findings.append(RuleFinding(rule: PatternRules.ownScene,
                                    message: "'delegate: \(method.value)' calls back the scene that showed '\(scene.name)', outside the Router's data passing",
                                    at: location, scene: scene.name, path: PatternRules.Path(role.component, .view)))
    }

    /// The scene and step being checked, for findings made inside expressions.
    private var place: (scene: SceneName, role: ComponentRole, step: SourceLocation?)?

    /// A read of a name the pattern does not give this place (the View's `dataStore`): one finding per step.
    func flaggedRead(_ name: String, at location: SourceLocation) {
        guard let place else { return }
        let path = PatternRules.Path(place.role, .dataStore)
        guard let rule = rules.violation(path) else { return }
        let step = place.step ?? location
        if findings.contains(where: { $0.step == step && $0.rule == rule.id && $0.path == nil }) { return }
        findings.append(RuleFinding(rule: rule, message: "the \(PatternRules.roleName(place.role)) reads '\(name)', which \(pattern.rawValue) does not allow",
                                    at: location, step: step, scene: place.scene, path: nil))
    }

    /// Reports a message path the pattern does not allow and cannot run, citing its rule.
    func checkPath(_ from: ComponentRole, _ to: ComponentRole, at location: SourceLocation, asking: String) {
        let path = PatternRules.Path(from, to)
        guard let rule = rules.violation(path) else { return }
        diagnostics.error("\(asking) sends \(path), which \(pattern.rawValue) does not allow", at: location,
                          notes: [Diagnostic.Note("rule \(rule.id): \(rule.text)"), Diagnostic.Note(rule.fix)], id: "scenario/path")
    }

    /// The receiver a step sends to, when it sends a message.
    func target(of step: Step, role: Role, scene: Scene) -> (ComponentRole, String)? {
        switch step.kind {
        case .call(let call):
            // A scene's worker, or one the app shares: either way a worker, whose callers the rules name.
            if scene.worker(call.receiver.value) != nil || draft.sharedWorkers.contains(where: { $0.name.rawValue == call.receiver.value }) {
                return (.worker, "'call: \(call.receiver.value).\(call.method.value)'")
            }
            let roles: [String: ComponentRole] = ["Interactor": .interactor, "Presenter": .presenter, "View": .view, "Router": .router]
            return roles[call.receiver.value].map { ($0, "'call: \(call.receiver.value).\(call.method.value)'") }
        case .respond: return (.presenter, "'respond'")
        case .store: return (definition.flow.store, "'store'")
        case .set(let assignments):
            let writesDataStore = assignments.contains { a in
                let name = a.target.hasPrefix("dataStore.") ? String(a.target.dropFirst(10)) : a.target
                return !scene.view.state.contains { $0.name == name } && scene.dataStore.contains { $0.name == name }
            }
            return writesDataStore ? (.dataStore, "'set'") : nil
        case .route: return (.router, "'route'")
        case .display: return (.view, "'display'")
        default: return nil
        }
    }

    static func keyword(_ kind: Step.Kind) -> String {
        switch kind {
        case .call: "call"
        case .validate: "validate"
        case .store: "store"
        case .respond: "respond"
        case .bind: "let"
        case .conditional: "if"
        case .show: "show"
        case .set: "set"
        case .route: "route"
        case .display: "display"
        case .leave: "leave"
        case .wait: "wait"
        case .delegate: "delegate"
        }
    }

    /// The component roles a `call:` may name besides the scene's workers.
    static let componentRoles: [String: ComponentRole] = ["Interactor": .interactor, "Presenter": .presenter, "View": .view,
                                                          "Router": .router]

    func checkCall(_ call: Call, role: Role, scene: Scene, useCase: UseCase, output: Output?,
                           scope: inout Scope) {
        // Whatever happens below, the bound name exists from here on.
        if let binding = call.binding { scope.addPoisoned(binding.value) }
        if call.receiver.value.isEmpty { return }
        if let worker = scene.worker(call.receiver.value) ?? draft.sharedWorkers.first(where: { $0.name.rawValue == call.receiver.value }) {
            let shared = scene.worker(call.receiver.value) == nil
            guard let op = worker.operation(call.method.value) else {
                for argument in call.arguments { _ = expressions.check(argument.value, in: scope) }
                diagnostics.unknown("worker '\(worker.name)' has no operation '\(call.method.value)'",
                                    name: call.method.value, candidates: worker.operations.map(\.name.rawValue),
                                    at: call.method.location, id: "scenario/unknown-name")
                return
            }
            checkArguments(call.arguments, against: op.input, callee: "'\(worker.name).\(op.name)'",
                           at: call.method.location, scope: scope)
            callTargets[call.receiver.location] = shared ? .sharedWorker(worker.name, op.name) : .worker(worker.name, op.name)
            var errorScope = scope
            if let binding = call.binding, !isReserved(binding.value, at: binding.location) {
                if let output = op.output {
                    scope.add(binding.value, output)
                } else {
                    diagnostics.error("'\(worker.name).\(op.name)' returns nothing, so 'as: \(binding.value)' has nothing to name",
                                      at: binding.location,
                                      notes: [Diagnostic.Note("declare its result type with 'output:', or remove 'as'")], id: "scenario/inconsistent")
                }
                errorScope.add(binding.value, .named(TypeNames.workerError))
            }
            if let onError = call.onError {
                errorScope.add("error", .string)
                checkSteps(onError, role: role, scene: scene, useCase: useCase, output: output, scope: &errorScope)
            }
            return
        }
        if Self.componentRoles[call.receiver.value] != nil {
            if let binding = call.binding {
                diagnostics.error("a call to \(call.receiver.value) returns nothing; remove 'as: \(binding.value)'",
                                  at: binding.location, id: "scenario/inconsistent")
            }
            if call.receiver.value == "Interactor" {
                guard let target = interactorUseCase(call.method.value, in: scene) else {
                    diagnostics.unknown("the Interactor of '\(scene.name)' has no method '\(call.method.value)'",
                                        name: call.method.value,
                                        candidates: scene.useCases.map { interactorMethodName($0) },
                                        at: call.method.location, id: "scenario/unknown-name")
                    return
                }
                checkArguments(call.arguments, against: target.request, callee: "'Interactor.\(call.method.value)'",
                               at: call.method.location, scope: scope)
                callTargets[call.receiver.location] = .useCase(target.name)
            } else {
                for argument in call.arguments { _ = expressions.check(argument.value, in: scope) }
                callTargets[call.receiver.location] = .component(Self.componentRoles[call.receiver.value]!)
            }
            return
        }
        // A component of another scene, by its type's name (`HomeInteractor`)?
        for other in draft.scenes where other.name != scene.name {
            for componentRole in [ComponentRole.view, .interactor, .presenter, .router, .dataStore]
            where definition.naming.componentName(componentRole, of: other) == call.receiver.value {
                let rule = PatternRules.ownScene
                diagnostics.error("'call: \(call.receiver.value).\(call.method.value)' reaches into scene '\(other.name)'",
                                  at: call.receiver.location,
                                  notes: [Diagnostic.Note("rule \(rule.id): \(rule.text)"), Diagnostic.Note(rule.fix)], id: "scenario/path")
                return
            }
        }
        diagnostics.unknown("scene '\(scene.name)' has no worker '\(call.receiver.value)'", name: call.receiver.value,
                            candidates: scene.workers.map(\.name.rawValue) + draft.sharedWorkers.map(\.name.rawValue)
                                + Self.componentRoles.keys.sorted(),
                            at: call.receiver.location,
                            extraNotes: [Diagnostic.Note(scene.workers.isEmpty
                                ? "declare it under 'workers:' of scene '\(scene.name)'"
                                : "workers: " + DiagnosticCollector.list(scene.workers.lazy.map(\.name.rawValue)))], id: "scenario/unknown-name")
    }

    /// The Interactor method of a use case, without its labels: `login` for `Login`, or the `methods.interactor` name.
    func interactorMethodName(_ useCase: UseCase) -> String {
        PatternNaming.baseName(definition.naming.interactorMethod(useCase))
    }

    /// The use case whose Interactor method `call: Interactor.<name>` names: by method or by use case name.
    func interactorUseCase(_ name: String, in scene: Scene) -> UseCase? {
        scene.useCases.first { interactorMethodName($0) == name || $0.name.rawValue == name }
    }

    func checkArguments(_ arguments: [Assignment], against input: [FieldDecl], callee: String,
                                at location: SourceLocation, scope: Scope) {
        checkArguments(arguments.map { Call.Argument(label: $0.target, at: $0.targetLocation, value: $0.value) },
                       against: input, callee: callee, at: location, scope: scope)
    }

    func checkArguments(_ arguments: [Call.Argument], against input: [FieldDecl], callee: String,
                                at location: SourceLocation, scope: Scope) {
        var given = Set<String>()
        for argument in arguments {
            guard given.insert(argument.label).inserted else {
                diagnostics.error("argument '\(argument.label)' is given twice", at: argument.labelLocation, id: "scenario/duplicate")
                continue
            }
            guard let field = input.first(where: { $0.name == argument.label }) else {
                diagnostics.unknown("\(callee) has no input '\(argument.label)'", name: argument.label,
                                    candidates: input.map(\.name), at: argument.labelLocation,
                                    extraNotes: [Diagnostic.Note(input.isEmpty ? "it takes no inputs"
                                        : "inputs: " + input.map { "\($0.name): \($0.type)" }.joined(separator: ", "))], id: "scenario/unknown-name")
                _ = expressions.check(argument.value, in: scope)
                continue
            }
            expressions.checkAssignment(argument.value, to: field.type, in: scope, what: "input '\(field.name)'")
        }
        let missing = input.filter { $0.initialValue == nil && !given.contains($0.name) }
        if !missing.isEmpty {
            diagnostics.error("\(callee) needs " + missing.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "),
                              at: location, id: "scenario/missing")
        }
    }

    /// `store:` writes where the pattern keeps state: the DataStore (Clean Swift, VIPER) or the one AppState;
    /// never both, never the View's.
    func checkStore(_ assignments: [Assignment], role: Role, scene: Scene, scope: Scope) {
        let store = definition.flow.store
        // By name, once: a store of tens of thousands of fields is checked in linear time.
        let storeFields = store == .appState ? draft.appState : scene.dataStore
        let byName = Dictionary(storeFields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for assignment in assignments {
            var target = assignment.target
            let fields: [FieldDecl]
            let owner: String
            if rules.absent[store] != nil {
                // Reported once for the step by the pattern's rules.
                _ = expressions.check(assignment.value, in: scope)
                continue
            } else if store == .appState {
                if target.hasPrefix("appState.") { target.removeFirst("appState.".count) }
                fields = draft.appState
                owner = "AppState"
            } else {
                if target.hasPrefix("dataStore.") { target.removeFirst("dataStore.".count) }
                fields = scene.dataStore
                owner = "'\(scene.name)' DataStore"
            }
            guard let field = byName[target] else {
                diagnostics.unknown("\(owner) has no field '\(target)'", name: target, candidates: fields.lazy.map(\.name),
                                    at: assignment.targetLocation,
                                    extraNotes: [Diagnostic.Note(fields.isEmpty ? "declare the field under '\(store == .appState ? "appState" : "dataStore"):'"
                                        : "fields: " + DiagnosticCollector.list(fields.lazy.map(\.name)))], id: "scenario/unknown-name")
                _ = expressions.check(assignment.value, in: scope)
                continue
            }
            fieldTargets[assignment.targetLocation] = FieldRef(store == .appState ? .appState : .dataStore, target)
            expressions.checkAssignment(assignment.value, to: field.type, in: scope, what: "'\(field.name)'")
        }
    }

    /// `set:` writes the View's own state, and in 'swiftui' the DataStore the View holds.
    func checkSet(_ assignments: [Assignment], scene: Scene, scope: Scope) {
        for assignment in assignments {
            var target = assignment.target
            // `state.x` is the View's own; `dataStore.x` the DataStore it holds; a bare name the View's own first.
            var fields: [(FieldRef.Holder, FieldDecl)] = scene.view.state.map { (.viewState, $0) }
            if definition.flow.viewWritesDataStore {
                if target.hasPrefix("dataStore.") {
                    target.removeFirst("dataStore.".count)
                    fields = []
                }
                fields += scene.dataStore.map { (.dataStore, $0) }
            }
            if target.hasPrefix("state.") {
                target.removeFirst("state.".count)
                fields = fields.filter { $0.0 == .viewState }
            }
            if let (holder, field) = fields.first(where: { $0.1.name == target }) {
                fieldTargets[assignment.targetLocation] = FieldRef(holder, field.name)
            }
            guard let field = fields.first(where: { $0.1.name == target })?.1 else {
                // A DataStore field the pattern does not let the View write: the step is a finding of the rule about
                // who writes the DataStore, and writes it as the app does.
                let stored = target.hasPrefix("dataStore.") ? String(target.dropFirst("dataStore.".count)) : target
                if let field = scene.dataStore.first(where: { $0.name == stored }) {
                    fieldTargets[assignment.targetLocation] = FieldRef(.dataStore, field.name)
                    expressions.checkAssignment(assignment.value, to: field.type, in: scope, what: "'\(field.name)'")
                    continue
                }
                let hint = definition.flow.viewWritesDataStore
                    ? "'set' writes the View's 'state' or the DataStore the View holds"
                    : "'set' writes the View's own state: declare it under 'view: { state: … }' of scene '\(scene.name)'"
                diagnostics.unknown("the View of '\(scene.name)' has no field '\(target)'", name: target,
                                    candidates: fields.map(\.1.name), at: assignment.targetLocation,
                                    extraNotes: [Diagnostic.Note(hint)], id: "scenario/unknown-name")
                _ = expressions.check(assignment.value, in: scope)
                continue
            }
            expressions.checkAssignment(assignment.value, to: field.type, in: scope, what: "'\(field.name)'")
        }
    }
}
