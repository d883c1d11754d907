import Foundation
import ScenarioSpec
import SwiftSyntax

/// What a scene's code does that its pattern's rules do not allow, each with the rule's id and the place: a
/// reference held strongly that closes a retain cycle, a call between parts the pattern does not connect (a
/// Presenter calling a worker, a Router calling its Presenter), a View reading the Interactor's state or showing and
/// leaving screens itself, a part calling into another scene. Nothing is dropped: the scene is imported as the code
/// has it, and these are said.
struct FindingReader {
    let index: SwiftIndex
    let definition: PatternDefinition
    /// The app's own notifications (by the name as written) → the types whose methods post them.
    private let posters: [String: Set<String>]

    init(index: SwiftIndex, definition: PatternDefinition) {
        self.index = index
        self.definition = definition
        var posters: [String: Set<String>] = [:]
        for declaration in index.declarations where declaration.kind != .protocol {
            for method in declaration.methods {
                guard let body = method.body else { continue }
                for call in CallCollector.calls(in: body) {
                    guard let (verb, name) = Self.notification(call), verb == "post" else { continue }
                    posters[name, default: []].insert(declaration.name)
                }
            }
        }
        self.posters = posters
    }

    /// A call posting or observing one of the app's own notifications: the verb and the name as written.
    static func notification(_ call: FunctionCallExprSyntax) -> (verb: String, name: String)? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
              base.trimmedDescription.hasPrefix("NotificationCenter.default") else { return nil }
        let verb = access.declName.baseName.text
        guard ["post", "addObserver", "publisher"].contains(verb) else { return nil }
        let named = call.arguments.first { $0.label?.text == "name" || $0.label?.text == "forName" || $0.label?.text == "for" }
        guard let name = named?.expression.trimmedDescription, name != "nil", !isSystemNotification(name) else { return nil }
        return (verb, name)
    }

    /// The kind of finding (what the code does, `presenter-holds-view-strongly`) and the rule it breaks.
    func findings(for parts: SceneParts, routes: [ImportedApp.Route]) -> [ImportedApp.Finding] {
        var findings: [ImportedApp.Finding] = []
        let rules = definition.rules
        func add(_ kind: String, _ rule: PatternRules.Rule, _ what: String, at location: SourceLocation) {
            findings.append(ImportedApp.Finding(rule: rule.id, kind: kind, message: what + "; " + rule.text, fix: rule.fix, location: location))
        }
        func name(_ role: ComponentRole) -> String { PatternRules.roleName(role) }
        func type(_ role: ComponentRole) -> String { parts.component(role)?.name ?? name(role) }
        let viewIsStruct = parts.component(.view)?.kind == .struct

        // References held strongly where the pattern holds them weakly, and the other way round is strong.
        for (path, rule) in rules.weakReferences.sorted(by: { ($0.key.from, $0.key.to) < ($1.key.from, $1.key.to) }) {
            guard let holder = parts.component(path.from) else { continue }
            if path.to == .view && viewIsStruct { continue }
            var strong = (parts.held[path.from] ?? []).filter { $0.role == path.to && $0.scene == nil && !$0.weak && !$0.computed }
            // A Router keeping the View it navigates from as a plain UIViewController.
            if path.to == .view, strong.isEmpty {
                for property in index.members(of: holder).properties where !property.isStatic && !property.isWeak && !property.isComputed {
                    let typeName = VIPReader.typeNames(property.type ?? "").first ?? ""
                    if ["UIViewController", "UINavigationController"].contains(typeName), ["viewController", "view", "controller", "source", "sourceViewController"].contains(property.name) {
                        strong.append(SceneParts.Held(property: property.name, role: .view, target: typeName, weak: false, location: property.location, scene: nil))
                    }
                }
            }
            for held in strong {
                let kind = "\(Self.word(path.from))-holds-\(Self.word(path.to))-strongly"
                // The strong references back from what it holds: together, a retain cycle.
                let back = strongPath(from: path.to, to: path.from, in: parts)
                let first = ImportedApp.Finding.Edge(text: "\(holder.name).\(held.property) → \(held.target)", location: held.location)
                var finding = ImportedApp.Finding(
                    rule: rule.id, kind: kind,
                    message: "\(holder.name).\(held.property) holds the \(name(path.to)) strongly"
                        + (back.isEmpty ? "" : ", closing a retain cycle of \(back.count + 1) strong references") + "; " + rule.text,
                    fix: rule.fix, location: held.location)
                if !back.isEmpty { finding.cycle = [first] + back }
                findings.append(finding)
            }
        }

        // Calls between parts the pattern does not connect, one finding per calling method.
        var seen = Set<String>()
        for member in parts.found.members where member.role != .configurator {
            for method in parts.methods(of: member.type) {
                guard let body = method.body else { continue }
                let reader = BodyReader(converter: method.converter, file: method.location.file)
                let held = Dictionary((parts.held[member.role] ?? []).map { ($0.property, $0) }, uniquingKeysWith: { first, _ in first })
                for call in CallCollector.calls(in: body) {
                    guard let reached = BodyReader.member(of: call), let target = held[reached.base] else { continue }
                    if let other = target.scene {
                        // A Router building the next scene through the factory it is given is routing.
                        if member.role == .router, target.role == .configurator { continue }
                        let key = "delegate \(method.name) \(other)"
                        if seen.insert(key).inserted {
                            add("delegate-between-scenes", PatternRules.ownScene,
                                "\(member.type.name).\(method.name) calls \(target.target).\(reached.name) of the scene \(other)", at: reader.location(call))
                        }
                        continue
                    }
                    guard target.role != member.role else { continue }
                    let path = PatternRules.Path(member.role, target.role)
                    guard let rule = rules.violation(path), rules.weakReferences[path] == nil || true else { continue }
                    // The Router reaching its DataStore (the Interactor) to pass data on is data passing.
                    if member.role == .router, target.role == .interactor, reached.base.lowercased().contains("datastore") { continue }
                    let kind = "\(Self.word(member.role))-calls-\(Self.word(target.role))"
                    if seen.insert("\(kind) \(method.name)").inserted {
                        add(kind, rule, "\(member.type.name).\(method.name) calls \(target.target).\(reached.name)", at: reader.location(call))
                    }
                }
            }
        }
        // Talking to other scenes past the Router's data passing: through a reference a part keeps deeper down
        // (`output.homeViewController?.refresh()`), by handing this scene to another as its delegate
        // (`destination.loginSceneDelegate = viewController`), by a notification any scene may observe.
        for finding in betweenScenes(parts) where seen.insert("delegate \(finding.message)").inserted {
            findings.append(finding)
        }
        // Workers called by a part the pattern does not let call them.
        for use in parts.workers {
            for call in use.calls where call.from != definition.wiring.workerHolder {
                guard let rule = rules.violation(PatternRules.Path(call.from, .worker)) else { continue }
                let kind = "\(Self.word(call.from))-calls-worker"
                if seen.insert("\(kind) \(call.method)").inserted {
                    add(kind, rule, "\(call.owner).\(call.method) calls \(use.name).\(call.operation)", at: call.location)
                    findings[findings.count - 1].workerCall = .init(from: call.from, worker: use.name)
                }
            }
        }
        // The View (or a Presenter) doing a worker's job itself: storage, the network or accounts reached directly
        // (`UserDefaults.standard.url(…)`, `Auth.auth().createUser(…)`, `db.collection(…)` with `let db =
        // Firestore.firestore()`), or through what a worker singleton holds (`DefaultsManager.instance.defaults.string(…)`).
        // The View's own cells and views count as the View (a cell fetching its image with URLSession).
        let doers = [(ComponentRole.view, parts.component(.view)), (.presenter, parts.component(.presenter))].compactMap { role, part in
            part.map { (role, $0) } } + parts.viewSubviews.map { (ComponentRole.view, $0) }
        for (role, part) in doers {
            if let rule = rules.violation(PatternRules.Path(role, .worker)) {
                let kind = "\(Self.word(role))-calls-worker"
                let services = PatternDefinition.CodeVocabulary.platformServices
                // The part's own properties that hold such a service.
                var held: Set<String> = []
                for property in index.members(of: part).properties {
                    let texts = [property.type, property.initializerType].compactMap { $0 }
                    if texts.contains(where: { text in VIPReader.typeNames(text).contains(where: services.contains) }) { held.insert(property.name) }
                }
                for method in index.members(of: part).methods {
                    guard let body = method.body else { continue }
                    let reader = BodyReader(converter: method.converter, file: method.location.file)
                    for call in CallCollector.calls(in: body) {
                        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
                              let (root, chain) = Self.root(of: base) else { continue }
                        let viaService = (root.first?.isUppercase == true && services.contains(root))
                            || (held.contains(root) && (chain.isEmpty || !BodyReader.selfAliases.contains(root)))
                        // `Manager.instance.defaults.string(…)`: a worker singleton used through what it holds.
                        var viaSingleton = false
                        if !viaService, root.first?.isUppercase == true, chain.count >= 2, parts.finder.vocabulary.singletons.contains(chain[0]),
                           let found = parts.worker(root), parts.isWorded(found.typeName) {
                            viaSingleton = true
                        }
                        guard viaService || viaSingleton, seen.insert("\(kind) \(method.name)").inserted else { continue }
                        var called = call.calledExpression.trimmedDescription.split(whereSeparator: \.isWhitespace).joined()
                        if called.count > 80 { called = String(called.prefix(79)) + "…" }
                        add(kind, rule, "\(part.name).\(method.name) calls \(called)(…) itself",
                            at: reader.location(call))
                    }
                }
            }
        }
        // The View reading the Interactor's state (`interactor?.items`, `router?.dataStore?.item`).
        if let view = parts.component(.view), let interactor = parts.component(.interactor),
           let rule = rules.violation(PatternRules.Path(.view, .dataStore)) {
            let interactorHolders = parts.properties(of: .view, holding: .interactor, usual: ["interactor", "output"])
            let routerHolders = parts.properties(of: .view, holding: .router, usual: ["router"])
            // The Interactor's state: not the parts and workers it holds (which the wiring sets).
            let wiring = Set((parts.held[.interactor] ?? []).map(\.property)).union(parts.workerNames(for: .interactor).keys)
            // Input streams the View sends into (`interactor.searchRelay.accept(…)`) are how it asks, not state it reads.
            let stored = Set(index.members(of: interactor).properties.filter { property in
                !property.isStatic && !wiring.contains(property.name)
                    && !VIPReader.streamWords.contains { (VIPReader.baseTypeName(property.type ?? property.initializerType ?? "") ?? "").hasSuffix($0) }
            }.map(\.name))
            for method in index.members(of: view).methods {
                guard let body = method.body else { continue }
                let reader = BodyReader(converter: method.converter, file: method.location.file)
                for access in MemberAccessCollector.accesses(in: body) {
                    guard let base = access.base else { continue }
                    var text = base.trimmedDescription
                    while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
                    if text.hasPrefix("self.") { text.removeFirst(5) }
                    let field = access.declName.baseName.text
                    let readsInteractor = interactorHolders.contains(text) && stored.contains(field)
                    let readsDataStore = routerHolders.contains { text == "\($0)?.dataStore" || text == "\($0).dataStore" || text == "\($0)!.dataStore" }
                    guard readsInteractor || readsDataStore, seen.insert("view-reads-datastore \(method.name)").inserted else { continue }
                    add("view-reads-datastore", rule, "\(view.name).\(method.name) reads \(text).\(field)", at: reader.location(access))
                }
            }
        }
        // The View showing or leaving screens itself.
        if let view = parts.component(.view), let rule = rules.navigation {
            // SwiftUI's `@Environment(\.dismiss) var dismissAction: DismissAction`, called as `dismissAction()`.
            let dismissers = Set(index.members(of: view).properties.filter { property in
                VIPReader.baseTypeName(property.type ?? "") == "DismissAction"
            }.map(\.name))
            for method in index.members(of: view).methods {
                guard let body = method.body else { continue }
                let reader = BodyReader(converter: method.converter, file: method.location.file)
                let routed = routes.contains { route in index.members(of: view).methods.contains { $0.signature == route.method && $0.name == method.name } }
                for call in CallCollector.calls(in: body) {
                    let called = BodyReader.member(of: call)
                    let name = called?.name ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
                    // `dismiss` leaves the screen when the View dismisses itself (or its navigation or presenter does);
                    // `picker.dismiss(…)` in a picker's or a mail composer's callback closes what the View presented.
                    let receiver = called?.base
                    let ownScreen = receiver.map { base in
                        BodyReader.selfAliases.contains(base)
                            || ["navigationController", "presentingViewController", "parent", "tabBarController", "view.window"].contains { base.hasPrefix($0) }
                    } ?? true
                    let leaves = (name == "dismiss" && ownScreen)
                        || ["popViewController", "popToRootViewController", "popToViewController"].contains(name)
                        || BodyReader.calledLocal(call).map(dismissers.contains) == true
                    let shows = routed && ["pushViewController", "present", "show", "performSegue", "setViewControllers"].contains(name)
                    guard leaves || shows, seen.insert("view-dismisses-itself \(method.name)").inserted else { continue }
                    add("view-dismisses-itself", rule, "\(view.name).\(method.name) \(leaves ? "leaves the screen" : "shows another scene") itself (\(name))",
                        at: reader.location(call))
                }
            }
        }
        return findings.sorted { ($0.location.file, $0.location.line, $0.location.column, $0.kind) < ($1.location.file, $1.location.line, $1.location.column, $1.kind) }
    }

    /// Strong references leading from the part playing `from` to the part playing `to` within the scene, shortest
    /// first; empty when there is none.
    func strongPath(from: ComponentRole, to: ComponentRole, in parts: SceneParts) -> [ImportedApp.Finding.Edge] {
        var paths: [ComponentRole: [ImportedApp.Finding.Edge]] = [from: []]
        var queue = [from]
        while !queue.isEmpty {
            let role = queue.removeFirst()
            guard let type = parts.component(role) else { continue }
            for held in parts.held[role] ?? [] where !held.weak && !held.computed && held.scene == nil && paths[held.role] == nil {
                let edge = ImportedApp.Finding.Edge(text: "\(type.name).\(held.property) → \(held.target)", location: held.location)
                paths[held.role] = paths[role]! + [edge]
                if held.role == to { return paths[held.role]! }
                queue.append(held.role)
            }
        }
        return []
    }

    /// The scene other than `own` whose component (or a protocol one implements) `typeText` names.
    func scene(ofType typeText: String, own: String, in parts: SceneParts) -> String? {
        for name in VIPReader.typeNames(typeText) {
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            if let other = parts.sceneOf[simple] { return other == own ? nil : other }
            if index.protocol(named: simple) != nil {
                let scenes = Set(index.conformers(to: simple).compactMap { parts.sceneOf[$0.name] })
                if scenes.count == 1, let other = scenes.first, other != own { return other }
            }
        }
        return nil
    }

    /// The type a value is cast to at its end (`… as? DetailViewController`), or nil.
    static func castType(_ text: String) -> String? {
        text.firstMatch(of: /\bas[!?]\s*([A-Za-z_][A-Za-z0-9_.]*)\s*$/).map { String($0.1) }
    }

    /// Notification names the system posts: observing the keyboard or the app's state is no talk between scenes.
    static func isSystemNotification(_ text: String) -> Bool {
        ["UIResponder", "UIApplication", "UIDevice", "UIScene", "UIWindow", "UIKeyboard", "keyboard", "Keyboard", "NSNotification.Name.UI",
         "UIContentSizeCategory", "UITextField", "UITextView", "AVPlayer", "NSManagedObjectContext", "UIAccessibility", "NSCalendar",
         "NSSystem", "UIPasteboard", "UIScreen"].contains { text.contains($0) }
    }

    /// What talks to other scenes outside the Router's data passing, each once per method and kind of talk.
    func betweenScenes(_ parts: SceneParts) -> [ImportedApp.Finding] {
        let own = parts.found.name
        let rule = PatternRules.ownScene
        var findings: [ImportedApp.Finding] = []
        func add(_ what: String, at location: SourceLocation) {
            findings.append(ImportedApp.Finding(rule: rule.id, kind: "delegate-between-scenes", message: what + "; " + rule.text,
                                                fix: rule.fix, location: location))
        }
        let selfish: [ComponentRole: Set<String>] = [
            .view: ["self"], .router: ["self", "viewController", "self.viewController", "view", "self.view", "source", "viewController!", "viewController?"],
            .presenter: ["self", "view", "self.view", "viewController", "self.viewController"],
            .interactor: ["self"],
        ]
        for member in parts.found.members where member.role != .configurator {
            let properties = index.members(of: member.type).properties
            for method in parts.methods(of: member.type) {
                guard let body = method.body else { continue }
                let reader = BodyReader(converter: method.converter, file: method.location.file)
                var said = Set<String>()
                // The types the method's own names have: its parameters, its locals (made, annotated or cast).
                var typeOf: [String: String] = [:]
                for parameter in method.parameters { typeOf[parameter.name] = parameter.type }
                for local in LocalCollector.locals(in: body) {
                    if let type = local.type { typeOf[local.name] = type }
                    if let value = local.node.as(PatternBindingSyntax.self)?.initializer?.value, let cast = Self.castType(value.trimmedDescription) {
                        typeOf[local.name] = cast
                    }
                }
                for condition in OptionalBindingCollector.bindings(in: body) {
                    if let cast = Self.castType(condition.value) { typeOf[condition.name] = cast }
                }
                for call in CallCollector.calls(in: body) {
                    // A notification of the app's own, posted to whichever scene observes it; observed when another
                    // scene posts it.
                    if let (verb, name) = Self.notification(call) {
                        if verb == "post" {
                            guard said.insert("notification post").inserted else { continue }
                            add("\(member.type.name).\(method.name) posts the notification \(name), which any scene may observe", at: reader.location(call))
                        } else {
                            let others = Set((posters[name] ?? []).compactMap { parts.sceneOf[$0] }).subtracting([own]).sorted()
                            guard let first = others.first, said.insert("notification observe").inserted else { continue }
                            add("\(member.type.name).\(method.name) observes the notification \(name), which the scene \(first) posts", at: reader.location(call))
                        }
                        continue
                    }
                    // A reference to another scene's part kept one step down (`output.herbSearchViewController.refresh()`).
                    guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
                          let (root, chain) = Self.root(of: base), !chain.isEmpty,
                          let property = properties.first(where: { $0.name == root }),
                          var typeText = property.type ?? property.initializerType,
                          scene(ofType: typeText, own: own, in: parts) == nil else { continue }
                    for step in chain {
                        guard let typeName = VIPReader.typeNames(typeText).first,
                              let declaration = index.type(named: typeName) ?? index.protocol(named: typeName),
                              let next = index.members(of: declaration).properties.first(where: { $0.name == step }),
                              let nextType = next.type ?? next.initializerType else { break }
                        if let other = scene(ofType: nextType, own: own, in: parts) {
                            if said.insert("reaches \(other)").inserted {
                                add("\(member.type.name).\(method.name) calls into the scene \(other) through \(([root] + chain.prefix(through: chain.firstIndex(of: step)!)).joined(separator: "."))",
                                    at: reader.location(call))
                            }
                            break
                        }
                        typeText = nextType
                    }
                }
                // This scene handed to another as its delegate.
                for assignment in AssignmentCollector.assignments(in: body) {
                    guard let access = assignment.target.as(MemberAccessExprSyntax.self), let base = access.base,
                          access.declName.baseName.text.lowercased().hasSuffix("delegate"),
                          (selfish[member.role] ?? []).contains(assignment.value.trimmedDescription) else { continue }
                    var baseText = base.trimmedDescription
                    while baseText.hasSuffix("?") || baseText.hasSuffix("!") { baseText.removeLast() }
                    let rootName = baseText.split(separator: ".").first.map(String.init) ?? baseText
                    guard let typeText = typeOf[rootName], let other = scene(ofType: typeText, own: own, in: parts),
                          said.insert("delegate \(other)").inserted else { continue }
                    add("\(member.type.name).\(method.name) hands \(assignment.value.trimmedDescription) to the scene \(other) as its \(access.declName.baseName.text)",
                        at: reader.location(assignment.target))
                }
            }
        }
        return findings
    }

    /// The name a receiver starts from and the members after it, calls and unwrapping set aside
    /// (`Auth.auth().currentUser?` → `Auth`, [`auth`, `currentUser`]; `self.db.collection("x")` → `db`, [`collection`]).
    static func root(of expression: ExprSyntax) -> (String, [String])? {
        var node = expression
        var chain: [String] = []
        while true {
            if let chained = node.as(OptionalChainingExprSyntax.self) { node = chained.expression; continue }
            if let forced = node.as(ForceUnwrapExprSyntax.self) { node = forced.expression; continue }
            if let call = node.as(FunctionCallExprSyntax.self) { node = call.calledExpression; continue }
            if let tried = node.as(TryExprSyntax.self) { node = tried.expression; continue }
            if let access = node.as(MemberAccessExprSyntax.self), let base = access.base {
                chain.insert(access.declName.baseName.text, at: 0)
                node = base
                continue
            }
            break
        }
        guard let reference = node.as(DeclReferenceExprSyntax.self) else { return nil }
        var root = reference.baseName.text
        // `self.db`, `weakSelf?.db`: the View's own property.
        if BodyReader.selfAliases.contains(root), let first = chain.first {
            root = first
            chain.removeFirst()
        }
        return (root, chain)
    }

    /// A role as a finding's kind spells it.
    static func word(_ role: ComponentRole) -> String {
        role == .dataStore ? "datastore" : role.rawValue.lowercased()
    }
}

/// `if let name = value` and `guard let name = value` bindings under a node, with the value's text.
final class OptionalBindingCollector: SyntaxVisitor {
    private(set) var found: [(name: String, value: String)] = []

    static func bindings(in node: some SyntaxProtocol) -> [(name: String, value: String)] {
        let collector = OptionalBindingCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.found
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            found.append((name, value.trimmedDescription))
        }
        return .visitChildren
    }
}

/// Every member access under a node that is not itself called (`interactor?.items`, not `interactor?.fetch()`), or,
/// with `calledToo`, every one (`AppScenes.detail(params:)` too), in source order.
final class MemberAccessCollector: SyntaxVisitor {
    private(set) var accesses: [MemberAccessExprSyntax] = []
    private var calledToo = false

    static func accesses(in node: some SyntaxProtocol, calledToo: Bool = false) -> [MemberAccessExprSyntax] {
        let collector = MemberAccessCollector(viewMode: .sourceAccurate)
        collector.calledToo = calledToo
        collector.walk(node)
        return collector.accesses
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if calledToo || node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id { accesses.append(node) }
        return .visitChildren
    }
}
