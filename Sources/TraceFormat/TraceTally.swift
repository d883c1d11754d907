/// Every message of a run counted by what the structural diagrams draw — sender and receiver components (whichever
/// scene instance), kind and route — in memory that grows with the app, not the run: a long run's dependency, flow
/// and cycle diagrams are drawn from it while only the messages the sequence diagram draws are kept.
public struct TraceTally: Sendable {
    /// Each distinct (sender, receiver, kind, route) with the first message of that shape and how many there were,
    /// in order of first appearance.
    public private(set) var entries: [(event: TraceEvent, count: Int)] = []
    /// How many messages were counted.
    public private(set) var messages = 0
    /// The instances of each scene that were loaded or appeared.
    public private(set) var instances: [SceneName: Set<Int>] = [:]
    /// How many cycles ran each use case, by `Scene.UseCase`.
    public private(set) var runs: [String: Int] = [:]
    private var index: [Key: Int] = [:]

    /// A component, whichever instance of its scene.
    private struct Component: Hashable {
        var role: ComponentRole
        var name: String
        var scene: SceneName?

        init(_ participant: Participant) {
            role = participant.role
            name = participant.name
            scene = participant.scene
        }
    }

    private struct Key: Hashable {
        var from: Component
        var to: Component
        var kind: EventKind
        var route: String?
    }

    public init() {}

    public init(_ events: some Sequence<TraceEvent>, cycles: [TraceCycle] = []) {
        for event in events { add(event) }
        for cycle in cycles { add(cycle) }
    }

    public mutating func add(_ cycle: TraceCycle) {
        runs[cycle.name, default: 0] += 1
    }

    public mutating func add(_ event: borrowing TraceEvent) {
        messages += 1
        var route: String?
        if case .route(let name, _) = event.message { route = name.rawValue }
        if event.kind == .load || event.kind == .appear, let scene = event.to.scene, let instance = event.to.instance {
            instances[scene, default: []].insert(instance)
        }
        let key = Key(from: Component(event.from), to: Component(event.to), kind: event.kind, route: route)
        if let found = index[key] {
            entries[found].count += 1
        } else {
            index[key] = entries.count
            entries.append((copy event, 1))
        }
    }
}
