import Foundation
import ScenarioSpec
import SwiftSyntax

/// Reading a Clean Swift (VIP) scene from the parts the finder found: its use cases are what the View asks of the
/// Interactor, followed through the Interactor (its workers, its DataStore, the Presenter methods it calls, in order
/// and in branches and closures) and through the Presenter (the View methods it calls), whatever the methods are
/// named; its models are the types those methods take, or their parameters when they take plain values.
extension VIPReader {
    mutating func readVIPScene(_ parts: SceneParts) -> ImportedApp.Scene {
        let found = parts.found
        let view = parts.component(.view), interactor = parts.component(.interactor)
        let presenter = parts.component(.presenter), router = parts.component(.router)
        var scene = ImportedApp.Scene(name: found.name, location: found.location,
                                      components: found.members.filter { $0.role != .configurator }.map {
                                          ImportedApp.Component(role: $0.role, typeName: $0.type.qualifiedName, location: $0.type.location)
                                      },
                                      wiring: nil, dataStore: [], workers: [], useCases: [], routes: [], references: [], calls: [])
        scene.wiring = wiring(of: found, view: view)

        // SwiftUI VIP: the View is a struct and holds the DataStore, an ObservableObject class.
        let swiftUI = view?.kind == .struct
        let dataStoreProtocols = interactor.map { index.members(of: $0).inherited.flatMap(index.expandedNames)
            .compactMap { index.protocol(named: $0) }.filter { SceneFinder.isDataStore($0.name) } } ?? []
        if swiftUI, dataStoreProtocols.isEmpty {
            if let holder = index.type(named: found.name + "DataStore") {
                scene.dataStore = storedFields(of: holder)
            } else if let interactor {
                // No DataStore of its own: the Interactor the View observes keeps the scene's state.
                scene.dataStore = stateFields(of: interactor, parts: parts, role: .interactor)
            }
        }
        for dataStore in dataStoreProtocols {
            for property in dataStore.properties where !scene.dataStore.contains(where: { $0.name == property.name }) {
                var field = field(property.name, type: property.type ?? "String", at: property.location, context: dataStore.path)
                // The value the Interactor gives it where it declares it (`var items: [Item] = []`) is its default.
                if let interactor, let stored = index.members(of: interactor).properties.first(where: { $0.name == property.name && !$0.isComputed }) {
                    field.defaultValue = defaultValue(stored, type: field.type)
                }
                scene.dataStore.append(field)
            }
        }
        if !swiftUI, let interactor {
            // Without a DataStore protocol the Interactor's state is the DataStore; with one, what else the Interactor
            // keeps (`var monumentPhotos` a use case fills and another reads) is its state too.
            for field in stateFields(of: interactor, parts: parts, role: .interactor) where !scene.dataStore.contains(where: { $0.name == field.name }) {
                scene.dataStore.append(field)
            }
        }

        // Workers: what any part holds or reaches; the operations they call.
        scene.workers = workers(of: parts)
        scene.references = references(parts)

        // Use cases: what the View (or a cell or subview of its screen) asks of the Interactor.
        let viewInteractors = parts.properties(of: .view, holding: .interactor, usual: ["interactor", "output"])
        let interactorMembers = interactor.map { index.members(of: $0).methods } ?? []
        let presenterMembers = presenter.map { index.members(of: $0).methods } ?? []
        let presenterProperties = parts.properties(of: .interactor, holding: .presenter, usual: ["presenter", "output", "presentor"])
        // What the Presenter displays through: the View, and an observable state object a SwiftUI View draws from
        // (`sceneViewModel.updateCategory(…)`).
        let viewProperties = parts.properties(of: .presenter, holding: .view, usual: ["viewController", "view", "display", "output"])
            .union(presenter.map(observedStateProperties) ?? [])
        let asked = askedMethods(of: interactor, from: view, through: viewInteractors, parts: parts)
        let triggers = lifecycleTriggers(of: view)
        let appearing = appearCalls(in: view, interactorProperties: viewInteractors)
        for (method, callers, place) in asked {
            var useCase = useCaseShell(for: method, scene: found.name, interactorPath: interactor?.path ?? [])
            if parts.finder.vocabulary.templateStubs.contains(method.name) {
                unmapped.append(.init(message: "'\(method.signature)' is the code template's placeholder use case; it is imported as the code has it",
                                      location: method.location))
            }
            if scene.useCases.contains(where: { $0.name == useCase.name }) { useCase.name += SwiftSpellingForImport.upperFirst(method.name) }
            // Asked as the View loads or appears: the trigger; the Request's literal values become its defaults.
            // Asked by the Interactor's own initializer: it runs as the scene is made, as a load does.
            let trigger = callers.compactMap { $0 == Self.initializerCaller ? "load" : triggers[$0] }.max { ($0 == "appear" ? 1 : 0) < ($1 == "appear" ? 1 : 0) }
            if let trigger {
                var values = appearing[method.name]?.values ?? [:]
                // Plain values given by their labels (`fetchNews(category: "games")`): the Request fields are the
                // parameters' names.
                for parameter in method.parameters where values[parameter.name] == nil {
                    if let value = values[parameter.label ?? "_"] { values[parameter.name] = value }
                }
                let missing = useCase.request.filter { values[$0.name] == nil }
                if missing.isEmpty {
                    useCase.trigger = trigger
                    for at in useCase.request.indices { useCase.request[at].defaultValue = values[useCase.request[at].name] }
                } else {
                    unmapped.append(.init(message: "the View asks for '\(method.signature)' as it \(trigger == "load" ? "loads" : "appears"), with values the scenario cannot give ("
                                          + missing.map { "'\($0.name)'" }.joined(separator: ", ") + "); it is written as an action", location: place ?? method.location))
                }
            }
            // The Interactor's logic.
            if let body = method.body {
                var reader = BodyReader(method, in: index)
                reader.dataStoreFields = Set(scene.dataStore.map(\.name))
                reader.workers = parts.workerNames(for: .interactor)
                reader.optionalAnswers = Self.optionalAnswers(of: scene.workers)
                reader.workerCallbacks = interactor.map { workerCallbacks(of: $0, parts: parts) } ?? [:]
                reader.presenterProperties = presenterProperties
                reader.ownMethods = Dictionary(interactorMembers.filter { $0.body != nil && $0.name != "init" }.map { ($0.name, $0) },
                                               uniquingKeysWith: { first, _ in first })
                reader.inlined = [method.name]
                reader.observers = observers(of: interactor)
                reader.presenterParameters = Dictionary(presenterMembers.map { ($0.name, $0.parameters) }, uniquingKeysWith: { first, _ in first })
                reader.presenterModels = Set(presenterMembers.filter { method in
                    method.parameters.count == 1 && modelDeclaration(method.parameters[0].type, context: presenter?.path ?? []) != nil
                }.map(\.name))
                // Responses written as enums: what a case does not carry is nil when it is sent.
                for member in presenterMembers where member.parameters.count == 1 {
                    guard let model = modelDeclaration(member.parameters[0].type, context: presenter?.path ?? []), model.kind == .enum else { continue }
                    reader.enumResponseFields[member.name] = model.payloadFields.map(\.name)
                }
                let values = method.parameters.filter { TypeMapping.closureResult($0.type) == nil }
                if values.count == 1, modelDeclaration(values[0].type, context: interactor?.path ?? []) != nil || modelPath(of: method, kind: "Request") != nil {
                    reader.bound[values[0].name] = "request"
                } else {
                    for parameter in values { reader.bound[parameter.name] = "request.\(parameter.name)" }
                }
                reader.readInteractor(body.statements)
                useCase.interactor = reader.steps
                unmapped += reader.unmapped
                noteTodos(in: reader.steps, useCase: useCase.name)
            }
            answer(&useCase, presenterMembers: presenterMembers, presenter: presenter, view: view, viewProperties: viewProperties,
                   at: method.location)
            // SwiftUI VIP: what the View's display logic writes into the DataStore it holds.
            if swiftUI, let view, let display = useCase.viewMethod,
               let implementation = index.members(of: view).methods.first(where: { $0.signature == display }), let body = implementation.body {
                var reader = BodyReader(implementation, in: index)
                reader.stateRoots = ["dataStore": "dataStore"]
                reader.writesAreSets = true
                if let viewModel = implementation.parameters.first { reader.bound[viewModel.name] = "viewModel" }
                reader.readInteractor(body.statements)
                useCase.view = reader.steps.filter { if case .set = $0 { true } else { false } }
            }
            scene.useCases.append(useCase)
        }
        // Reactive VIP: what the View sends through the Interactor's relays and subjects is a use case too.
        if let interactor {
            for (property, element) in streamInputs(of: interactor, parts: parts) where !scene.useCases.contains(where: { $0.interactorMethod == property.name }) {
                var useCase = streamUseCase(property, element: element, of: interactor, parts: parts, presenterProperties: presenterProperties,
                                            dataStore: Set(scene.dataStore.map(\.name)), context: interactor.path)
                if scene.useCases.contains(where: { $0.name == useCase.name }) { useCase.name += "Stream" }
                answer(&useCase, presenterMembers: presenterMembers, presenter: presenter, view: view, viewProperties: viewProperties,
                       at: property.location)
                scene.useCases.append(useCase)
            }
        }
        if swiftUI, let view { scene.shows = renderedLabels(of: view, roots: ["dataStore": "dataStore"]) }
        noteWhatIsNotMapped(in: [view, interactor, presenter, router].compactMap { $0 })
        scene.calls = calls(in: [(ComponentRole.view, view), (.interactor, interactor), (.presenter, presenter), (.router, router)],
                            references: scene.references)
        return scene
    }

    /// What the Presenter is told in a use case (each Presenter method its Interactor logic calls, an output each),
    /// and what the Presenter tells the View for each.
    mutating func answer(_ useCase: inout ImportedApp.UseCase, presenterMembers: [SwiftIndex.Method], presenter: SwiftIndex.TypeDecl?,
                         view: SwiftIndex.TypeDecl?, viewProperties: Set<String>, at location: SourceLocation) {
        var answered: [String] = []
        for step in useCase.interactor.flatMap(\.flattened) {
            if case .respond(let name?, _, _) = step, !answered.contains(name) { answered.append(name) }
        }
        for (position, name) in answered.enumerated() {
            let implementation = presenterMembers.first { $0.name == name && $0.body != nil } ?? presenterMembers.first { $0.name == name }
            let displays = implementation.map { displayCalls(in: $0, viewProperties: viewProperties, own: presenterMembers) } ?? []
            var response = implementation.map { modelFields(of: $0, kind: "Response", context: presenter?.path ?? []) } ?? []
            // A Response written as an enum: the fields of the cases this use case sends (`.print(text:)`).
            if let implementation, isPayloadEnum(implementation.parameters.first?.type, context: presenter?.path ?? []) {
                var sent = Set<String>()
                for step in useCase.interactor.flatMap(\.flattened) {
                    if case .respond(name?, let fields, _) = step { sent.formUnion(fields.filter { $0.expression != "nil" }.map(\.field)) }
                }
                if !sent.isEmpty { response = response.filter { sent.contains($0.name) } }
            }
            // The Response's cases this use case sends, for a Presenter that switches over them.
            let sentCases = responseCases(sentBy: useCase)
            var viewModel: [ImportedApp.Field] = []
            for display in displays {
                guard let declared = displayDeclaration(display, in: view) else { continue }
                var fields = modelFields(of: declared, kind: "ViewModel", context: view?.path ?? [])
                // A ViewModel written as an enum: the fields of the cases the Presenter builds here.
                if let implementation, isPayloadEnum(declared.parameters.first?.type, context: view?.path ?? []) {
                    let built = enumCaseLabels(in: implementation, own: presenterMembers, sentCases: sentCases)
                    if !built.isEmpty { fields = fields.filter { built.contains($0.name) } }
                }
                for field in fields where !viewModel.contains(where: { $0.name == field.name }) {
                    viewModel.append(field)
                }
            }
            if position == 0 {
                useCase.presenterMethod = implementation?.signature ?? name + "()"
                if useCase.response.isEmpty { useCase.response = response }
                if useCase.viewModel.isEmpty { useCase.viewModel = viewModel }
                if let first = displays.first { useCase.viewMethod = displayDeclaration(first, in: view)?.signature ?? first + "()" }
                if let implementation, !useCase.viewModel.isEmpty {
                    useCase.presenter = viewModelAssignments(in: implementation, fields: useCase.viewModel, viewProperties: viewProperties, view: view)
                }
            }
            var output = ImportedApp.Output(
                name: name, presenterMethod: implementation?.signature ?? name + "()", response: response,
                presenter: displays.map { .display(displayDeclaration($0, in: view)?.signature ?? $0 + "()", values: [], location: implementation?.location ?? location) },
                location: implementation?.location ?? location)
            output.viewModel = viewModel
            output.viewMethod = displays.first.map { displayDeclaration($0, in: view)?.signature ?? $0 + "()" }
            if position == 0 {
                output.mapping = useCase.presenter
            } else if let implementation, !viewModel.isEmpty {
                output.mapping = viewModelAssignments(in: implementation, fields: viewModel, viewProperties: viewProperties, view: view)
            }
            useCase.outputs.append(output)
        }
    }

    // MARK: - Reactive use cases

    /// The Interactor's input streams (`PublishRelay<…Request>`, `PassthroughSubject<…, Never>`) its business-logic
    /// protocol declares or the View sends into, with the type of what flows.
    func streamInputs(of interactor: SwiftIndex.TypeDecl, parts: SceneParts) -> [(SwiftIndex.Property, String?)] {
        let inputs = ["Relay", "Subject", "Observer", "AnyObserver", "Binder"]
        var declared = Set<String>()
        for name in index.members(of: interactor).inherited.flatMap(index.expandedNames) {
            guard let declaration = index.protocol(named: name), parts.finder.protocolRole(name)?.role == .interactor,
                  !SceneFinder.isDataStore(name) else { continue }
            for property in declaration.properties { declared.insert(property.name) }
        }
        // What the View sends into: `interactor.loadMore.accept(…)`, `.bind(to: interactor.loadMore)`.
        var sent = Set<String>()
        if let view = parts.component(.view) {
            let holders = parts.properties(of: .view, holding: .interactor, usual: ["interactor", "output"])
            for method in index.members(of: view).methods {
                guard let body = method.body else { continue }
                for access in MemberAccessCollector.accesses(in: body) {
                    guard let base = access.base else { continue }
                    var text = base.trimmedDescription
                    while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
                    if text.hasPrefix("self.") { text.removeFirst(5) }
                    if holders.contains(text) { sent.insert(access.declName.baseName.text) }
                }
            }
        }
        var result: [(SwiftIndex.Property, String?)] = []
        for property in index.members(of: interactor).properties where !property.isStatic {
            guard let typeText = property.type ?? property.initializerType, let base = Self.baseTypeName(typeText),
                  inputs.contains(where: { base.hasSuffix($0) }) else { continue }
            guard declared.contains(property.name) || sent.contains(property.name) else { continue }
            if result.contains(where: { $0.0.name == property.name }) { continue }
            var element: String?
            if let open = typeText.firstIndex(of: "<"), let close = typeText.lastIndex(of: ">"), open < close {
                element = TypeMapping.splitTopLevel(String(typeText[typeText.index(after: open)..<close])).first?
                    .trimmingCharacters(in: .whitespaces)
            }
            result.append((property, element))
        }
        return result
    }

    /// A use case for an input stream: its Request what flows through it, its logic what the Interactor's code does
    /// with it (the chains that start from it, their closures, what they bind the Presenter to).
    mutating func streamUseCase(_ property: SwiftIndex.Property, element: String?, of interactor: SwiftIndex.TypeDecl, parts: SceneParts,
                                presenterProperties: Set<String>, dataStore: Set<String>, context: [String]) -> ImportedApp.UseCase {
        var name = property.name
        for suffix in ["Relay", "Subject", "Observer", "Binder"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        var request: [ImportedApp.Field] = []
        if let element, element != "Void", element != "()" {
            if let model = modelDeclaration(element, context: context) {
                request = types.storedFields(of: model)
            } else {
                request = [field("value", type: element, at: property.location, context: context)]
            }
        }
        var useCase = ImportedApp.UseCase(name: SwiftSpellingForImport.upperFirst(name), location: property.location, request: request,
                                          response: [], viewModel: [], interactorMethod: property.name, presenterMethod: nil, viewMethod: nil,
                                          interactor: [], presenter: [], trigger: nil)
        unmapped.append(.init(message: "'\(interactor.name).\(property.name)' is a reactive input; the use case is what the Interactor's chains from it do, read in order",
                              location: property.location))
        // The statements that use the stream, and those that use what they derive from it.
        for method in index.members(of: interactor).methods {
            guard let body = method.body else { continue }
            var roots: Set<String> = [property.name]
            var statements: [CodeBlockItemSyntax] = []
            for item in body.statements {
                let tokens = Set(item.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                    if case .identifier(let text) = token.tokenKind { return text }
                    return nil
                })
                guard !tokens.isDisjoint(with: roots) else { continue }
                statements.append(item)
                if let declaration = item.item.as(VariableDeclSyntax.self) {
                    for binding in declaration.bindings {
                        if let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { roots.insert(local) }
                    }
                }
            }
            guard !statements.isEmpty else { continue }
            var reader = BodyReader(method, in: index)
            reader.dataStoreFields = dataStore
            reader.workers = parts.workerNames(for: .interactor)
            // The Presenter it is handed (`bind(to presenter:)`) as well as the one it holds.
            reader.presenterProperties = presenterProperties.union(method.parameters.filter { parameter in
                parts.finder.referenced(parameter.type, from: interactor.name, among: parts.finder.components()).contains { $0.role == .presenter }
            }.map(\.name))
            reader.ownMethods = Dictionary(index.members(of: interactor).methods.filter { $0.body != nil && $0.name != "init" && $0.name != method.name }
                .map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            reader.inlined = [method.name]
            reader.observers = observers(of: interactor)
            for item in statements { reader.read(Syntax(item.item)) }
            useCase.interactor += reader.steps
        }
        return useCase
    }

    // MARK: - Parts of a scene

    /// Reactive streams: what flows through them is said, not kept as state.
    static let streamWords = ["Relay", "Subject", "Publisher", "Observable", "Driver", "Signal", "Variable", "Published"]

    /// A stored property's literal initial value as the default of a field of scenario type `type`, when it is one
    /// of that type (`[]` for a list, a number, text, a Bool); `nil` is what an optional holds anyway.
    func defaultValue(_ property: SwiftIndex.Property, type: String) -> String? {
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        if let (owner, name) = property.initialCase {
            // A case of the field's enum, named as data names it (`normal`).
            guard owner.isEmpty || owner == base, types.enums[base]?.cases.contains(where: { $0.name == name }) == true else { return nil }
            return name
        }
        guard let literal = property.initialLiteral, literal != "null" else { return nil }
        let fits: Bool
        switch literal.first {
        case "[": fits = base.hasPrefix("[")
        case "\"": fits = base == "String"
        case "t", "f": fits = base == "Bool"
        default: fits = base == "Double" || (base == "Int" && !literal.contains(".") && !literal.contains("e"))
        }
        return fits ? literal : nil
    }

    /// A field with the scenario's type for a Swift type, the code's type kept when the scenario says less.
    mutating func field(_ name: String, type: String, at location: SourceLocation, context: [String]) -> ImportedApp.Field {
        let mapped = types.map(type, context: context)
        var field = ImportedApp.Field(name: name, type: mapped.type, note: mapped.note, location: location)
        field.codeType = type
        return field
    }

    /// Whether `name` is a struct or an enum the app declares that is not a SwiftUI View: a value it keeps.
    static func isModelValue(_ name: String, context: [String], types: TypeMapping, index: SwiftIndex) -> Bool {
        guard let declared = types.resolve(name, context: context), declared.kind == .struct || declared.kind == .enum else { return false }
        return !index.members(of: declared).inherited.contains("View")
    }

    /// What a component keeps for its scene when the code has no DataStore protocol: its stored values, not the
    /// components, workers, closures and views it holds.
    mutating func stateFields(of type: SwiftIndex.TypeDecl, parts: SceneParts, role: ComponentRole) -> [ImportedApp.Field] {
        let held = Set((parts.held[role] ?? []).map(\.property))
        let workerNames = Set(parts.workerNames(for: role).keys)
        var fields: [ImportedApp.Field] = []
        for property in index.members(of: type).properties where !property.isStatic && !property.isComputed {
            let roleNames: Set<String> = ["dataStore", "router", "presenter", "interactor", "view", "viewController", "coordinator",
                                          "wireframe", "wireFrame", "output", "input", "delegate", "moduleOutput", "moduleInput"]
            guard !held.contains(property.name), !workerNames.contains(property.name), !roleNames.contains(property.name),
                  // A worker held for another scene's use (one Interactor several scenes share) is no state either.
                  parts.found.interfaces[type.name] == nil || (property.type ?? property.initializerType).flatMap(parts.worker) == nil,
                  parts.finder.typeWord(Self.baseTypeName(property.type ?? "") ?? "") == nil
                    || Self.isModelValue(Self.baseTypeName(property.type ?? "") ?? "", context: type.path, types: types, index: index),
                  let typeText = property.type ?? property.initializerType,
                  !typeText.contains("->"), !typeText.hasPrefix("@"),
                  let base = Self.baseTypeName(typeText),
                  !SceneParts.isFrameworkType(base) || ["String", "Int", "Double", "Bool", "Date", "Data", "UUID", "Decimal", "URL", "UIImage"].contains(base)
                    // The app's own type of a framework's name (a movie's `struct Result`).
                    || Self.isModelValue(base, context: type.path, types: types, index: index),
                  !base.hasSuffix("Delegate"), !base.hasSuffix("Controller"), !base.hasSuffix("Cancellable"),
                  // A View is no state; a model of the app's named for a View (`NewsForView`, a struct) is.
                  !base.hasSuffix("View") || Self.isModelValue(base, context: type.path, types: types, index: index),
                  // A stream is how parts talk, unless the app declares it as its own box of a value (`Observable<T>`).
                  !Self.streamWords.contains(where: { base.hasSuffix($0) }) || index.type(named: base)?.isGeneric == true else { continue }
            // A constant given its value where it is declared is configuration, not state (a `var` so given is state
            // starting at that value).
            if property.isLet, property.type == nil, property.initialLiteral != nil, !(index.members(of: type).properties.contains { $0.name == property.name && $0.isWeak }) {
                continue
            }
            // Generamba's `var moduleState: XState`: the module's state is what that struct holds.
            if base.hasSuffix("State"), let state = types.resolve(base, context: type.path), state.kind == .struct || state.kind == .class,
               !index.members(of: state).inherited.contains("ObservableObject") {
                for inner in index.members(of: state).properties where !inner.isStatic && !inner.isComputed {
                    guard let innerType = inner.type ?? inner.initializerType, !fields.contains(where: { $0.name == inner.name }) else { continue }
                    fields.append(field(inner.name, type: innerType, at: inner.location, context: state.path))
                }
                continue
            }
            var field = field(property.name, type: typeText, at: property.location, context: type.path)
            field.defaultValue = defaultValue(property, type: field.type)
            fields.append(field)
        }
        return fields
    }

    /// The Interactor's methods a worker calls back through a delegate it is given (`worker.output = self`, the older
    /// templates' asynchronous workers): by worker, the methods of the worker's output protocol the Interactor
    /// implements, in the order the protocol declares them.
    func workerCallbacks(of interactor: SwiftIndex.TypeDecl, parts: SceneParts) -> [String: [String]] {
        let conformed = Set(index.members(of: interactor).inherited.flatMap(index.expandedNames))
        let own = Set(index.members(of: interactor).methods.filter { $0.body != nil }.map(\.name))
        var result: [String: [String]] = [:]
        for use in parts.workers {
            guard let worker = index.type(named: use.name) ?? index.type(named: use.typeName) else { continue }
            for property in index.members(of: worker).properties where !property.isStatic {
                guard let typeName = property.type.flatMap({ VIPReader.typeNames($0).first }), conformed.contains(typeName),
                      let output = index.protocol(named: typeName) else { continue }
                let methods = output.methods.map(\.name).filter(own.contains)
                if !methods.isEmpty { result[use.name, default: []] += methods }
            }
        }
        return result
    }

    /// A component's properties that hold an `ObservableObject` (directly, or through a protocol an observable class
    /// implements): state a SwiftUI View observes.
    func observedStateProperties(of holder: SwiftIndex.TypeDecl) -> Set<String> {
        var names = Set<String>()
        for property in index.members(of: holder).properties where !property.isStatic {
            guard let typeName = (property.type ?? property.initializerType).flatMap({ VIPReader.typeNames($0).first }) else { continue }
            if isObservable(typeName) { names.insert(property.name) }
        }
        return names
    }

    /// Whether a type is an `ObservableObject`, or a protocol only observable classes implement.
    func isObservable(_ typeName: String) -> Bool {
        if let declared = index.type(named: typeName), declared.kind != .protocol {
            return index.members(of: declared).inherited.contains("ObservableObject")
        }
        guard index.protocol(named: typeName) != nil else { return false }
        let conformers = index.conformers(to: typeName).filter { !VIPReader.isTestDouble($0) }
        return !conformers.isEmpty && conformers.allSatisfy { index.members(of: $0).inherited.contains("ObservableObject") }
    }

    /// The operations whose answer may be nil, as `Worker.operation` (what `BodyReader.optionalAnswers` takes).
    static func optionalAnswers(of workers: [ImportedApp.Worker]) -> Set<String> {
        Set(workers.flatMap { worker in worker.operations.filter { $0.output?.hasSuffix("?") == true }.map { "\(worker.name).\($0.name)" } })
    }

    /// The scene's workers, each with the operations its parts call (in the order first called).
    mutating func workers(of parts: SceneParts) -> [ImportedApp.Worker] {
        var result: [ImportedApp.Worker] = []
        for use in parts.workers {
            let declared = readWorker(use.typeName, at: use.location, quiet: true)
            var operations: [ImportedApp.Operation] = []
            for call in use.calls where !operations.contains(where: { $0.name == call.operation }) {
                if let operation = declared.operations.first(where: { $0.name == call.operation }) {
                    operations.append(operation)
                } else {
                    operations.append(ImportedApp.Operation(name: call.operation, signature: call.operation + "()", input: [], output: nil,
                                                            callback: false, location: call.location))
                }
            }
            var worker = ImportedApp.Worker(name: use.name, location: declared.location, operations: operations)
            // Held as a protocol the app names (`var worker: LoginWorkerProtocol`): the trace and diagrams say it.
            if use.typeName != use.name, index.protocol(named: use.typeName) != nil { worker.protocolName = use.typeName }
            // Made by the part that holds it, wherever a property holds it: nothing wires it.
            if !use.madeByHolder.isEmpty, !use.madeByHolder.contains(false) { worker.made = .byHolder }
            result.append(worker)
        }
        return result
    }

    /// References between the scene's parts and to its workers (what `map` draws), from what the finder resolved.
    func references(_ parts: SceneParts) -> [ImportedApp.Reference] {
        var references: [ImportedApp.Reference] = []
        let order: [ComponentRole] = [.view, .interactor, .presenter, .router]
        for member in parts.found.members.filter({ $0.role != .configurator }).sorted(by: { order.firstIndex(of: $0.role)! < order.firstIndex(of: $1.role)! }) {
            for held in parts.held[member.role] ?? [] where held.scene == nil && held.role != member.role && !held.computed {
                let role: ComponentRole = held.role == .interactor && member.role == .router && held.property.lowercased().contains("datastore") ? .dataStore : held.role
                references.append(.init(from: member.role, to: role, property: held.property, weak: held.weak, location: held.location))
            }
            let workers = parts.workerNames(for: member.role)
            for property in index.members(of: member.type).properties where !property.isStatic {
                guard let worker = workers[property.name] else { continue }
                references.append(.init(from: member.role, to: .worker, property: property.name, weak: property.isWeak,
                                        location: property.location, worker: worker))
            }
        }
        return references
    }

    private func wiring(of found: SceneFinder.Found, view: SwiftIndex.TypeDecl?) -> String? {
        if let builder = found.component(.configurator) { return builder.name }
        if index.type(named: found.name + "Configurator") != nil { return "configurator" }
        if let view, index.members(of: view).methods.contains(where: { $0.name == "setup" || $0.name == "configure" }) { return "setup" }
        return nil
    }

    /// The Interactor's methods the View asks for (through the properties that hold the Interactor), and the View's
    /// methods each is asked from; in the Interactor's order. Cells and subviews that hold the Interactor count as
    /// the View.
    func askedMethods(of interactor: SwiftIndex.TypeDecl?, from view: SwiftIndex.TypeDecl?, through properties: Set<String>,
                      parts: SceneParts) -> [(method: SwiftIndex.Method, callers: Set<String>, place: SourceLocation?)] {
        guard let interactor else { return [] }
        var callers: [String: Set<String>] = [:]
        var places: [String: SourceLocation] = [:]
        var order: [String] = []
        func collect(in type: SwiftIndex.TypeDecl, through names: Set<String>) {
            guard !names.isEmpty else { return }
            for method in index.members(of: type).methods {
                guard let body = method.body else { continue }
                for call in CallCollector.calls(in: body) {
                    guard let member = BodyReader.member(of: call), names.contains(member.base) else { continue }
                    if callers[member.name] == nil { order.append(member.name) }
                    callers[member.name, default: []].insert(type.name == view?.name ? method.name : "")
                    if places[member.name] == nil {
                        places[member.name] = BodyReader(converter: method.converter, file: method.location.file).location(call)
                    }
                }
            }
        }
        if let view { collect(in: view, through: properties) }
        // Other types of the screen that hold this Interactor (a cell with a button that asks it).
        let interactorNames = Set([interactor.name] + index.members(of: interactor).inherited.flatMap(index.expandedNames)
            .filter { index.protocol(named: $0) != nil && !SceneFinder.isDataStore($0) })
        for name in interactorNames.sorted() {
            for (declaration, names) in otherHolders[name] ?? [] where declaration.name != view?.name {
                collect(in: declaration, through: names)
            }
        }
        let methods = index.members(of: interactor).methods.filter { !$0.isStatic && $0.name != "init" }
        // An Interactor the View asks nothing of (an observable one that starts its work as it is made: `init` calls
        // `syncTeams()`): a method of its own that its initializer calls and that calls a worker is work the scene does
        // as it loads. Where the View asks, what the initializer starts is set-up (subscribing to events).
        let workerProperties = Set(parts.workerNames(for: .interactor).keys)
        let viewAsksNothing = order.isEmpty
        for initializer in index.members(of: interactor).methods where viewAsksNothing && initializer.name == "init" {
            guard let body = initializer.body else { continue }
            for call in CallCollector.calls(in: body) {
                let own = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? BodyReader.member(of: call).flatMap { BodyReader.selfAliases.contains($0.base) ? $0.name : nil }
                guard let own, callers[own] == nil, let method = methods.first(where: { $0.name == own }), let methodBody = method.body else { continue }
                let called = CallCollector.calls(in: methodBody).compactMap(BodyReader.member)
                // Subscribing to a stream (`input.sink { … }`, `.subscribe(onNext:)`) sets up how it is asked later.
                guard called.contains(where: { workerProperties.contains($0.base) }),
                      !called.contains(where: { member in Self.subscribingWords.contains { member.name.hasPrefix($0) } }) else { continue }
                order.append(own)
                callers[own] = [Self.initializerCaller]
                places[own] = BodyReader(converter: initializer.converter, file: initializer.location.file).location(call)
            }
        }
        // What the Interactor declares it is asked for (its input protocol) counts too, when only its own code does not
        // call it: a View wired by a storyboard, a test, another app target asks.
        // Not an empty stub a shared protocol makes it write, nor a helper another asked method calls.
        let asked = Set(order)
        let calledByAsked = Set(methods.filter { asked.contains($0.name) }.flatMap { method -> [String] in
            guard let body = method.body else { return [] }
            return CallCollector.calls(in: body).compactMap { call in
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? BodyReader.member(of: call).flatMap { BodyReader.selfAliases.contains($0.base) ? $0.name : nil }
            }
        })
        for name in declaredInputs(of: parts, holder: .view, target: .interactor) where callers[name] == nil {
            if calledByAsked.contains(name) { continue }
            if let method = methods.first(where: { $0.name == name && $0.body != nil }), method.body?.statements.isEmpty == true,
               methods.contains(where: { $0.name != name && $0.body?.statements.isEmpty == false }) { continue }
            order.append(name)
            callers[name] = []
        }
        var result: [(SwiftIndex.Method, Set<String>, SourceLocation?)] = []
        // What a worker calls back (`worker.output = self`) answers a use case; it is none itself.
        let callbacks = Set(workerCallbacks(of: interactor, parts: parts).values.flatMap { $0 })
        for name in order where !callbacks.contains(name) {
            guard let method = methods.first(where: { $0.name == name && $0.body != nil }) ?? methods.first(where: { $0.name == name }) else { continue }
            // Wiring, not a request: a method that is handed only other parts (`bind(to: presenter)`, `setPresenter(_:)`).
            if !method.parameters.isEmpty, method.parameters.allSatisfy({ parameter in
                !parts.finder.referenced(parameter.type, from: interactor.name, among: parts.finder.components()).isEmpty
            }) { continue }
            result.append((method, callers[name] ?? [], places[name]))
        }
        // In the order the Interactor declares them.
        let position = Dictionary(methods.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return result.sorted { (position[$0.0.name] ?? 0) < (position[$1.0.name] ?? 0) }
    }

    /// The caller `askedMethods` names for a method the Interactor's initializer calls: no method's name (a View's own
    /// `init` asking is a caller named `init`, which is no load).
    static let initializerCaller = "(the Interactor's init)"

    /// How a method subscribes to a stream (Combine's `sink`, RxSwift's `subscribe`, `bind(to:)`, `drive`): set-up, not
    /// work a use case does.
    static let subscribingWords = ["sink", "subscribe", "bind", "drive", "observe", "assign"]

    /// The methods of the protocols `holder` holds `target` through (`CartBusinessLogic`), or, when it holds none, of
    /// the target's own protocols for its role; without those the target's own code calls.
    func declaredInputs(of parts: SceneParts, holder: ComponentRole, target: ComponentRole) -> [String] {
        guard let type = parts.component(target) else { return [] }
        var protocols: [SwiftIndex.TypeDecl] = []
        if let holding = parts.component(holder) {
            let holders = parts.properties(of: holder, holding: target)
            for property in index.members(of: holding).properties where holders.contains(property.name) {
                for name in VIPReader.typeNames(property.type ?? "").flatMap(index.expandedNames) {
                    if let declared = index.protocol(named: name), !protocols.contains(where: { $0.name == declared.name }) { protocols.append(declared) }
                }
            }
        }
        if protocols.isEmpty {
            for name in index.members(of: type).inherited.flatMap(index.expandedNames) where !SceneFinder.isDataStore(name) && !name.hasSuffix("DataPassing") {
                guard let declared = index.protocol(named: name), parts.finder.protocolRole(name)?.role == target,
                      !protocols.contains(where: { $0.name == declared.name }) else { continue }
                protocols.append(declared)
            }
        }
        let ownCalled = ownCalls(in: type)
        var names: [String] = []
        for declared in protocols {
            // A method the type calls itself is a helper, unless it takes a use case's Request (`Orders.Fetch.Request`).
            for method in declared.methods where !method.isStatic && !names.contains(method.name)
                && (!ownCalled.contains(method.name) || modelPath(of: method, kind: "Request") != nil) {
                names.append(method.name)
            }
        }
        return names
    }

    /// The names a type's own code calls on itself (`loadItems()`, `self.loadItems()`).
    func ownCalls(in type: SwiftIndex.TypeDecl) -> Set<String> {
        var names = Set<String>()
        for method in index.members(of: type).methods {
            guard let body = method.body else { continue }
            for call in CallCollector.calls(in: body) {
                if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { names.insert(reference.baseName.text) }
                if let member = BodyReader.member(of: call), member.base == "self" { names.insert(member.name) }
            }
        }
        return names
    }

    /// Which of the View's methods run as it loads (`load`) or comes on screen (`appear`): the lifecycle methods and
    /// the View's own methods they call, followed three calls deep.
    func lifecycleTriggers(of view: SwiftIndex.TypeDecl?) -> [String: String] {
        guard let view else { return [:] }
        let methods = index.members(of: view).methods
        var triggers: [String: String] = [:]
        for (lifecycle, trigger) in [("viewDidLoad", "load"), ("loadView", "load"), ("viewWillAppear", "appear"), ("viewDidAppear", "appear")] {
            var pending = [lifecycle], seen = Set<String>(), depth = 0
            while !pending.isEmpty, depth < 4 {
                var next: [String] = []
                for name in pending where seen.insert(name).inserted {
                    if triggers[name] != "appear" { triggers[name] = trigger }
                    for method in methods where method.name == name {
                        guard let body = method.body else { continue }
                        for call in CallCollector.calls(in: body) {
                            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { next.append(reference.baseName.text) }
                            if let member = BodyReader.member(of: call), member.base == "self" { next.append(member.name) }
                        }
                    }
                }
                pending = next
                depth += 1
            }
        }
        // SwiftUI: `.onAppear { … }` in the body, `.task { … }`.
        if let body = index.members(of: view).properties.first(where: { $0.name == "body" })?.getter {
            for call in CallCollector.calls(in: body) {
                guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), ["onAppear", "task"].contains(access.declName.baseName.text) else { continue }
                triggers["body"] = "appear"
            }
        }
        // A SwiftUI View's observable `Controller`: what the enclosing View's `.onAppear { controller.fetch() }` calls.
        if view.path.count > 1, let outer = index.type(qualified: view.path.dropLast().joined(separator: ".")), outer.kind == .struct {
            let holders = Set(index.members(of: outer).properties.filter { property in
                VIPReader.typeNames(property.type ?? "").first.map { $0 == view.name || $0 == view.qualifiedName } ?? false
            }.map(\.name))
            for property in index.members(of: outer).properties {
                guard let getter = property.getter else { continue }
                for call in CallCollector.calls(in: getter) {
                    guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), ["onAppear", "task"].contains(access.declName.baseName.text),
                          let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self) else { continue }
                    for inner in CallCollector.calls(in: closure) {
                        if let member = BodyReader.member(of: inner), holders.contains(member.base) { triggers[member.name] = "appear" }
                    }
                }
            }
        }
        return triggers
    }

    /// The View methods a Presenter method calls (through the properties that hold the View), its own methods and
    /// closures followed, by base name in order.
    func displayCalls(in method: SwiftIndex.Method, viewProperties: Set<String>, own: [SwiftIndex.Method], depth: Int = 0) -> [String] {
        guard let body = method.body else { return [] }
        var names: [String] = []
        for call in CallCollector.calls(in: body) {
            if let member = BodyReader.member(of: call), viewProperties.contains(member.base) {
                if !names.contains(member.name) { names.append(member.name) }
                continue
            }
            guard depth < 2 else { continue }
            let ownName = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? BodyReader.member(of: call).flatMap { $0.base == "self" ? $0.name : nil }
            if let ownName, ownName != method.name, let inner = own.first(where: { $0.name == ownName && $0.body != nil }) {
                for name in displayCalls(in: inner, viewProperties: viewProperties, own: own, depth: depth + 1) where !names.contains(name) {
                    names.append(name)
                }
            }
        }
        return names
    }

    /// A View method by base name: the View's own declaration (or its display protocol's).
    func displayDeclaration(_ name: String, in view: SwiftIndex.TypeDecl?) -> SwiftIndex.Method? {
        guard let view else { return nil }
        let members = index.members(of: view)
        if let own = members.methods.first(where: { $0.name == name }) { return own }
        for protocolName in members.inherited.flatMap(index.expandedNames) {
            if let declared = index.protocol(named: protocolName)?.methods.first(where: { $0.name == name }) { return declared }
        }
        // Shown through something else the Presenter holds (a SwiftUI scene's observable view model): the one
        // protocol that declares a method of that name, when only one does.
        let declaring = index.declarations.filter { $0.kind == .protocol }.compactMap { $0.methods.first { $0.name == name } }
        return Set(declaring.map(\.signature)).count == 1 ? declaring.first : nil
    }

    /// A method's model, as fields: the stored fields of the Request/Response/ViewModel it takes, or, when it takes
    /// plain values, its parameters.
    mutating func modelFields(of method: SwiftIndex.Method, kind: String, context: [String]) -> [ImportedApp.Field] {
        let values = method.parameters.filter { TypeMapping.closureResult($0.type) == nil }
        if values.count == 1, let model = modelDeclaration(values[0].type, context: context) {
            return modelFields(of: model)
        }
        // A state enum around the model (`enum SignInState { case success(SignInModels.Response); case error(…) }`):
        // the model one of its cases carries.
        if values.count == 1, let wrapper = types.resolve(values[0].type.trimmingCharacters(in: CharacterSet(charactersIn: "?! ")), context: context),
           wrapper.kind == .enum,
           let model = wrapper.payloadFields.map(\.type).compactMap({ modelDeclaration($0, context: wrapper.path) }).first(where: { $0.kind != .enum }) {
            return modelFields(of: model)
        }
        return values.map { field($0.name, type: $0.type, at: method.location, context: context) }
    }

    /// Whether a parameter's type is a model written as an enum whose cases carry its values.
    func isPayloadEnum(_ type: String?, context: [String]) -> Bool {
        guard let type else { return false }
        return modelDeclaration(type, context: context).map { $0.kind == .enum } ?? false
    }

    /// The enum cases of a Response the use case's Interactor method builds (`Model.Response.initial(…)`).
    func responseCases(sentBy useCase: ImportedApp.UseCase) -> Set<String> {
        guard let place = useCase.location as SourceLocation?,
              let method = index.declarations.lazy.flatMap(\.methods).first(where: { $0.location == place }), let body = method.body else { return [] }
        var cases = Set<String>()
        for call in CallCollector.calls(in: body) {
            guard let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                  access.base?.trimmedDescription.hasSuffix("Response") == true else { continue }
            cases.insert(access.declName.baseName.text)
        }
        return cases
    }

    /// The labels of the enum cases a method (and its own helpers) builds with values: `.initial(text: …, title: …)`;
    /// inside a `switch` over cases, only in the branches of `sentCases` (when known).
    func enumCaseLabels(in method: SwiftIndex.Method, own: [SwiftIndex.Method], sentCases: Set<String> = [], depth: Int = 0) -> Set<String> {
        guard let body = method.body else { return [] }
        var labels = Set<String>()
        // Branches of a `switch` for cases this use case does not send.
        var skipped: [Range<AbsolutePosition>] = []
        if !sentCases.isEmpty {
            for switchCase in SwitchCaseCollector.cases(in: body) {
                guard let label = switchCase.label.as(SwitchCaseLabelSyntax.self) else { continue }
                let names = label.caseItems.compactMap { item -> String? in
                    let pattern = item.pattern.trimmedDescription
                    let head = pattern.replacingOccurrences(of: "let ", with: "").split(separator: "(").first.map(String.init) ?? pattern
                    return head.split(separator: ".").last.map { String($0).trimmingCharacters(in: .whitespaces) }
                }
                if !names.isEmpty, !names.contains(where: sentCases.contains) { skipped.append(switchCase.position..<switchCase.endPosition) }
            }
        }
        for call in CallCollector.calls(in: body) where !skipped.contains(where: { $0.contains(call.position) }) {
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
               access.base == nil || access.base?.trimmedDescription.hasSuffix("ViewModel") == true {
                for (position, argument) in call.arguments.enumerated() {
                    labels.insert(argument.label?.text ?? (call.arguments.count == 1 ? access.declName.baseName.text
                        : access.declName.baseName.text + "\(position + 1)"))
                }
            }
            if depth < 2, let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
               let inner = own.first(where: { $0.name == name && $0.body != nil && $0.name != method.name }) {
                labels.formUnion(enumCaseLabels(in: inner, own: own, sentCases: sentCases, depth: depth + 1))
            }
        }
        return labels
    }

    /// A model's fields: a struct's or class's stored properties, or what an enum's cases carry (each optional when
    /// several cases carry values: only one case holds them at a time).
    mutating func modelFields(of model: SwiftIndex.TypeDecl) -> [ImportedApp.Field] {
        guard model.kind == .enum else {
            return types.storedFields(of: model).map { field in
                var copy = field
                copy.codeType = index.members(of: model).properties.first { $0.name == field.name }.flatMap { $0.type ?? $0.initializerType }
                return copy
            }
        }
        return model.payloadFields.map { payload in
            var written = payload.type
            // A field only some cases carry is there only sometimes.
            let always = model.plainCases == 0 && model.payloadCounts[payload.name] == model.payloadCases
            if !always, !written.hasSuffix("?"), !written.hasSuffix("!") {
                written = written.contains("->") || written.contains(" ") ? "(\(written))?" : written + "?"
            }
            var made = field(payload.name, type: written, at: model.location, context: model.path)
            made.codeType = payload.type
            return made
        }
    }

    /// The struct or class a parameter's type names when it is a model (`Login.Fetch.Request`, `LoginRequest`): a
    /// type of the app with stored fields (or an enum whose cases carry the values), not a worker or component.
    func modelDeclaration(_ type: String, context: [String]) -> SwiftIndex.TypeDecl? {
        let text = type.trimmingCharacters(in: CharacterSet(charactersIn: "?! "))
        guard let declaration = index.type(qualified: text) ?? types.resolve(text, context: context),
              [.struct, .class].contains(declaration.kind) || declaration.kind == .enum && declaration.hasPayloads else { return nil }
        // A Request, Response or ViewModel, by its name or its namespace's (`Login.Request`); a `PostModel` handed to
        // a method is a value of its own.
        let named = ["Request", "Response", "ViewModel"].contains { word in
            declaration.name.hasSuffix(word) || declaration.path.dropLast().contains { $0.hasSuffix(word) }
        }
        return named ? declaration : nil
    }
}

/// Every `case` of every `switch` under a node.
final class SwitchCaseCollector: SyntaxVisitor {
    private(set) var cases: [SwitchCaseSyntax] = []

    static func cases(in node: some SyntaxProtocol) -> [SwitchCaseSyntax] {
        let collector = SwitchCaseCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.cases
    }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        cases.append(node)
        return .visitChildren
    }
}
