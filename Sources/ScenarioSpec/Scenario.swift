/// A loaded, validated scenario: the scenes of an app, their components and use cases, and a story to run.
public struct Scenario: Sendable, Hashable {
    public var name: String
    /// The scenario file, as the user named it.
    public var file: String
    public var description: String?
    public var pattern: Pattern
    /// The scene the app starts on.
    public var start: SceneName
    /// Shared model types (`IceCream`, `Post`), in declaration order.
    public var entities: [RecordType]
    /// Enums the scenario declares (`ShippingSpeed`), in declaration order.
    public var enums: [EnumType] = []
    /// Who wires each scene when the pattern leaves a choice: a Configurator, or the View's `setup()` (the current
    /// Clean Swift template). nil: the pattern's own.
    public var wiring: PatternDefinition.Wiring.Style?
    /// Workers shared by every scene (an app's `OrdersWorker`), with the state their operations read and write.
    public var sharedWorkers: [Worker] = []
    /// The single observable state object of the `appstate` pattern.
    public var appState: [FieldDecl]
    public var scenes: [Scene]
    public var story: [StoryStep]
    /// How many times the story plays, each pass going on from where the last one left the app (`repeat:`).
    public var storyRepeats: Int

    /// What the scenario does that its pattern's rules do not allow, in file order, each with the acceptance that
    /// takes it back, if any.
    public var findings: [RuleFinding] = []
    /// The rules the scenario accepts breaking (`accept:`), where they apply and why.
    public var acceptances: [RuleAcceptance] = []

    /// SHA-256 of the scenario file's bytes (lower-case hex), when it was read from bytes.
    public var sha256: String?
    /// Fixture files the scenario read, as it names them, and the SHA-256 of each.
    public var fixtureSHA256: [String: String] = [:]

    /// The largest `repeat:` a scenario may ask for; the run's message limit bounds the work anyway.
    public static let maxStoryRepeats = 1_000_000_000

    public init(name: String, file: String, description: String? = nil, pattern: Pattern, start: SceneName,
                entities: [RecordType], appState: [FieldDecl], scenes: [Scene], story: [StoryStep],
                storyRepeats: Int = 1) {
        self.name = name
        self.file = file
        self.description = description
        self.pattern = pattern
        self.start = start
        self.entities = entities
        self.appState = appState
        self.scenes = scenes
        self.story = story
        self.storyRepeats = storyRepeats
    }

    public func scene(_ name: SceneName) -> Scene? { scenes.first { $0.name == name } }
    public func entity(_ name: String) -> RecordType? { entities.first { $0.name == name } }
    public func enumType(_ name: String) -> EnumType? { enums.first { $0.name == name } }
    public func sharedWorker(_ name: String) -> Worker? { sharedWorkers.first { $0.name.rawValue == name } }
}
