import ScenarioSpec

/// How the generated code spells the types a trace names: `AuthWorker.login.Result` is `Login.AuthWorker.LoginResult`,
/// `[Product]` is `[ProductEntity]` where an entity is named like a scene. A worker's or a route's input has no
/// Swift type (the call takes its fields as arguments): nil.
public struct SwiftTypeSpelling: Sendable {
    private let scenes: GeneratedScenes

    public init(scenario: Scenario) {
        scenes = GeneratedScenes(scenario: scenario)
    }

    public func spelling(ofTraced name: String) -> String? {
        if name.hasSuffix(".Input") { return nil }
        guard let type = TypeRef(parsing: name) else { return scenes.swiftTypeName(name) }
        return scenes.swiftType(type)
    }
}
