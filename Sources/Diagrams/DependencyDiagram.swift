import ScenarioSpec
import TraceFormat

/// Who knows whom: each scene's components and the protocols they reach each other through, as declared by the
/// scenario and pattern, weighted by the messages a run actually sent.
public struct DependencyDiagram: Sendable, Hashable {
    public var title: String
    public var pattern: Pattern
    public var scenes: [SceneBlock]
    /// Components outside any scene (AppState).
    public var shared: [Component]
    public var links: [Link]
    /// Whether a trace was given: without one, nothing is "unused".
    public var observed: Bool
    /// Drawn from an app's code (`sceneflow map`): links are the references the code holds, their counts the calls
    /// it makes, and "declared" means the pattern allows it.
    public var fromCode: Bool = false

    public init(title: String, pattern: Pattern, scenes: [SceneBlock], shared: [Component], links: [Link], observed: Bool) {
        self.title = title
        self.pattern = pattern
        self.scenes = scenes
        self.shared = shared
        self.links = links
        self.observed = observed
    }

    public struct SceneBlock: Sendable, Hashable {
        public var name: SceneName
        public var components: [Component]

        public init(name: SceneName, components: [Component]) {
            self.name = name
            self.components = components
        }
    }

    public struct Component: Sendable, Hashable {
        /// `Login.interactor`, `Login.worker.AuthWorker`, `AppState`.
        public var id: String
        public var name: String
        public var role: ComponentRole

        public init(id: String, name: String, role: ComponentRole) {
            self.id = id
            self.name = name
            self.role = role
        }
    }

    public enum LinkKind: String, Sendable, Hashable {
        /// Holds a strong reference and calls through a protocol.
        case calls
        /// A weak back-reference (Presenter → View).
        case weak
        /// Holds a copy of a value (SwiftUI's Presenter → View).
        case copy
        /// Writes (or owns) a DataStore or AppState.
        case writes
        /// The Router reads its DataStore to pass data on.
        case reads
        /// Observes and re-renders (appstate).
        case observes
        /// Routes to another scene.
        case route
        /// Passes data into another scene's DataStore.
        case passes
    }

    public struct Link: Sendable, Hashable {
        public var from: String
        public var to: String
        public var kind: LinkKind
        /// The protocol or route it goes through.
        public var label: String
        public var declared: Bool
        /// Messages the run sent along it.
        public var messages: Int

        public init(from: String, to: String, kind: LinkKind, label: String, declared: Bool, messages: Int) {
            self.from = from
            self.to = to
            self.kind = kind
            self.label = label
            self.declared = declared
            self.messages = messages
        }
    }
}

/// Builds the dependency diagram from a scenario and, when there is one, a trace of its run.
public enum DependencyDiagramBuilder {
    /// With `tally`, the run's messages are counted from it (a long run keeps only some of its messages in `trace`).
    public static func build(scenario: Scenario, trace: Trace?, tally: TraceTally? = nil) -> DependencyDiagram {
        let definition = scenario.pattern.definition
        let naming = definition.naming
        var diagram = DependencyDiagram(title: "\(scenario.name) — dependencies", pattern: scenario.pattern, scenes: [],
                                        shared: [], links: [], observed: trace != nil)
        func id(_ scene: SceneName, _ role: ComponentRole, _ worker: String? = nil) -> String {
            if role == .appState { return "AppState" }
            return worker.map { "\(scene).worker.\($0)" } ?? "\(scene).\(role.rawValue)"
        }
        func declare(_ from: String, _ to: String, _ kind: DependencyDiagram.LinkKind, _ label: String?) {
            diagram.links.append(.init(from: from, to: to, kind: kind, label: label ?? "", declared: true, messages: 0))
        }
        if definition.dependencies.contains(where: { $0.from == .appState || $0.to == .appState }) {
            diagram.shared.append(.init(id: "AppState", name: "AppState", role: .appState))
        }
        // Workers the app shares stand outside the scenes, once.
        for worker in scenario.sharedWorkers {
            diagram.shared.append(.init(id: sharedWorkerID(worker.name.rawValue), name: worker.name.rawValue, role: .worker))
        }
        for scene in scenario.scenes {
            let s = scene.name
            var components: [DependencyDiagram.Component] = []
            for spec in Self.componentOrder.compactMap({ role in definition.roles.first { $0.role == role } })
            where spec.presence.holds(for: scene) && (!scene.isOutsidePattern || spec.role == .view) && !scene.without.contains(spec.role) {
                components.append(.init(id: id(s, spec.role), name: naming.componentName(spec.role, of: scene), role: spec.role))
            }
            for worker in scene.workers {
                components.append(.init(id: id(s, .worker, worker.name.rawValue), name: worker.name.rawValue, role: .worker))
            }
            diagram.scenes.append(.init(name: s, components: components))
            let has = Set(components.map(\.id) + diagram.shared.map(\.id))

            for dependency in definition.dependencies where dependency.condition.holds(for: scene) {
                let (from, to) = (id(s, dependency.from), id(s, dependency.to))
                guard has.contains(from), has.contains(to) else { continue }
                let label: String?
                switch dependency.label {
                case .none: label = nil
                case .slot(let slot): label = naming.protocolName(slot, of: scene)
                case .text(let text): label = text
                }
                declare(from, to, DependencyDiagram.LinkKind(dependency.kind), label)
            }
            for worker in scene.workers {
                // Clean Swift workers are plain classes: name what is called instead of a protocol.
                let operations = worker.operations.map(\.name.rawValue).joined(separator: ", ")
                declare(id(s, definition.wiring.workerHolder), id(s, .worker, worker.name.rawValue), .calls,
                        naming.workerProtocol(worker, scene: s) ?? operations)
            }
            for (worker, operations) in scene.sharedWorkersCalled {
                declare(id(s, definition.wiring.workerHolder), sharedWorkerID(worker.rawValue), .calls,
                        scenario.sharedWorker(worker.rawValue)?.protocolName?.value ?? operations.map(\.rawValue).joined(separator: ", "))
            }
            // A route carries its data passing: the fields it copies into the destination's DataStore.
            // A route back to whichever scene is below holds no other scene: it draws no dependency.
            for route in scene.routes {
                guard let destination = route.destination?.value else { continue }
                let fields = route.pass.isEmpty ? "" : " · passes " + route.pass.map(\.target).joined(separator: ", ")
                declare(id(s, .router), id(destination, .view), .route, "\(route.name) [\(route.navigation.rawValue)]" + fields)
            }
        }
        if let trace {
            let tally = tally ?? TraceTally(trace.events, cycles: trace.cycles)
            observe(tally, in: &diagram, definition: definition, id: id)
            // The Interactor reading its DataStore (`dataStore.order`) uses the link as writing does: every cycle of a
            // use case whose logic reads it counts, found in the scenario's expressions.
            for scene in scenario.scenes {
                let link = diagram.links.firstIndex { $0.from == id(scene.name, .interactor) && $0.to == id(scene.name, .dataStore) }
                guard let link else { continue }
                for useCase in scene.useCases where useCase.interactor.contains(where: { $0.reads(.dataStore) }) {
                    diagram.links[link].messages += tally.runs["\(scene.name).\(useCase.name)"] ?? 0
                }
            }
        }
        return diagram
    }

    /// A shared worker's component: one for the app.
    static func sharedWorkerID(_ name: String) -> String { "worker.\(name)" }

    /// The order a scene's components are listed in (workers follow).
    static let componentOrder: [ComponentRole] = [.view, .interactor, .presenter, .router, .dataStore]

    /// Counts the run's messages on the links they went along; messages along no declared link are added as
    /// undeclared links.
    private static func observe(_ tally: TraceTally, in diagram: inout DependencyDiagram, definition: PatternDefinition,
                                id: (SceneName, ComponentRole, String?) -> String) {
        func key(_ participant: Participant) -> String? {
            switch participant.role {
            case .appState: return "AppState"
            case .user, .configurator: return nil
            case .worker: return participant.scene.map { id($0, .worker, participant.name) } ?? sharedWorkerID(participant.name)
            default: return participant.scene.map { id($0, participant.role, nil) }
            }
        }
        var counts: [String: Int] = [:]
        var undeclared: [(String, String, DependencyDiagram.LinkKind, String)] = []
        for (event, count) in tally.entries {
            let kind: DependencyDiagram.LinkKind
            let from = event.from, to = event.to
            switch event.kind {
            case .configure, .load, .appear, .show, .action, .workerResult, .workerError, .stateWrite:
                continue
            case .dataStoreWrite, .publish: kind = .writes
            case .dataPassing:
                // Counted on the Router's read of its own DataStore, below; the route carries the fields.
                if let scene = event.from.scene {
                    counts["\(id(scene, .router, nil))|\(id(scene, .dataStore, nil))|reads", default: 0] += count
                }
                continue
            case .navigation:
                guard event.from.role == .router else { continue }
                kind = .route
            case .render: kind = .observes
            default:
                // As the pattern declares the reference between these roles (a Presenter holds its View weakly).
                kind = definition.dependencies.first { $0.from == from.role && $0.to == to.role }
                    .map { DependencyDiagram.LinkKind($0.kind) } ?? .calls
            }
            guard let a = key(from), let b = key(to) else { continue }
            let linkKey = "\(a)|\(b)|\(kind.rawValue)"
            if diagram.links.contains(where: { $0.from == a && $0.to == b && $0.kind == kind }) {
                counts[linkKey, default: 0] += count
            } else if let index = diagram.links.firstIndex(where: { $0.from == a && $0.to == b }) {
                counts["\(a)|\(b)|\(diagram.links[index].kind.rawValue)", default: 0] += count
            } else {
                if !undeclared.contains(where: { $0.0 == a && $0.1 == b }) {
                    undeclared.append((a, b, kind, event.protocolName ?? event.signature))
                }
                counts[linkKey, default: 0] += count
            }
        }
        for index in diagram.links.indices {
            let link = diagram.links[index]
            diagram.links[index].messages = counts["\(link.from)|\(link.to)|\(link.kind.rawValue)"] ?? 0
        }
        for (from, to, kind, label) in undeclared {
            diagram.links.append(.init(from: from, to: to, kind: kind, label: label, declared: false,
                                       messages: counts["\(from)|\(to)|\(kind.rawValue)"] ?? 0))
        }
    }
}

extension DependencyDiagram.LinkKind {
    init(_ kind: PatternDefinition.Dependency.Kind) {
        switch kind {
        case .calls: self = .calls
        case .weak: self = .weak
        case .copy: self = .copy
        case .writes: self = .writes
        case .reads: self = .reads
        case .observes: self = .observes
        }
    }
}
