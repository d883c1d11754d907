import ScenarioSpec

/// A file of a generated package: its path inside the package, and its text.
public struct GeneratedFile: Sendable, Hashable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// What the generator cannot write yet, with the place in the scenario.
public struct GenerationLimit: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }

    public var description: String { (location.map { "\($0): " } ?? "") + "error: " + message }
}

/// Turns a scenario into a Swift package a team starts from: the scenes in the pattern's own names with real
/// bodies, the workers as the scenario answers, a headless display so the cycle runs anywhere, recording through
/// `SceneFlowRecorder`, and tests — Spies per protocol, and the story played through the real components.
public struct CodeGenerator {
    public struct Options: Sendable {
        /// The Swift module's name; the scenario's title in UpperCamelCase by default.
        public var moduleName: String?

        public init(moduleName: String? = nil) {
            self.moduleName = moduleName
        }
    }

    public let scenario: Scenario
    public let options: Options
    /// The scenario's simulated run: the values the generated unit tests expect. Without it, only the Spies and the
    /// story test are written.
    public let trace: Trace?

    public init(scenario: Scenario, options: Options, trace: Trace? = nil) {
        self.scenario = scenario
        self.options = options
        self.trace = trace
    }

    /// Whether the generator writes apps of this pattern: the View asking the Interactor, with a Configurator (or
    /// setup) wiring and state in the scene's DataStore, which the Interactor writes (Clean Swift) or the View holds
    /// (SwiftUI VIP); or with the environment's wiring and state in the one AppState (SwiftUI with AppState); or the
    /// View telling its Presenter, modules built by a WireFrame (VIPER).
    public static func writes(_ definition: PatternDefinition) -> Bool {
        switch definition.wiring.style {
        case .configurator, .setup: definition.flow.entry != .presenter && definition.flow.store == .dataStore
        case .environment: definition.flow.entry != .presenter && definition.flow.store == .appState
        case .wireFrame: definition.flow.entry == .presenter && definition.flow.store == .dataStore
        }
    }

    /// The package's files, in a fixed order; the same scenario gives the same bytes.
    public func generate() throws(GenerationLimit) -> [GeneratedFile] {
        try checkPattern()
        let module = moduleName
        var files: [GeneratedFile] = [GeneratedFile(path: "Package.swift", text: packageManifest(module))]
        let source = "Sources/\(module)"
        if scenario.pattern.definition.viewsAreSwiftUIValues {
            files.append(GeneratedFile(path: "\(source)/Support/Observation.swift", text: SupportFiles.observation))
            files.append(GeneratedFile(path: "\(source)/Support/SceneScreen.swift", text: SupportFiles.screen))
        } else {
            files.append(GeneratedFile(path: "\(source)/Support/SceneViewController.swift", text: SupportFiles.viewController))
            files.append(GeneratedFile(path: "\(source)/Support/SceneNavigator.swift", text: SupportFiles.navigator))
        }
        files.append(GeneratedFile(path: "\(source)/Support/SceneTrace.swift", text: SupportFiles.trace))
        let scenes = GeneratedScenes(scenario: scenario)
        files.append(GeneratedFile(path: "\(source)/Models/Entities.swift", text: try scenes.entities()))
        if scenario.pattern.definition.flow.store == .appState {
            files.append(GeneratedFile(path: "\(source)/Models/AppState.swift", text: SceneWriter.appState(scenes)))
        }
        if !scenario.sharedWorkers.isEmpty {
            files.append(GeneratedFile(path: "\(source)/Workers/SharedWorkers.swift", text: try scenes.sharedWorkers()))
        }
        files += try sceneFiles(scenes, in: source)
        for scene in scenario.scenes {
            let tests = ComponentTestWriter(scenes: scenes, scene: scene, trace: trace, module: module)
            if let text = tests.spies() {
                files.append(GeneratedFile(path: "Tests/\(module)Tests/\(scene.name)/\(scene.name)Spies.swift", text: text))
            }
            if let text = tests.tests() {
                files.append(GeneratedFile(path: "Tests/\(module)Tests/\(scene.name)/\(scene.name)Tests.swift", text: text))
            }
        }
        files.append(GeneratedFile(path: "Tests/\(module)Tests/StoryTests.swift", text: try StoryTestWriter(scenario: scenario, module: module).text()))
        // The recorder and the trace format, carried: the package builds offline with Swift alone.
        files += CarriedSources.files
        return files
    }

    /// The scenes' own files, as `generate()` writes them (`Sources/SignIn/Scenes/Login/LoginInteractor.swift`),
    /// without the package, its support files and its tests.
    public func sceneFiles() throws(GenerationLimit) -> [GeneratedFile] {
        try checkPattern()
        return try sceneFiles(GeneratedScenes(scenario: scenario), in: "Sources/\(moduleName)")
    }

    private func sceneFiles(_ scenes: GeneratedScenes, in source: String) throws(GenerationLimit) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for scene in scenario.scenes {
            for (name, text) in try scenes.files(for: scene) {
                files.append(GeneratedFile(path: "\(source)/Scenes/\(scene.name)/\(name)", text: text))
            }
        }
        return files
    }

    private func checkPattern() throws(GenerationLimit) {
        guard Self.writes(scenario.pattern.definition) else {
            throw GenerationLimit("generate does not write \(scenario.pattern.rawValue) apps yet: translate the scenario first ('sceneflow translate \(scenario.file) --to clean-swift')",
                                  at: nil)
        }
        // Method names the pattern's code cannot have: the first is refused, and validate lists them all.
        let shapes = scenario.pattern.definition.methodShapeProblems(in: scenario)
        if let first = shapes.first {
            let more = shapes.count > 1 ? " (\(shapes.count - 1) more method(s) like it: 'sceneflow validate' lists each)" : ""
            throw GenerationLimit(first.message + more, at: first.location)
        }
        for scene in scenario.scenes {
            // SwiftUI Views render from state; Clean Swift's and VIPER's show in their view steps.
            if !scenario.pattern.definition.viewsAreSwiftUIValues, let show = scene.view.shows.first {
                throw GenerationLimit("generate does not write a \(scenario.pattern.definition.title) View that renders from state ('shows:') yet: show '\(show.target)' in a use case's view steps",
                                      at: show.targetLocation)
            }
            if let state = scene.view.state.first {
                throw GenerationLimit("generate does not write a View's own state ('\(state.name)') yet", at: state.location)
            }
            if !scenario.pattern.definition.flow.viewWritesDataStore, let useCase = scene.useCases.first(where: { !$0.sends.isEmpty }) {
                throw GenerationLimit("generate does not write a View that fills its Request ('sends:' of \(scene.name).\(useCase.name)) yet",
                                      at: useCase.sends[0].targetLocation)
            }
        }
    }

    /// `SignIn` for "Sign in".
    public var moduleName: String {
        if let name = options.moduleName { return name }
        var name = ""
        var upper = true
        for scalar in scenario.name.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                let text = String(scalar)
                name += upper ? text.uppercased() : text
                upper = false
            } else {
                upper = true
            }
        }
        if name.isEmpty || name.first!.isNumber { name = "App" + name }
        return name
    }

    private func packageManifest(_ module: String) -> String {
        """
        // swift-tools-version: 6.0
        // Generated by `sceneflow generate` from \(SwiftSpelling.comment(scenario.file)) (\(SwiftSpelling.comment(scenario.name))).
        import PackageDescription

        let package = Package(
            name: \(SwiftSpelling.literal(module)),
            platforms: [.iOS(.v16), .macOS(.v13)],
            products: [
                .library(name: \(SwiftSpelling.literal(module)), targets: [\(SwiftSpelling.literal(module))]),
            ],
            targets: [
                // Scenes/ holds one folder per scene, as Xcode's Clean Swift templates lay them out: drag it into a project.
                .target(name: \(SwiftSpelling.literal(module)), dependencies: ["SceneFlowRecorder"]),
                .testTarget(name: \(SwiftSpelling.literal(module + "Tests")), dependencies: [\(SwiftSpelling.literal(module))]),
                // SceneFlow's recorder and trace format, as SceneFlow ships them (Foundation only): they write the
                // run to SCENEFLOW_TRACE for `sceneflow check --trace`.
                .target(name: "TraceFormat", swiftSettings: [.swiftLanguageMode(.v6)]),
                .target(name: "SceneFlowRecorder", dependencies: ["TraceFormat"], swiftSettings: [.swiftLanguageMode(.v6)]),
            ],
            swiftLanguageModes: [.v5]
        )

        """
    }
}

extension ExprNode {
    var isClosure: Bool {
        if case .closure = kind { return true }
        return false
    }
}
