import ScenarioSpec

/// The names an expression can use while a step runs. The state roots (`dataStore`, `state`, `appState`) are
/// read live from the scene instance, so a `store` earlier in the same logic is visible.
struct Environment {
    private var names: [String] = []
    private var values: [Value] = []
    let instance: SceneInstance?
    let world: World
    /// A shared worker's state, which its operations read as `state`.
    var workerState: Record?

    init(instance: SceneInstance?, world: World, workerState: Record? = nil) {
        self.instance = instance
        self.world = world
        self.workerState = workerState
    }

    mutating func bind(_ name: String, _ value: Value) {
        names.append(name)
        values.append(value)
    }

    /// Forgets the latest `count` bindings (a closure's parameters, after each call).
    mutating func unbind(_ count: Int) {
        names.removeLast(count)
        values.removeLast(count)
    }

    /// A name bound by the logic (`request`, `let`, `as`), the latest binding first.
    func lookup(_ name: String) -> Value? {
        var index = names.count - 1
        while index >= 0 {
            if names[index] == name { return values[index] }
            index -= 1
        }
        return nil
    }

    /// The live state an expression reads.
    func state(_ root: StateRoot) -> Value? {
        switch root {
        case .dataStore: instance.map { .record($0.dataStore) }
        case .viewState: workerState.map { .record($0) } ?? instance.map { .record($0.viewState) }
        case .appState: .record(world.appState)
        }
    }
}

/// State shared by all scenes: the `appstate` pattern's AppState, the shared workers' state, and the types
/// expressions construct.
final class World {
    var appState: Record
    /// Each shared worker's state, by worker.
    var workerStates: [WorkerName: Record]
    /// The largest text (UTF-8 bytes) or list (items and characters) an expression may make.
    let maxValueSize: Int
    /// Entities, which `Order(…)` builds with their defaults, and enums, whose raw values `rawValue` reads.
    let records: [String: RecordType]
    let enums: [String: EnumType]

    init(appState: Record, workerStates: [WorkerName: Record] = [:], maxValueSize: Int,
         records: [String: RecordType] = [:], enums: [String: EnumType] = [:]) {
        self.appState = appState
        self.workerStates = workerStates
        self.maxValueSize = maxValueSize
        self.records = records
        self.enums = enums
    }
}
