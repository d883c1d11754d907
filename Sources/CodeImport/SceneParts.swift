import Foundation
import ScenarioSpec
import SwiftSyntax

/// What a scene's components hold and call, read once: the references between its parts (whatever the properties
/// are called), the workers each part reaches (held, injected, a singleton, a static call or a local), and the
/// calls made through them. Readers of either pattern ask it instead of guessing property names.
struct SceneParts {
    let index: SwiftIndex
    let found: SceneFinder.Found
    /// Every component of every scene, to tell a reference into another scene.
    let everyone: [SceneFinder.Member]
    /// Every type playing a part, in a scene or not (an app-wide Coordinator, a builder): never a worker.
    let components: Set<String>
    let finder: SceneFinder

    /// A property of one component that holds another component.
    struct Held {
        var property: String
        var role: ComponentRole
        var target: String
        var weak: Bool
        var location: SourceLocation
        /// The component belongs to another scene (a delegate back, a destination kept).
        var scene: String?
        /// A computed property (`var controller: X? { viewController }`): it reaches the component, holds nothing.
        var computed = false
    }

    /// A worker the scene's parts reach, and how each part names it.
    struct WorkerUse {
        var name: String
        var typeName: String
        /// Names in a part's code that reach the worker: a property, `Type.shared`, the type itself, a local.
        var names: [ComponentRole: Set<String>]
        var location: SourceLocation
        /// Operation names in the order first called, with the part and its method that call them, and where.
        /// Each call: the operation, the calling part's role, its method, the type that declares it (the View's
        /// own cell, where it calls), and where.
        var calls: [(operation: String, from: ComponentRole, method: String, owner: String, location: SourceLocation)]
        /// For each property that holds it: whether the part holding it makes it (`var worker = HomeWorker()`, or
        /// `worker = HomeWorker()` in its own methods) and nothing that wires the scene sets it.
        var madeByHolder: [Bool] = []
    }

    private(set) var held: [ComponentRole: [Held]] = [:]
    /// Every component type → its scene.
    let sceneOf: [String: String]
    private(set) var workers: [WorkerUse] = []

    init(index: SwiftIndex, found: SceneFinder.Found, everyone: [SceneFinder.Member], finder: SceneFinder,
         sceneOf: [String: String]) {
        self.index = index
        self.found = found
        self.everyone = everyone
        self.finder = finder
        self.sceneOf = sceneOf
        components = Set(finder.byName.keys)
        let inScenes = Set(everyone.map(\.type.name))
        for member in found.members where member.role != .configurator {
            var list: [Held] = []
            for property in index.members(of: member.type).properties where !property.isStatic {
                let typeText = property.type ?? property.initializerType ?? ""
                guard let target = finder.referenced(typeText, from: member.type.name, among: finder.components())
                    .first(where: { inScenes.contains($0.type.name) }) else { continue }
                // A part this scene shares with others (one Interactor for all) is its own.
                let theirs = found.members.contains(where: { $0.type.name == target.type.name }) ? found.name : sceneOf[target.type.name]
                list.append(Held(property: property.name, role: target.role, target: target.type.name, weak: property.isWeak,
                                 location: property.location, scene: theirs == found.name ? nil : theirs, computed: property.isComputed))
            }
            held[member.role] = list
        }
        findWorkers()
    }

    func component(_ role: ComponentRole) -> SwiftIndex.TypeDecl? { found.component(role) }

    /// A part's methods this scene uses: all of them, or, for a part several scenes share, those of the protocol
    /// this scene uses it through.
    /// The View's own views: the cells and views the code declares beside its View Controller (in its folder) that
    /// are no scene's part — named for the scene, or in a folder no other scene's View shares. A table cell loading its
    /// image through a service calls that worker for the View.
    var viewSubviews: [SwiftIndex.TypeDecl] {
        guard let view = component(.view) else { return [] }
        let folder = Self.folder(of: view.location.file)
        let shared = finder.byName.values.contains { $0.role == .view && $0.type.name != view.name && Self.folder(of: $0.type.location.file) == folder }
        return index.declarations.filter { declaration in
            declaration.kind == .class && declaration.name != view.name && finder.byName[declaration.name] == nil
                && Self.folder(of: declaration.location.file) == folder
                && (!shared || declaration.name.hasPrefix(found.name))
                && declaration.inherited.contains { $0.hasSuffix("Cell") || $0.hasSuffix("View") }
        }
    }

    static func folder(of file: String) -> Substring {
        file.lastIndex(of: "/").map { file[..<$0] } ?? ""
    }

    func methods(of type: SwiftIndex.TypeDecl) -> [SwiftIndex.Method] {
        let all = index.members(of: type).methods
        guard let interface = found.interfaces[type.name], let declared = index.protocol(named: interface) else { return all }
        let names = Set(declared.methods.map(\.name))
        return all.filter { names.contains($0.name) }
    }

    /// The properties of `holder` that hold this scene's `role` (`presenter`, `output`, `presentor`), and the usual
    /// name when the code declares it without a type the finder resolves.
    func properties(of holder: ComponentRole, holding role: ComponentRole, usual: [String] = []) -> Set<String> {
        var names = Set((held[holder] ?? []).filter { $0.role == role && $0.scene == nil }.map(\.property))
        if names.isEmpty, let type = component(holder) {
            let declared = Set(index.members(of: type).properties.map(\.name))
            names.formUnion(usual.filter(declared.contains))
        }
        return names
    }

    // MARK: - Workers

    /// Types never a worker: what UIKit, SwiftUI and Foundation provide for screens and values.
    static func isFrameworkType(_ name: String) -> Bool {
        let prefixes = ["UI", "NS", "CG", "CA", "CL", "AV", "MK", "WK", "SK", "PH", "CK", "URL", "Date", "JSON", "Dispatch", "Notification"]
        return prefixes.contains { name.hasPrefix($0) && name.dropFirst($0.count).first?.isUppercase != false }
            || ["String", "Int", "Double", "Bool", "Data", "Array", "Dictionary", "Set", "Optional", "Any", "AnyObject", "Void",
                "Error", "Result", "Timer", "Bundle", "FileManager", "UserDefaults", "ProcessInfo", "Decimal", "UUID", "Date",
                "Calendar", "Locale", "TimeZone", "DateFormatter", "NumberFormatter", "Published", "State", "Binding",
                "ObservedObject", "StateObject", "EnvironmentObject", "AnyCancellable", "Task",
                // RxSwift's subscriptions: what a part keeps its streams alive with, no value of the scene's.
                "DisposeBag", "Disposable", "CompositeDisposable"].contains(name)
            // What SceneFlow's generated code records with: no work of the scene's.
            || name == "SceneTrace"
    }

    /// What the code's `typeText` names, as a worker: its name (the implementing class when the type is a protocol
    /// with one implementation) and the declaration that has its methods; nil for components, models, views and
    /// framework types.
    func worker(_ typeText: String) -> (name: String, typeName: String, declaration: SwiftIndex.TypeDecl?)? {
        if let known = finder.memo.workers[typeText] { return known }
        let found = findWorker(typeText)
        finder.memo.workers[typeText] = found
        return found
    }

    private func findWorker(_ typeText: String) -> (name: String, typeName: String, declaration: SwiftIndex.TypeDecl?)? {
        guard let base = VIPReader.typeNames(typeText).flatMap(index.expandedNames).first else { return nil }
        let simple = base.split(separator: ".").last.map(String.init) ?? base
        guard !simple.isEmpty, simple.first?.isUppercase == true, !Self.isFrameworkType(simple) else { return nil }
        if components.contains(simple) { return nil }
        // Named for a role (a Coordinator, a builder) or for what a screen shows (a color, a font, a button, a table's
        // or collection's helper).
        if ["TableView", "CollectionView", "SearchBar", "ScrollView"].contains(where: simple.contains) { return nil }
        if finder.typeWord(SceneFinder.protocolStem(simple)) != nil
            || (index.protocol(named: simple) != nil && finder.protocolRole(simple) != nil)
            || finder.vocabulary.viewHelpers.contains(where: { simple.hasSuffix($0) }) { return nil }
        let worded = finder.vocabulary.workers.contains { simple.hasSuffix($0) || Self.protocolStemEnds(simple, $0) }

        // A generic wrapper (`Observable<[Movie]>`) holds values; it does no work of its own.
        if typeText.contains("<"), !worded, let declared = index.type(named: simple), declared.kind != .protocol { return nil }
        if let declared = index.protocol(named: simple) {
            let conformers = index.conformers(to: simple).filter { !VIPReader.isTestDouble($0) && !SceneFinder.isPart($0) }
            if conformers.contains(where: { conformer in components.contains(conformer.name) }) { return nil }
            // One implementation, or the one named like the protocol (`LoginWorker` for `LoginWorkerProtocol`).
            let stem = SceneFinder.protocolStem(simple)
            let chosen = conformers.count == 1 ? conformers[0]
                : conformers.first { $0.name == stem } ?? conformers.first { $0.name.hasPrefix(stem) }
            let hasMethods = !index.members(of: declared).methods.isEmpty
            guard worded || hasMethods else { return nil }
            // Observable state behind a protocol (a SwiftUI screen's view model) is what a View shows, not work.
            if !conformers.isEmpty, conformers.allSatisfy({ index.members(of: $0).inherited.contains("ObservableObject") }) { return nil }
            return (chosen?.name ?? simple, simple, chosen ?? declared)
        }
        if let declaration = index.type(named: simple) {
            guard declaration.kind != .enum || worded else { return nil }
            // A generic box (`Observable<Value>`, `Box<T>`) holds values; it does no work of its own.
            if declaration.isGeneric, !worded { return nil }
            if SceneFinder.isPart(declaration) || declaration.inherited.contains(where: { Self.isFrameworkType($0) && $0 != "NSObject" }) {
                return nil
            }
            let members = index.members(of: declaration)
            let methods = members.methods.filter { $0.name != "init" }
            // The app's dependency container (`resolve<T>(_ type: T.Type)`) gives workers; it is none.
            if methods.contains(where: { method in
                PatternDefinition.CodeVocabulary.containerMethods.contains(method.name) && method.parameters.contains { $0.type.hasSuffix(".Type") }
            }) { return nil }
            let stored = members.properties.filter { !$0.isStatic && !$0.isComputed }
            let data = ["Codable", "Decodable", "Encodable", "Identifiable", "Hashable", "Equatable", "Object", "NSManagedObject"]
            // Observable state (a SwiftUI View's DataStore, a view model) is what a View shows, not work.
            if members.inherited.contains("ObservableObject") { return nil }
            // Named like data access but a value (a `Repository` of a Git host, with its fields and no methods).
            if worded, declaration.kind == .struct || members.inherited.contains(where: data.contains),
               methods.filter({ !$0.isStatic }).isEmpty, !stored.isEmpty { return nil }
            if worded { return (simple, simple, declaration) }
            if members.inherited.contains(where: data.contains) { return nil }
            guard !methods.isEmpty, declaration.kind != .struct || stored.isEmpty else { return nil }
            return (simple, simple, declaration)
        }
        // Not in the code read (a library's): only by its name.
        return worded ? (simple, simple, nil) : nil
    }

    /// `AuthServiceProtocol` ends in `Service` once its protocol suffix is set aside.
    static func protocolStemEnds(_ name: String, _ word: String) -> Bool {
        let stem = SceneFinder.protocolStem(name)
        return stem != name && stem.hasSuffix(word)
    }

    private mutating func findWorkers() {
        var uses: [WorkerUse] = []
        func note(_ found: (name: String, typeName: String, declaration: SwiftIndex.TypeDecl?), as reach: String, by role: ComponentRole,
                  at location: SourceLocation) {
            // What the View or the Presenter draws with, whatever serves it (`LocalizationManager.localizedString(…)`,
            // `ThemeService.shared.color(…)`): presentation, not a worker. The Interactor calling it (setting the app's
            // language) is work.
            if role == .view || role == .presenter, Self.isPresentation(found.typeName, workers: finder.vocabulary.workers) { return }
            if let at = uses.firstIndex(where: { $0.name == found.name }) {
                uses[at].names[role, default: []].insert(reach)
            } else {
                uses.append(WorkerUse(name: found.name, typeName: found.typeName, names: [role: [reach]], location: location, calls: []))
            }
        }
        // The scene's parts, and for the View its own cells and views.
        let parts = found.members.filter { $0.role != .configurator }.map { (role: $0.role, type: $0.type) }
            + viewSubviews.map { (role: ComponentRole.view, type: $0) }
        // Held: a property of a worker's type (injected, defaulted or made in place).
        for member in parts {
            // A part several scenes share holds workers for all of them: this scene's are those its methods use.
            var used: Set<String>? = nil
            if found.interfaces[member.type.name] != nil {
                used = Set(methods(of: member.type).compactMap(\.body).flatMap { body in
                    CallCollector.calls(in: body).compactMap { BodyReader.member(of: $0)?.base }
                })
            }
            for property in index.members(of: member.type).properties where !property.isStatic {
                if let used, !used.contains(property.name) { continue }
                for typeText in [property.type, property.initializerType, property.keyPath.flatMap(index.keyPathType)].compactMap({ $0 }) {
                    if let found = worker(typeText) {
                        note(found, as: property.name, by: member.role, at: property.location)
                        if let at = uses.firstIndex(where: { $0.name == found.name }) {
                            uses[at].madeByHolder.append(madeByHolder(property, of: member.type))
                        }
                        break
                    }
                }
            }
        }
        // Reached in the code: `Type.shared.op()`, `Type.op()`, `Type(…).op()`, a global (`store.op()`,
        // `Current.service.op()`), `let worker = Type(); worker.op()`. A View's helpers count only when named for
        // work: a View reaches many things that draw it.
        for member in parts {
            for method in methods(of: member.type) {
                guard let body = method.body else { continue }
                let reader = BodyReader(converter: method.converter, file: method.location.file)
                for declaration in LocalCollector.locals(in: body) {
                    // `let realm = RealmManager.instance.realm`: a singleton used through what it holds.
                    if declaration.type == nil, let value = declaration.node.as(PatternBindingSyntax.self)?.initializer?.value.as(MemberAccessExprSyntax.self),
                       let held = value.base, let (_, type) = reachedType(held), let found = worker(type),
                       member.role != .view || isWorded(found.typeName) || found.declaration?.kind == .class {
                        note(found, as: "", by: member.role, at: reader.location(declaration.node))
                        continue
                    }
                    guard let type = declaration.type, let found = worker(type), member.role != .view || isWorded(found.typeName) || found.declaration?.kind == .class else { continue }
                    note(found, as: declaration.name, by: member.role, at: reader.location(declaration.node))
                }
                for call in CallCollector.calls(in: body) {
                    guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else { continue }
                    guard let (reach, type) = reachedType(base) else {
                        // `DefaultsManager.instance.defaults.string(forKey:)`: a singleton used through what it holds —
                        // the worker is used, none of its own operations is called.
                        if let held = base.as(MemberAccessExprSyntax.self)?.base, let (_, type) = reachedType(held),
                           let found = worker(type), member.role != .view || isWorded(found.typeName) || found.declaration?.kind == .class {
                            note(found, as: "", by: member.role, at: reader.location(call))
                        }
                        continue
                    }
                    guard let found = worker(type), member.role != .view || isWorded(found.typeName) || found.declaration?.kind == .class else { continue }
                    note(found, as: reach, by: member.role, at: reader.location(call))
                }
            }
        }
        // Each worker's operations: what the parts call through the names that reach it, in the order of the code.
        for member in parts {
            let reaching = uses.indices.filter { uses[$0].names[member.role] != nil }
            guard !reaching.isEmpty else { continue }
            for method in methods(of: member.type) {
                guard let body = method.body else { continue }
                let reader = BodyReader(converter: method.converter, file: method.location.file)
                for call in CallCollector.calls(in: body) {
                    guard let reached = BodyReader.member(of: call) else { continue }
                    for at in reaching where uses[at].names[member.role]!.contains(reached.base) {
                        uses[at].calls.append((reached.name, member.role, method.name, member.type.name, reader.location(call)))
                    }
                }
            }
        }
        workers = uses
    }

    /// Whether `type` makes what its `property` holds itself — a new instance where it is declared (not a shared one,
    /// `Store.shared`, nor what a container gives), or given a new
    /// instance in its own methods (`worker = ListOrdersWorker()`, as the Clean Swift template does) — and none of
    /// the scene's other parts (its Configurator, Builder or View Controller's `setup()`) sets it.
    func madeByHolder(_ property: SwiftIndex.Property, of type: SwiftIndex.TypeDecl) -> Bool {
        func makesIt(_ body: some SyntaxProtocol, owned: Bool) -> Bool {
            for token in body.tokens(viewMode: .sourceAccurate) where token.text == property.name {
                guard token.nextToken(viewMode: .sourceAccurate)?.text == "=" else { continue }
                let before = token.previousToken(viewMode: .sourceAccurate)
                let throughSelf = before?.tokenKind == .period && before?.previousToken(viewMode: .sourceAccurate)?.text == "self"
                if owned {
                    // `worker = HomeWorker()` or `self.worker = HomeWorker()`: an instance of a type it names.
                    guard before?.tokenKind != .period || throughSelf,
                          let made = token.nextToken(viewMode: .sourceAccurate)?.nextToken(viewMode: .sourceAccurate),
                          made.text.first?.isUppercase == true,
                          made.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen else { continue }
                    return true
                } else if before?.tokenKind == .period, !throughSelf {
                    // `interactor.worker = …` elsewhere: set by what wires the scene.
                    return true
                }
            }
            return false
        }
        for member in found.members where member.type.name != type.name {
            for method in index.members(of: member.type).methods {
                if let body = method.body, makesIt(body, owned: false) { return false }
            }
        }
        if property.madeInPlace { return true }
        return index.members(of: type).methods.contains { method in
            method.body.map { makesIt($0, owned: true) } ?? false
        }
    }

    /// A type named for what a screen draws with and a worker's word (`LocalizationManager`, `ThemeService`).
    static func isPresentation(_ name: String, workers: [String]) -> Bool {
        guard let word = workers.first(where: { name.hasSuffix($0) && name.count > $0.count }) else { return false }
        let stem = String(name.dropLast(word.count))
        return PatternDefinition.CodeVocabulary.presentationStems.contains(where: { stem.hasSuffix($0) })
    }

    func isWorded(_ name: String) -> Bool {
        finder.vocabulary.workers.contains { name.hasSuffix($0) || Self.protocolStemEnds(name, $0) }
    }

    /// What a call's receiver reaches, when it is a type rather than a value the part holds: the text the call is made
    /// on (as `BodyReader.member` spells it) and the type. `Store.shared`, `Store.manager` (a static property holding
    /// the type), `Store` (a static method of a worded type), `Store(…)`, a global and a global's property.
    func reachedType(_ base: ExprSyntax) -> (reach: String, type: String)? {
        var node = base
        if let chained = node.as(OptionalChainingExprSyntax.self) { node = chained.expression }
        if let forced = node.as(ForceUnwrapExprSyntax.self) { node = forced.expression }
        let text = node.trimmedDescription
        if let reference = node.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name.first?.isUppercase == true {
                if let global = index.globals[name] { return (text, global) }
                // A static method: only of a type of the app named for work (`API.fetch()`), not of a model, a style
                // or a library's type (`GoogleAuthProvider.credential(…)`).
                return isWorded(name) && (index.type(named: name) != nil || index.protocol(named: name) != nil) ? (text, name) : nil
            }
            if let global = index.globals[name] { return (text, global) }
            return nil
        }
        if let made = node.as(FunctionCallExprSyntax.self), let type = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           type.first?.isUppercase == true {
            return (text, type)
        }
        if let access = node.as(MemberAccessExprSyntax.self), let owner = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let property = access.declName.baseName.text
            if owner.first?.isUppercase == true, let type = index.type(named: owner) {
                if finder.vocabulary.singletons.contains(property) { return (text, owner) }
                // `static let manager = TaskCategoryManager()`.
                if let held = index.members(of: type).properties.first(where: { $0.name == property && $0.isStatic }),
                   let heldType = (held.type ?? held.initializerType).flatMap({ VIPReader.typeNames($0).first }) {
                    if heldType == owner { return (text, owner) }
                    // `APIManager.auth.login(…)`, `static let auth = AuthManager()`: a facade whose static properties
                    // hold the app's services; the service is the worker, reached through the facade.
                    if index.type(named: heldType) != nil || index.protocol(named: heldType) != nil, isWorded(heldType) || isWorded(owner) {
                        return (text, heldType)
                    }
                }
                return nil
            }
            if owner.first?.isUppercase == true, finder.vocabulary.singletons.contains(property) { return (text, owner) }
            // `Current.networkingService`: a global's property.
            if let global = index.globals[owner].flatMap({ VIPReader.typeNames($0).first }).flatMap({ index.type(named: $0) }),
               let held = index.members(of: global).properties.first(where: { $0.name == property }), let type = held.type ?? held.initializerType {
                return (text, type)
            }
        }
        return nil
    }

    /// For one part: every name that reaches a worker, and the worker's name (what `BodyReader.workers` takes).
    func workerNames(for role: ComponentRole) -> [String: String] {
        var names: [String: String] = [:]
        for use in workers { for name in use.names[role] ?? [] { names[name] = use.name } }
        return names
    }
}

/// Local constants and variables declared in a body with a type the code says (`let worker = AuthWorker()`,
/// `let worker: AuthWorker = …`).
final class LocalCollector: SyntaxVisitor {
    struct Local {
        var name: String
        var type: String?
        var node: Syntax
    }

    private(set) var locals: [Local] = []

    static func locals(in node: some SyntaxProtocol) -> [Local] {
        let collector = LocalCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.locals
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var type = binding.typeAnnotation?.type.trimmedDescription
            if type == nil, let value = binding.initializer?.value { type = SwiftIndex.resolvedType(of: value) }
            if type == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
                type = call.calledExpression.trimmedDescription
            }
            locals.append(Local(name: name, type: type, node: Syntax(binding)))
        }
        return .visitChildren
    }
}
