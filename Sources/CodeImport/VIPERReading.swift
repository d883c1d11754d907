import Foundation
import ScenarioSpec
import SwiftSyntax

/// Reading a VIPER module by its conventions: the View tells its Presenter (`XPresenterProtocol` or
/// `XModuleInterface`), the Presenter asks the Interactor (`XInteractorInput…`), the Interactor answers through its
/// output protocol (`XInteractorOutput…`), the Presenter updates the View (`XViewProtocol`, `XViewInterface`) and asks
/// the WireFrame to navigate; data managers are the Interactor's workers.
extension VIPReader {
    /// Modules: names `X` with the Presenter's input protocol and the View's or the Interactor's.
    static func viperSceneNames(_ index: SwiftIndex, _ convention: Generation) -> [String] {
        guard let presenterInput = convention.presenterInput else { return [] }
        let names = index.protocols(endingWith: presenterInput).map { String($0.name.dropLast(presenterInput.count)) }
        // A Presenter protocol and a View protocol alone are not VIPER (a VIP with a Controller names its Interactor's
        // output `XPresenterProtocol` too): the module also has the Interactor's input protocol or a WireFrame.
        return Array(Set(names.filter { name in
            !name.isEmpty && (index.protocol(named: name + convention.displayLogic) != nil
                || index.protocol(named: name + convention.businessLogic) != nil)
                && (index.protocol(named: name + convention.businessLogic) != nil
                    || convention.routingLogic.contains { index.protocol(named: name + $0) != nil }
                    || ["WireFrame", "Wireframe"].contains { index.type(named: name + $0) != nil })
        })).sorted()
    }

    mutating func readVIPERScene(_ name: String, generation: Generation, allScenes: Set<String>) -> ImportedApp.Scene {
        let index = self.index
        let presenterProtocol = index.protocol(named: name + generation.presenterInput!)!
        let inputProtocol = index.protocol(named: name + generation.businessLogic)
        let outputProtocol = index.protocol(named: name + generation.presentationLogic)
        let viewProtocol = index.protocol(named: name + generation.displayLogic)
        let wireFrameProtocol = generation.routingLogic.lazy.compactMap { index.protocol(named: name + $0) }.first

        var components: [ImportedApp.Component] = []
        func component(_ role: ComponentRole, conformingTo protocolDecl: SwiftIndex.TypeDecl?, fallbacks: [String]) -> SwiftIndex.TypeDecl? {
            let found = protocolDecl.map { index.conformers(to: $0.name) }?.first { !Self.isTestDouble($0) }
                ?? fallbacks.lazy.compactMap { index.type(named: name + $0) }.first
            if let found { components.append(.init(role: role, typeName: found.name, location: found.location)) }
            return found
        }
        let view = component(.view, conformingTo: viewProtocol, fallbacks: ["View", "ViewController"])
        let presenter = component(.presenter, conformingTo: presenterProtocol, fallbacks: ["Presenter"])
        let interactor = component(.interactor, conformingTo: inputProtocol, fallbacks: ["Interactor"])
        let wireFrame = component(.router, conformingTo: wireFrameProtocol, fallbacks: ["WireFrame", "Wireframe", "Router"])

        var scene = ImportedApp.Scene(name: name, location: presenterProtocol.location, components: components,
                                      wiring: wireFrame == nil ? nil : "wireFrame", dataStore: [], workers: [], useCases: [],
                                      routes: [], references: [], calls: [])

        // What the Presenter keeps for its module (`var post: PostModel?`), read by its events: the module's state.
        let componentTypes = Set([presenterProtocol, inputProtocol, outputProtocol, viewProtocol, wireFrameProtocol,
                                  view, presenter, interactor, wireFrame].compactMap { $0?.name })
        for property in presenterProtocol.properties where !property.isStatic {
            let typeText = property.type ?? ""
            let named = index.expandedNames(typeText.trimmingCharacters(in: CharacterSet(charactersIn: "()?! ")))
            if named.contains(where: { componentTypes.contains($0) || $0.hasSuffix("Protocol") || $0.hasSuffix("Interface") }) { continue }
            let mapped = types.map(typeText, context: [])
            scene.dataStore.append(ImportedApp.Field(name: property.name, type: mapped.type, note: mapped.note, location: property.location))
        }

        // Data managers: what the Interactor holds whose type, its input-protocol suffix taken off, is named like a
        // worker; named without the module's prefix and that suffix (`PostListLocalDataManagerInputProtocol` →
        // `LocalDataManager`).
        var workerProperties: [String: String] = [:]
        if let interactor {
            for property in index.members(of: interactor).properties where !property.isStatic {
                guard let typeName = Self.baseTypeName(property.type ?? property.initializerType ?? "") else { continue }
                var base = typeName
                if let suffix = generation.workerInput, base.hasSuffix(suffix), base.count > suffix.count { base.removeLast(suffix.count) }
                guard Self.workerSuffixes.contains(where: { base.hasSuffix($0) }) else { continue }
                let workerName = base.hasPrefix(name) && base.count > name.count ? String(base.dropFirst(name.count)) : base
                workerProperties[property.name] = workerName
                if !scene.workers.contains(where: { $0.name == workerName }) {
                    var worker = readWorker(typeName, at: property.location)
                    worker.name = workerName
                    scene.workers.append(worker)
                }
            }
        }

        scene.references = references(interactor: interactor, presenter: presenter, view: view, router: wireFrame,
                                       protocols: [presenterProtocol, inputProtocol, outputProtocol, viewProtocol, wireFrameProtocol, nil],
                                       workers: workerProperties)
        func held(_ from: ComponentRole, _ to: ComponentRole, _ fallback: Set<String>) -> Set<String> {
            Set(scene.references.filter { $0.from == from && $0.to == to }.map(\.property)).union(fallback)
        }
        let presenterViews = held(.presenter, .view, ["view", "userInterface"])
        let presenterInteractors = held(.presenter, .interactor, ["interactor"])
        let presenterWireFrames = held(.presenter, .router, ["wireFrame", "wireframe", "router"])
        let interactorOutputs = held(.interactor, .presenter, ["presenter", "output"])
        let viewPresenters = held(.view, .presenter, ["presenter", "eventHandler"])

        // Routes: the WireFrame's instance methods the Presenter can call.
        let wireFrameMethods = (wireFrameProtocol?.methods ?? wireFrame.map { index.members(of: $0).methods } ?? []).filter { !$0.isStatic }
        let wireFrameBodies = wireFrame.map { index.members(of: $0).methods } ?? []
        var routeNames: [String: String] = [:]  // WireFrame method name → route name
        var routeInputs: [String: [String: String]] = [:]
        for method in wireFrameMethods where method.name != "init" {
            guard var route = readWireFrameRoute(method, bodies: wireFrameBodies, scene: name, scenes: allScenes) else { continue }
            if scene.routes.contains(where: { $0.name == route.name }) { route.name += SwiftSpellingForImport.upperFirst(method.name) }
            // The values it is given, not the View it is given, are the route's input.
            let data = method.parameters.filter { !Self.isViewType($0.type) }
            route.input = fields(data, at: method.location, context: wireFrameProtocol?.path ?? [])
            routeNames[method.name] = route.name
            routeInputs[route.name] = Dictionary(data.map { ($0.label ?? "_", $0.name) }, uniquingKeysWith: { first, _ in first })
            scene.routes.append(route)
        }

        let presenterMethods = presenter.map { index.members(of: $0).methods } ?? []
        let interactorMethods = interactor.map { index.members(of: $0).methods } ?? []
        let viewMethods = viewProtocol?.methods ?? []
        let outputMethods = outputProtocol?.methods ?? []
        let context = PresenterContext(views: presenterViews, interactors: presenterInteractors, wireFrames: presenterWireFrames,
                                       viewMethods: viewMethods, routeNames: routeNames, routeInputs: routeInputs,
                                       interactorMethods: interactorMethods, ownMethods: presenterMethods,
                                       state: Set(scene.dataStore.map(\.name)))

        // Use cases: one per Interactor input method, with the outputs its logic answers through. Without an input
        // protocol, the Interactor's own methods the Presenter calls.
        var inputMethods = inputProtocol?.methods ?? []
        if inputProtocol == nil, let presenter {
            let called = Set(index.members(of: presenter).methods.compactMap(\.body).flatMap { CallCollector.calls(in: $0) }
                .compactMap { BodyReader.member(of: $0) }.filter { presenterInteractors.contains($0.base) }.map(\.name))
            inputMethods = interactorMethods.filter { called.contains($0.name) && !$0.isStatic }
        }
        for method in inputMethods where !method.isStatic {
            var useCase = ImportedApp.UseCase(
                name: SwiftSpellingForImport.upperFirst(method.name), location: method.location,
                request: fields(of: method, context: inputProtocol?.path ?? []), response: [], viewModel: [],
                interactorMethod: method.signature, presenterMethod: nil, viewMethod: nil, interactor: [], presenter: [], trigger: nil)
            if let implementation = interactorMethods.first(where: { $0.signature == method.signature }), let body = implementation.body {
                var reader = BodyReader(converter: implementation.converter, file: implementation.location.file)
                reader.workers = workerProperties
                reader.presenterProperties = interactorOutputs
                reader.outputs = Dictionary(outputMethods.map { ($0.name, $0.parameters.map(\.name)) }, uniquingKeysWith: { first, _ in first })
                for parameter in implementation.parameters { reader.bound[parameter.name] = "request.\(parameter.name)" }
                reader.readInteractor(body.statements)
                useCase.interactor = reader.steps
                unmapped += reader.unmapped
            }
            var answered: [String] = []
            for step in useCase.interactor.flatMap(\.flattened) {
                if case .respondOutput(let output, _, _) = step, !answered.contains(output) { answered.append(output) }
            }
            for output in answered {
                guard let declared = outputMethods.first(where: { $0.name == output }) else { continue }
                var steps: [ImportedApp.Step] = []
                if let implementation = presenterMethods.first(where: { $0.signature == declared.signature }), let body = implementation.body {
                    var bound: [String: String] = [:]
                    for parameter in implementation.parameters { bound[parameter.name] = "response.\(parameter.name)" }
                    steps = presenterSteps(body.statements, in: implementation, context: context, bound: bound, depth: 0)
                }
                useCase.outputs.append(ImportedApp.Output(name: declared.name, presenterMethod: declared.signature,
                                                          response: fields(of: declared, context: outputProtocol?.path ?? []),
                                                          presenter: steps, location: declared.location))
            }
            scene.useCases.append(useCase)
        }
        for output in outputMethods where !scene.useCases.contains(where: { $0.outputs.contains { $0.name == output.name } }) {
            unmapped.append(.init(message: "the Interactor of '\(name)' is never seen answering through '\(output.signature)'; its Presenter steps are not mapped",
                                  location: output.location))
        }

        // Events: each method the View calls on the Presenter. One that only asks one Interactor method (after showing
        // progress) is that use case's event; any other is a use case of its own.
        let appearing = appearCalls(in: view, interactorProperties: viewPresenters)
        for method in presenterProtocol.methods where !method.isStatic {
            var steps: [ImportedApp.Step] = []
            if let implementation = presenterMethods.first(where: { $0.signature == method.signature }), let body = implementation.body {
                var bound: [String: String] = [:]
                for parameter in implementation.parameters { bound[parameter.name] = "request.\(parameter.name)" }
                steps = presenterSteps(body.statements, in: implementation, context: context, bound: bound, depth: 0)
            }
            let asked = steps.compactMap { step -> String? in if case .callInteractor(let m, _, _) = step { m } else { nil } }
            let request = fields(of: method, context: presenterProtocol.path)
            if asked.count == 1, let target = scene.useCases.firstIndex(where: { $0.interactorMethod.hasPrefix(asked[0] + "(") }),
               scene.useCases[target].eventMethod == nil,
               scene.useCases[target].request.map(\.name) == request.map(\.name) {
                scene.useCases[target].eventMethod = method.signature
                scene.useCases[target].event = steps
                if let (trigger, _) = appearing[method.name] { scene.useCases[target].trigger = trigger }
                continue
            }
            var useCaseName = SwiftSpellingForImport.upperFirst(method.name)
            while scene.useCases.contains(where: { $0.name == useCaseName }) { useCaseName += "Event" }
            var useCase = ImportedApp.UseCase(name: useCaseName, location: method.location, request: request, response: [], viewModel: [],
                                              interactorMethod: "", presenterMethod: nil, viewMethod: nil, interactor: [], presenter: [],
                                              trigger: appearing[method.name]?.trigger)
            useCase.eventMethod = method.signature
            useCase.event = steps
            if useCase.trigger != nil, !useCase.request.isEmpty { useCase.trigger = nil }
            scene.useCases.append(useCase)
        }

        noteWhatIsNotMapped(in: [view, interactor, presenter, wireFrame].compactMap { $0 })
        scene.calls = calls(in: [(ComponentRole.view, view), (.interactor, interactor), (.presenter, presenter), (.router, wireFrame)],
                            references: scene.references)
        return scene
    }

    /// A method's parameters as fields, named by the parameter's name (`_ posts: [PostModel]` is `posts`), placed at
    /// the method.
    mutating func fields(of method: SwiftIndex.Method, context: [String]) -> [ImportedApp.Field] {
        fields(method.parameters, at: method.location, context: context)
    }

    mutating func fields(_ parameters: [SwiftIndex.Parameter], at location: SourceLocation, context: [String]) -> [ImportedApp.Field] {
        parameters.map { parameter in
            let mapped = types.map(parameter.type, context: context)
            return ImportedApp.Field(name: parameter.name, type: mapped.type, note: mapped.note, location: location)
        }
    }

    struct PresenterContext {
        var views: Set<String>
        var interactors: Set<String>
        var wireFrames: Set<String>
        var viewMethods: [SwiftIndex.Method]
        var routeNames: [String: String]
        /// Each route's input, by the WireFrame method's argument labels: label → input field.
        var routeInputs: [String: [String: String]]
        /// The Interactor's methods, whose parameters name the Request's fields.
        var interactorMethods: [SwiftIndex.Method]
        var ownMethods: [SwiftIndex.Method]
        /// The Presenter's own state (the module's DataStore in the scenario).
        var state: Set<String>
    }

    /// A Presenter method's steps: the View told what to show, the Interactor asked, the WireFrame asked to
    /// navigate, in order; an `if` whose condition the scenario can say stays a branch; the Presenter's own methods
    /// it calls are followed once.
    mutating func presenterSteps(_ statements: CodeBlockItemListSyntax, in method: SwiftIndex.Method, context: PresenterContext,
                                 bound: [String: String], depth: Int) -> [ImportedApp.Step] {
        var reader = BodyReader(converter: method.converter, file: method.location.file)
        reader.bound = bound
        reader.dataStoreFields = context.state
        var steps: [ImportedApp.Step] = []
        for item in statements {
            let expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
            if let ifExpression = expression.map(BodyReader.unwrapTryAwait)?.as(IfExprSyntax.self), ifExpression.conditions.count == 1,
               let condition = ifExpression.conditions.first?.condition.as(ExprSyntax.self), let said = reader.translated(condition) {
                let then = presenterSteps(ifExpression.body.statements, in: method, context: context, bound: bound, depth: depth)
                var otherwise: [ImportedApp.Step] = []
                if let block = ifExpression.elseBody?.as(CodeBlockSyntax.self) {
                    otherwise = presenterSteps(block.statements, in: method, context: context, bound: bound, depth: depth)
                }
                steps.append(.conditional(said, then: then, otherwise: otherwise, location: reader.location(ifExpression)))
                continue
            }
            for call in CallCollector.calls(in: item) {
                steps += presenterStep(call, reader: reader, context: context, depth: depth)
            }
        }
        unmapped += reader.unmapped
        return steps
    }

    /// One call of a Presenter method, as steps (none when it is not a conversation the scenario has).
    mutating func presenterStep(_ call: FunctionCallExprSyntax, reader: BodyReader, context: PresenterContext, depth: Int) -> [ImportedApp.Step] {
        if let member = BodyReader.member(of: call) {
            if context.views.contains(member.base) {
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                let declared = context.viewMethods.first { $0.name == member.name && $0.parameters.map { $0.label ?? "_" } == labels }
                let signature = declared?.signature ?? "\(member.name)(" + labels.map { $0 + ":" }.joined() + ")"
                // A value the View is handed force-unwrapped (`post!`) is shown as it is: a label takes any value.
                let shown = zip(declared?.parameters.map(\.name) ?? labels, call.arguments).map { name, argument in
                    let expression = argument.expression.as(ForceUnwrapExprSyntax.self)?.expression ?? argument.expression
                    return ImportedApp.Assignment(field: name, expression: reader.translate(expression), location: reader.location(argument))
                }
                return [.display(signature, values: shown, location: reader.location(call))]
            }
            if context.interactors.contains(member.base) {
                // Arguments by position: the Interactor's parameters name the Request's fields.
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                let declared = context.interactorMethods.first { $0.name == member.name && $0.parameters.map { $0.label ?? "_" } == labels }
                let arguments = declared.map { method in
                    zip(method.parameters, call.arguments).map { parameter, argument in
                        ImportedApp.Assignment(field: parameter.name, expression: reader.translate(argument.expression), location: reader.location(argument))
                    }
                } ?? reader.assignments(call.arguments)
                return [.callInteractor(member.name, arguments: arguments, location: reader.location(call))]
            }
            if context.wireFrames.contains(member.base) {
                guard let route = context.routeNames[member.name] else {
                    unmapped.append(.init(message: "the WireFrame's '\(member.name)' leads to no module found in the code read", location: reader.location(call)))
                    return []
                }
                // Arguments that hand over the View (`from: view`) are how UIKit navigates, not data.
                let inputs = context.routeInputs[route] ?? [:]
                let arguments = call.arguments.compactMap { argument -> ImportedApp.Assignment? in
                    guard let field = inputs[argument.label?.text ?? "_"] else { return nil }
                    return ImportedApp.Assignment(field: field, expression: reader.translate(argument.expression), location: reader.location(argument))
                }
                return [.route(route, arguments: arguments, location: reader.location(call))]
            }
        }
        if depth == 0, let own = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? BodyReader.member(of: call).flatMap({ $0.base == "self" ? $0.name : nil }),
           let inner = context.ownMethods.first(where: { $0.name == own }), let body = inner.body {
            var innerBound: [String: String] = [:]
            for (parameter, argument) in zip(inner.parameters, call.arguments) {
                innerBound[parameter.name] = reader.translated(argument.expression)
            }
            return presenterSteps(body.statements, in: inner, context: context, bound: innerBound, depth: 1)
        }
        return []
    }

    /// A WireFrame method as a route: to the module its name names (`presentPostDetailScreen` → `PostDetail`), pushed
    /// or presented as its body does, with the values it is given (not the View it is given) as the route's input,
    /// passed into the destination's state fields of the same name.
    mutating func readWireFrameRoute(_ method: SwiftIndex.Method, bodies: [SwiftIndex.Method], scene: String,
                                     scenes: Set<String>) -> ImportedApp.Route? {
        let candidates = scenes.filter { $0 != scene && method.name.contains($0) }.sorted { ($0.count, $0) > ($1.count, $1) }
        guard let destination = candidates.first else { return nil }
        let body = bodies.first { $0.signature == method.signature }?.body?.trimmedDescription ?? ""
        let navigation: String
        if body.contains("pushViewController") { navigation = "push" }
        else if body.contains("present(") { navigation = "present" }
        else if body.contains("popViewController") { navigation = "pop" }
        else if body.contains("dismiss(") { navigation = "dismiss" }
        else { navigation = method.name.hasPrefix("present") ? "present" : "push" }
        return ImportedApp.Route(name: "to" + destination, destination: destination, method: method.signature, navigation: navigation,
                                 pass: [], location: method.location)
    }
}

extension VIPReader {
    /// A parameter that hands over a View (`from view: PostListViewProtocol`, `UIViewController`).
    static func isViewType(_ type: String) -> Bool {
        ["ViewProtocol", "ViewInterface", "ViewController", "UIView", "View"].contains { type.replacingOccurrences(of: "?", with: "").hasSuffix($0) }
    }
}

/// `viewDidLoad` → `ViewDidLoad`.
enum SwiftSpellingForImport {
    static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
