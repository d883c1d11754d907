import ScenarioSpec

extension TranslationWork {
    /// `viewModel.field` replaced by the Presenter's expression for it (over `response`).
    static func inliningViewModel(_ output: Output, mapping: [Assignment]) -> (ExprNode) -> ExprNode? {
        { node in
            guard let name = node.field(of: "viewModel") else { return nil }
            if let assignment = mapping.first(where: { $0.target == name }) { return assignment.value.root }
            let initial = output.viewModel.first { $0.name == name }?.initialValue ?? .null
            return ExprNode(.literal(initial), at: node.location)
        }
    }

    // MARK: - Plain VIP → VIPER

    /// VIPER's Presenter, not the View, asks the WireFrame to navigate: a ViewModel whose View routes becomes the
    /// Presenter's steps, a `display:` of the values the View showed and the routes, with the ViewModel's fields
    /// read from the Response directly.
    mutating func toPresenterEntry() {
        segueEvents()
        for (s, u) in useCaseIndices {
            var useCase = scenario.scenes[s].useCases[u]
            let key = "\(scenario.scenes[s].name).\(useCase.name)"
            for o in useCase.outputs.indices {
                let output = useCase.outputs[o]
                guard case .viewModel(let mapping) = output.presenter,
                      output.view.flatMap(\.flattened).contains(where: { if case .route = $0.kind { true } else { false } })
                else { continue }
                let inline = Self.inliningViewModel(output, mapping: mapping)
                let method = "display" + output.name.rawValue.capitalizedFirst
                var failed = false
                func convert(_ steps: [Step]) -> [Step] {
                    steps.compactMap { step in
                        switch step.kind {
                        case .show(let values):
                            let labels = values.map { $0.target + ":" }.joined()
                            return Step(.display(method: Located(method + "(" + labels + ")", at: step.location),
                                                 values: values.map { $0.rewritten(inline) }), at: step.location)
                        case .route, .bind: return step.rewritten(inline)
                        case .conditional(let condition, let then, let otherwise):
                            return Step(.conditional(condition.rewritten(inline), then: convert(then), otherwise: convert(otherwise)), at: step.location)
                        default:
                            failed = true
                            return nil
                        }
                    }
                }
                let steps = convert(output.view)
                if failed {
                    refuse("\(key): the View's display logic writes state or calls a component; VIPER's Presenter only tells the View what to show and the WireFrame where to go")
                    continue
                }
                useCase.outputs[o].presenter = .steps(steps)
                useCase.outputs[o].viewModel = []
                useCase.outputs[o].view = []
                useCase.outputs[o].methods.view = nil
                note(key, "VIPER: the Presenter tells the View what to show and asks the WireFrame to navigate; the View only reports events.")
            }
            scenario.scenes[s].useCases[u] = useCase
        }
    }

    /// A segue the View fired straight at its Router (a story's `route:` step) is, in VIPER, an event the View
    /// reports and the Presenter turns into the WireFrame's navigation: one use case per such route.
    mutating func segueEvents() {
        var made: Set<String> = []
        for index in scenario.story.indices {
            guard case .route(let scene, let route, let input) = scenario.story[index].action,
                  let s = scenario.scenes.firstIndex(where: { $0.name == scene.value }),
                  let declared = scenario.scenes[s].route(route.value.rawValue) else { continue }
            var name = route.value.rawValue.capitalizedFirst
            if !made.contains("\(scene.value).\(name)") {
                while scenario.scenes[s].useCase(name) != nil { name += "Event" }
                let location = declared.location
                let arguments = declared.input.map { Assignment.reading("request", $0.name, at: location) }
                scenario.scenes[s].useCases.append(UseCase(
                    name: UseCaseName(name), location: location, trigger: .action, request: declared.input,
                    event: [Step(.route(route, condition: nil, arguments: arguments), at: location)], interactor: [],
                    outputs: [Output(name: OutputName(name), location: location, response: [], presenter: .viewModel([]),
                                     viewModel: [], view: [], methods: MethodNames())],
                    methods: MethodNames()))
                made.insert("\(scene.value).\(name)")
                note("\(scene.value).\(name)", "VIPER: the View reports the segue to '\(route.value)' as an event; the Presenter asks the WireFrame to navigate.")
            }
            scenario.story[index].action = .perform(scene: scene, useCase: Located(UseCaseName(name), at: route.location), request: input)
            scenario.story[index].performs = UseCaseRef(scene: scene.value, useCase: UseCaseName(name))
        }
    }

    // MARK: - Plain VIP → SwiftUI VIP

    /// SwiftUI VIP's View holds the DataStore: what the Interactor stored travels in the Response and the ViewModel
    /// (`stored<Field>`), and the View's display logic writes it, when the answer brings it, before anything else.
    mutating func toViewOwnedDataStore() {
        for (s, u) in useCaseIndices {
            var useCase = scenario.scenes[s].useCases[u]
            let scene = scenario.scenes[s]
            let key = "\(scene.name).\(useCase.name)"
            // A View that stored into the DataStore (a finding where the Interactor owns it) sets it here, where
            // the View holds it.
            for o in useCase.outputs.indices {
                useCase.outputs[o].view = useCase.outputs[o].view.replacingSteps { step in
                    guard case .store(let list) = step.kind else { return [step] }
                    note(key, "the View's 'store' of " + list.map(\.writtenField).joined(separator: ", ") + " is a 'set' here: SwiftUI VIP's View holds the DataStore.")
                    return [Step(.set(list.map(\.writingDataStore)), at: step.location)]
                }
            }
            moveComputedStoresToView(&useCase, key: key)
            var carried: [String: Set<String>] = [:]  // output → fields
            var pending: [String: Bool] = [:]  // field → delivered
            var sent: [String: String] = [:]  // DataStore field → Request field the View fills with it
            var failed = false, placeholder = false
            // The Interactor's reads of the DataStore: what it stored itself in this cycle is its own local; the rest
            // the View sends in the Request.
            func reads(_ node: ExprNode) -> ExprNode? {
                guard let field = node.field(of: .dataStore) else { return nil }
                if pending[field] != nil { return ExprNode(.identifier(Self.local(field)), at: node.location) }
                if sent[field] == nil {
                    var name = field
                    while useCase.request.contains(where: { $0.name == name }) || sent.values.contains(name) { name = "current" + name.capitalizedFirst }
                    sent[field] = name
                }
                return ExprNode.member("request", sent[field]!, at: node.location)
            }
            func walk(_ steps: [Step]) -> [Step] {
                var out: [Step] = []
                for original in steps {
                    let step = original.rewritingOwnExpressions(reads)
                    switch step.kind {
                    case .store(let list):
                        // A value still to fill has no type for the local the View is handed.
                        if list.contains(where: { if case .todo = $0.value.root.kind { true } else { false } }) { placeholder = true }
                        out.append(Step(.bind(list.map { Assignment(target: Self.local($0.writtenField), at: $0.targetLocation, value: $0.value) }),
                                        at: step.location))
                        for assignment in list { pending[assignment.writtenField] = false }
                    case .respond(let name, let fields):
                        let output = name?.value ?? useCase.outputs.first?.name.rawValue ?? useCase.name.rawValue
                        let extra = pending.keys.sorted().map {
                            Assignment(target: Self.stored($0), at: step.location, value: Expr(ExprNode(.identifier(Self.local($0)), at: step.location)))
                        }
                        for field in pending.keys { pending[field] = true }
                        if !pending.isEmpty { carried[output, default: []].formUnion(pending.keys) }
                        out.append(Step(.respond(output: name, fields: fields + extra), at: step.location))
                    case .call(var call):
                        let before = pending
                        call.onError = call.onError.map(walk)
                        pending = before
                        out.append(Step(.call(call), at: step.location))
                    case .validate(let condition, let otherwise):
                        let before = pending
                        let branch = walk(otherwise)
                        pending = before
                        out.append(Step(.validate(condition, otherwise: branch), at: step.location))
                    case .conditional(let condition, let then, let otherwise):
                        let before = pending
                        let a = walk(then)
                        let afterThen = pending
                        pending = before
                        let b = walk(otherwise)
                        if afterThen.keys.count != before.keys.count || pending.keys.count != before.keys.count { failed = true }
                        pending = before
                        out.append(Step(.conditional(condition, then: a, otherwise: b), at: step.location))
                    default: out.append(step)
                    }
                }
                return out
            }
            let interactor = walk(useCase.interactor)
            if failed {
                refuse("\(key): the Interactor stores inside an 'if:' branch; SwiftUI VIP's View must get the value in the Response, so answer inside that branch")
                continue
            }
            if placeholder {
                refuse("\(key): the Interactor stores a value still to fill ('todo'); SwiftUI VIP's View gets it in the Response, typed: fill it first")
                continue
            }
            if pending.values.contains(false) {
                refuse("\(key): the Interactor stores after its last answer; SwiftUI VIP's View can only store what the Response brings")
                continue
            }
            useCase.interactor = interactor
            for (field, name) in sent.sorted(by: { $0.value < $1.value }) {
                guard let declared = scene.dataStore.first(where: { $0.name == field }) else { continue }
                useCase.request.append(FieldDecl(name: name, type: declared.type, location: declared.location))
                useCase.sends.append(Assignment(target: name, at: declared.location,
                                                value: Expr(ExprNode.state(.dataStore, field, at: declared.location))))
            }
            if !sent.isEmpty {
                note(key, "SwiftUI VIP: the Interactor does not hold the DataStore, so the View sends " + sent.keys.sorted().joined(separator: ", ") + " in the Request.")
            }
            guard !carried.isEmpty else {
                scenario.scenes[s].useCases[u] = useCase
                continue
            }
            for o in useCase.outputs.indices {
                let output = useCase.outputs[o]
                guard let fields = carried[output.name.rawValue], !fields.isEmpty else { continue }
                guard case .viewModel(var mapping) = output.presenter else {
                    refuse("\(key): output '\(output.name)' is presented with steps; SwiftUI VIP carries stored values in a ViewModel")
                    continue
                }
                var sets: [Step] = []
                for field in fields.sorted() {
                    guard let declared = scene.dataStore.first(where: { $0.name == field }) else { continue }
                    let name = Self.stored(field)
                    let decl = FieldDecl(name: name, type: declared.type.asOptional, location: declared.location)
                    useCase.outputs[o].response.append(decl)
                    useCase.outputs[o].viewModel.append(decl)
                    mapping.append(.reading("response", name, at: output.location))
                    // Only an answer that brings the value writes it: `if: let newX = viewModel.storedX`.
                    let at = output.location
                    let bound = ExprNode(.binding(Self.local(field), ExprNode.member("viewModel", name, at: at)), at: at)
                    let set = Assignment(target: field, at: at, value: Expr(ExprNode(.identifier(Self.local(field)), at: at)),
                                         field: FieldRef(.dataStore, field))
                    sets.append(Step(.conditional(Expr(bound), then: [Step(.set([set]), at: at)], otherwise: []), at: at))
                }
                useCase.outputs[o].presenter = .viewModel(mapping)
                useCase.outputs[o].view.insert(contentsOf: sets, at: 0)
            }
            note(key, "SwiftUI VIP: the View holds the DataStore, so what the Interactor kept (" + carried.values.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted().joined(separator: ", ") + ") travels in the Response and ViewModel and the View stores it.")
            scenario.scenes[s].useCases[u] = useCase
        }
    }

    /// What a field of this type holds before anything is stored: `false`, `0`, `""`, `[]`, the epoch, an enum's first
    /// case, a record of such values; nil for optionals and what cannot be made (the field is then optional).
    func emptyValue(of type: TypeRef, depth: Int = 0) -> Value? {
        switch type {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .list: return .list([])
        case .date: return .date(DateValue(milliseconds: 0))
        case .decimal: return .decimal(DecimalValue(significand: 0, scale: 0))
        case .named(let name) where depth < 8:
            if let item = scenario.enumType(name), let first = item.cases.first {
                return .enumCase(EnumCaseValue(type: name, name: first.name))
            }
            guard let record = scenario.entity(name) else { return nil }
            var fields: [(String, Value)] = []
            for field in record.fields {
                guard let value = field.initialValue ?? emptyValue(of: field.type, depth: depth + 1) else { return nil }
                fields.append((field.name, value))
            }
            return .record(Record(fields))
        default: return nil
        }
    }

    /// The labels a View's display logic shows, each with the conditions it is shown under (`if:` conditions, or their
    /// negation on the `else:` side), in order.
    static func shownLabels(_ steps: [Step], under conditions: [Expr] = []) -> [(value: Assignment, conditions: [Expr])] {
        var out: [(value: Assignment, conditions: [Expr])] = []
        for step in steps {
            switch step.kind {
            case .show(let values): out += values.map { ($0, conditions) }
            case .conditional(let condition, let then, let otherwise):
                out += shownLabels(then, under: conditions + [condition])
                let negated = Expr(ExprNode(.unary(.not, condition.root), at: condition.location))
                out += shownLabels(otherwise, under: conditions + [negated])
            default: break
            }
        }
        return out
    }

    /// A `store:` computed from the DataStore alone, before any answer and not read again, is what SwiftUI VIP's
    /// View does itself (`dataStore.someInt += 1` in its display logic): it moves to the View's `set:`.
    func moveComputedStoresToView(_ useCase: inout UseCase, key: String) {
        guard useCase.outputs.count == 1 else { return }
        var index = 0
        var moved: [Assignment] = []
        while index < useCase.interactor.count {
            let step = useCase.interactor[index]
            guard case .store(let list) = step.kind else {
                index += 1
                continue
            }
            let before = useCase.interactor[..<index].flatMap(\.flattened)
            let after = useCase.interactor[(index + 1)...].flatMap(\.flattened)
            let movable = !before.contains(where: { if case .respond = $0.kind { true } else { false } }) && list.allSatisfy { assignment in
                let field = assignment.writtenField
                return Self.readsOnlyDataStore(assignment.value.root)
                    && !after.contains { Self.readsField($0, field) || Self.stores($0, field) }
            }
            guard movable else {
                index += 1
                continue
            }
            moved += list.map {
                var copy = $0
                copy.target = $0.writtenField
                copy.field = FieldRef(.dataStore, copy.target)
                return copy
            }
            useCase.interactor.remove(at: index)
        }
        guard !moved.isEmpty else { return }
        useCase.outputs[0].view.insert(Step(.set(moved), at: moved[0].targetLocation), at: 0)
        if !useCase.interactor.responds {
            useCase.interactor.append(Step(.respond(output: nil, fields: []), at: useCase.location))
        }
    }

    /// Whether an expression reads nothing but the DataStore and literals.
    static func readsOnlyDataStore(_ node: ExprNode) -> Bool {
        !node.contains { n in
            switch n.kind {
            case .identifier: true
            case .state(let root): root != .dataStore
            default: false
            }
        }
    }

    /// Whether a step (not its nested steps) reads the DataStore field `name`.
    static func readsField(_ step: Step, _ name: String) -> Bool {
        step.expressions.contains { readsField($0.root, name) }
    }

    static func local(_ field: String) -> String { "new" + field.capitalizedFirst }
    static func stored(_ field: String) -> String { "stored" + field.capitalizedFirst }

    // MARK: - Plain VIP → AppState

    /// The AppState variant has one AppState and no Presenter: every DataStore field becomes an AppState field,
    /// a route's data passing becomes the destination reading the same AppState field, and each answer is stored
    /// as the AppState fields its ViewModel had (`<scene><Field>`), which the View renders and routes on.
    mutating func toAppState() {
        // Where each scene's DataStore field lives in the AppState.
        var names: [String: String] = [:]  // "Scene.field" → AppState field
        var fields: [FieldDecl] = scenario.appState
        var storesAnswers = false  // whether an answer's values became AppState fields
        let allFields = scenario.scenes.flatMap { scene in scene.dataStore.map { (scene.name.rawValue, $0) } }
        for (scene, field) in allFields {
            let shared = allFields.filter { $0.1.name == field.name }.count > 1
            let name = shared ? scene.lowercasedFirst + field.name.capitalizedFirst : field.name
            names["\(scene).\(field.name)"] = name
            fields.append(FieldDecl(name: name, type: field.type, defaultValue: field.defaultValue, location: field.location))
        }
        // Data passing: the destination field is the source's AppState field when every route into it passes the same
        // source field; then the copy is not needed.
        var aliases: [String: String] = [:]
        var passesByTarget: [String: [(source: String, value: Assignment, route: String)]] = [:]
        for scene in scenario.scenes {
            for route in scene.routes {
                guard let destination = route.destination?.value else { continue }
                for pass in route.pass {
                    passesByTarget["\(destination).\(pass.target)", default: []].append((scene.name.rawValue, pass, "\(scene.name).\(route.name)"))
                }
            }
        }
        for (target, passes) in passesByTarget.sorted(by: { $0.key < $1.key }) {
            let sources = Set(passes.map { pass -> String in
                if let field = pass.value.value.root.field(of: "source") { return "\(pass.source).\(field)" }
                return "?" + pass.value.value.text
            })
            // `target` is `Scene.field`: the destination and the field passed into it.
            let parts = target.split(separator: ".", maxSplits: 1).map(String.init)
            let destination = scenario.scenes.first { $0.name.rawValue == parts[0] }
            let storedThere = destination?.useCases.contains { useCase in useCase.interactor.contains { Self.stores($0, parts[1]) } } ?? false
            guard sources.count == 1, let source = sources.first, !source.hasPrefix("?"), !storedThere, let sourceName = names[source] else {
                // Computed, merged or written there too: the destination keeps its own AppState field and the Router
                // writes it when it navigates.
                for pass in passes { note(pass.route, "AppState: the Router writes \(target) into the AppState field '\(names[target] ?? target)' when it navigates.") }
                continue
            }
            aliases[target] = sourceName
            for pass in passes { note(pass.route, "AppState: no data passing; \(target) reads the AppState field '\(sourceName)' directly.") }
        }
        for (target, alias) in aliases {
            if let name = names[target] { fields.removeAll { $0.name == name && name != alias } }
            names[target] = alias
        }
        for s in scenario.scenes.indices {
            let sceneName = scenario.scenes[s].name.rawValue
            for r in scenario.scenes[s].routes.indices {
                guard let destination = scenario.scenes[s].routes[r].destination?.value.rawValue else { continue }
                let fromSource: (ExprNode) -> ExprNode? = { node in
                    guard let field = node.field(of: "source"), let name = names["\(sceneName).\(field)"] else { return nil }
                    return ExprNode.state(.appState, name, at: node.location)
                }
                scenario.scenes[s].routes[r].pass = scenario.scenes[s].routes[r].pass.compactMap { pass in
                    guard aliases["\(destination).\(pass.target)"] == nil, let name = names["\(destination).\(pass.target)"] else { return nil }
                    var copy = pass.rewritten(fromSource)
                    copy.target = name
                    return copy
                }
            }
        }
        // ViewModels: each output's fields are stored when it is answered, and read by the View from the AppState.
        for s in scenario.scenes.indices {
            let scene = scenario.scenes[s]
            let sceneName = scene.name.rawValue
            let toAppState: (ExprNode) -> ExprNode? = { node in
                if let field = node.field(of: .dataStore), let name = names["\(sceneName).\(field)"] {
                    return ExprNode.state(.appState, name, at: node.location)
                }
                return nil
            }
            var shows: [Assignment] = scene.view.shows.map { $0.rewritten(toAppState) }
            // A label rendered from the stored ViewModel fields changes whenever one of them is stored. That is what the
            // VIP View showed only when every answer that carries those fields shows the label, always, the same
            // way; any other label gets its own AppState field, which an answer sets exactly where its View showed it.
            var texts: [String: Set<String>] = [:]
            var conditional: Set<String> = []
            var reads: [String: Set<String>] = [:]  // label → ViewModel fields read
            var carriers: [Set<String>] = []  // per output, its ViewModel fields
            var unconditionalLabels: [Set<String>] = []
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    carriers.append(Set(output.viewModel.map(\.name)))
                    var always: Set<String> = []
                    for shown in Self.shownLabels(output.view) {
                        texts[shown.value.target, default: []].insert(shown.value.value.root.rewritten { node in
                            node.field(of: "viewModel").map { ExprNode.state(.appState, sceneName.lowercasedFirst + $0.capitalizedFirst, at: node.location) }
                        }.written)
                        if shown.conditions.isEmpty { always.insert(shown.value.target) } else { conditional.insert(shown.value.target) }
                        _ = shown.value.value.root.contains { node in
                            if let field = node.field(of: "viewModel") { reads[shown.value.target, default: []].insert(field) }
                            return false
                        }
                    }
                    unconditionalLabels.append(always)
                }
            }
            let dedicated = Set(texts.keys.filter { label in
                if texts[label]!.count > 1 || conditional.contains(label) { return true }
                let fields = reads[label] ?? []
                // An answer carrying a field the label reads, whose View does not show the label.
                return zip(carriers, unconditionalLabels).contains { carried, always in !carried.isDisjoint(with: fields) && !always.contains(label) }
            })
            func shownField(_ label: String) -> String { sceneName.lowercasedFirst + "Shown" + label.capitalizedFirst }
            for u in scene.useCases.indices {
                var useCase = scene.useCases[u]
                let key = "\(sceneName).\(useCase.name)"
                var outputs: [String: (fields: [FieldDecl], mapping: [Assignment], output: Output)] = [:]
                var viewSteps: [Step] = []
                for output in useCase.outputs {
                    guard case .viewModel(let mapping) = output.presenter else {
                        refuse("\(key): output '\(output.name)' is presented with steps; the AppState variant has no Presenter")
                        continue
                    }
                    var stored: [FieldDecl] = []
                    for field in output.viewModel {
                        let name = sceneName.lowercasedFirst + field.name.capitalizedFirst
                        // Before the first answer the field holds its type's empty value, or nil.
                        let initial = emptyValue(of: field.type)
                        let decl = FieldDecl(name: name, type: initial == nil ? field.type.asOptional : field.type,
                                             defaultValue: initial, location: field.location)
                        if let existing = fields.first(where: { $0.name == name }) {
                            if existing.type != decl.type {
                                refuse("\(key): '\(name)' would hold both \(existing.type) and \(field.type)")
                            }
                        } else {
                            fields.append(decl)
                            storesAnswers = true
                        }
                        stored.append(decl)
                    }
                    outputs[output.name.rawValue] = (stored, mapping, output)
                    let fromAppState: (ExprNode) -> ExprNode? = { node in
                        if let field = node.field(of: "viewModel") {
                            return ExprNode.state(.appState, sceneName.lowercasedFirst + field.capitalizedFirst, at: node.location)
                        }
                        return nil
                    }
                    var failed = false
                    func convert(_ steps: [Step]) -> [Step] {
                        steps.compactMap { step in
                            switch step.kind {
                            case .show(let values):
                                for value in values {
                                    if dedicated.contains(value.target) {
                                        let name = shownField(value.target)
                                        if !shows.contains(where: { $0.target == value.target }) {
                                            shows.append(Assignment(target: value.target, at: value.targetLocation,
                                                                    value: Expr(ExprNode.state(.appState, name, at: value.targetLocation))))
                                        }
                                        var types = ExprTypes(scenario: scenario)
                                        types.roots["viewModel"] = output.viewModel
                                        if !fields.contains(where: { $0.name == name }) {
                                            if let type = types.type(value.value.root) {
                                                let initial = emptyValue(of: type)
                                                fields.append(FieldDecl(name: name, type: initial == nil ? type.asOptional : type,
                                                                        defaultValue: initial, location: value.targetLocation))
                                                storesAnswers = true
                                            } else {
                                                refuse("\(key): cannot tell the type of the label '\(value.target): \(value.value.text)' to keep it in the AppState")
                                            }
                                        }
                                        continue
                                    }
                                    let rendered = value.rewritten(fromAppState)
                                    if let other = shows.first(where: { $0.target == value.target }), other.value.text != rendered.value.text {
                                        refuse("\(key): the label '\(value.target)' is shown as both '\(other.value.text)' and '\(rendered.value.text)'; the AppState variant renders a label from one expression")
                                    } else if !shows.contains(where: { $0.target == value.target }) {
                                        shows.append(rendered)
                                    }
                                }
                                return nil
                            case .conditional(let condition, let then, let otherwise):
                                let a = convert(then), b = convert(otherwise)
                                if a.isEmpty && b.isEmpty { return nil }
                                return Step(.conditional(condition.rewritten(fromAppState), then: a, otherwise: b), at: step.location)
                            case .route, .set, .bind: return step.rewritten(fromAppState)
                            default:
                                failed = true
                                return nil
                            }
                        }
                    }
                    let steps = convert(output.view)
                    if failed { refuse("\(key): the View's display logic calls a component, which the AppState variant's View does not") }
                    if !steps.isEmpty {
                        if !viewSteps.isEmpty {
                            refuse("\(key): more than one output of this use case has display logic; the AppState variant's View reacts once, after the Interactor")
                        } else if useCase.outputs.count > 1, steps.flatMap(\.flattened).contains(where: { if case .route = $0.kind { true } else { false } }) {
                            // The View would navigate after every answer, the others too (a failed log-in opening the
                            // next screen).
                            refuse("\(key): the View navigates only after the output '\(output.name)', one of \(useCase.outputs.count); the AppState variant's View reacts once, after the Interactor, whichever answer came")
                        }
                        viewSteps = steps
                    }
                }
                // The Interactor: DataStore reads and writes go to the AppState; each answer stores its ViewModel.
                useCase.interactor = useCase.interactor.replacingSteps { step in
                    switch step.kind {
                    case .respond(let name, let given):
                        let outputName = name?.value ?? useCase.outputs.first?.name.rawValue ?? ""
                        guard let entry = outputs[outputName], !entry.fields.isEmpty else { return [] }
                        // The answer is built as a record (the Response's fields, as declared) and the ViewModel's
                        // expressions read it, so optionals and defaults mean what they meant.
                        let record = sceneName + entry.output.name.rawValue.capitalizedFirst + "Answer"
                        let binding = record.lowercasedFirst
                        if !entry.output.response.isEmpty, scenario.entity(record) == nil {
                            scenario.entities.append(RecordType(name: record, fields: entry.output.response, location: entry.output.location))
                        }
                        var steps: [Step] = []
                        if !entry.output.response.isEmpty {
                            let arguments = entry.output.response.compactMap { field -> ExprArgument? in
                                guard let value = given.first(where: { $0.target == field.name }) else { return nil }
                                return ExprArgument(label: field.name, value: value.value.root.rewritten(toAppState))
                            }
                            steps.append(Step(.bind([Assignment(target: binding, at: step.location,
                                                                value: Expr(ExprNode(.construct(record, arguments), at: step.location)))]),
                                              at: step.location))
                        }
                        // `viewModel.x` as this answer makes it: the Presenter's expression, reading the record.
                        let inline = Self.inliningViewModel(entry.output, mapping: entry.mapping)
                        let viewModel: (ExprNode) -> ExprNode? = { node in
                            inline(node)?.rewritten { if case .identifier("response") = $0.kind { ExprNode(.identifier(binding), at: $0.location) } else { nil } }
                        }
                        steps.append(Step(.store(zip(entry.output.viewModel, entry.fields).map { field, stored in
                            Assignment(target: stored.name, at: step.location,
                                       value: Expr(ExprNode.member("viewModel", field.name, at: step.location)).rewritten(viewModel),
                                       field: FieldRef(.appState, stored.name))
                        }), at: step.location))
                        // Labels with their own field: what this answer shows under them.
                        for shown in Self.shownLabels(entry.output.view) where dedicated.contains(shown.value.target) {
                            let name = shownField(shown.value.target)
                            let store = Step(.store([Assignment(target: name, at: step.location, value: shown.value.value.rewritten(viewModel),
                                                                field: FieldRef(.appState, name))]), at: step.location)
                            guard let first = shown.conditions.first else {
                                steps.append(store)
                                continue
                            }
                            // Where the View showed it only under a condition, the answer stores it under the same one.
                            let condition = shown.conditions.dropFirst().reduce(first.root) { ExprNode(.binary(.and, $0, $1.root), at: $0.location) }
                            steps.append(Step(.conditional(Expr(condition.rewritten(viewModel)), then: [store], otherwise: []), at: step.location))
                        }
                        return steps
                    case .store(let list):
                        return [Step(.store(list.map { assignment in
                            let name = names["\(sceneName).\(assignment.writtenField)"] ?? assignment.writtenField
                            var copy = assignment.rewritten(toAppState)
                            copy.target = name
                            copy.field = FieldRef(.appState, name)
                            return copy
                        }), at: step.location)]
                    default:
                        return [step.rewritingOwnExpressions(toAppState)]
                    }
                }
                useCase.outputs = [Output(name: OutputName(useCase.name.rawValue), location: useCase.location, response: [],
                                          presenter: .viewModel([]), viewModel: [], view: viewSteps, methods: MethodNames())]
                useCase.methods.event = nil
                scenario.scenes[s].useCases[u] = useCase
            }
            scenario.scenes[s].view.shows = shows
            scenario.scenes[s].dataStore = []
        }
        // Reads of DataStores in routes (none left) and in the story's expectations.
        for index in scenario.story.indices {
            guard var expect = scenario.story[index].expectations, !expect.dataStore.isEmpty else { continue }
            let onScreen = expect.scene?.value.rawValue ?? scenario.story[index].performs?.scene.rawValue
            for value in expect.dataStore {
                let path = value.value.path.contains(".") ? value.value.path : "\(onScreen ?? "").\(value.value.path)"
                guard let name = names[path] else { continue }
                if let existing = expect.appState.first(where: { $0.value.path == name }) {
                    if existing.value.value != value.value.value { refuse("story step \(index + 1): expects \(name) to be both \(existing.value.value) and \(value.value.value)") }
                    continue
                }
                expect.appState.append(Located(FieldValue(path: name, value: value.value.value), at: value.location))
            }
            expect.dataStore = []
            scenario.story[index].expectations = expect
        }
        scenario.appState = fields
        header.append("AppState: the scenes' DataStores are fields of the one AppState"
            + (storesAnswers ? ", and so is what each answer showed (<scene><Field>): the Interactor stores it and the View renders its labels from it" : "")
            + ". There is no Presenter, Response or ViewModel.")
    }
}
