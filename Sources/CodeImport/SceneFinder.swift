import Foundation
import ScenarioSpec

/// Finds an app's scenes by the role each type plays, whatever the app calls its protocols: a type's role comes from
/// the end of its name or of the protocols it implements (the patterns' `codeVocabulary`), and a scene is the View,
/// Interactor, Presenter and Router that belong together — by a shared prefix, or, where the names disagree (a typo,
/// a View named otherwise), by the references they hold to each other.
struct SceneFinder {
    let index: SwiftIndex
    let vocabulary: PatternDefinition.CodeVocabulary
    /// Answers already worked out, by name: the same protocol and type names are asked about for every scene.
    let memo = Memo()

    final class Memo {
        var protocolRoles: [String: (role: ComponentRole, prefix: String)?] = [:]
        var typeWords: [String: (word: PatternDefinition.CodeVocabulary.Word, prefix: String)?] = [:]
        var workers: [String: (name: String, typeName: String, declaration: SwiftIndex.TypeDecl?)?] = [:]
    }

    /// A component the finder placed in a scene.
    struct Member {
        var type: SwiftIndex.TypeDecl
        var role: ComponentRole
        /// The name without its role word (`Login` for `LoginViewController`).
        var prefix: String
    }

    /// A scene's components as the code has them.
    struct Found {
        var name: String
        var members: [Member]
        /// Routers, Coordinators and builders the scene uses that other scenes use too (an app-wide Coordinator).
        var shared: [SwiftIndex.TypeDecl] = []
        /// The Routers and Coordinators among them.
        var sharedRouters: [SwiftIndex.TypeDecl] = []
        /// A plain screen: a View Controller with no parts of its own that a scene shows (a detail screen, a tab bar).
        /// Routes lead there; nothing else of it is read.
        var isScreen = false
        /// A part the scene shares with other scenes, by type name: the protocol through which this scene uses it
        /// (`CoreInteractor` through `HomeInteractor`). Only that protocol's methods are this scene's.
        var interfaces: [String: String] = [:]

        func component(_ role: ComponentRole) -> SwiftIndex.TypeDecl? {
            members.first { $0.role == role }?.type
        }

        /// VIPER's flow: the View tells its Presenter, which asks the Interactor; Clean Swift's: the View asks the
        /// Interactor.
        var location: SourceLocation { (component(.view) ?? component(.interactor) ?? members[0].type).location }
    }

    init(index: SwiftIndex) {
        self.index = index
        // Every registered pattern's words: an app's names do not say its pattern, its references do.
        var protocols: [PatternDefinition.CodeVocabulary.Word] = []
        var types: [PatternDefinition.CodeVocabulary.Word] = []
        var workers: [String] = [], singletons: [String] = [], helpers: [String] = [], stubs: [String] = []
        for definition in PatternRegistry.current.all {
            let words = definition.codeVocabulary
            for word in words.protocols where !protocols.contains(word) { protocols.append(word) }
            for word in words.types where !types.contains(word) { types.append(word) }
            for word in words.workers where !workers.contains(word) { workers.append(word) }
            for word in words.singletons where !singletons.contains(word) { singletons.append(word) }
            for word in words.viewHelpers where !helpers.contains(word) { helpers.append(word) }
            for word in words.templateStubs where !stubs.contains(word) { stubs.append(word) }
        }
        // Longest first: `ViewOutput` before `Output`, `ViewController` before `Controller`.
        vocabulary = .init(protocols: protocols.sorted { $0.word.count > $1.word.count },
                           types: types.sorted { $0.word.count > $1.word.count },
                           workers: workers.sorted { $0.count > $1.count }, singletons: singletons, viewHelpers: helpers,
                           templateStubs: stubs)
        all = findComponents()
        byName = Dictionary(all.map { ($0.type.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Roles

    /// The role word at the end of `name` and the name before it, a slip of one letter allowed in words of seven
    /// letters or more (`Presentor`, `Presnter`); nil when no word of `words` ends it.
    static func roleWord(of name: String, in words: [PatternDefinition.CodeVocabulary.Word])
        -> (word: PatternDefinition.CodeVocabulary.Word, prefix: String)? {
        let characters = Array(name)
        for word in words {
            let target = Array(word.word)
            if name.hasSuffix(word.word) {
                let prefix = String(characters.dropLast(target.count))
                // A word starts a new word of the name (`Review` is no `View`).
                if prefix.isEmpty || target.first?.isUppercase == true || prefix.last?.isLowercase == true { return (word, prefix) }
                continue
            }
            guard target.count >= 7 else { continue }
            for length in [target.count - 1, target.count + 1] where length > 0 && length < characters.count {
                let tail = Array(characters.suffix(length))
                guard tail.first?.isUppercase == true, Self.withinOneEdit(tail, target) else { continue }
                return (word, String(characters.dropLast(length)))
            }
            if characters.count > target.count {
                let tail = Array(characters.suffix(target.count))
                if tail.first?.isUppercase == true, Self.withinOneEdit(tail, target) {
                    return (word, String(characters.dropLast(target.count)))
                }
            }
        }
        return nil
    }

    /// Whether two words differ by at most one letter added, dropped, changed or two letters swapped.
    static func withinOneEdit(_ a: [Character], _ b: [Character]) -> Bool {
        if a == b { return true }
        if abs(a.count - b.count) > 1 { return false }
        if a.count == b.count {
            let differing = a.indices.filter { a[$0] != b[$0] }
            if differing.count == 1 { return true }
            if differing.count == 2, differing[1] == differing[0] + 1,
               a[differing[0]] == b[differing[1]], a[differing[1]] == b[differing[0]] { return true }
            return false
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        var i = 0, j = 0, skipped = false
        while i < long.count, j < short.count {
            if long[i] == short[j] { i += 1; j += 1; continue }
            if skipped { return false }
            skipped = true
            i += 1
        }
        return true
    }

    /// A protocol's name without what only says it is a protocol: `Protocol` (and its misspellings), `Interface`
    /// kept (it is a role word in VIPER), a leading `I` before a capital (`ILoginInteractor`).
    static func protocolStem(_ name: String) -> String {
        var stem = name
        for ending in ["Protocols", "Protocol", "Delegate"] where stem.hasSuffix(ending) && stem.count > ending.count {
            stem.removeLast(ending.count)
            break
        }
        if stem == name, stem.count > 10 {
            // `Prortocol`, `Procotol`, `Ptorocol`.
            let tail = Array(stem.suffix(8)), tail9 = Array(stem.suffix(9))
            if withinOneEdit(tail, Array("Protocol")) && tail.first == "P" { stem.removeLast(8) }
            else if withinOneEdit(tail9, Array("Protocol")) && tail9.first == "P" { stem.removeLast(9) }
        }
        if stem.count > 2, stem.first == "I", stem.dropFirst().first?.isUppercase == true,
           stem.dropFirst(2).first?.isLowercase == true {
            stem.removeFirst()
        }
        return stem
    }

    /// Whether a protocol is a scene's DataStore (`LoginDataStore`, `ILoginDataStore`, `LoginDataSotre`).
    static func isDataStore(_ name: String) -> Bool {
        roleWord(of: protocolStem(name), in: [.init("DataStore", .interactor)]) != nil
    }

    /// The role a protocol's name gives the types that implement it, and the scene prefix it names.
    func protocolRole(_ name: String) -> (role: ComponentRole, prefix: String)? {
        if let known = memo.protocolRoles[name] { return known }
        let found = findProtocolRole(name)
        memo.protocolRoles[name] = found
        return found
    }

    /// The role word at the end of a type's name (`LoginViewController` → the View), remembered.
    func typeWord(_ name: String) -> (word: PatternDefinition.CodeVocabulary.Word, prefix: String)? {
        if let known = memo.typeWords[name] { return known }
        let found = Self.roleWord(of: name, in: vocabulary.types)
        memo.typeWords[name] = found
        return found
    }

    private func findProtocolRole(_ name: String) -> (role: ComponentRole, prefix: String)? {
        if name.hasSuffix("Delegate") || name.hasSuffix("DataSource") { return nil }
        let stem = Self.protocolStem(name)
        if let found = Self.roleWord(of: stem, in: vocabulary.protocols) { return (found.word.role, found.prefix) }
        // `CartRouterInterface`, `LoginPresenterType`: the role's own name, then a word that only says "protocol".
        for ending in ["Interface", "Type", "Contract", "Input", "Logic"] where stem.hasSuffix(ending) && stem.count > ending.count {
            if let found = Self.roleWord(of: String(stem.dropLast(ending.count)), in: vocabulary.protocols) { return (found.word.role, found.prefix) }
        }
        return nil
    }

    /// Types that are never a scene's components: test doubles, cells and other views inside a screen.
    static func isPart(_ declaration: SwiftIndex.TypeDecl) -> Bool {
        let name = declaration.name
        if VIPReader.isTestDouble(declaration) || name.hasSuffix("Tests") || name.hasSuffix("Test") { return true }
        if ["Cell", "CellNode", "Header", "Footer", "HeaderView", "FooterView", "Reusable", "ReusableView"].contains(where: { name.hasSuffix($0) }) { return true }
        if declaration.inherited.contains(where: { $0.hasSuffix("Cell") || $0 == "UIView" || $0 == "XCTestCase" }) { return true }
        // SceneFlow's generated recording (a wrapper behind a protocol, a part's recording subclass) is no component
        // of the app's.
        if declaration.inherited.contains(where: { $0 == "TracingWrapper" || $0 == "RecordingPart" }) { return true }
        return false
    }

    /// Every component type (found once, as the finder is made).
    private(set) var all: [Member] = []
    /// Components by type name.
    private(set) var byName: [String: Member] = [:]

    func components() -> [Member] { all }

    /// Every component type, with its role: by the protocols it implements when they name a role, else by its name.
    private func findComponents() -> [Member] {
        var members: [Member] = []
        for declaration in index.declarations where [.class, .struct, .actor, .enum].contains(declaration.kind) && !Self.isPart(declaration) {
            // A caseless enum is a namespace: a builder (`enum LoginAssembly { static func build() }`), nothing else.
            if declaration.kind == .enum {
                guard declaration.cases.isEmpty, !declaration.hasPayloads,
                      Self.roleWord(of: declaration.name, in: vocabulary.types)?.word.role == .configurator else { continue }
            }
            let inherited = index.members(of: declaration).inherited.flatMap(index.expandedNames)
            var votes: [ComponentRole: Int] = [:]
            for name in inherited where index.protocol(named: name) != nil {
                guard let (role, _) = protocolRole(name), role != .worker, role != .configurator else { continue }
                // A DataStore or DataPassing protocol says less than the role's own protocol.
                let weight = Self.isDataStore(name) || name.hasSuffix("DataPassing") ? 1 : 2
                votes[role, default: 0] += weight
            }
            let named = Self.roleWord(of: declaration.name, in: vocabulary.types)
            var role: ComponentRole?
            // Only a DataStore or DataPassing protocol (a `StoryModule` that keeps the scene's data): the name says more.
            if let named, let best = votes.values.max(), best <= 1, named.word.role != .worker { votes = [:] }
            if let best = votes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
                // A role its name and one of its protocols agree on wins (a `CartRouter` that is also the module's
                // `CartModuleInterface`); else the most voted.
                role = named.flatMap { votes[$0.word.role] != nil ? $0.word.role : nil } ?? best.key
            } else if let named {
                // A name alone makes a component only of a type that is one: a class, or a SwiftUI View struct.
                if declaration.kind == .struct && named.word.role != .view && named.word.role != .configurator { continue }
                if declaration.kind == .struct && named.word.role == .view && !inherited.contains("View") { continue }
                role = named.word.role
            }
            guard let role, role != .worker else { continue }
            let fromName: String? = named.flatMap { $0.word.role == role ? $0.prefix : nil }
            let fromProtocol: String? = inherited.lazy.compactMap { name in self.protocolRole(name).flatMap { $0.role == role ? $0.prefix : nil } }.first
            var prefix: String = fromName ?? fromProtocol ?? declaration.name
            // A type named only by its role inside another (`ListsView.Controller`): the enclosing type's scene.
            if prefix.isEmpty, declaration.path.count > 1, let outer = declaration.path.dropLast().last {
                prefix = Self.roleWord(of: outer, in: vocabulary.types)?.prefix ?? outer
            }
            members.append(Member(type: declaration, role: role, prefix: prefix.isEmpty ? declaration.name : prefix))
        }
        return members
    }

    // MARK: - References

    /// What a property's type names, as component types: the type itself, or the components implementing the
    /// protocols it names (through compositions and typealiases); nearest in name to `holder` first.
    func referenced(_ typeText: String, from holder: String, among members: [Member]) -> [Member] {
        // Among every component, by name; among a few, by looking.
        let everyone = members.count == all.count
        var found: [Member] = []
        for name in VIPReader.typeNames(typeText).flatMap(index.expandedNames) {
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            if let member = everyone ? byName[simple] : members.first(where: { $0.type.name == simple }) {
                found.append(member)
                continue
            }
            guard index.protocol(named: simple) != nil else { continue }
            let implementing = index.conformers(to: simple).compactMap { conformer in
                everyone ? byName[conformer.name] : members.first { $0.type.name == conformer.name }
            }.sorted { Self.sharedPrefix($0.type.name, holder) > Self.sharedPrefix($1.type.name, holder) }
            if let first = implementing.first { found.append(first) }
        }
        return found
    }

    static func sharedPrefix(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }

    // MARK: - Scenes

    /// The scenes: components grouped by prefix, groups joined by the references between their parts, each group
    /// with a View and an Interactor or a Presenter (or a View and a Router) a scene.
    func scenes() -> [Found] {
        let members = components()
        // Groups by prefix.
        var groups: [[Member]] = []
        var groupOfPrefix: [String: Int] = [:]
        for member in members.sorted(by: { ($0.prefix, $0.role, $0.type.name) < ($1.prefix, $1.role, $1.type.name) }) {
            if let at = groupOfPrefix[member.prefix] {
                groups[at].append(member)
            } else {
                groupOfPrefix[member.prefix] = groups.count
                groups.append([member])
            }
        }
        // Join groups whose parts hold each other and do not already have that role: a View named `ForgottPassword…`
        // holding the `ForgettPasswortPresenter`.
        var groupOf: [String: Int] = [:]
        for (at, group) in groups.enumerated() { for member in group { groupOf[member.type.name] = at } }
        var changed = true
        var rounds = 0
        while changed && rounds < 4 {
            changed = false
            rounds += 1
            for member in members {
                guard let from = groupOf[member.type.name] else { continue }
                for property in index.members(of: member.type).properties where !property.isStatic {
                    let typeText = property.type ?? property.initializerType ?? ""
                    for target in referenced(typeText, from: member.type.name, among: members) {
                        guard let to = groupOf[target.type.name], to != from, [ComponentRole.view, .interactor, .presenter].contains(target.role),
                              [ComponentRole.view, .interactor, .presenter, .router].contains(member.role) else { continue }
                        let roles = Set(groups[from].map(\.role)), theirs = Set(groups[to].map(\.role))
                        guard roles.isDisjoint(with: theirs) else { continue }
                        groups[from] += groups[to]
                        for moved in groups[to] { groupOf[moved.type.name] = from }
                        groups[to] = []
                        changed = true
                    }
                }
            }
        }
        var found: [Found] = []
        for group in groups where !group.isEmpty {
            let roles = Set(group.map(\.role))
            let isScene = (roles.contains(.interactor) && (roles.contains(.presenter) || roles.contains(.view) || roles.contains(.configurator)))
                || (roles.contains(.presenter) && roles.contains(.view))
                || (roles.contains(.view) && roles.contains(.router))
            // A cell's own small VIP (`PostViewCellInteractor`) is part of its screen, not a scene.
            guard isScene, !group.contains(where: { ["Cell", "CellNode", "Reusable", "ReusableView"].contains(where: $0.prefix.hasSuffix) }) else { continue }
            // A View and a Router alone make a scene when they hold each other; a View other Views inherit from is their
            // base, not a screen.
            if !roles.contains(.interactor), !roles.contains(.presenter) {
                let view = group.first { $0.role == .view }!, router = group.first { $0.role == .router }!
                let linked = [view, router].contains { member in
                    index.members(of: member.type).properties.contains { property in
                        let other = member.role == .view ? router : view
                        return !referenced(property.type ?? property.initializerType ?? "", from: member.type.name, among: [other]).isEmpty
                    }
                }
                guard linked else { continue }
            }
            if let view = group.first(where: { $0.role == .view }),
               members.contains(where: { $0.role == .view && $0.type.name != view.type.name && $0.type.inherited.first == view.type.name }) {
                continue
            }
            // One component per role: the one implementing the role's protocol (a SwiftUI screen's `Controller` that
            // is the DisplayLogic, not the View struct named like the scene), then the one named like the group.
            var chosen: [Member] = []
            for role in [ComponentRole.interactor, .presenter, .view, .router, .configurator] {
                let candidates = group.filter { $0.role == role }
                guard !candidates.isEmpty else { continue }
                let implementing = candidates.filter { candidate in
                    index.members(of: candidate.type).inherited.flatMap(index.expandedNames).contains { name in
                        protocolRole(name).map { $0.role == role && !$0.prefix.isEmpty } ?? false
                    }
                }
                let pool = implementing.isEmpty ? candidates : implementing
                chosen.append(pool.min { ($0.type.name.count, $0.type.name) < ($1.type.name.count, $1.type.name) }!)
            }
            found.append(Found(name: Self.name(of: chosen), members: chosen))
        }
        // One type playing a part for several scenes through a protocol per scene (`extension CoreInteractor:
        // HomeInteractor {}`, the Presenter holding `interactor: HomeInteractor`): it is that part of each.
        let placed = Dictionary(found.flatMap { scene in scene.members.map { ($0.type.name, $0.role) } }, uniquingKeysWith: { first, _ in first })
        for at in found.indices {
            for role in [ComponentRole.interactor, .router] where found[at].component(role) == nil {
                let holders = found[at].members.filter { $0.role == .presenter || $0.role == .view }
                search: for holder in holders {
                    for property in index.members(of: holder.type).properties where !property.isStatic {
                        guard let typeName = (property.type ?? "").split(whereSeparator: { "?!".contains($0) }).first.map(String.init),
                              index.protocol(named: typeName) != nil, protocolRole(typeName)?.role == role || Self.roleWord(of: typeName, in: vocabulary.types)?.word.role == role else { continue }
                        let conformers = index.conformers(to: typeName).filter { !VIPReader.isTestDouble($0) }
                        guard conformers.count == 1, let shared = conformers.first, placed[shared.name] == role else { continue }
                        found[at].members.append(Member(type: shared, role: role, prefix: found[at].name))
                        found[at].interfaces[shared.name] = typeName
                        break search
                    }
                }
            }
        }
        // The scene that first took a shared part uses it through its own protocol too.
        var usedBy: [String: Int] = [:]
        for scene in found { for member in scene.members { usedBy[member.type.name, default: 0] += 1 } }
        for at in found.indices {
            for member in found[at].members where (member.role == .interactor || member.role == .router) && usedBy[member.type.name, default: 0] > 1
                && found[at].interfaces[member.type.name] == nil {
                let conformed = Set(index.members(of: member.type).inherited.flatMap(index.expandedNames))
                let holders = found[at].members.filter { $0.role == .presenter || $0.role == .view }
                for holder in holders {
                    if let property = index.members(of: holder.type).properties.first(where: { property in
                        let typeName = (property.type ?? "").split(whereSeparator: { "?!".contains($0) }).first.map(String.init) ?? ""
                        return conformed.contains(typeName) && index.protocol(named: typeName) != nil
                    }) {
                        found[at].interfaces[member.type.name] = (property.type ?? "").split(whereSeparator: { "?!".contains($0) }).first.map(String.init)
                        break
                    }
                }
            }
        }
        // Names are unique: a second scene of the same name is told by its View.
        var seen: [String: Int] = [:]
        for at in found.indices {
            seen[found[at].name, default: 0] += 1
            if seen[found[at].name]! > 1 { found[at].name = found[at].component(.view)?.name ?? found[at].name + "\(seen[found[at].name]!)" }
        }
        // Routers and builders in groups of their own (an app-wide Coordinator, `AssemblyBuilder`) serve the scenes
        // whose components hold them.
        let scenesTypes = Set(found.flatMap { $0.members.map(\.type.name) })
        let loose = members.filter { [.router, .configurator].contains($0.role) && !scenesTypes.contains($0.type.name) }
        let looseNames = Set(loose.map(\.type.name))
        for at in found.indices {
            for member in found[at].members {
                for property in index.members(of: member.type).properties where !property.isStatic {
                    for target in referenced(property.type ?? property.initializerType ?? "", from: member.type.name, among: all)
                        .filter({ looseNames.contains($0.type.name) })
                    where !found[at].shared.contains(where: { $0.name == target.type.name }) {
                        found[at].shared.append(target.type)
                        if target.role == .router { found[at].sharedRouters.append(target.type) }
                    }
                }
            }
        }
        return found.sorted { $0.name < $1.name }
    }

    /// The plain screens the scenes show: View Controllers of the app that are part of no scene, named in what a
    /// scene's Router, View or builder does.
    func screens(besides found: [Found]) -> [Found] {
        let taken = Set(found.flatMap { $0.members.map(\.type.name) })
        let members = components()
        let lone = members.filter { member in
            // A UIKit View Controller declared on its own (not a SwiftUI View's nested `Controller`).
            member.role == .view && !taken.contains(member.type.name) && member.type.kind == .class && member.type.path.count == 1
                && member.prefix.count > 1 && member.type.inherited.first.map({ $0.hasSuffix("Controller") }) == true
                // An alert, a pop-up or a picker shows over a screen; it is not one of the flow's screens.
                && !["Alert", "Popup", "PopUp", "Toast", "Picker", "Spinner", "Loader", "Loading", "Tooltip"].contains(where: member.type.name.contains)
                && !member.prefix.hasSuffix("Cell") && !VIPReader.isTestDouble(member.type)
                && !members.contains(where: { $0.role == .view && $0.type.name != member.type.name && $0.type.inherited.first == member.type.name })
                && !members.contains(where: { $0.prefix == member.prefix && $0.role != .view })
        }
        guard !lone.isEmpty, !found.isEmpty else { return [] }
        var named = Set<String>()
        for scene in found {
            for member in scene.members + scene.shared.map({ Member(type: $0, role: .router, prefix: "") })
            where member.role == .router || member.role == .view || member.role == .configurator {
                for method in index.members(of: member.type).methods {
                    guard let body = method.body else { continue }
                    for token in body.tokens(viewMode: .sourceAccurate) {
                        if case .identifier(let name) = token.tokenKind { named.insert(name) }
                    }
                }
            }
        }
        let sceneNames = Set(found.map(\.name))
        var screens: [Found] = []
        for view in lone where named.contains(view.type.name) && !sceneNames.contains(view.prefix) {
            guard !screens.contains(where: { $0.name == view.prefix }) else { continue }
            var screen = Found(name: view.prefix, members: [view])
            screen.isScreen = true
            screens.append(screen)
        }
        return screens.sorted { $0.name < $1.name }
    }

    /// A scene's name: the prefix most of its components share, the View's when none is shared more.
    static func name(of members: [Member]) -> String {
        var counts: [String: Int] = [:]
        for member in members where member.role != .configurator { counts[member.prefix, default: 0] += 1 }
        let viewPrefix = members.first { $0.role == .view }?.prefix
        let best = counts.max { a, b in
            if a.value != b.value { return a.value < b.value }
            if a.key == viewPrefix { return false }
            if b.key == viewPrefix { return true }
            return a.key > b.key
        }
        return best?.key ?? members[0].prefix
    }
}
