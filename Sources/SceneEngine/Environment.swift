import ScenarioSpec

/// The names an expression can use while a step runs. `dataStore`, `state` and `appState` are read live from
/// the scene instance, so a `store` earlier in the same logic is visible.
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

    func lookup(_ name: String) -> Value? {
        var index = names.count - 1
        while index >= 0 {
            if names[index] == name { return values[index] }
            index -= 1
        }
        switch name {
        case "dataStore": return instance.map { .record($0.dataStore) }
        case "state": return instance.map { .record($0.viewState) }
        case "appState": return .record(world.appState)
        default: return nil
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
