import ScenarioSpec

/// The names an expression can use while a step runs. The state roots (`dataStore`, `state`, `appState`) are
/// read live from the scene instance, so a `store` earlier in the same logic is visible.
struct Environment {
    private var names: [String] = []
    private var values: [Value] = []
    let instance: SceneInstance?
    let world: World

    init(instance: SceneInstance?, world: World) {
        self.instance = instance
        self.world = world
    }

    mutating func bind(_ name: String, _ value: Value) {
        names.append(name)
        values.append(value)
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
        case .viewState: instance.map { .record($0.viewState) }
        case .appState: .record(world.appState)
        }
    }
}

/// State shared by all scenes: the `appstate` pattern's AppState.
final class World {
    var appState: Record
    /// The largest text (UTF-8 bytes) or list (items and characters) an expression may make.
    let maxValueSize: Int

    init(appState: Record, maxValueSize: Int) {
        self.appState = appState
        self.maxValueSize = maxValueSize
    }
}
