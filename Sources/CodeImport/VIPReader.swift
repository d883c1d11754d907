import Foundation
import ScenarioSpec
import ScenarioWriting
import SwiftSyntax

/// Reads a VIP app by its pattern's code conventions (`PatternDefinition.codeConventions`: for Clean Swift, the
/// current templates' `XBusinessLogic` / `XPresentationLogic` / `XDisplayLogic` / `XRoutingLogic` / `XDataStore`,
/// and the older `XInteractorInput` / `XPresenterInput` / `XViewControllerInput` / `XRouterInput` with a Configurator
/// adding conformances in extensions). Names stay as the code spells them, typos included.
struct VIPReader {
    /// Suffixes of the types a scene's components hold as workers.
    static let workerSuffixes = ["Worker", "Service", "DataManager", "Repository"]

    let index: SwiftIndex
    var types: TypeMapping
    var unmapped: [ImportedApp.Unmapped] = []

    init(index: SwiftIndex) {
        self.index = index
        types = TypeMapping(index: index)
    }

    typealias Generation = PatternDefinition.CodeConvention

    /// The pattern and generation whose protocols the code declares most (the first registered wins a tie).
    static func convention(of index: SwiftIndex) -> (definition: PatternDefinition, convention: Generation)? {
        var best: (definition: PatternDefinition, convention: Generation, count: Int)?
        for definition in PatternRegistry.shared.all {
            for convention in definition.codeConventions {
                let count = sceneNames(index, convention).count
                if count > 0, count > (best?.count ?? 0) { best = (definition, convention, count) }
            }
        }
        return best.map { ($0.definition, $0.convention) }
    }

    /// Scenes: names `X` with the business-logic protocol and a presentation- or display-logic protocol of the same
    /// convention (one protocol alone is not a convention: VIPER apps declare `XInteractorInput` too).
    static func sceneNames(_ index: SwiftIndex, _ convention: Generation) -> [String] {
        if convention.presenterInput != nil { return viperSceneNames(index, convention) }
        let names = index.protocols(endingWith: convention.businessLogic).map { String($0.name.dropLast(convention.businessLogic.count)) }
        return Array(Set(names.filter { name in
            index.protocol(named: name + convention.presentationLogic) != nil || index.protocol(named: name + convention.displayLogic) != nil
        })).sorted()
    }

    mutating func read(_ generation: Generation) -> (scenes: [ImportedApp.Scene], entities: [ImportedApp.Entity]) {
        let names = Self.sceneNames(index, generation)
        types.sceneNames = Set(names)
        // Components and workers are not entities.
        for name in names {
            for suffix in ["Interactor", "Presenter", "ViewController", "Router", "Worker", "Configurator", "View"] {
                types.excluded.insert(name + suffix)
            }
        }
        // Types named like data access (`…Repository`, `…Service`) are workers, unless they are structs: a model may be
        // called `Repository`.
        for declaration in index.declarations where declaration.kind != .struct
            && Self.workerSuffixes.contains(where: { declaration.name.hasSuffix($0) }) {
            types.excluded.insert(declaration.name)
        }
        var scenes: [ImportedApp.Scene] = []
        if generation.presenterInput != nil {
            for name in names {
                for suffix in ["View", "WireFrame", "Wireframe", "DataManager", "LocalDataManager", "RemoteDataManager"] { types.excluded.insert(name + suffix) }
            }
            for name in names { scenes.append(readVIPERScene(name, generation: generation, allScenes: Set(names))) }
            // A WireFrame builds the next module with the values it is given: each lands in the destination's state
            // field of the same name.
            for s in scenes.indices {
                for r in scenes[s].routes.indices {
                    let route = scenes[s].routes[r]
                    guard let destination = scenes.first(where: { $0.name == route.destination }) else { continue }
                    scenes[s].routes[r].pass = route.input.compactMap { input in
                        destination.dataStore.contains { $0.name == input.name }
                            ? ImportedApp.Assignment(field: input.name, expression: "input.\(input.name)", location: route.location) : nil
                    }
                }
            }
            return (scenes, types.entityOrder.compactMap { types.entities[$0] })
        }
        for name in names { scenes.append(readScene(name, generation: generation, allScenes: Set(names))) }
        return (scenes, types.entityOrder.compactMap { types.entities[$0] })
    }

    /// The enums the scenes' types use, in the order they were met.
    var enums: [ImportedApp.Enum] {
        types.enumOrder.compactMap { types.enums[$0] }
    }

    // MARK: - A scene

    private mutating func readScene(_ name: String, generation: Generation, allScenes: Set<String>) -> ImportedApp.Scene {
        let index = self.index
        let businessProtocol = index.protocol(named: name + generation.businessLogic)!
        let presentationProtocol = index.protocol(named: name + generation.presentationLogic)
        let displayProtocol = index.protocol(named: name + generation.displayLogic)
        let routingProtocol = generation.routingLogic.lazy.compactMap { index.protocol(named: name + $0) }.first
        let dataStoreProtocol = generation.dataStore.flatMap { index.protocol(named: name + $0) }

        var components: [ImportedApp.Component] = []
        func component(_ role: ComponentRole, conformingTo protocolDecl: SwiftIndex.TypeDecl?, fallback: String) -> SwiftIndex.TypeDecl? {
            let found = protocolDecl.map { index.conformers(to: $0.name) }?.first { !Self.isTestDouble($0) } ?? index.type(named: fallback)
            if let found { components.append(.init(role: role, typeName: found.name, location: found.location)) }
            return found
        }
        let interactor = component(.interactor, conformingTo: businessProtocol, fallback: name + "Interactor")
        let presenter = component(.presenter, conformingTo: presentationProtocol, fallback: name + "Presenter")
        let view = component(.view, conformingTo: displayProtocol, fallback: name + "ViewController")
        let router = component(.router, conformingTo: routingProtocol, fallback: name + "Router")

        var scene = ImportedApp.Scene(name: name, location: businessProtocol.location, components: components, wiring: nil,
                                      dataStore: [], workers: [], useCases: [], routes: [], references: [], calls: [])
        scene.wiring = wiring(of: name, view: view)

        // SwiftUI VIP: the View is a struct and holds the DataStore, an ObservableObject class.
        let swiftUI = view?.kind == .struct
        if swiftUI, dataStoreProtocol == nil, let holder = index.type(named: name + "DataStore") {
            scene.dataStore = storedFields(of: holder)
        }
        // The DataStore: the protocol's fields (or, without one, nothing: older scenes keep state in the Interactor).
        if let dataStoreProtocol {
            scene.dataStore = dataStoreProtocol.properties.map { property in
                let mapped = types.map(property.type ?? "String", context: [])
                return ImportedApp.Field(name: property.name, type: mapped.type, note: mapped.note, location: property.location)
            }
        }

        // Workers: what the Interactor holds whose type is named like a worker.
        var workerProperties: [String: String] = [:]
        if let interactor {
            for property in index.members(of: interactor).properties where !property.isStatic {
                guard let typeName = Self.baseTypeName(property.type ?? property.initializerType ?? ""),
                      Self.workerSuffixes.contains(where: { typeName.hasSuffix($0) }) else { continue }
                workerProperties[property.name] = typeName
                if !scene.workers.contains(where: { $0.name == typeName }) {
                    scene.workers.append(readWorker(typeName, at: property.location))
                }
            }
        }

        // Who holds whom, read before the logic: the Interactor's Presenter may be called `output` (the first templates).
        let protocolsRead = [businessProtocol, presentationProtocol, displayProtocol, routingProtocol, dataStoreProtocol]
        scene.references = references(interactor: interactor, presenter: presenter, view: view, router: router,
                                       protocols: protocolsRead, workers: workerProperties)
        let presenterProperties = Set(scene.references.filter { $0.from == .interactor && $0.to == .presenter }.map(\.property))
        let interactorProperties = Set(scene.references.filter { $0.from == .view && $0.to == .interactor }.map(\.property))

        // Use cases: the BusinessLogic methods, with their models.
        let interactorMethods = interactor.map { index.members(of: $0).methods } ?? []
        let presenterMethods = presenter.map { index.members(of: $0).methods } ?? []
        let appearing = appearCalls(in: view, interactorProperties: interactorProperties.union(["interactor"]))
        for method in businessProtocol.methods {
            var useCase = useCaseShell(for: method, scene: name)
            if let (trigger, values) = appearing[method.name] {
                // The View gives the Request itself: its literal values become the fields' defaults.
                let missing = useCase.request.filter { values[$0.name] == nil }
                if missing.isEmpty {
                    useCase.trigger = trigger
                    for index in useCase.request.indices { useCase.request[index].defaultValue = values[useCase.request[index].name] }
                } else {
                    unmapped.append(.init(message: "the View asks for '\(method.signature)' as it \(trigger == "load" ? "loads" : "appears"), with values the scenario cannot give ("
                                          + missing.map { "'\($0.name)'" }.joined(separator: ", ") + "); it is written as an action", location: method.location))
                }
            }
            if let presentation = presentationProtocol?.methods.first(where: { modelPath(of: $0, kind: "Response")?.useCase == useCase.name }) {
                useCase.presenterMethod = presentation.signature
                if let implementation = presenterMethods.first(where: { $0.signature == presentation.signature }) {
                    useCase.presenter = viewModelAssignments(in: implementation, fields: useCase.viewModel)
                }
            }
            if let display = displayProtocol?.methods.first(where: { modelPath(of: $0, kind: "ViewModel")?.useCase == useCase.name })
                ?? (swiftUI ? displayProtocol?.methods.first(where: { $0.name.lowercased() == "display" + useCase.name.lowercased() }) : nil) {
                useCase.viewMethod = display.signature
                // SwiftUI VIP: what the View's display logic writes into the DataStore it holds.
                if swiftUI, let view, let implementation = index.members(of: view).methods.first(where: { $0.signature == display.signature }),
                   let body = implementation.body {
                    var reader = BodyReader(converter: implementation.converter, file: implementation.location.file)
                    reader.stateRoots = ["dataStore": "dataStore"]
                    reader.writesAreSets = true
                    if let viewModel = implementation.parameters.first { reader.bound[viewModel.name] = "viewModel" }
                    reader.readInteractor(body.statements)
                    useCase.view = reader.steps.filter { if case .set = $0 { true } else { false } }
                }
            }
            if let implementation = interactorMethods.first(where: { $0.signature == method.signature }), let body = implementation.body {
                var reader = BodyReader(converter: implementation.converter, file: implementation.location.file)
                reader.dataStoreFields = Set(scene.dataStore.map(\.name))
                reader.workers = workerProperties
                reader.presenterProperties = presenterProperties.union(["presenter"])
                if let request = implementation.parameters.first { reader.bound[request.name] = "request" }
                reader.readInteractor(body.statements)
                useCase.interactor = reader.steps
                unmapped += reader.unmapped
                noteTodos(in: reader.steps, useCase: useCase.name)
            }
            scene.useCases.append(useCase)
        }

        // Routes: the RoutingLogic methods.
        if let routingProtocol {
            let routerMethods = router.map { index.members(of: $0).methods } ?? []
            for method in routingProtocol.methods {
                if let route = readRoute(method, routerMethods: routerMethods, scenes: allScenes, dataStore: dataStoreProtocol) {
                    scene.routes.append(route)
                }
            }
        }
        if swiftUI, let view { scene.shows = renderedLabels(of: view, roots: ["dataStore": "dataStore"]) }
        noteWhatIsNotMapped(in: [view, interactor, presenter, router].compactMap { $0 })
        scene.calls = calls(in: [(ComponentRole.view, view), (.interactor, interactor), (.presenter, presenter), (.router, router)],
                            references: scene.references)
        return scene
    }

    /// Each value of the Interactor's steps that could not be translated, by its place.
    private mutating func noteTodos(in steps: [ImportedApp.Step], useCase: String) {
        for step in steps {
            switch step {
            case .call(let worker, let operation, _, let arguments, _):
                for argument in arguments where argument.expression.contains("todo") {
                    unmapped.append(.init(message: "the argument '\(argument.field)' of '\(worker).\(operation)' is not translated (todo)", location: argument.location))
                }
            case .store(let assignments, _):
                for assignment in assignments where assignment.expression.contains("todo") {
                    unmapped.append(.init(message: "the value stored in '\(assignment.field)' is not translated (todo)", location: assignment.location))
                }
            case .respond(let assignments, _):
                for assignment in assignments where assignment.expression.contains("todo") {
                    unmapped.append(.init(message: "the Response's '\(assignment.field)' in '\(useCase)' is not translated (todo)", location: assignment.location))
                }
            case .conditional(_, let then, let otherwise, _):
                noteTodos(in: then + otherwise, useCase: useCase)
            case .respondOutput, .callInteractor, .display, .route, .set:
                break
            }
        }
    }

    /// An observable class's stored properties (`@Published var count = 1`) as fields, their literal initial values as
    /// defaults: SwiftUI VIP's DataStore, the AppState.
    mutating func storedFields(of holder: SwiftIndex.TypeDecl) -> [ImportedApp.Field] {
        index.members(of: holder).properties.filter { !$0.isStatic && !$0.isComputed }.map { property in
            let mapped = types.map(property.type ?? property.initializerType ?? "String", context: [])
            return ImportedApp.Field(name: property.name, type: mapped.type, note: mapped.note, location: property.location,
                                     defaultValue: property.initialLiteral == "null" ? nil : property.initialLiteral)
        }
    }

    /// What a SwiftUI View's `body` renders from state: each `Text("\(dataStore.someInt)")` (or `Text(…)` of a
    /// state field) is a label named by the field it shows.
    func renderedLabels(of view: SwiftIndex.TypeDecl, roots: [String: String]) -> [ImportedApp.Assignment] {
        guard let body = index.members(of: view).properties.first(where: { $0.name == "body" }), let getter = body.getter,
              let converter = body.converter else { return [] }
        var reader = BodyReader(converter: converter, file: body.location.file)
        reader.stateRoots = roots
        var labels: [ImportedApp.Assignment] = []
        for call in CallCollector.calls(in: getter) where call.calledExpression.trimmedDescription == "Text" {
            guard let argument = call.arguments.first?.expression else { continue }
            // `Text("\(x)")` shows x itself; other text is shown as written.
            var shown = argument
            if let string = argument.as(StringLiteralExprSyntax.self) {
                let segments = string.segments.filter { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty != true }
                if segments.count == 1, let segment = segments.first?.as(ExpressionSegmentSyntax.self), segment.expressions.count == 1,
                   let inner = segment.expressions.first?.expression {
                    shown = inner
                }
            }
            guard let access = shown.as(MemberAccessExprSyntax.self), let base = access.base, reader.stateRoot(of: base) != nil,
                  let expression = reader.translated(shown) else { continue }
            let label = access.declName.baseName.text
            if labels.contains(where: { $0.field == label }) { continue }
            labels.append(ImportedApp.Assignment(field: label, expression: expression, location: reader.location(call)))
        }
        return labels
    }

    /// Test doubles conform to the same protocols; they are not the app's components.
    static func isTestDouble(_ declaration: SwiftIndex.TypeDecl) -> Bool {
        ["Spy", "Mock", "Stub", "Fake", "Dummy"].contains { declaration.name.hasSuffix($0) }
    }

    /// `[Order]?` → `Order`; `OrdersWorker(ordersStore:)` → `OrdersWorker`.
    static func baseTypeName(_ text: String) -> String? {
        var name = text.trimmingCharacters(in: .whitespaces)
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if let paren = name.firstIndex(of: "(") { name = String(name[..<paren]) }
        if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
        return name.isEmpty ? nil : name
    }

    // MARK: - Use cases

    /// `ListOrders.FetchOrders.Request` (or the older `ListOrders_FetchOrders_Request`): the scene namespace, the
    /// use case and the model kind of a method's first parameter.
    func modelPath(of method: SwiftIndex.Method, kind: String) -> (path: String, useCase: String)? {
        guard let type = method.parameters.first?.type else { return nil }
        let dotted = type.split(separator: ".").map(String.init)
        if dotted.count >= 3, dotted.last == kind { return (type, dotted[dotted.count - 2]) }
        let underscored = type.split(separator: "_").map(String.init)
        if underscored.count >= 3, underscored.last == kind { return (type, underscored[underscored.count - 2]) }
        return nil
    }

    private mutating func useCaseShell(for method: SwiftIndex.Method, scene: String) -> ImportedApp.UseCase {
        let path = modelPath(of: method, kind: "Request")
        let name = path?.useCase ?? (method.name.prefix(1).uppercased() + method.name.dropFirst())
        func fields(_ kind: String) -> [ImportedApp.Field] {
            guard let base = path?.path else { return [] }
            let qualified = base.hasSuffix(".Request") ? String(base.dropLast(8)) + "." + kind
                : String(base.dropLast(8)) + "_" + kind
            guard let declaration = index.declaration(qualified) else { return [] }
            return types.storedFields(of: declaration)
        }
        if path == nil, !method.parameters.isEmpty {
            unmapped.append(.init(message: "'\(method.signature)' takes no Request model; its parameters are not read", location: method.location))
        }
        return ImportedApp.UseCase(name: name, location: method.location, request: fields("Request"), response: fields("Response"),
                                   viewModel: fields("ViewModel"), interactorMethod: method.signature, presenterMethod: nil,
                                   viewMethod: nil, interactor: [], presenter: [], trigger: nil)
    }

    /// The ViewModel's fields as the Presenter builds them: `X.Y.ViewModel(field: expression, …)`; a field it does
    /// not build, or builds from something the scenario cannot say, is `todo`.
    private mutating func viewModelAssignments(in method: SwiftIndex.Method, fields: [ImportedApp.Field]) -> [ImportedApp.Assignment] {
        var reader = BodyReader(converter: method.converter, file: method.location.file)
        if let response = method.parameters.first { reader.bound[response.name] = "response" }
        var found: [String: ImportedApp.Assignment] = [:]
        if let body = method.body {
            for call in CallCollector.calls(in: body) where call.calledExpression.trimmedDescription.hasSuffix("ViewModel") {
                for assignment in reader.assignments(call.arguments) { found[assignment.field] = assignment }
            }
        }
        return fields.map { field in
            let assignment = found[field.name] ?? ImportedApp.Assignment(field: field.name, expression: "todo", location: method.location)
            if assignment.expression.contains("todo") {
                unmapped.append(.init(message: "the Presenter's '\(field.name)' is not translated (todo)", location: assignment.location))
            }
            return assignment
        }
    }

    /// Methods the View calls when it loads or appears (directly, or through one method of its own).
    /// The Interactor methods the View calls as it loads (`viewDidLoad`) or appears (`viewWillAppear`,
    /// `viewDidAppear`), directly or through one method of its own, with the Request's literal values.
    func appearCalls(in view: SwiftIndex.TypeDecl?, interactorProperties: Set<String>)
        -> [String: (trigger: String, values: [String: String])] {
        guard let view else { return [:] }
        let methods = index.members(of: view).methods
        var called: [String: (trigger: String, values: [String: String])] = [:]
        func calls(in method: SwiftIndex.Method) -> [FunctionCallExprSyntax] {
            method.body.map(CallCollector.calls) ?? []
        }
        /// `X.Y.Request(page: 1)` inline, or a `let request = X.Y.Request(…)` of the same method.
        func requestValues(_ call: FunctionCallExprSyntax, in method: SwiftIndex.Method) -> [String: String] {
            guard let argument = call.arguments.first?.expression else { return [:] }
            var made = argument.as(FunctionCallExprSyntax.self)
            if made == nil, let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text, let body = method.body {
                for item in body.statements {
                    guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        made = binding.initializer?.value.as(FunctionCallExprSyntax.self)
                    }
                }
            }
            var values: [String: String] = [:]
            for argument in made?.arguments ?? [] {
                guard let label = argument.label?.text, let literal = Self.literal(argument.expression) else { continue }
                values[label] = literal
            }
            return values
        }
        // SwiftUI: what the body's `.onAppear { … }` asks for.
        if let body = index.members(of: view).properties.first(where: { $0.name == "body" })?.getter {
            for call in CallCollector.calls(in: body) {
                guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "onAppear",
                      let closure = call.trailingClosure else { continue }
                for inner in CallCollector.calls(in: closure) {
                    if let member = BodyReader.member(of: inner), interactorProperties.contains(member.base) {
                        called[member.name] = ("appear", [:])
                    }
                }
            }
        }
        // viewDidLoad first: a use case asked for as the View loads and again as it appears is an appear one.
        for (lifecycle, trigger) in [("viewDidLoad", "load"), ("viewWillAppear", "appear"), ("viewDidAppear", "appear")] {
            for method in methods where method.name == lifecycle {
                for call in calls(in: method) {
                    if let member = BodyReader.member(of: call), interactorProperties.contains(member.base) {
                        called[member.name] = (trigger, requestValues(call, in: method))
                    }
                    if let own = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                       let inner = methods.first(where: { $0.name == own }) {
                        for innerCall in calls(in: inner) {
                            if let member = BodyReader.member(of: innerCall), interactorProperties.contains(member.base) {
                                called[member.name] = (trigger, requestValues(innerCall, in: inner))
                            }
                        }
                    }
                }
            }
        }
        return called
    }

    /// A literal as YAML text: numbers, booleans, `nil` and plain strings; nil for anything else.
    static func literal(_ expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) { return expression.trimmedDescription }
        if expression.is(NilLiteralExprSyntax.self) { return "null" }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self) {
            return expression.trimmedDescription
        }
        if let string = expression.as(StringLiteralExprSyntax.self), string.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) {
            return YAMLText.quoted(string.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined())
        }
        return nil
    }

    // MARK: - Workers

    mutating func readWorker(_ qualifiedName: String, at location: SourceLocation) -> ImportedApp.Worker {
        // A worker nested in the scene's namespace (`Login.AuthWorker`) is named by its own name.
        let typeName = qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
        guard let declaration = index.type(named: qualifiedName) ?? index.type(named: typeName) ?? index.protocol(named: typeName) else {
            unmapped.append(.init(message: "worker type '\(typeName)' is not in the code read", location: location))
            return ImportedApp.Worker(name: typeName, location: location, operations: [])
        }
        var operations: [ImportedApp.Operation] = []
        for method in index.members(of: declaration).methods where !method.isStatic && method.name != "init" {
            var input: [ImportedApp.Field] = []
            var output: String?
            var callback = false
            for parameter in method.parameters {
                if let delivered = TypeMapping.closureResult(parameter.type) {
                    if !callback, let delivered { output = types.map(delivered, context: declaration.path).type }
                    callback = true
                    continue
                }
                let mapped = types.map(parameter.type, context: declaration.path)
                input.append(ImportedApp.Field(name: parameter.label ?? parameter.name, type: mapped.type, note: mapped.note,
                                               location: method.location))
            }
            if !callback, let returned = method.returnType, returned != "Void", returned != "()" {
                output = types.map(returned, context: declaration.path).type
            }
            operations.append(ImportedApp.Operation(name: method.name, signature: method.signature, input: input,
                                                    output: output, callback: callback, location: method.location))
        }
        return ImportedApp.Worker(name: typeName, location: declaration.location, operations: operations)
    }

    // MARK: - Routes

    private mutating func readRoute(_ method: SwiftIndex.Method, routerMethods: [SwiftIndex.Method], scenes: Set<String>,
                                    dataStore: SwiftIndex.TypeDecl?) -> ImportedApp.Route? {
        // `routeToShowOrder` (current templates) or `navigateToSomewhere` (the first ones).
        let prefix = ["routeTo", "navigateTo"].first { method.name.hasPrefix($0) && method.name.count > $0.count }
        let target = prefix.map { String(method.name.dropFirst($0.count)) } ?? method.name
        let name = prefix == nil ? method.name : "to" + target
        var destination = target
        // By name (`routeToHome` → `passDataToHome`), or, for a route named otherwise (`showHome()`), the Router's own
        // `passDataTo…` and `navigateTo…` its body calls.
        let body = (routerMethods.first { $0.name == method.name && $0.body != nil }?.body ?? method.body)?.trimmedDescription ?? ""
        func called(_ prefix: String) -> SwiftIndex.Method? {
            routerMethods.first { $0.name == prefix + target }
                ?? routerMethods.first { $0.name.hasPrefix(prefix) && body.contains($0.name + "(") }
        }
        let navigate = called("navigateTo")
        let passData = called("passDataTo")
        if !scenes.contains(destination) {
            // The destination's DataStore or View Controller names the scene (`destination: inout ShowOrderDataStore`).
            // The destination parameter (the last) first: the source's type names this scene.
            let named = [passData?.parameters.last, navigate?.parameters.last].compactMap { $0 }
                + (passData?.parameters.dropLast() ?? []) + (navigate?.parameters.dropLast() ?? [])
            let candidates = scenes.sorted { $0.count > $1.count }
            if let scene = named.lazy.compactMap({ parameter in candidates.first { Self.baseTypeName(parameter.type)?.hasPrefix($0) == true } }).first {
                destination = scene
            } else {
                unmapped.append(.init(message: "route '\(method.signature)' leads to no scene found in the code; it is left out",
                                      location: method.location))
                return nil
            }
        }
        var navigation: String?
        if let navigate = navigate ?? (prefix == "navigateTo" ? method : nil), let body = navigate.body?.trimmedDescription {
            if body.contains("popToViewController") || body.contains("popToRootViewController") {
                navigation = "popToScene"
            } else if body.contains("popViewController") {
                navigation = "pop"
            } else if body.contains("dismiss(") {
                navigation = "dismiss"
            } else if body.contains("present(") {
                navigation = "present"
            } else if body.contains(".show(") || body.contains("pushViewController") {
                navigation = "push"
            } else if body.contains("setViewControllers") || body.contains("rootViewController") {
                navigation = "replace"
            }
        } else {
            unmapped.append(.init(message: "route '\(method.signature)' has no 'navigateTo\(target)': it is written as a push (a storyboard segue navigates)",
                                  location: method.location))
        }
        var pass: [ImportedApp.Assignment] = []
        if let passData, let body = passData.body {
            var reader = BodyReader(converter: passData.converter, file: passData.location.file)
            if passData.parameters.count >= 1 { reader.bound[passData.parameters[0].name] = "source" }
            // The destination DataStore: the parameter labelled `destination`, else the last.
            let destinationName = (passData.parameters.first { $0.label == "destination" || $0.name == "destination" } ?? passData.parameters.last)?.name
            for item in body.statements {
                guard let sequence = item.item.as(SequenceExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(SequenceExprSyntax.self) else {
                    if !item.item.is(VariableDeclSyntax.self) && !BodyReader.isRecording(item.item) {
                        unmapped.append(.init(message: "'\(BodyReader.firstLine(item))' is not translated", location: reader.location(item)))
                    }
                    continue
                }
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                      let access = elements[0].as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == destinationName else { continue }
                let assignment = ImportedApp.Assignment(field: access.declName.baseName.text, expression: reader.translate(elements[2]),
                                                        location: reader.location(elements[0]))
                if assignment.expression.contains("todo") {
                    unmapped.append(.init(message: "the data passed to '\(assignment.field)' is not fully translated (todo)", location: assignment.location))
                }
                pass.append(assignment)
            }
        }
        return ImportedApp.Route(name: name, destination: destination, method: method.signature, navigation: navigation,
                                 pass: pass, location: method.location)
    }

    /// Reactive streams (RxSwift relays, Combine subjects and publishers) carry messages no method names, and
    /// storyboard segues dispatched by selector strings name routes only in the storyboard: both are said.
    mutating func noteWhatIsNotMapped(in components: [SwiftIndex.TypeDecl]) {
        let streams = ["Relay", "Subject", "Observable", "Publisher", "Driver", "Signal"]
        for component in components {
            let members = index.members(of: component)
            for property in members.properties {
                let type = property.type ?? property.initializerType ?? ""
                if let kind = streams.first(where: { type.contains($0) }) {
                    unmapped.append(.init(message: "'\(component.name).\(property.name)' is a reactive stream (\(type)); what flows through a \(kind.lowercased()) is not mapped",
                                          location: property.location))
                }
            }
            for method in members.methods where method.name == "prepare" {
                if method.body?.trimmedDescription.contains("NSSelectorFromString") == true {
                    unmapped.append(.init(message: "'\(component.name)' starts routes from storyboard segues by selector strings ('routeTo' + the segue's identifier); the storyboard, which names them, is not read",
                                          location: method.location))
                }
            }
        }
    }

    // MARK: - Wiring, references and calls

    private func wiring(of scene: String, view: SwiftIndex.TypeDecl?) -> String? {
        if index.type(named: scene + "Configurator") != nil { return "configurator" }
        if let view, index.members(of: view).methods.contains(where: { $0.name == "setup" || $0.name == "configure" }) { return "setup" }
        return nil
    }

    func references(interactor: SwiftIndex.TypeDecl?, presenter: SwiftIndex.TypeDecl?, view: SwiftIndex.TypeDecl?,
                            router: SwiftIndex.TypeDecl?, protocols: [SwiftIndex.TypeDecl?], workers: [String: String]) -> [ImportedApp.Reference] {
        let holders: [(ComponentRole, SwiftIndex.TypeDecl?)] = [(.view, view), (.interactor, interactor), (.presenter, presenter), (.router, router)]
        // Which role a type name means: a component's own name or one of the protocols it implements.
        var roleOf: [String: ComponentRole] = [:]
        for (role, declaration) in holders {
            guard let declaration else { continue }
            roleOf[declaration.name] = role
            for name in index.members(of: declaration).inherited.flatMap(index.expandedNames) where roleOf[name] == nil {
                roleOf[name] = role
            }
        }
        if let dataStoreName = protocols.last??.name { roleOf[dataStoreName] = .dataStore }
        var references: [ImportedApp.Reference] = []
        for (role, declaration) in holders {
            guard let declaration else { continue }
            for property in index.members(of: declaration).properties where !property.isStatic {
                if let worker = workers[property.name], role == .interactor {
                    references.append(.init(from: role, to: .worker, property: property.name, weak: false, location: property.location,
                                            worker: worker))
                    continue
                }
                let typeText = property.type ?? property.initializerType ?? ""
                let names = index.expandedNames(typeText.trimmingCharacters(in: CharacterSet(charactersIn: "()?! ")))
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "()?! ")) }
                guard let target = names.lazy.compactMap({ roleOf[$0] }).first(where: { $0 != role }) else { continue }
                references.append(.init(from: role, to: target, property: property.name, weak: property.isWeak,
                                        location: property.location))
            }
        }
        return references
    }

    /// Calls through the references: `interactor?.fetchOrders(request:)` in the View is View → Interactor.
    func calls(in holders: [(ComponentRole, SwiftIndex.TypeDecl?)], references: [ImportedApp.Reference]) -> [ImportedApp.Call] {
        var calls: [ImportedApp.Call] = []
        for (role, declaration) in holders {
            guard let declaration else { continue }
            let held = Dictionary(references.filter { $0.from == role }.map { ($0.property, $0.to) }, uniquingKeysWith: { first, _ in first })
            for method in index.members(of: declaration).methods {
                guard let body = method.body else { continue }
                let reader = BodyReader(converter: method.converter, file: method.location.file)
                for call in CallCollector.calls(in: body) {
                    guard let member = BodyReader.member(of: call), let target = held[member.base] else { continue }
                    let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
                    calls.append(.init(from: role, to: target, method: "\(member.name)(\(labels))", location: reader.location(call)))
                }
            }
        }
        return calls
    }
}

