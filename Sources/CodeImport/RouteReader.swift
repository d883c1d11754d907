import Foundation
import ScenarioSpec
import SwiftSyntax

/// Routes found by what the code does, not by what its methods are called: a method of a scene's Router (or of a
/// Coordinator, a View or a Presenter of the scene) that makes, finds or names another scene's View — `XViewController()`,
/// `storyboard.instantiateViewController(…) as? XViewController`, a builder's `createXModule()`, a segue's
/// identifier — and shows it, or that goes back (pops, dismisses) to the scene that came before. The data it passes
/// are the destination's fields it sets, directly (`destination.router?.dataStore?.item = …`), through a builder
/// (`presenter.status = status`) or an initializer (`XViewController(recordType:)`).
struct RouteReader {
    let index: SwiftIndex
    let finder: SceneFinder
    let found: [SceneFinder.Found]
    let parts: [SceneParts]
    private(set) var unmapped: [ImportedApp.Unmapped] = []

    /// Every component type → its scene.
    private let sceneOf: [String: String]
    /// The Router methods each scene's parts call.
    private let routerCalls: [String: [(router: SwiftIndex.TypeDecl, name: String, via: String?)]]
    /// Methods by name, anywhere in the code: what a builder call makes.
    private let methodsNamed: [String: [SwiftIndex.Method]]
    private struct MethodKey: Hashable { var file: String; var line: Int; var column: Int }
    /// Where the methods of the scenes' Views, Interactors and Presenters are.
    private let componentMethods: Set<MethodKey>
    /// Closures the code stores in a property (`interactor.onRouteToSettings = { … }`), by the property's name.
    private let closureAssignments: [String: [ClosureExprSyntax]]
    /// What each case of the app's enums leads to where the code switches on it (`case .detail(let params): …` in a
    /// scene enum's `viewController`, a coordinator's `navigate(to:)`): the case's statements, by case name.
    private let caseBodies: [String: [Syntax]]
    /// The app's enums and their cases, payloads or not.
    private let enumCases: [String: Set<String>]

    init(index: SwiftIndex, finder: SceneFinder, found: [SceneFinder.Found], parts: [SceneParts]) {
        self.index = index
        self.finder = finder
        self.found = found
        self.parts = parts
        var sceneOf: [String: String] = [:]
        var shared = Set<String>()
        for scene in found {
            for member in scene.members {
                if let other = sceneOf[member.type.name], other != scene.name { shared.insert(member.type.name) }
                sceneOf[member.type.name] = scene.name
            }
        }
        // A module's input protocol a scene's part adopts names it too: a route opening `ChooseCityModuleInput.self`
        // (a Generamba module's input, which its Presenter adopts) leads there. One several scenes adopt names none;
        // a module's output, which the scene that shows it adopts, names no scene.
        var adopted: [String: String] = [:]
        for scene in found {
            for member in scene.members {
                for name in index.members(of: member.type).inherited where name.contains("ModuleInput") && sceneOf[name] == nil
                    && index.protocol(named: name) != nil {
                    if let other = adopted[name], other != scene.name { shared.insert(name) }
                    adopted[name] = scene.name
                }
            }
        }
        for (name, scene) in adopted { sceneOf[name] = scene }
        // A part several scenes share (one Interactor for all, through a protocol each) names none of them.
        for name in shared { sceneOf[name] = nil }
        self.sceneOf = sceneOf
        var methods: [String: [SwiftIndex.Method]] = [:]
        for declaration in index.declarations where declaration.kind != .protocol {
            for method in declaration.methods where method.body != nil { methods[method.name, default: []].append(method) }
        }
        methodsNamed = methods
        var closures: [String: [ClosureExprSyntax]] = [:]
        for declaration in index.declarations {
            for method in declaration.methods {
                guard let body = method.body else { continue }
                for assignment in AssignmentCollector.assignments(in: body) {
                    guard let closure = assignment.value.as(ClosureExprSyntax.self),
                          let property = assignment.target.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { continue }
                    closures[property, default: []].append(closure)
                }
            }
        }
        closureAssignments = closures
        var cases: [String: Set<String>] = [:]
        for declaration in index.declarations where declaration.kind == .enum && !declaration.caseNames.isEmpty {
            cases[declaration.name, default: []].formUnion(declaration.caseNames)
        }
        enumCases = cases
        var bodies: [String: [Syntax]] = [:]
        let allCases = Set(cases.values.flatMap { $0 })
        for declaration in index.declarations {
            let codes = declaration.methods.compactMap { $0.body.map(Syntax.init) } + declaration.properties.compactMap { $0.getter.map(Syntax.init) }
            for code in codes {
                for switchCase in EnumSwitchCollector.cases(in: code) {
                    for name in switchCase.names where allCases.contains(name) { bodies[name, default: []].append(switchCase.body) }
                }
            }
        }
        caseBodies = bodies
        // Methods of the parts and of every Router or Coordinator: each navigates (or not) on its own, never as a
        // builder another method calls.
        var keys = Set<MethodKey>()
        for member in finder.components() where [.view, .interactor, .presenter, .router].contains(member.role) {
            // A Router's static `createModule()` builds its module: that one is a builder.
            for method in index.members(of: member.type).methods where !(member.role == .router && method.isStatic) {
                keys.insert(MethodKey(file: method.location.file, line: method.location.line, column: method.location.column))
            }
        }
        componentMethods = keys
        routerCalls = Self.routerCalls(index: index, finder: finder, found: found)
    }

    /// A way the code shows or leaves a screen.
    enum Navigation: String {
        case push, present, dismiss, pop, popToScene, replace, segue

        var goesBack: Bool { [.dismiss, .pop, .popToScene].contains(self) }
    }

    struct Candidate {
        var method: SwiftIndex.Method
        var owner: ComponentRole
        /// A method of the scene's own Router, or a Coordinator's the scene calls: it navigates for the scene.
        var navigates: Bool
        /// A method of the scene's Router that no scene's code calls (a segue's, a `start()`): it does not lead back
        /// to the scene itself.
        var uncalled = false
        var type: SwiftIndex.TypeDecl? = nil
        /// A SwiftUI View's computed view (`var body`, `private var filledView: some View`): where its
        /// `NavigationLink`s and sheets are.
        var getter: CodeBlockItemListSyntax? = nil
        /// Part of what a SwiftUI screen draws (a computed view, a subview's method).
        var drawn = false
        /// The method the scene calls when this one is reached by a hand-over (`logout()` → `navigateBack()`).
        var entry: String? = nil

        /// What the candidate runs: the method's body, or the property's getter.
        var body: Syntax? { method.body.map(Syntax.init) ?? getter.map(Syntax.init) }
    }

    /// The closures a body calls through its owner's closure properties (`onRouteToSettings?()`), as the code sets
    /// them elsewhere (`interactor.onRouteToSettings = { … }`).
    func calledRouteClosures(in body: some SyntaxProtocol, owner: SwiftIndex.TypeDecl?) -> [ClosureExprSyntax] {
        guard let owner else { return [] }
        let closureProperties = Set(index.members(of: owner).properties.filter { ($0.type ?? "").contains("->") }.map(\.name))
        guard !closureProperties.isEmpty else { return [] }
        var result: [ClosureExprSyntax] = []
        for call in CallCollector.calls(in: body) {
            var called = call.calledExpression
            if let optional = called.as(OptionalChainingExprSyntax.self) { called = optional.expression }
            let name = called.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? called.as(MemberAccessExprSyntax.self).flatMap { access in
                    access.base.map { BodyReader.selfAliases.contains($0.trimmedDescription.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))) } == true
                        ? access.declName.baseName.text : nil
                }
            guard let name, closureProperties.contains(name) else { continue }
            result += closureAssignments[name] ?? []
        }
        return result
    }

    /// The Router's own methods a route method calls (`navigateToHome`, `passDataToHome`). Not another route the
    /// scene asks for itself (`routeToShowAlert(withTitle:success:)` called when a link is missing): that one leads
    /// where it leads, not where this route does.
    func ownHelpers(of candidate: Candidate, scene: String) -> [SwiftIndex.Method] {
        guard let type = candidate.type, let body = candidate.method.body else { return [] }
        let routes = Set((routerCalls[scene] ?? []).filter { $0.router.name == type.name }.map(\.name))
        let methods = index.members(of: type).methods.filter { !routes.contains($0.name) }
        var helpers: [SwiftIndex.Method] = []
        for call in CallCollector.calls(in: body) {
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? BodyReader.member(of: call).flatMap { $0.base == "self" ? $0.name : nil }
            guard let name, name != candidate.method.name else { continue }
            for method in methods where method.name == name && method.body != nil && !helpers.contains(where: { $0.signature == method.signature }) {
                helpers.append(method)
            }
        }
        return helpers
    }

    /// The types of the names the method being read can use: its locals and its owner's properties.
    private var context: [String: String] = [:]

    func typesOfNames(in method: SwiftIndex.Method, owner: SwiftIndex.TypeDecl?) -> [String: String] {
        var types: [String: String] = [:]
        if let owner {
            for property in index.members(of: owner).properties {
                if let type = (property.type ?? property.initializerType).flatMap({ VIPReader.typeNames($0).first }) { types[property.name] = type }
            }
        }
        for parameter in method.parameters { if let type = VIPReader.typeNames(parameter.type).first { types[parameter.name] = type } }
        if let body = method.body {
            for local in LocalCollector.locals(in: body) {
                if let type = local.type.flatMap({ VIPReader.typeNames($0).first }) { types[local.name] = type }
            }
        }
        return types
    }

    mutating func read() -> [String: [ImportedApp.Route]] {
        var routes: [String: [ImportedApp.Route]] = [:]
        var backward: [(scene: String, route: ImportedApp.Route)] = []
        var passingOnly: [(scene: String, route: ImportedApp.Route)] = []
        for scene in parts where !scene.found.isScreen {
            for candidate in candidates(of: scene) {
                guard let body = candidate.body else { continue }
                context = typesOfNames(in: candidate.method, owner: candidate.type)
                // The Router's own helpers it calls (`navigateToHome(source:destination:)`) navigate for it.
                var followed: [Syntax] = candidate.owner == .router ? ownHelpers(of: candidate, scene: scene.found.name).compactMap { $0.body.map(Syntax.init) } : []
                // A route closure it calls (`onRouteToSettings?()`), set where the scene is built to ask a Coordinator
                // (`interactor.onRouteToSettings = { coordinator?.showSettings() }`): what the closure and the
                // Coordinator's method do.
                let routeClosures = calledRouteClosures(in: body, owner: candidate.type)
                // Calling a route closure navigates for the scene, as a Router's method does.
                let navigates = candidate.navigates || !routeClosures.isEmpty
                var throughClosures: [Syntax] = []
                for closure in routeClosures {
                    throughClosures.append(Syntax(closure))
                    for call in CallCollector.calls(in: closure) {
                        // The Coordinator's method it calls, by name (a Coordinator's methods route for the scenes).
                        guard let name = BodyReader.member(of: call)?.name ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                              let methods = methodsNamed[name], methods.count <= 3 else { continue }
                        for method in methods where method.location != candidate.method.location { if let inner = method.body { throughClosures.append(Syntax(inner)) } }
                    }
                }
                followed += throughClosures
                var kinds = navigations(in: body)
                for extra in followed { for kind in navigations(in: extra) where !kinds.contains(kind) { kinds.append(kind) } }
                // A View's, Presenter's or Interactor's method that shows or leaves nothing is no route.
                if kinds.isEmpty && !navigates { continue }
                var destinations = shownScenes(in: body, excluding: scene.found.name)
                for extra in followed where destinations.isEmpty {
                    destinations = shownScenes(in: extra, excluding: scene.found.name)
                }
                // A segue's identifier names its destination, or the View's `prepare(for:sender:)` does.
                for identifier in segueIdentifiers(in: body) {
                    if let destination = sceneNamed(byIdentifier: identifier, excluding: scene.found.name)
                        ?? preparedDestination(in: scene, excluding: scene.found.name) {
                        if !destinations.contains(destination) { destinations.append(destination) }
                    }
                }
                if candidate.uncalled { destinations.removeAll { $0 == scene.found.name } }
                if !destinations.isEmpty, !kinds.isEmpty || navigates {
                    for destination in destinations {
                        var navigation = kinds.first ?? .push
                        // Finding the destination below and going back to it.
                        if kinds.contains(.popToScene) { navigation = .popToScene }
                        else if kinds.contains(.pop) && !kinds.contains(.push) { navigation = .pop }
                        // Popping or dismissing, whichever way the scene came: back.
                        let both = kinds.contains(.pop) && kinds.contains(.dismiss) && !kinds.contains(.push) && !kinds.contains(.present)
                        var route = ImportedApp.Route(name: "to" + destination, destination: destination, method: candidate.method.signature,
                                                      navigation: both ? "back" : navigation == .segue ? "push" : navigation.rawValue,
                                                      pass: pass(in: candidate.method, body: body, followed: throughClosures, to: destination, from: scene, owner: candidate.type),
                                                      location: candidate.method.location)
                        route.entry = candidate.entry
                        if route.navigation == "present" {
                            let said = presentation(in: [Syntax(body)] + followed, destination: destination)
                            route.presentation = said.style
                            if let unsaid = said.unsaid {
                                unmapped.append(.init(message: "'\(candidate.method.signature)' presents \(destination) with the style .\(unsaid), which no scenario says; "
                                                      + "the route is written as a full-screen present", location: candidate.method.location))
                            }
                        }
                        // The same link drawn in two places of a screen (a button in the empty state and one in the
                        // toolbar) is one route.
                        if candidate.drawn, routes[scene.found.name, default: []].contains(where: { $0.destination == destination && $0.pass.map(\.field) == route.pass.map(\.field) }) {
                            continue
                        }
                        if navigation == .segue {
                            unmapped.append(.init(message: "the segue in '\(candidate.method.signature)' is written as a push (the storyboard says how it shows \(destination))",
                                                  location: candidate.method.location))
                        }
                        // Data passing for a segue (`passDataToNextScene(segue:)`, navigating nothing itself): the
                        // data of the route that performs the segue, kept apart until all routes are read.
                        if kinds.isEmpty, candidate.owner == .router {
                            passingOnly.append((scene.found.name, route))
                            continue
                        }
                        add(&route, to: &routes, scene: scene.found.name)
                    }
                } else if destinations.isEmpty, navigates, !candidate.uncalled || candidate.method.name != "start",
                          let back = kinds.first(where: \.goesBack) {
                    // Popping or dismissing, whichever way the scene came (`if navigationController != nil`): back.
                    let both = kinds.contains(.pop) && kinds.contains(.dismiss)
                    var route = ImportedApp.Route(name: "back", destination: "", method: candidate.method.signature, navigation: both ? "back" : back.rawValue,
                                                  pass: [], location: candidate.method.location)
                    route.entry = candidate.entry
                    backward.append((scene.found.name, route))
                } else if candidate.owner == .router, candidate.type?.name == scene.component(.router)?.name,
                          ["route", "navigate", "show", "goTo", "open", "present", "push"].contains(where: { candidate.method.name.hasPrefix($0) }) {
                    unmapped.append(.init(message: "route '\(candidate.method.signature)' leads to no scene found in the code; it is left out",
                                          location: candidate.method.location))
                }
            }
        }
        // What a segue's data passing fills joins the route that performs the segue; with none, it is a route itself.
        for (scene, var route) in passingOnly {
            if let at = routes[scene]?.firstIndex(where: { $0.destination == route.destination }) {
                for assignment in route.pass where !routes[scene]![at].pass.contains(where: { $0.field == assignment.field }) {
                    routes[scene]![at].pass.append(assignment)
                }
            } else {
                add(&route, to: &routes, scene: scene)
            }
        }
        // Going back leads to the scene that came here when one scene does; when several do, or none the code shows,
        // the route goes back to whichever scene is below, as the code does (no destination).
        for (scene, var route) in backward {
            let before = Set(routes.filter { $0.value.contains { $0.destination == scene && !["pop", "dismiss", "popToScene", "back"].contains($0.navigation) } }
                .map(\.key)).subtracting([scene])
            if before.count == 1, let destination = before.first {
                route.destination = destination
                route.name = "backTo" + destination
            } else if route.navigation == "popToScene" {
                unmapped.append(.init(message: "'\(route.method)' goes back (popToScene) to a scene \(before.isEmpty ? "no route of the code leads here from" : "that is one of " + before.sorted().joined(separator: ", ")); it is left out",
                                      location: route.location))
                continue
            }
            add(&route, to: &routes, scene: scene)
        }
        return routes
    }

    private func add(_ route: inout ImportedApp.Route, to routes: inout [String: [ImportedApp.Route]], scene: String) {
        var list = routes[scene] ?? []
        if list.contains(where: { $0.destination == route.destination && $0.method == route.method }) { return }
        if list.contains(where: { $0.name == route.name }) {
            route.name += SwiftSpellingForImport.upperFirst(PatternNaming.baseName(route.method))
        }
        var suffix = 2
        let base = route.name
        while list.contains(where: { $0.name == route.name }) { route.name = base + "\(suffix)"; suffix += 1 }
        list.append(route)
        routes[scene] = list
    }

    /// The methods that may navigate for a scene: the Router and Coordinator methods its parts call (its own
    /// Router's, another scene's, an app-wide Coordinator's, through a delegate protocol), its own Router's methods
    /// no scene calls (a segue's), and its View's, Presenter's and Interactor's own.
    private func candidates(of scene: SceneParts) -> [Candidate] {
        var result: [Candidate] = []
        for (router, name, via) in routerCalls[scene.found.name] ?? [] {
            for method in index.members(of: router).methods where method.name == name && method.body != nil {
                result.append(Candidate(method: method, owner: .router, navigates: true, type: router, entry: via))
            }
        }
        if let router = scene.component(.router) {
            var calledByAnyone = Set(routerCalls.values.flatMap { $0 }.filter { $0.router.name == router.name }.map(\.name))
            // The Router's helpers, called by its other methods, are parts of those routes.
            let methods = index.members(of: router).methods
            for method in methods {
                guard let body = method.body else { continue }
                for call in CallCollector.calls(in: body) {
                    let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                        ?? BodyReader.member(of: call).flatMap { $0.base == "self" ? $0.name : nil }
                    if let name, name != method.name, methods.contains(where: { $0.name == name }) { calledByAnyone.insert(name) }
                }
            }
            // A static method no scene calls is the module's builder (`createPostDetailModule()`), not a route.
            for method in methods where method.name != "init" && !method.isStatic && !calledByAnyone.contains(method.name) {
                result.append(Candidate(method: method, owner: .router, navigates: true, uncalled: true, type: router))
            }
        }
        for role in [ComponentRole.view, .presenter, .interactor] {
            guard let type = scene.component(role) else { continue }
            for method in index.members(of: type).methods where method.name != "init" && method.name != "prepare" {
                result.append(Candidate(method: method, owner: role, navigates: false, type: type))
            }
        }
        // A SwiftUI View navigates in what it draws: each computed view is a place routes start from, in the View and
        // in the subviews of its screen declared inside it (`ItemsView.ToBuy`).
        if let view = scene.component(.view) {
            for screen in screenViews(of: view) {
                for property in index.members(of: screen).properties {
                    guard let getter = property.getter, let converter = property.converter,
                          property.name == "body" || property.type?.contains("View") == true else { continue }
                    let method = SwiftIndex.Method(name: property.name, parameters: [], returnType: property.type, body: nil,
                                                   isStatic: property.isStatic, location: property.location, converter: converter)
                    result.append(Candidate(method: method, owner: .view, navigates: false, type: screen, getter: getter, drawn: true))
                }
                if screen.qualifiedName != view.qualifiedName {
                    for method in index.members(of: screen).methods where method.name != "init" {
                        result.append(Candidate(method: method, owner: .view, navigates: false, type: screen, drawn: true))
                    }
                }
            }
        }
        return result
    }

    /// A SwiftUI scene's View and the Views declared inside it (or inside the type it is declared in, for a View's
    /// `Controller`): the parts of one screen.
    func screenViews(of view: SwiftIndex.TypeDecl) -> [SwiftIndex.TypeDecl] {
        var result = [view]
        let roots = [view.path] + (view.path.count > 1 ? [Array(view.path.dropLast())] : [])
        for declaration in index.declarations where declaration.kind == .struct && declaration.path.count > 1 {
            guard roots.contains(where: { declaration.path.starts(with: $0) && declaration.path.count > $0.count }),
                  declaration.inherited.contains("View"), declaration.qualifiedName != view.qualifiedName,
                  !result.contains(where: { $0.qualifiedName == declaration.qualifiedName }) else { continue }
            result.append(declaration)
        }
        if view.path.count > 1, let outer = index.type(qualified: view.path.dropLast().joined(separator: ".")),
           outer.kind == .struct, !result.contains(where: { $0.qualifiedName == outer.qualifiedName }) {
            result.append(outer)
        }
        return result
    }

    /// For each scene, the Router and Coordinator methods its parts call, through whatever property holds them.
    static func routerCalls(index: SwiftIndex, finder: SceneFinder, found: [SceneFinder.Found]) -> [String: [(router: SwiftIndex.TypeDecl, name: String, via: String?)]] {
        /// The Router methods a type's methods call, through its properties, by the caller method's name.
        func reached(from type: SwiftIndex.TypeDecl, only: String? = nil) -> [(router: SwiftIndex.TypeDecl, name: String)] {
            var holders: [String: SwiftIndex.TypeDecl] = [:]
            for property in index.members(of: type).properties where !property.isStatic {
                if let router = finder.referenced(property.type ?? property.initializerType ?? "", from: type.name, among: finder.components())
                    .first(where: { $0.role == .router }) {
                    holders[property.name] = router.type
                }
            }
            guard !holders.isEmpty else { return [] }
            var result: [(router: SwiftIndex.TypeDecl, name: String)] = []
            for method in index.members(of: type).methods where only == nil || method.name == only {
                guard let body = method.body else { continue }
                for call in CallCollector.calls(in: body) {
                    guard let reached = BodyReader.member(of: call), let router = holders[reached.base] else { continue }
                    if !result.contains(where: { $0.router.name == router.name && $0.name == reached.name }) { result.append((router, reached.name)) }
                }
            }
            return result
        }
        var calls: [String: [(router: SwiftIndex.TypeDecl, name: String, via: String?)]] = [:]
        for scene in found {
            var list: [(router: SwiftIndex.TypeDecl, name: String, via: String?)] = []
            for member in scene.members where member.role != .router && member.role != .configurator {
                list += reached(from: member.type).map { ($0.router, $0.name, nil) }
            }
            // A Coordinator method that hands over to another (`delegate?.navigateBack()`): the scene reaches that too,
            // through the method it calls.
            var at = 0
            while at < list.count, list.count < 64 {
                for next in reached(from: list[at].router, only: list[at].name)
                where !list.contains(where: { $0.router.name == next.router.name && $0.name == next.name }) {
                    list.append((next.router, next.name, list[at].via ?? list[at].name))
                }
                at += 1
            }
            calls[scene.name] = list
        }
        return calls
    }

    // MARK: - What a body does

    /// How a presented scene covers the one below, as the code says it: the style set on what the body presents
    /// (`nav.modalPresentationStyle = .overFullScreen`) or by the destination's View for itself (in its `init`);
    /// SwiftUI's `fullScreenCover` (full screen), `sheet` (a page sheet) and `popover`; UIKit's `present(_:animated:)`
    /// with no style is `automatic`, a page sheet since iOS 13. Nil when the body presents in a way that tells
    /// nothing (a navigation library's `presentModule`, a transition object), and `unsaid` is the style when the code
    /// sets one no scenario says (`.custom`, `.none`).
    func presentation(in bodies: [Syntax], destination: String) -> (style: Route.Presentation?, unsaid: String?) {
        var destinationBodies: [Syntax] = []
        if let view = parts.first(where: { $0.found.name == destination })?.component(.view) {
            destinationBodies = index.members(of: view).methods.filter { !$0.isStatic }.compactMap { $0.body.map(Syntax.init) }
        }
        // What the body calls to make what it presents, two calls deep: a module builder, and the navigation factory
        // it is handed (`Builder.build(usingNavigationFactory: NavigationBuilder.build)`), which may set the style.
        var reached: [Syntax] = []
        var seen = Set<MethodKey>()
        var frontier = bodies
        for _ in 0..<2 {
            var next: [Syntax] = []
            for body in frontier {
                for call in CallCollector.calls(in: body) {
                    var methods = called(call)
                    for argument in call.arguments {
                        guard let reference = argument.expression.as(MemberAccessExprSyntax.self),
                              let typeName = reference.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                              typeName.first?.isUppercase == true, let type = index.type(named: typeName) else { continue }
                        methods += index.members(of: type).methods.filter { $0.name == reference.declName.baseName.text && $0.body != nil }
                    }
                    for method in methods {
                        guard let body = method.body,
                              seen.insert(MethodKey(file: method.location.file, line: method.location.line, column: method.location.column)).inserted
                        else { continue }
                        next.append(Syntax(body))
                    }
                }
            }
            reached += next
            frontier = next
        }
        // The style assigned (`nav.modalPresentationStyle = .overFullScreen`), or given to an app's own
        // `present(nav, presentationStyle: .fullScreen)`.
        func said(in body: Syntax) -> (style: Route.Presentation?, unsaid: String?)? {
            for token in body.tokens(viewMode: .sourceAccurate) where token.text == "modalPresentationStyle" {
                guard token.nextToken(viewMode: .sourceAccurate)?.text == "=" else { continue }
                var next = token.nextToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate)
                if next?.text == "UIModalPresentationStyle" { next = next?.nextToken(viewMode: .sourceAccurate) }
                guard next?.tokenKind == .period, let word = next?.nextToken(viewMode: .sourceAccurate)?.text else { continue }
                return Route.Presentation(rawValue: word).map { ($0, nil) } ?? (nil, word)
            }
            for call in CallCollector.calls(in: body) {
                let name = BodyReader.calledName(call)
                if name.lowercased().contains("present"), call.arguments.first?.label == nil,
                   let styled = call.arguments.first(where: { $0.label.map { $0.text.lowercased().hasSuffix("style") } ?? false }),
                   let word = styled.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
                    return Route.Presentation(rawValue: word).map { ($0, nil) } ?? (nil, word)
                }
            }
            return nil
        }
        // The route's own body first, then what it calls, then the destination's own setting.
        for body in bodies + reached + destinationBodies {
            if let found = said(in: body) { return found }
        }
        var saysNothing = true
        for body in bodies {
            for call in CallCollector.calls(in: body) {
                let name = BodyReader.calledName(call)
                switch name {
                case "fullScreenCover": return (.fullScreen, nil)
                case "sheet": return (.pageSheet, nil)
                case "popover": return (.popover, nil)
                case "present", "presentViewController":
                    if call.arguments.first?.label == nil { saysNothing = false }
                default: break
                }
            }
        }
        return (saysNothing ? nil : .automatic, nil)
    }


    /// The navigation calls a body makes, in order.
    func navigations(in body: some SyntaxProtocol) -> [Navigation] {
        var kinds: [Navigation] = []
        var backToFound = false
        for call in CallCollector.calls(in: body) {
            // How a navigation is told by a value (`navigator.route(.dismiss)`, a recorder's `.pop`; both, as in
            // `isPresented ? .dismiss : .pop`, when the way back is the way the screen came).
            for argument in call.arguments {
                for member in argument.expression.tokens(viewMode: .sourceAccurate) where member.tokenKind == .period {
                    guard member.previousToken(viewMode: .sourceAccurate).map({ [.leftParen, .comma, .infixQuestionMark, .colon].contains($0.tokenKind) }) == true
                            || member.previousToken(viewMode: .sourceAccurate) == nil,
                          let word = member.nextToken(viewMode: .sourceAccurate)?.text else { continue }
                    let kind: Navigation? = word == "dismiss" ? .dismiss : word == "pop" ? .pop : nil
                    if let kind, !kinds.contains(kind) { kinds.append(kind) }
                }
            }
            let name: String
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self) { name = access.declName.baseName.text }
            else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { name = reference.baseName.text }
            else { continue }
            // UIKit hands over the View Controller first, unlabelled (`present(alert, animated: true)`); a Presenter's
            // `present(response:)` is no navigation.
            let firstUnlabelled = call.arguments.first.map { $0.label == nil } ?? false
            let kind: Navigation?
            switch name {
            case "pushViewController", "showDetailViewController": kind = .push
            case "show", "push", "pushModule": kind = firstUnlabelled ? .push : nil
            case "present", "presentModule", "presentViewController": kind = firstUnlabelled ? .present : nil
            case "dismiss", "dismissModule", "close", "closeModule": kind = .dismiss
            case "popViewController", "pop", "popModule": kind = .pop
            case "popToRootViewController", "popToViewController", "popToRoot": kind = .popToScene
            // A navigator's way back to a screen below (`navigator.back(to: destination, …)`): a pop unless the body
            // says otherwise.
            case "back":
                if call.arguments.first?.label?.text == "to" { backToFound = true }
                kind = nil
            case "setViewControllers", "setRootViewController", "changeRootViewController", "setRoot": kind = .replace
            case "performSegue": kind = .segue
            // SwiftUI: a link pushes, a sheet, popover or cover presents (the View it builds is the destination).
            case "NavigationLink", "navigationDestination": kind = .push
            case "sheet", "popover", "fullScreenCover": kind = .present
            default:
                // `dismissScreen()`, `popScreen()`, a navigation library's words for going back.
                func starts(_ word: String) -> Bool { name.hasPrefix(word) && name.dropFirst(word.count).first?.isUppercase == true }
                if starts("dismiss") { kind = .dismiss }
                else if starts("pop") { kind = name.contains("Root") ? .popToScene : .pop }
                else if name.hasSuffix("Transition") || name.contains("Push") { kind = name.contains("Modal") ? .present : .push }
                else { kind = nil }
            }
            if let kind, !kinds.contains(kind) { kinds.append(kind) }
        }
        if backToFound, !kinds.contains(where: \.goesBack) { kinds.append(.pop) }
        // `window.rootViewController = …`: the whole stack replaced.
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == "rootViewController" {
            if let next = token.nextToken(viewMode: .sourceAccurate), next.text == "=" {
                if !kinds.contains(.replace) { kinds.append(.replace) }
            }
        }
        // A transition object named for how it shows (`PushTransition()`, `ModalTransition()`).
        for token in body.tokens(viewMode: .sourceAccurate) where token.text.hasSuffix("Transition") && token.text.first?.isUppercase == true {
            let kind: Navigation = token.text.contains("Modal") || token.text.contains("Present") ? .present : .push
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }

    /// The scenes a tab bar View Controller (`final class TabBarController: UITabBarController`) shows in its tabs, in
    /// order: those the method that sets its `viewControllers` (or calls `setViewControllers(_:animated:)`) makes.
    func tabs(of screen: SceneParts) -> [String] {
        guard let view = screen.component(.view), index.members(of: view).inherited.contains("UITabBarController") else { return [] }
        for method in index.members(of: view).methods {
            guard let body = method.body else { continue }
            let sets = body.tokens(viewMode: .sourceAccurate).contains { token in
                token.text == "setViewControllers" || (token.text == "viewControllers" && token.nextToken(viewMode: .sourceAccurate)?.text == "=")
            }
            guard sets else { continue }
            let named = scenesNamed(in: body, excluding: screen.found.name, depth: 2)
            if !named.isEmpty { return named }
        }
        return []
    }

    /// The scenes a body names: another scene's component types (made, cast to, asked for), a storyboard identifier
    /// naming its View, and what the builders it calls make.
    func scenesNamed(in body: some SyntaxProtocol, excluding own: String, depth: Int, allowOwn: Bool = false) -> [String] {
        var scenes: [String] = []
        func add(_ scene: String?) { if let scene, scene != own || allowOwn, !scenes.contains(scene) { scenes.append(scene) } }
        for token in body.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let name):
                add(sceneOf[name])
            case .stringSegment(let text):
                if let scene = sceneNamed(byIdentifier: text, excluding: own, exact: true) { add(scene) }
            default: break
            }
        }
        // `storyboard.instantiateViewController(withIdentifier: Ids.welcomeNavigationController)`: an identifier
        // kept in a constant names its scene as a string would (the storyboard's name only when no identifier does).
        if scenes.isEmpty {
            var byIdentifier: [String] = [], byStoryboard: [String] = []
            for call in CallCollector.calls(in: body) {
                let name = BodyReader.calledName(call)
                guard ["instantiateViewController", "UIStoryboard"].contains(name) else { continue }
                for argument in call.arguments {
                    guard let constant = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                          let scene = sceneNamed(byIdentifier: constant, excluding: own) else { continue }
                    if name == "UIStoryboard" { byStoryboard.append(scene) } else { byIdentifier.append(scene) }
                }
            }
            for scene in byIdentifier.isEmpty ? byStoryboard : byIdentifier { add(scene) }
        }
        guard depth < 2 else { return scenes }
        // A case of the app's own enum that the code switches on (`AppScenes.detail(params:).viewController`,
        // `coordinator.show(.settings)`): what that case's branch makes; a case named as a scene when its branch
        // names none (`StoryboardScene.Home` built for `.main`), written with its enum.
        if scenes.isEmpty {
            for access in MemberAccessCollector.accesses(in: body, calledToo: true) {
                let name = access.declName.baseName.text
                let owner = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
                if access.base != nil, owner.flatMap({ enumCases[$0]?.contains(name) }) != true { continue }
                guard let branches = caseBodies[name] else { continue }
                var named: [String] = []
                for branch in branches {
                    for scene in scenesNamed(in: branch, excluding: own, depth: depth + 1, allowOwn: allowOwn) where !named.contains(scene) {
                        named.append(scene)
                    }
                }
                if named.count == 1 {
                    add(named[0])
                } else if named.isEmpty, owner != nil, let scene = sceneNamed(byIdentifier: SwiftSpellingForImport.upperFirst(name), excluding: own, exact: true) {
                    add(scene)
                }
            }
        }
        // A builder called by name (`assemblyBuilder?.createToDosModule(with:)`, `DetailBuilder.build(item:)`): what
        // its body makes. Not a method of a scene's own components: those are routes of their own.
        for call in CallCollector.calls(in: body) {
            for method in called(call) {
                guard let inner = method.body, inner.position != body.position else { continue }
                let made = scenesNamed(in: inner, excluding: own, depth: depth + 1)
                if made.count == 1 {
                    add(made[0])
                } else if method.returnType != nil {
                    // A builder that makes several: what it hands back (one module or another, by a condition).
                    for scene in returnedScenes(of: method, excluding: own, depth: depth + 1) { add(scene) }
                }
            }
        }
        return scenes
    }

    /// The scenes a method hands back: each `return`'s value, followed through the locals it was made in and the
    /// builders it calls.
    func returnedScenes(of method: SwiftIndex.Method, excluding own: String, depth: Int) -> [String] {
        guard let body = method.body, depth < 4 else { return [] }
        var locals: [String: ExprSyntax] = [:]
        for local in LocalCollector.locals(in: body) {
            if let binding = local.node.as(PatternBindingSyntax.self), let value = binding.initializer?.value { locals[local.name] = value }
        }
        var values: [ExprSyntax] = ReturnCollector.returns(in: body).compactMap(\.expression)
        if values.isEmpty, body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self) { values = [only] }
        var result: [String] = []
        func made(by expression: ExprSyntax, hops: Int) -> [String] {
            var found = scenesNamed(in: expression, excluding: own, depth: 2, allowOwn: true)
            if found.isEmpty, let call = expression.as(FunctionCallExprSyntax.self) {
                for inner in called(call) where inner.location != method.location {
                    found += returnedScenes(of: inner, excluding: own, depth: depth + 1)
                }
                // `self.startMainModule()`: the builder's own helper.
                if found.isEmpty, let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? BodyReader.member(of: call).flatMap({ $0.base == "self" ? $0.name : nil }),
                   let helper = methodsNamed[name]?.first(where: { $0.location.file == method.location.file && $0.location != method.location }) {
                    found += returnedScenes(of: helper, excluding: own, depth: depth + 1)
                }
            }
            if found.isEmpty, hops < 3 {
                for token in expression.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let name) = token.tokenKind, let value = locals[name] { found += made(by: value, hops: hops + 1) }
                }
            }
            return found
        }
        for value in values {
            for scene in made(by: value, hops: 0) where scene != own && !result.contains(scene) { result.append(scene) }
        }
        return result
    }

    /// The methods a call may reach outside the scenes' own components: `Type.method` on that type, else any method of
    /// that name when few types have one.
    func called(_ call: FunctionCallExprSyntax) -> [SwiftIndex.Method] {
        let member = BodyReader.member(of: call)
        guard let name = member?.name ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return [] }
        // `Builder.build(…)`, or `builder.build(…)` where the method's locals or its owner's properties say the type.
        // `Builder().build(…)`: the type made in place.
        var base: String? = member.map { $0.base.hasSuffix("()") ? String($0.base.dropLast(2)) : $0.base }
        // `AppConfigurator.configurator.logOut()`: a type's shared instance.
        if let dotted = base, dotted.first?.isUppercase == true, case let parts = dotted.split(separator: "."), parts.count == 2,
           index.type(named: String(parts[0])) != nil {
            base = String(parts[0])
        }
        if let base, let typeName = base.first?.isUppercase == true ? base : context[base] {
            if let type = index.type(named: typeName) {
                let methods = index.members(of: type).methods.filter { $0.name == name && $0.body != nil }
                if !methods.isEmpty { return methods }
            }
            // A protocol (`@Dependency var detail: DetailModuleInterface`): what its implementations do.
            if index.protocol(named: typeName) != nil {
                let methods = index.conformers(to: typeName).flatMap { index.members(of: $0).methods.filter { $0.name == name && $0.body != nil } }
                if !methods.isEmpty, methods.count <= 3 { return methods }
            }
        }
        guard let methods = methodsNamed[name], methods.count <= 3 else { return [] }
        return methods.filter { method in !ownerIsComponent(method) }
    }

    /// Whether a method is declared by a scene's View, Interactor or Presenter (a route of its own, not a builder).
    private func ownerIsComponent(_ method: SwiftIndex.Method) -> Bool {
        componentMethods.contains(MethodKey(file: method.location.file, line: method.location.line, column: method.location.column))
    }

    /// The scenes a body shows: what the View it pushes or presents names (followed through the locals it is made
    /// in), else every scene the body names.
    func shownScenes(in body: some SyntaxProtocol, excluding own: String) -> [String] {
        var locals: [String: ExprSyntax] = [:]
        for local in LocalCollector.locals(in: body) {
            if let binding = local.node.as(PatternBindingSyntax.self), let value = binding.initializer?.value { locals[local.name] = value }
        }
        var shown: [String] = []
        for call in CallCollector.calls(in: body) {
            let name = BodyReader.calledName(call)
            guard ["pushViewController", "present", "show", "setViewControllers", "showDetailViewController", "push", "presentModule", "pushModule"].contains(name),
                  var argument = call.arguments.first?.expression else { continue }
            var hops = 0
            while hops < 3, let reference = argument.as(DeclReferenceExprSyntax.self), let value = locals[reference.baseName.text] {
                argument = value
                hops += 1
            }
            // Another instance of the scene's own View counts when the code makes it here.
            var named = scenesNamed(in: argument, excluding: own, depth: 0, allowOwn: hops > 0)
            // `UINavigationController(rootViewController: list)`: the View inside.
            if named.isEmpty {
                for reference in argument.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let local) = reference.tokenKind, let value = locals[local] {
                        named += scenesNamed(in: value, excluding: own, depth: 0, allowOwn: true)
                    }
                }
            }
            for scene in named where !shown.contains(scene) { shown.append(scene) }
        }
        return shown.isEmpty ? scenesNamed(in: body, excluding: own, depth: 0) : shown
    }

    /// A scene a storyboard or segue identifier names: its View's type name or the scene's name.
    func sceneNamed(byIdentifier identifier: String, excluding own: String, exact: Bool = false) -> String? {
        if let scene = sceneOf[identifier], scene != own { return scene }
        if let scene = found.first(where: { $0.name == identifier && $0.name != own }) { return scene.name }
        guard !exact else { return nil }
        let lower = identifier.lowercased()
        return found.filter { $0.name != own && lower.contains($0.name.lowercased()) }.max { $0.name.count < $1.name.count }?.name
    }

    func segueIdentifiers(in body: some SyntaxProtocol) -> [String] {
        CallCollector.calls(in: body).compactMap { call -> String? in
            guard BodyReader.member(of: call)?.name == "performSegue" || call.calledExpression.trimmedDescription == "performSegue",
                  let argument = call.arguments.first?.expression.as(StringLiteralExprSyntax.self) else { return nil }
            return argument.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        }
    }

    /// The one other scene the View's `prepare(for:sender:)` (or the Router's data passing for a segue) names.
    func preparedDestination(in scene: SceneParts, excluding own: String) -> String? {
        for role in [ComponentRole.view, .router] {
            guard let type = scene.component(role) else { continue }
            for method in index.members(of: type).methods where method.name == "prepare" || method.name.hasPrefix("passDataToNextScene") {
                guard let body = method.body else { continue }
                let named = scenesNamed(in: body, excluding: own, depth: 1)
                if named.count == 1 { return named[0] }
            }
        }
        return nil
    }

    // MARK: - Data passed

    /// The destination's fields a route method sets: in its body, in the Router's own methods it calls
    /// (`passDataToShowOrder(source:destination:)`), in the builders it calls, and the labels of the destination's
    /// initializers it calls.
    func pass(in method: SwiftIndex.Method, body: Syntax? = nil, followed: [Syntax] = [], to destination: String, from source: SceneParts,
              owner: SwiftIndex.TypeDecl? = nil) -> [ImportedApp.Assignment] {
        guard let target = parts.first(where: { $0.found.name == destination }), let body = body ?? method.body.map(Syntax.init) else { return [] }
        // The destination's fields: what its components keep, not the components they hold.
        var fields = Set<String>()
        var wiring = Set<String>()
        for member in target.found.members {
            // What a Router or builder keeps (its navigation controller, child coordinators) is not the scene's data.
            if member.role != .router && member.role != .configurator {
                for property in index.members(of: member.type).properties where !property.isStatic && !property.isComputed {
                    // A part of a scene it holds (a SwiftUI View's `controller`) is wiring.
                    let typeName = (property.type ?? property.initializerType).flatMap { VIPReader.typeNames($0).first } ?? ""
                    if sceneOf[typeName] != nil || index.type(qualified: member.type.qualifiedName + "." + typeName)?.kind == .class { continue }
                    // A collaborator behind a protocol (`var collectionManager: ListCollectionManagerProtocol?`) is
                    // wiring, not data: models are values, not protocols.
                    if index.protocol(named: typeName) != nil { continue }
                    // What a screen draws with (its outlets, its views) is no data handed to it.
                    if property.isWeak || typeName.hasPrefix("UI") && ["View", "Label", "Button", "Field", "Control", "Controller", "Switch", "Slider", "Bar"]
                        .contains(where: typeName.hasSuffix) { continue }
                    fields.insert(property.name)
                }
            }
            // What a part holds of another part, here or in another scene (a module's output), is wiring.
            for held in target.held[member.role] ?? [] { wiring.insert(held.property) }
            for name in target.workerNames(for: member.role).keys { wiring.insert(name) }
            for protocolName in index.members(of: member.type).inherited.flatMap(index.expandedNames) where SceneFinder.isDataStore(protocolName) {
                for property in index.protocol(named: protocolName)?.properties ?? [] { fields.insert(property.name) }
            }
        }
        fields.subtract(wiring)
        fields.subtract(["dataStore", "router", "interactor", "presenter", "view", "viewController", "output"])
        var reader = BodyReader(method, in: index)
        reader.bound["dataStore"] = "source"
        for path in ["viewController.output", "viewController.interactor"] { reader.bound[path] = "source" }
        for parameter in method.parameters { reader.bound[parameter.name] = "input.\(parameter.name)" }
        var result: [ImportedApp.Assignment] = []
        func note(_ field: String, _ expression: String, _ location: SourceLocation) {
            if !result.contains(where: { $0.field == field }) {
                result.append(ImportedApp.Assignment(field: field, expression: expression, location: location))
            }
        }
        var bodies: [(Syntax, SwiftIndex.Method)] = [(body, method)] + followed.map { ($0, method) }
        /// What a helper's parameters hold, as the route method says it (`createModule(forPost: post)` → `input.post`).
        var given: [String: [String: String]] = [:]
        // What it calls that sets them: the Router's own helpers and builders, and what those call in turn (a route
        // that makes its View Controller in one helper, `instantiateDetailsVC(withWorkout:)`, which hands the data
        // to another, `passDetailsData(ofWorkout:destination:)`), each helper's parameters as its caller gives them.
        var callers: [(body: Syntax, method: SwiftIndex.Method, depth: Int)] = [(body, method, 0)]
        var visited: Set<String> = ["\(method.location)"]
        var next = 0
        while next < callers.count {
            let caller = callers[next]
            next += 1
            var callerReader = reader
            if caller.depth > 0 {
                callerReader = BodyReader(caller.method, in: index)
                for (name, value) in given["\(caller.method.location)"] ?? [:] { callerReader.bound[name] = value }
            }
            for call in CallCollector.calls(in: caller.body) {
                // The Router's (or Coordinator's) own helpers first (`passDataToShowOrder(source:destination:)`,
                // `showTextEditorScene(file:)`), not a method of the same name elsewhere (an app delegate's).
                var reached: [SwiftIndex.Method] = []
                let bare = call.calledExpression.is(DeclReferenceExprSyntax.self) || BodyReader.member(of: call).map { BodyReader.selfAliases.contains($0.base) } == true
                if let own = owner ?? source.component(.router), let name = BodyReader.member(of: call)?.name
                    ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                    reached = index.members(of: own).methods.filter { $0.name == name && $0.body != nil && $0.location != method.location }
                }
                // Deeper than the route's own body, only the Router's own helpers are followed.
                if caller.depth == 0, reached.isEmpty || !bare { reached = called(call) }
                for inner in reached where inner.signature != method.signature || inner.location != method.location {
                    guard let innerBody = inner.body, visited.insert("\(inner.location)").inserted else { continue }
                    bodies.append((Syntax(innerBody), inner))
                    var values: [String: String] = [:]
                    for (parameter, argument) in zip(inner.parameters, call.arguments) where (parameter.label ?? "_") == (argument.label?.text ?? "_") {
                        if let value = callerReader.translated(argument.expression) { values[parameter.name] = value }
                    }
                    given["\(inner.location)"] = values
                    if caller.depth == 0 { callers.append((Syntax(innerBody), inner, 1)) }
                }
            }
        }
        // The destination's own method the route calls on it (`moduleInput.configureCurrentModule(withRegion: region)`,
        // a Generamba module's input that its Presenter adopts): what that method keeps of its parameters is passed.
        for call in CallCollector.calls(in: body) {
            guard let name = BodyReader.member(of: call)?.name else { continue }
            for member in target.found.members where member.role != .router && member.role != .configurator {
                for inner in index.members(of: member.type).methods where inner.name == name && inner.parameters.count == call.arguments.count {
                    guard let innerBody = inner.body else { continue }
                    var values: [String: String] = [:]
                    for (parameter, argument) in zip(inner.parameters, call.arguments) {
                        values[parameter.name] = reader.translated(argument.expression) ?? "todo"
                    }
                    let innerReader = BodyReader(inner, in: index)
                    for assignment in AssignmentCollector.assignments(in: innerBody) {
                        guard let access = assignment.target.as(MemberAccessExprSyntax.self),
                              access.base.map({ BodyReader.selfAliases.contains($0.trimmedDescription) }) == true,
                              case let field = access.declName.baseName.text, fields.contains(field),
                              let parameter = assignment.value.as(DeclReferenceExprSyntax.self)?.baseName.text,
                              let value = values[parameter] else { continue }
                        note(field, value, innerReader.location(assignment.target))
                    }
                }
            }
        }
        for (block, owner) in bodies {
            let helper = owner.signature != method.signature || owner.location != method.location
            // What a builder makes itself for the scene it builds (`let animationManager = AnimationManager()`, then
            // `vc.animationManager = animationManager`) is the scene's wiring, not data the route hands it.
            var madeHere: [String: ExprSyntax] = [:]
            if helper {
                for local in LocalCollector.locals(in: block) {
                    if let value = local.node.as(PatternBindingSyntax.self)?.initializer?.value { madeHere[local.name] = value }
                }
            }
            func isMadeHere(_ value: ExprSyntax) -> Bool {
                guard helper else { return false }
                var value = value
                if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text, let made = madeHere[name] { value = made }
                guard let call = value.as(FunctionCallExprSyntax.self) else { return false }
                let called = call.calledExpression.trimmedDescription
                let typeName = called.hasSuffix(".init") ? String(called.dropLast(5)) : called
                return index.type(named: typeName)?.kind == .class && sceneOf[typeName] == nil
            }
            var ownerReader = BodyReader(owner, in: index)
            // A data-passing helper (`passDataToHome(source:destination:)`) reads the source's DataStore (the older
            // templates: what the source View's output, its Interactor, keeps).
            ownerReader.bound["dataStore"] = "source"
            for path in ["viewController.output", "viewController.interactor", "source.output", "source.interactor"] { ownerReader.bound[path] = "source" }
            if owner.signature != method.signature, let first = owner.parameters.first, first.name.lowercased().contains("source") {
                ownerReader.bound[first.name] = "source"
            }
            for (name, value) in given["\(owner.location)"] ?? [:] { ownerReader.bound[name] = value }
            for assignment in AssignmentCollector.assignments(in: block) {
                guard let access = assignment.target.as(MemberAccessExprSyntax.self), access.base != nil,
                      access.base?.trimmedDescription != "self" else { continue }
                let field = access.declName.baseName.text
                guard fields.contains(field), !isWiring(field: field, value: assignment.value), !isMadeHere(assignment.value) else { continue }
                let value = owner.signature == method.signature ? reader.translate(assignment.value) : ownerReader.translate(assignment.value)
                note(field, value, ownerReader.location(assignment.target))
            }
            // `HealthDetailViewController(recordType: type)`: an initializer of the destination taking its fields.
            for call in CallCollector.calls(in: block) {
                let called = call.calledExpression.trimmedDescription
                var typeName = called.hasSuffix(".init") ? String(called.dropLast(5)) : called
                // `UserProfileAssembly.build(context, userData: …)`: the destination's builder, given its fields.
                if sceneOf[typeName] == nil, let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                   let builder = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, sceneOf[builder] == destination {
                    typeName = builder
                }
                // `appRouter.presentModule(module: PhotoListingModule(appRouter), parameters: [...])`: a call handed
                // the destination passes it the values its other labels name.
                if sceneOf[typeName] != destination, call.arguments.contains(where: { argument in
                    scenesNamed(in: argument.expression, excluding: source.found.name, depth: 1).contains(destination)
                }) {
                    for argument in call.arguments {
                        guard let label = argument.label?.text, fields.contains(label), !isWiring(field: label, value: argument.expression) else { continue }
                        let value = owner.signature == method.signature ? reader.translate(argument.expression) : "todo"
                        note(label, value, ownerReader.location(argument))
                    }
                    continue
                }
                guard sceneOf[typeName] == destination else { continue }
                // The initializer's own assignments name the field an argument fills (`andMovie: movie` →
                // `self.movieModel = movie`), where its label is not the field's name.
                let initialized = fieldsFilled(byInitializerOf: typeName, call: call)
                for (at, argument) in call.arguments.enumerated() {
                    guard let field = argument.label.map(\.text).flatMap({ fields.contains($0) ? $0 : nil }) ?? initialized[at],
                          fields.contains(field), !isWiring(field: field, value: argument.expression) else { continue }
                    let value = owner.signature == method.signature ? reader.translate(argument.expression) : "todo"
                    note(field, value, ownerReader.location(argument))
                }
            }
        }
        return result
    }
}

extension RouteReader {
    /// For a call of `typeName`'s initializer, the field each argument fills, by position: the initializer whose labels
    /// the call's match, and its body's `self.field = parameter` (or `field = parameter`).
    func fieldsFilled(byInitializerOf typeName: String, call: FunctionCallExprSyntax, depth: Int = 0) -> [Int: String] {
        guard let type = index.type(named: typeName) else { return [:] }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard let initializer = index.members(of: type).methods.first(where: { method in
            method.name == "init" && method.body != nil && method.parameters.map { $0.label ?? "_" } == labels
        }), let body = initializer.body else { return [:] }
        var filled: [String: String] = [:]  // parameter name → field
        for assignment in AssignmentCollector.assignments(in: body) {
            guard let parameter = assignment.value.as(DeclReferenceExprSyntax.self)?.baseName.text else { continue }
            let field: String?
            if let access = assignment.target.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
                field = access.declName.baseName.text
            } else {
                field = assignment.target.as(DeclReferenceExprSyntax.self)?.baseName.text
            }
            if let field, filled[parameter] == nil { filled[parameter] = field }
        }
        // A module's Router made with the value, which hands it on to the part that keeps it
        // (`MovieDetailWireframe(result)` → `MovieDetailPresenter(…, result)` → `self.result = result`).
        if depth < 2 {
            for inner in CallCollector.calls(in: body) {
                let called = inner.calledExpression.trimmedDescription
                let innerType = called.hasSuffix(".init") ? String(called.dropLast(5)) : called
                guard innerType != typeName, innerType.first?.isUppercase == true, index.type(named: innerType) != nil else { continue }
                let innerFilled = fieldsFilled(byInitializerOf: innerType, call: inner, depth: depth + 1)
                for (at, argument) in inner.arguments.enumerated() {
                    guard let parameter = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                          let field = innerFilled[at], filled[parameter] == nil else { continue }
                    filled[parameter] = field
                }
            }
        }
        var result: [Int: String] = [:]
        for (at, parameter) in initializer.parameters.enumerated() {
            if let field = filled[parameter.name] { result[at] = field }
        }
        return result
    }

    /// A reference handed over, not data: a delegate, a component (`viewController`, `self`), a worker made in place.
    func isWiring(field: String, value: ExprSyntax) -> Bool {
        if field.lowercased().hasSuffix("delegate") { return true }
        var text = value.trimmedDescription
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if ["self", "viewController", "self.viewController", "view", "self.view", "presenter", "self.presenter", "interactor", "router"].contains(text) {
            return true
        }
        let typeName = VIPReader.baseTypeName(text)?.split(separator: ".").first.map(String.init) ?? ""
        if sceneOf[typeName] != nil { return true }
        if typeName.first?.isUppercase == true, let parts = parts.first, parts.worker(typeName) != nil { return true }
        return false
    }
}

/// Every `return` under a node, not those of closures or functions declared inside it.
final class ReturnCollector: SyntaxVisitor {
    private(set) var statements: [ReturnStmtSyntax] = []

    static func returns(in node: some SyntaxProtocol) -> [ReturnStmtSyntax] {
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.statements
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        statements.append(node)
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Every `a.b = c` (and `a = c`) under a node, closures included, in order.
final class AssignmentCollector: SyntaxVisitor {
    struct Assignment {
        var target: ExprSyntax
        var value: ExprSyntax
    }

    private(set) var assignments: [Assignment] = []

    static func assignments(in node: some SyntaxProtocol) -> [Assignment] {
        let collector = AssignmentCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.assignments
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) {
            var target = elements[0]
            // `destination.router?.dataStore?.item = …`: the field is the last member.
            if let chained = target.as(OptionalChainingExprSyntax.self) { target = chained.expression }
            // `destination.name = source.name ?? ""`: the whole value after `=`, operators and all.
            let value = elements.count == 3 ? elements[2] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(elements[2...]))))
            assignments.append(Assignment(target: target, value: value))
        }
        return .visitChildren
    }
}

/// The cases of every `switch` under a node whose labels are enum cases (`case .detail(let params):`, `case let
/// .main:`, `case .a, .b:`): their names and statements.
final class EnumSwitchCollector: SyntaxVisitor {
    private(set) var found: [(names: [String], body: Syntax)] = []

    static func cases(in node: some SyntaxProtocol) -> [(names: [String], body: Syntax)] {
        let collector = EnumSwitchCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.found
    }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        guard case .case(let label) = node.label else { return .visitChildren }
        let names = label.caseItems.compactMap { item -> String? in
            var pattern = item.pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? item.pattern
            if let expression = pattern.as(ExpressionPatternSyntax.self)?.expression {
                let called = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
                guard let access = called.as(MemberAccessExprSyntax.self), access.base == nil else { return nil }
                return access.declName.baseName.text
            }
            pattern = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
            return nil
        }
        if !names.isEmpty { found.append((names, Syntax(node.statements))) }
        return .visitChildren
    }
}

