import Foundation
import ScenarioSpec
import SwiftSyntax

/// Reading a VIPER module from the parts the finder found, whatever its protocols are called
/// (`XPresenterProtocol`, `XViewToPresenterProtocol`, `XViewOutput`, `XModuleInterface`): the View tells its Presenter
/// (events), the Presenter asks the Interactor (its input methods: the use cases), the Interactor answers through
/// the Presenter's methods it calls (outputs), the Presenter tells the View what to show and asks the Router to
/// navigate.
extension VIPReader {
    mutating func readVIPERScene(_ parts: SceneParts, routes: [ImportedApp.Route]) -> ImportedApp.Scene {
        let found = parts.found
        let view = parts.component(.view), interactor = parts.component(.interactor)
        let presenter = parts.component(.presenter), router = parts.component(.router)
        var scene = ImportedApp.Scene(name: found.name, location: found.location,
                                      components: found.members.filter { $0.role != .configurator }.map {
                                          ImportedApp.Component(role: $0.role, typeName: $0.type.qualifiedName, location: $0.type.location)
                                      },
                                      wiring: router == nil && found.component(.configurator) == nil ? nil : "wireFrame",
                                      dataStore: [], workers: [], useCases: [], routes: routes, references: [], calls: [])
        // The module's state: what the Presenter and the Interactor keep (fields another module's route fills join it).
        for (role, type) in [(ComponentRole.presenter, presenter), (.interactor, interactor)] {
            guard let type else { continue }
            for field in stateFields(of: type, parts: parts, role: role) where !scene.dataStore.contains(where: { $0.name == field.name }) {
                scene.dataStore.append(field)
            }
        }
        scene.workers = workers(of: parts)
        scene.references = references(parts)

        let presenterViews = parts.properties(of: .presenter, holding: .view, usual: ["view", "userInterface", "viewController"])
        let presenterInteractors = parts.properties(of: .presenter, holding: .interactor, usual: ["interactor", "interector"])
        let presenterRouters = parts.properties(of: .presenter, holding: .router, usual: ["router", "wireFrame", "wireframe"])
            .union(sharedRouters(of: parts, holder: .presenter))
        let interactorOutputs = parts.properties(of: .interactor, holding: .presenter, usual: ["presenter", "output"])
        let viewPresenters = parts.properties(of: .view, holding: .presenter, usual: ["presenter", "output", "eventHandler"])
        let presenterMembers = presenter.map { index.members(of: $0).methods } ?? []
        let interactorMembers = interactor.map { index.members(of: $0).methods } ?? []
        let viewMembers = view.map { index.members(of: $0).methods } ?? []
        // Route names by the Router method the Presenter calls; each route's input by the method's labels.
        var routeNames: [String: String] = [:]
        var routeInputs: [String: [String: String]] = [:]
        for at in scene.routes.indices {
            let route = scene.routes[at]
            routeNames[PatternNaming.baseName(route.method)] = route.name
            if let method = router.flatMap({ index.members(of: $0).methods.first { $0.signature == route.method } }) {
                let data = method.parameters.filter { !Self.isViewType($0.type) && TypeMapping.closureResult($0.type) == nil }
                scene.routes[at].input = fields(data, at: method.location, context: router?.path ?? [])
                routeInputs[route.name] = Dictionary(data.map { ($0.label ?? "_", $0.name) }, uniquingKeysWith: { first, _ in first })
            }
        }
        // View methods as the Presenter may call them: the View's own and its protocols'.
        var viewMethods = viewMembers
        for protocolName in view.map({ index.members(of: $0).inherited.flatMap(index.expandedNames) }) ?? [] {
            viewMethods += index.protocol(named: protocolName)?.methods ?? []
        }
        var context = PresenterContext(views: presenterViews, interactors: presenterInteractors, wireFrames: presenterRouters,
                                       viewMethods: viewMethods, routeNames: routeNames, routeInputs: routeInputs,
                                       interactorMethods: interactorMembers, ownMethods: presenterMembers,
                                       state: Set(scene.dataStore.map(\.name)))
        context.observers = observers(of: presenter)

        // Outputs: the Presenter's methods the Interactor calls back.
        let outputNames = Set(calledNames(in: interactor, through: interactorOutputs))
        let outputMethods = presenterMembers.filter { outputNames.contains($0.name) }
        // Use cases: the Interactor methods the Presenter asks for, in the Interactor's order.
        var askedNames = calledNames(in: presenter, through: presenterInteractors)
        for name in declaredInputs(of: parts, holder: .presenter, target: .interactor) where !askedNames.contains(name) { askedNames.append(name) }
        let inputMethods = interactorMembers.filter { askedNames.contains($0.name) && !$0.isStatic && $0.name != "init" }
        var seenInputs = Set<String>()
        for method in inputMethods where seenInputs.insert(method.name).inserted {
            var useCase = ImportedApp.UseCase(
                name: SwiftSpellingForImport.upperFirst(method.name), location: method.location,
                request: modelFields(of: method, kind: "Request", context: interactor?.path ?? []), response: [], viewModel: [],
                interactorMethod: method.signature, presenterMethod: nil, viewMethod: nil, interactor: [], presenter: [], trigger: nil)
            let implementation = interactorMembers.first { $0.name == method.name && $0.body != nil } ?? method
            if let body = implementation.body {
                var reader = BodyReader(implementation, in: index)
                reader.workers = parts.workerNames(for: .interactor)
                reader.optionalAnswers = Self.optionalAnswers(of: scene.workers)
                reader.presenterProperties = interactorOutputs
                // The Interactor's own state: what it keeps of the module's.
                let own = Set(interactor.map { index.members(of: $0).properties.map(\.name) } ?? [])
                reader.dataStoreFields = Set(scene.dataStore.map(\.name)).intersection(own)
                reader.outputs = Dictionary(outputMethods.map { ($0.name, $0.parameters.map(\.name)) }, uniquingKeysWith: { first, _ in first })
                reader.presenterModels = Set(outputMethods.filter { takesModel($0, context: presenter?.path ?? []) }.map(\.name))
                reader.ownMethods = Dictionary(interactorMembers.filter { $0.body != nil && $0.name != "init" }.map { ($0.name, $0) },
                                               uniquingKeysWith: { first, _ in first })
                reader.inlined = [method.name]
                reader.observers = observers(of: interactor)
                for parameter in implementation.parameters { reader.bound[parameter.name] = "request.\(parameter.name)" }
                reader.readInteractor(body.statements)
                useCase.interactor = reader.steps
                unmapped += reader.unmapped
            }
            var answered: [String] = []
            for step in useCase.interactor.flatMap(\.flattened) {
                switch step {
                case .respondOutput(let output, _, _), .respond(let output?, _, _):
                    if !answered.contains(output) { answered.append(output) }
                default: break
                }
            }
            for output in answered {
                guard let declared = outputMethods.first(where: { $0.name == output && $0.body != nil }) ?? outputMethods.first(where: { $0.name == output }) else { continue }
                var steps: [ImportedApp.Step] = []
                // One model taken (`didRetrievePosts(_ response: …Response)`) is the Response; values are its fields.
                let model = takesModel(declared, context: presenter?.path ?? [])
                if let body = declared.body {
                    var bound: [String: String] = [:]
                    for parameter in declared.parameters { bound[parameter.name] = model ? "response" : "response.\(parameter.name)" }
                    steps = presenterSteps(body.statements, in: declared, context: context, bound: bound, depth: 0)
                }
                let response = model ? modelFields(of: declared, kind: "Response", context: presenter?.path ?? [])
                    : fields(of: declared, context: presenter?.path ?? [])
                useCase.outputs.append(ImportedApp.Output(name: declared.name, presenterMethod: declared.signature,
                                                          response: response, presenter: steps, location: declared.location))
            }
            scene.useCases.append(useCase)
        }

        // Events: each Presenter method the View calls. One that asks one Interactor method is that use case's event;
        // any other is a use case of its own.
        var eventNames = calledNames(in: view, through: viewPresenters)
        for name in declaredInputs(of: parts, holder: .view, target: .presenter) where !eventNames.contains(name) && !outputNames.contains(name) {
            eventNames.append(name)
        }
        let triggers = lifecycleTriggers(of: view)
        let callers = callerMethods(in: view, through: viewPresenters)
        var seenEvents = Set<String>()
        for name in eventNames where seenEvents.insert(name).inserted {
            guard let method = presenterMembers.first(where: { $0.name == name && $0.body != nil }) ?? presenterMembers.first(where: { $0.name == name }),
                  !isWiring(method, parts: parts) else { continue }
            var steps: [ImportedApp.Step] = []
            if let body = method.body {
                var bound: [String: String] = [:]
                for parameter in method.parameters { bound[parameter.name] = "request.\(parameter.name)" }
                steps = presenterSteps(body.statements, in: method, context: context, bound: bound, depth: 0)
            }
            let trigger = (callers[name] ?? []).compactMap { triggers[$0] }.max { ($0 == "appear" ? 1 : 0) < ($1 == "appear" ? 1 : 0) }
            let asked = steps.flatMap(\.flattened).compactMap { step -> String? in if case .callInteractor(let m, _, _) = step { m } else { nil } }
            let request = modelFields(of: method, kind: "Request", context: presenter?.path ?? [])
            if let first = asked.first, let target = scene.useCases.firstIndex(where: { PatternNaming.baseName($0.interactorMethod) == first }),
               scene.useCases[target].eventMethod == nil {
                scene.useCases[target].eventMethod = method.signature
                scene.useCases[target].event = steps
                if let trigger, scene.useCases[target].request.allSatisfy({ $0.defaultValue != nil }) { scene.useCases[target].trigger = trigger }
                continue
            }
            if !asked.isEmpty, asked.allSatisfy({ name in scene.useCases.contains { PatternNaming.baseName($0.interactorMethod) == name } }) {
                // Another event asking for a use case that has one: not a use case of its own; what it does besides
                // asking (`refreshPostList()` shows the loader first) is said.
                if !steps.allSatisfy({ if case .callInteractor = $0 { true } else { false } }) {
                    unmapped.append(.init(message: "'\(method.signature)' asks for '\(asked.joined(separator: "', '"))', which another event of the View starts; it is not imported as a use case of its own, and what else it does is left out",
                                          location: method.location))
                }
                continue
            }
            var useCaseName = SwiftSpellingForImport.upperFirst(method.name)
            while scene.useCases.contains(where: { $0.name == useCaseName }) { useCaseName += "Event" }
            var useCase = ImportedApp.UseCase(name: useCaseName, location: method.location, request: request, response: [], viewModel: [],
                                              interactorMethod: "", presenterMethod: nil, viewMethod: nil, interactor: [], presenter: [],
                                              trigger: request.isEmpty ? trigger : nil)
            useCase.eventMethod = method.signature
            useCase.event = steps
            scene.useCases.append(useCase)
        }
        noteWhatIsNotMapped(in: [view, interactor, presenter, router].compactMap { $0 })
        scene.calls = calls(in: [(ComponentRole.view, view), (.interactor, interactor), (.presenter, presenter), (.router, router)],
                            references: scene.references)
        return scene
    }

    /// Whether a method takes one value that is a model of the app's, a struct named as one (`…Response`): its
    /// fields are what it carries.
    func takesModel(_ method: SwiftIndex.Method, context: [String]) -> Bool {
        let values = method.parameters.filter { TypeMapping.closureResult($0.type) == nil }
        guard values.count == 1, values[0].type.trimmingCharacters(in: CharacterSet(charactersIn: "?! ")).hasSuffix("Response"),
              let model = modelDeclaration(values[0].type, context: context) else { return false }
        return model.kind == .struct
    }

    /// A method that hands the Presenter a part of its own module (`inject(view:)`, `set(router:)`): wiring the View
    /// calls as it loads, no event.
    /// A type's properties whose `didSet` does something, each as a method run after every write to it.
    func observers(of type: SwiftIndex.TypeDecl?) -> [String: (method: SwiftIndex.Method, statements: CodeBlockItemListSyntax)] {
        var result: [String: (method: SwiftIndex.Method, statements: CodeBlockItemListSyntax)] = [:]
        for property in type.map({ index.members(of: $0).properties }) ?? [] {
            guard let observer = property.didSet, let converter = property.converter else { continue }
            let method = SwiftIndex.Method(name: property.name, parameters: [], returnType: nil, body: nil, isStatic: false,
                                           location: property.location, converter: converter)
            result[property.name] = (method, observer)
        }
        return result
    }

    func isWiring(_ method: SwiftIndex.Method, parts: SceneParts) -> Bool {
        let own = Set(parts.found.members.map(\.type.name))
        func isPart(_ parameter: SwiftIndex.Parameter) -> Bool {
            guard let type = VIPReader.typeNames(parameter.type).first, !SceneParts.isFrameworkType(type) else { return false }
            return own.contains(type) || index.conformers(to: type).contains { own.contains($0.name) }
        }
        // Every value a part, or an injection that hands over a part with its settings (`inject(view:screenType:)`).
        return !method.parameters.isEmpty && (method.parameters.allSatisfy(isPart) || method.name.hasPrefix("inject") && method.parameters.contains(where: isPart))
    }

    /// The properties of `holder` that hold an app-wide Router or Coordinator.
    func sharedRouters(of parts: SceneParts, holder: ComponentRole) -> Set<String> {
        guard let type = parts.component(holder) else { return [] }
        let shared = Set(parts.found.shared.flatMap { [$0.name] + index.members(of: $0).inherited.flatMap(index.expandedNames) })
        return Set(index.members(of: type).properties.filter { property in
            index.expandedNames(Self.baseTypeName(property.type ?? property.initializerType ?? "") ?? "").contains(where: shared.contains)
        }.map(\.name))
    }

    /// The method names a type calls through `properties`, in the order of its code.
    func calledNames(in type: SwiftIndex.TypeDecl?, through properties: Set<String>) -> [String] {
        guard let type, !properties.isEmpty else { return [] }
        var names: [String] = []
        for (_, body) in codeBodies(of: type) {
            for call in CallCollector.calls(in: body) {
                if let member = BodyReader.member(of: call), properties.contains(member.base), !names.contains(member.name) { names.append(member.name) }
            }
        }
        return names
    }

    /// A type's code: its methods' bodies, then its computed properties' getters (a SwiftUI View's `body`, where its
    /// buttons tell the Presenter), each by name.
    func codeBodies(of type: SwiftIndex.TypeDecl) -> [(name: String, body: Syntax)] {
        let members = index.members(of: type)
        return members.methods.compactMap { method in method.body.map { (method.name, Syntax($0)) } }
            + members.properties.compactMap { property in property.getter.map { (property.name, Syntax($0)) } }
            // What a property's `didSet` calls runs after each write to it (`didSet { presenter?.dataRefreshed() }`).
            + members.properties.compactMap { property in property.didSet.map { (property.name, Syntax($0)) } }
    }

    /// For each method called through `properties`, the caller's own methods it is called from.
    func callerMethods(in type: SwiftIndex.TypeDecl?, through properties: Set<String>) -> [String: Set<String>] {
        guard let type, !properties.isEmpty else { return [:] }
        var callers: [String: Set<String>] = [:]
        for (name, body) in codeBodies(of: type) {
            for call in CallCollector.calls(in: body) {
                if let member = BodyReader.member(of: call), properties.contains(member.base) { callers[member.name, default: []].insert(name) }
            }
        }
        return callers
    }
}
