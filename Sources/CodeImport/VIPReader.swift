import Foundation
import ScenarioSpec
import ScenarioWriting
import SwiftSyntax

/// Reads an app's scenes as `SceneFinder` found them — Clean Swift or VIPER, whatever the app calls its protocols —
/// into the app model: use cases, models, workers, routes (`RouteReader`) and what breaks the pattern's rules
/// (`FindingReader`). The known generations of each pattern's protocols (`PatternDefinition.codeConventions`) only
/// name the convention in the output. Names stay as the code spells them, typos included.
struct VIPReader {
    /// Suffixes of the types a scene's components hold as workers.
    static let workerSuffixes = ["Worker", "Service", "DataManager", "Repository"]

    let index: SwiftIndex
    var types: TypeMapping
    var unmapped: [ImportedApp.Unmapped] = []
    /// Types that are no scene's components (cells, subviews) and the properties of theirs that hold a type, by the
    /// type's name: who else may ask an Interactor.
    var otherHolders: [String: [(SwiftIndex.TypeDecl, Set<String>)]] = [:]

    init(index: SwiftIndex) {
        self.index = index
        types = TypeMapping(index: index)
    }

    typealias Generation = PatternDefinition.CodeConvention

    /// The pattern and generation whose protocols the code declares most (the first registered wins a tie).
    static func convention(of index: SwiftIndex) -> (definition: PatternDefinition, convention: Generation)? {
        var best: (definition: PatternDefinition, convention: Generation, count: Int)?
        for definition in PatternRegistry.current.all {
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

    /// The scenes the finder found (whatever their protocols are called), as Clean Swift or as VIPER: VIPER when most
    /// scenes' Views tell their Presenter, whose Presenter asks the Interactor.
    mutating func readScenes(_ scenesFound: [SceneFinder.Found], finder: SceneFinder) -> (scenes: [ImportedApp.Scene], entities: [ImportedApp.Entity], viper: Bool) {
        // The plain screens the scenes show are destinations too.
        let found = scenesFound + finder.screens(besides: scenesFound)
        types.sceneNames = Set(found.map(\.name))
        let everyone = found.flatMap(\.members)
        // Components are not entities.
        for member in everyone { types.excluded.insert(member.type.name) }
        let sceneOf = Dictionary(everyone.map { ($0.type.name, "") }, uniquingKeysWith: { first, _ in first })
            .merging(found.flatMap { scene in scene.members.map { ($0.type.name, scene.name) } }, uniquingKeysWith: { _, last in last })
        let componentNames = Set(finder.components().map(\.type.name))
        for declaration in index.declarations where [.class, .struct].contains(declaration.kind)
            && !componentNames.contains(declaration.name) && !Self.isTestDouble(declaration) {
            var byType: [String: Set<String>] = [:]
            for property in declaration.properties {
                if let name = Self.baseTypeName(property.type ?? "") { byType[name, default: []].insert(property.name) }
            }
            for (name, properties) in byType { otherHolders[name, default: []].append((declaration, properties)) }
        }
        var allParts: [SceneParts] = []
        for scene in found {
            let parts = SceneParts(index: index, found: scene, everyone: everyone, finder: finder, sceneOf: sceneOf)
            // Workers are not entities either.
            for use in parts.workers { types.excluded.insert(use.typeName); types.excluded.insert(use.name) }
            allParts.append(parts)
        }
        let viper = allParts.filter { !$0.found.isScreen }.filter(Self.isVIPER).count * 2 > allParts.filter { !$0.found.isScreen }.count
        var routes = RouteReader(index: index, finder: finder, found: found, parts: allParts)
        let read = routes.read()
        unmapped += routes.unmapped
        var scenes: [ImportedApp.Scene] = []
        for parts in allParts {
            if parts.found.isScreen {
                scenes.append(readScreen(parts, tabs: routes.tabs(of: parts)))
                continue
            }
            if viper {
                scenes.append(readVIPERScene(parts, routes: read[parts.found.name] ?? []))
            } else {
                var scene = readVIPScene(parts)
                scene.routes = read[parts.found.name] ?? []
                // An Interactor method that only routes (`profileSettingsRoute() { onRouteToProfile?() }`) is the
                // scene's route, not a use case.
                scene.useCases.removeAll { useCase in
                    scene.routes.contains { $0.location == useCase.location } && useCase.interactor.flatMap(\.flattened).allSatisfy { step in
                        if case .respond = step { return false }
                        if case .respondOutput = step { return false }
                        if case .store = step { return false }
                        return true
                    }
                }
                // What a route is called with (`openArticle(id:)`): its input, which what it passes may read.
                let owners = parts.found.members.map(\.type) + parts.found.sharedRouters
                let methods = owners.flatMap { index.members(of: $0).methods }
                for at in scene.routes.indices where scene.routes[at].input.isEmpty {
                    let route = scene.routes[at]
                    guard let method = methods.first(where: { $0.signature == route.method && $0.location == route.location }) else { continue }
                    let data = method.parameters.filter { parameter in
                        !Self.isViewType(parameter.type) && TypeMapping.closureResult(parameter.type) == nil
                            && !parameter.type.contains("UIStoryboardSegue") && parameter.type != "Any" && parameter.type != "Any?"
                    }
                    scene.routes[at].input = fields(data, at: method.location, context: [])
                }
                addDisplayRoutes(to: &scene, parts: parts, routeMethods: methods)
                scenes.append(scene)
            }
        }
        addPassedFields(to: &scenes, parts: allParts)
        let findings = FindingReader(index: index, definition: viper ? Self.viewTellsPresenter : Self.viewAsksInteractor)
        for at in scenes.indices where !allParts[at].found.isScreen {
            scenes[at].findings = findings.findings(for: allParts[at], routes: scenes[at].routes)
        }
        // A screen no route leads to is none of the app's flow.
        let reached = Set(scenes.flatMap { $0.routes.map(\.destination) + $0.tabs })
        scenes.removeAll { $0.isScreen && !reached.contains($0.name) }
        return (scenes, types.entityOrder.compactMap { types.entities[$0] }, viper)
    }

    /// A View that routes when it is shown a ViewModel (`displayLogin(viewModel:) { router?.routeToHome() }`, the
    /// Clean Swift templates' way to leave after an answer): the route is a view step of the answer it displays.
    mutating func addDisplayRoutes(to scene: inout ImportedApp.Scene, parts: SceneParts, routeMethods: [SwiftIndex.Method]) {
        guard let view = parts.component(.view), !scene.routes.isEmpty else { return }
        let routers = parts.properties(of: .view, holding: .router, usual: ["router"])
        let methods = parts.methods(of: view)
        func routeSteps(in signature: String?) -> [ImportedApp.Step] {
            guard let signature, let method = methods.first(where: { $0.signature == signature }), let body = method.body else { return [] }
            var reader = BodyReader(method, in: index)
            // The ViewModel, or the values a display method takes in its place (`withMessage text: String` is the
            // ViewModel's `text`).
            if method.parameters.count == 1, let model = method.parameters.first, modelDeclaration(model.type, context: view.path) != nil {
                reader.bound[model.name] = "viewModel"
            } else {
                for parameter in method.parameters { reader.bound[parameter.name] = "viewModel.\(parameter.name)" }
            }
            var steps: [ImportedApp.Step] = []
            for call in CallCollector.calls(in: body) {
                guard let member = BodyReader.member(of: call), routers.contains(member.base),
                      let route = scene.routes.first(where: { PatternNaming.baseName($0.method) == member.name }) else { continue }
                // What the View hands the route (`routeToAlert(withTitle: viewModel.message)`): its input, by the
                // route method's parameters in order.
                var arguments: [ImportedApp.Assignment] = []
                if !route.input.isEmpty {
                    guard let declared = routeMethods.first(where: { $0.signature == route.method && $0.location == route.location }),
                          declared.parameters.count == call.arguments.count else {
                        unmapped.append(.init(message: "'\(call.trimmedDescription)' in '\(signature)' routes with values the View gives, which do not match the route's input; it is no view step of the answer",
                                              location: reader.location(call)))
                        continue
                    }
                    for (parameter, argument) in zip(declared.parameters, call.arguments) where route.input.contains(where: { $0.name == parameter.name }) {
                        arguments.append(ImportedApp.Assignment(field: parameter.name, expression: reader.translate(argument.expression),
                                                                location: reader.location(argument)))
                    }
                }
                // Only a route the display always takes: one under a condition, a case or a closure (an alert's
                // button) is left to the story, and said.
                // One plain `if` on what the View is shown (`if viewModel.isSignedIn { router?.routeToHome() }`) is a
                // view step under that condition.
                var node = Syntax(call).parent
                var conditional = false
                var condition: (text: String, node: IfExprSyntax)?
                while let current = node, current.id != body.id {
                    if let branch = current.as(IfExprSyntax.self), condition == nil, Syntax(branch.body).id == Syntax(call).ancestorID(below: branch),
                       branch.elseBody == nil, branch.conditions.count == 1,
                       let expression = branch.conditions.first?.condition.as(ExprSyntax.self), let text = reader.translated(expression) {
                        condition = (text, branch)
                    } else if current.is(ClosureExprSyntax.self) || current.is(SwitchCaseSyntax.self) || current.is(IfExprSyntax.self)
                        || current.is(GuardStmtSyntax.self) || current.is(TernaryExprSyntax.self) {
                        conditional = true
                        break
                    }
                    node = current.parent
                }
                if conditional {
                    unmapped.append(.init(message: "'\(call.trimmedDescription)' in '\(signature)' routes only in some cases; it is no view step of the answer",
                                          location: reader.location(call)))
                    continue
                }
                let step = ImportedApp.Step.route(route.name, arguments: arguments, location: reader.location(call))
                if let condition {
                    steps.append(.conditional(condition.text, then: [step], otherwise: [], location: reader.location(condition.node.conditions)))
                } else {
                    steps.append(step)
                }
            }
            return steps
        }
        for at in scene.useCases.indices where scene.useCases[at].view.isEmpty {
            if scene.useCases[at].outputs.count > 1 {
                for o in scene.useCases[at].outputs.indices where scene.useCases[at].outputs[o].view.isEmpty {
                    scene.useCases[at].outputs[o].view = routeSteps(in: scene.useCases[at].outputs[o].viewMethod)
                }
            } else {
                scene.useCases[at].view = routeSteps(in: scene.useCases[at].viewMethod ?? scene.useCases[at].outputs.first?.viewMethod)
            }
        }
    }

    /// A plain screen: its View, and the state routes fill; no use cases, no routes of its own.
    mutating func readScreen(_ parts: SceneParts, tabs: [String]) -> ImportedApp.Scene {
        let view = parts.found.members[0].type
        var scene = ImportedApp.Scene(name: parts.found.name, location: view.location,
                                      components: [ImportedApp.Component(role: .view, typeName: view.name, location: view.location)],
                                      wiring: nil, dataStore: [], workers: [], useCases: [], routes: [], references: [], calls: [])
        scene.isScreen = true
        // A tab bar: its tabs are the scenes it shows.
        scene.tabs = tabs
        if !tabs.isEmpty { return scene }
        unmapped.append(.init(message: "'\(view.name)' is a plain screen (no Interactor, Presenter or Router of its own): routes lead there, and nothing else of it is read",
                              location: view.location))
        return scene
    }

    /// The pattern whose View asks the Interactor and whose Presenter formats (Clean Swift's VIP cycle, UIKit Views).
    static var viewAsksInteractor: PatternDefinition {
        PatternRegistry.current.all.first { $0.flow.entry == .interactor && $0.has(.presenter) && !$0.flow.viewWritesDataStore && $0.flow.store == .dataStore }
            ?? PatternRegistry.current.all[0]
    }

    /// The pattern whose View tells its Presenter, which asks the Interactor (VIPER).
    static var viewTellsPresenter: PatternDefinition {
        PatternRegistry.current.all.first { $0.flow.entry == .presenter } ?? viewAsksInteractor
    }

    /// VIPER's flow: the Presenter asks the Interactor, or the View tells the Presenter and asks the Interactor nothing.
    static func isVIPER(_ parts: SceneParts) -> Bool {
        let presenterAsks = !parts.properties(of: .presenter, holding: .interactor).isEmpty
        let viewTells = !parts.properties(of: .view, holding: .presenter).isEmpty
        let viewAsks = !parts.properties(of: .view, holding: .interactor).isEmpty
        if viewAsks { return false }
        return viewTells || presenterAsks
    }

    /// The destination fields routes fill that the destination's DataStore does not list yet.
    private mutating func addPassedFields(to scenes: inout [ImportedApp.Scene], parts: [SceneParts]) {
        for source in scenes {
            for route in source.routes {
                guard let at = scenes.firstIndex(where: { $0.name == route.destination }),
                      let destination = parts.first(where: { $0.found.name == route.destination }) else { continue }
                for assignment in route.pass where !scenes[at].dataStore.contains(where: { $0.name == assignment.field }) {
                    // The field as the destination's components declare it.
                    for member in destination.found.members {
                        guard let property = index.members(of: member.type).properties.first(where: { $0.name == assignment.field }),
                              let type = property.type ?? property.initializerType else { continue }
                        scenes[at].dataStore.append(field(assignment.field, type: type, at: property.location, context: member.type.path))
                        break
                    }
                }
                // A field whose type the code does not say (`var items = make()`) is said, not passed.
                let known = Set(scenes[at].dataStore.map(\.name))
                if let s = scenes.firstIndex(where: { $0.name == source.name }), let r = scenes[s].routes.firstIndex(where: { $0.name == route.name }) {
                    for assignment in scenes[s].routes[r].pass where !known.contains(assignment.field) {
                        unmapped.append(.init(message: "route '\(source.name).\(route.name)' sets '\(assignment.field)' of \(route.destination), whose type the code does not say; it is not passed",
                                              location: assignment.location))
                    }
                    scenes[s].routes[r].pass.removeAll { !known.contains($0.field) }
                }
            }
        }
    }

    /// The enums the scenes' types use, in the order they were met.
    var enums: [ImportedApp.Enum] {
        types.enumOrder.compactMap { types.enums[$0] }
    }

    // MARK: - A scene

    /// Each value of the Interactor's steps that could not be translated, by its place.
    mutating func noteTodos(in steps: [ImportedApp.Step], useCase: String) {
        for step in steps {
            switch step {
            case .call(let worker, let operation, _, let arguments, _):
                for argument in arguments where argument.expression.contains("todo") {
                    let named = argument.field.hasPrefix("_") && argument.field.dropFirst().allSatisfy(\.isNumber)
                        ? "argument \(Int(argument.field.dropFirst())! + 1)" : "argument '\(argument.field)'"
                    unmapped.append(.init(message: "the \(named) of '\(worker).\(operation)' is not translated (todo)", location: argument.location))
                }
            case .store(let assignments, _):
                for assignment in assignments where assignment.expression.contains("todo") {
                    unmapped.append(.init(message: "the value stored in '\(assignment.field)' is not translated (todo)", location: assignment.location))
                }
            case .respond(_, let assignments, _):
                for assignment in assignments where assignment.expression.contains("todo") {
                    unmapped.append(.init(message: "the Response's '\(assignment.field)' in '\(useCase)' is not translated (todo)", location: assignment.location))
                }
            case .conditional(_, let then, let otherwise, _):
                noteTodos(in: then + otherwise, useCase: useCase)
            case .validate(_, let otherwise, _):
                noteTodos(in: otherwise, useCase: useCase)
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
                                     defaultValue: defaultValue(property, type: mapped.type),
                                     codeType: property.type ?? property.initializerType)
        }
    }

    /// What a SwiftUI View's `body` renders from state: each `Text("\(dataStore.someInt)")` (or `Text(…)` of a
    /// state field) is a label named by the field it shows.
    func renderedLabels(of view: SwiftIndex.TypeDecl, roots: [String: String]) -> [ImportedApp.Assignment] {
        guard let body = index.members(of: view).properties.first(where: { $0.name == "body" }), let getter = body.getter,
              let converter = body.converter else { return [] }
        var reader = BodyReader(converter: converter, file: body.location.file, enumsByCase: index.enumsByCase)
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
        let name = declaration.name
        return ["Spy", "Mock", "Stub", "Fake", "Dummy"].contains { word in
            name.hasSuffix(word) || (name.hasPrefix(word) && name.dropFirst(word.count).first?.isUppercase == true)
        }
    }

    /// The types a declared type names: `(A & B)?` → `[A, B]`, `any LoginWorkerProtocol` → `[LoginWorkerProtocol]`,
    /// `Box<Item>` → `[Box]`; nothing for a closure, a list or a dictionary.
    static func typeNames(_ text: String) -> [String] {
        // Plain character work: this runs for every property of every type.
        var scalars = Array(text.unicodeScalars)
        func trim() {
            while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
            while let last = scalars.last, last == " " || last == "\t" || last == "?" || last == "!" { scalars.removeLast() }
        }
        trim()
        for keyword in ["any ", "some "] where scalars.starts(with: keyword.unicodeScalars) {
            scalars.removeFirst(keyword.unicodeScalars.count)
        }
        guard scalars.first != "[" else { return [] }
        for (offset, scalar) in scalars.enumerated() where scalar == "-" && offset + 1 < scalars.count && scalars[offset + 1] == ">" {
            return []
        }
        if scalars.first == "(", scalars.last == ")" { scalars.removeFirst(); scalars.removeLast(); trim() }
        var names: [String] = []
        var current: [Unicode.Scalar] = []
        var depth = 0, cut = false
        func flush() {
            while let last = current.last, last == " " || last == "?" || last == "!" { current.removeLast() }
            while let first = current.first, first == " " { current.removeFirst() }
            let name = String(String.UnicodeScalarView(current))
            if name.hasPrefix("any ") { names.append(String(name.dropFirst(4))) }
            else if !name.isEmpty, !name.contains(" ") { names.append(name) }
            current = []
            cut = false
        }
        for scalar in scalars {
            switch scalar {
            case "<", "(": depth += 1; cut = true
            case ">", ")": depth -= 1
            case "&" where depth == 0: flush(); continue
            default: break
            }
            if !cut && depth == 0 { current.append(scalar) }
        }
        flush()
        return names
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

    /// A use case for an Interactor method: named by its Request's namespace (`ListOrders.FetchOrders.Request` →
    /// `FetchOrders`), else by the method; its Request the model's fields, or the method's parameters when it takes
    /// plain values; its Response and ViewModel the namespace's when it has one.
    mutating func useCaseShell(for method: SwiftIndex.Method, scene: String, interactorPath: [String] = []) -> ImportedApp.UseCase {
        let path = modelPath(of: method, kind: "Request")
        let name = path?.useCase ?? (method.name.prefix(1).uppercased() + method.name.dropFirst())
        func fields(_ kind: String) -> [ImportedApp.Field] {
            guard let base = path?.path else { return [] }
            let qualified = base.hasSuffix(".Request") ? String(base.dropLast(8)) + "." + kind
                : String(base.dropLast(8)) + "_" + kind
            guard let declaration = index.declaration(qualified) else { return [] }
            return modelFields(of: declaration)
        }
        let request = path != nil ? fields("Request") : modelFields(of: method, kind: "Request", context: interactorPath)
        return ImportedApp.UseCase(name: name, location: method.location, request: request, response: fields("Response"),
                                   viewModel: fields("ViewModel"), interactorMethod: method.signature, presenterMethod: nil,
                                   viewMethod: nil, interactor: [], presenter: [], trigger: nil)
    }

    /// The ViewModel's fields as the Presenter builds them: `X.Y.ViewModel(field: expression, …)`; a field it does
    /// not build, or builds from something the scenario cannot say, is `todo`.
    mutating func viewModelAssignments(in method: SwiftIndex.Method, fields: [ImportedApp.Field], viewProperties: Set<String> = [],
                                       view: SwiftIndex.TypeDecl? = nil) -> [ImportedApp.Assignment] {
        var reader = BodyReader(method, in: index)
        // The Response the method takes, or its values one by one.
        let values = method.parameters.filter { TypeMapping.closureResult($0.type) == nil }
        if values.count == 1, modelDeclaration(values[0].type, context: []) != nil || modelPath(of: method, kind: "Response") != nil {
            reader.bound[values[0].name] = "response"
        } else {
            for parameter in values { reader.bound[parameter.name] = "response.\(parameter.name)" }
        }
        var found: [String: ImportedApp.Assignment] = [:]
        if let body = method.body {
            for call in CallCollector.calls(in: body) where call.calledExpression.trimmedDescription.hasSuffix("ViewModel") {
                for assignment in reader.assignments(call.arguments) { found[assignment.field] = assignment }
            }
            // Values handed to the View as they are (`displayLoading(isLoading)`), named by the View method's parameters.
            for call in CallCollector.calls(in: body) {
                guard let member = BodyReader.member(of: call), viewProperties.contains(member.name) || viewProperties.contains(member.base),
                      let declared = displayDeclaration(member.name, in: view) else { continue }
                for (parameter, argument) in zip(declared.parameters, call.arguments) where found[parameter.name] == nil {
                    if Self.baseTypeName(argument.expression.trimmedDescription)?.hasSuffix("ViewModel") == true { continue }
                    found[parameter.name] = ImportedApp.Assignment(field: parameter.name, expression: reader.translate(argument.expression),
                                                                   location: reader.location(argument))
                }
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
            // Plain values, by the call's own labels (`fetchNews(category: "games")`).
            if made == nil {
                for argument in call.arguments {
                    guard let literal = Self.literal(argument.expression) else { continue }
                    values[argument.label?.text ?? "_"] = literal
                }
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
        // A SwiftUI View's observable `Controller`: its methods the enclosing View calls as it appears.
        if view.path.count > 1 {
            for (name, trigger) in lifecycleTriggers(of: view) where !["viewDidLoad", "loadView", "viewWillAppear", "viewDidAppear", "body"].contains(name) {
                for method in methods where method.name == name {
                    for call in calls(in: method) {
                        if let member = BodyReader.member(of: call), interactorProperties.contains(member.base), called[member.name] == nil {
                            called[member.name] = (trigger, requestValues(call, in: method))
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
        // An empty list (`var items: [Item] = []`) starts a list field empty.
        if let array = expression.as(ArrayExprSyntax.self), array.elements.isEmpty { return "[]" }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self) {
            return expression.trimmedDescription
        }
        // The text the literal means (`"a\\"b"` is `a"b`), quoted again for YAML.
        if let string = expression.as(StringLiteralExprSyntax.self), let value = string.representedLiteralValue {
            return YAMLText.quoted(value)
        }
        return nil
    }

    /// A member written as an enum's case is (`.normal`, `Priority.normal`): the owner as written (empty for `.normal`)
    /// and the name. Whether it is a case, only the field's type tells (`VIPSceneReading.defaultValue`).
    static func enumCase(_ expression: ExprSyntax) -> (owner: String, name: String)? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil else { return nil }
        if access.base == nil { return ("", access.declName.baseName.text) }
        guard let owner = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return (owner, access.declName.baseName.text)
    }

    // MARK: - Workers

    mutating func readWorker(_ qualifiedName: String, at location: SourceLocation, quiet: Bool = false) -> ImportedApp.Worker {
        // A worker nested in the scene's namespace (`Login.AuthWorker`) is named by its own name.
        let typeName = qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
        guard let declaration = index.type(named: qualifiedName) ?? index.type(named: typeName) ?? index.protocol(named: typeName) else {
            if !quiet { unmapped.append(.init(message: "worker type '\(typeName)' is not in the code read", location: location)) }
            return ImportedApp.Worker(name: typeName, location: location, operations: [])
        }
        var operations: [ImportedApp.Operation] = []
        // Static methods too: a worker may be an enum of functions (`GoalService.allGoals()`).
        for method in index.members(of: declaration).methods where method.name != "init" {
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
                                               location: method.location, codeType: parameter.type))
            }
            if !callback, var returned = method.returnType, returned != "Void", returned != "()" {
                // `Result<User, Error>` returns a User or fails; `Result<Void, Error>` returns nothing.
                if returned.hasPrefix("Result<"), returned.hasSuffix(">") {
                    returned = TypeMapping.splitTopLevel(String(returned.dropFirst(7).dropLast())).first?.trimmingCharacters(in: .whitespaces) ?? returned
                }
                if returned != "Void", returned != "()" { output = types.map(returned, context: declaration.path).type }
            }
            operations.append(ImportedApp.Operation(name: method.name, signature: method.signature, input: input,
                                                    output: output, callback: callback, location: method.location))
        }
        return ImportedApp.Worker(name: typeName, location: declaration.location, operations: operations)
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

    /// Calls through the references: `interactor?.fetchOrders(request:)` in the View is View → Interactor.
    func calls(in holders: [(ComponentRole, SwiftIndex.TypeDecl?)], references: [ImportedApp.Reference]) -> [ImportedApp.Call] {
        var calls: [ImportedApp.Call] = []
        for (role, declaration) in holders {
            guard let declaration else { continue }
            let held = Dictionary(references.filter { $0.from == role }.map { ($0.property, $0.to) }, uniquingKeysWith: { first, _ in first })
            for method in index.members(of: declaration).methods {
                guard let body = method.body else { continue }
                let reader = BodyReader(method, in: index)
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

extension Syntax {
    /// The id of this node's ancestor that is a direct child of `ancestor` (this node's own when it is one).
    func ancestorID(below ancestor: some SyntaxProtocol) -> SyntaxIdentifier? {
        var node: Syntax? = self
        while let current = node {
            if current.parent?.id == ancestor.id { return current.id }
            node = current.parent
        }
        return nil
    }
}
