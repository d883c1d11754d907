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

/// What the generator cannot write yet: each place in the scenario, with what it is and a stable id
/// (`generate/step`), in the order the writers met them. Writers go on past a place they cannot write, so one
/// refusal names every place at once, and `validate` can warn about each before anyone generates.
public struct GenerationLimit: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Place: Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var location: SourceLocation?
        public var id: String

        /// `s.yml:20:27: message [generate/step]`.
        public var description: String { (location.map { "\($0): " } ?? "") + message + " [\(id)]" }
    }

    public private(set) var places: [Place]

    public init(_ message: String, at location: SourceLocation?, id: String) {
        places = [Place(message: message, location: location, id: id)]
    }

    /// The first place's message and location.
    public var message: String { places[0].message }
    public var location: SourceLocation? { places[0].location }

    /// Adds `other`'s places not already listed.
    public mutating func add(_ other: GenerationLimit) {
        for place in other.places where !places.contains(place) { places.append(place) }
    }

    /// Every place as a diagnostic of `severity`, sorted by place.
    public func diagnostics(_ severity: Diagnostic.Severity) -> [Diagnostic] {
        places.map { Diagnostic(severity, $0.message, at: $0.location, id: $0.id) }.normalized()
    }

    public var description: String { diagnostics(.error).map(\.description).joined(separator: "\n") }
}

extension Optional where Wrapped == GenerationLimit {
    /// Keeps `limit`'s places beside those already found.
    mutating func collect(_ limit: GenerationLimit) {
        if var found = self {
            found.add(limit)
            self = found
        } else {
            self = limit
        }
    }
}

/// Turns a scenario into a Swift package a team starts from: the scenes in the pattern's own names with real
/// bodies, the workers as the scenario answers, a headless display so the cycle runs anywhere, recording through
/// `SceneFlowRecorder`, and tests — Spies per protocol, and the story played through the real components.
public struct CodeGenerator {
    public struct Options: Sendable {
        /// The Swift module's name; the scenario's title in UpperCamelCase by default.
        public var moduleName: String?
        /// Where the package's recorder comes from.
        public var recorder: RecorderSource

        public init(moduleName: String? = nil, recorder: RecorderSource = .carried) {
            self.moduleName = moduleName
            self.recorder = recorder
        }
    }

    /// Where a generated package gets SceneFlow's recorder (`SceneFlowRecorder` and the trace's writing half).
    public enum RecorderSource: Sendable, Equatable {
        /// Carried as source: the package builds offline with Swift alone. Its targets are named as SceneFlow's,
        /// so an app holds one such package at most; several packages share SceneFlow's instead.
        case carried
        /// SceneFlow's package at `path` (relative to the generated package's folder), with its traits off: no
        /// third-party dependency enters the graph, and every package that depends on it shares one recorder.
        case package(path: String)
        /// SceneFlow's package at `url`, from version `from`, with its traits off.
        case remote(url: String, from: String)

        /// The package's identity, as a `.product(…, package:)` names it: the last part of its path or URL.
        var identity: String {
            let location: String
            switch self {
            case .carried: return ""
            case .package(let path): location = path
            case .remote(let url, _): location = url
            }
            var last = location.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? location
            if last.hasSuffix(".git") { last.removeLast(4) }
            return last.lowercased()
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
        definition.codeShape?.fits(definition) ?? false
    }

    /// The package's files, in a fixed order; the same scenario gives the same bytes. What cannot be written is
    /// refused with every place at once.
    public func generate() throws(GenerationLimit) -> [GeneratedFile] { try generate(placesOnly: false) }

    /// With `placesOnly`, what cannot be refused (the component tests, the carried recorder) is not written: the
    /// places are all that is wanted.
    private func generate(placesOnly: Bool) throws(GenerationLimit) -> [GeneratedFile] {
        var unwritten: GenerationLimit?
        do throws(GenerationLimit) { try checkPattern() } catch {
            // A pattern generate does not write has nothing more to say.
            if error.places.contains(where: { $0.id == "generate/pattern" }) { throw error }
            unwritten.collect(error)
        }
        func attempt<T>(_ write: () throws(GenerationLimit) -> T) -> T? {
            do throws(GenerationLimit) { return try write() } catch { unwritten.collect(error); return nil }
        }
        let module = moduleName
        var files: [GeneratedFile] = [GeneratedFile(path: "Package.swift", text: packageManifest(module))]
        let source = "Sources/\(module)"
        if scenario.pattern.definition.shape.viewsAreValues {
            files.append(GeneratedFile(path: "\(source)/Support/Observation.swift", text: SupportFiles.observation))
            files.append(GeneratedFile(path: "\(source)/Support/SceneScreen.swift", text: SupportFiles.screen))
        } else {
            files.append(GeneratedFile(path: "\(source)/Support/SceneViewController.swift", text: SupportFiles.viewController))
            files.append(GeneratedFile(path: "\(source)/Support/SceneNavigator.swift", text: SupportFiles.navigator))
        }
        files.append(GeneratedFile(path: "\(source)/Support/SceneTrace.swift", text: SupportFiles.trace))
        let scenes = GeneratedScenes(scenario: scenario)
        if let text = attempt({ () throws(GenerationLimit) in try scenes.entities() }) {
            files.append(GeneratedFile(path: "\(source)/Models/Entities.swift", text: text))
        }
        if let text = scenes.entitiesTracing() {
            files.append(GeneratedFile(path: "\(source)/Models/EntitiesTracing.swift", text: text))
        }
        if scenario.pattern.definition.shape == .appStateScene {
            files.append(GeneratedFile(path: "\(source)/Models/AppState.swift", text: SceneWriter.appState(scenes)))
            files.append(GeneratedFile(path: "\(source)/Models/AppStateTracing.swift", text: SceneWriter.appStateTracing(scenes)))
        }
        if !scenario.sharedWorkers.isEmpty, let text = attempt({ () throws(GenerationLimit) in try scenes.sharedWorkers() }) {
            files.append(GeneratedFile(path: "\(source)/Workers/SharedWorkers.swift", text: text))
        }
        for scene in scenario.scenes {
            if let sceneFiles = attempt({ () throws(GenerationLimit) in try sceneFiles(scenes, scene, in: source) }) { files += sceneFiles }
        }
        if let unwritten { throw unwritten }
        for scene in scenario.scenes where !placesOnly {
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
        if !placesOnly && options.recorder == .carried { files += CarriedSources.files }
        return files.map(Self.withoutUnusedRecorderImport)
    }

    /// What SceneFlow's recorder library gives a scene's own code: the helpers that compute as the engine does, and
    /// what a worker's stand-in answers with.
    static let recorderNames: Set<String> = ["ScenarioLogic", "Recorder", "Value", "Record", "TraceValueConvertible", "EnumCaseValue"]

    /// A part's file without `import SceneFlowRecorder` where it uses nothing of it: where the scene records at its
    /// boundary, only the tracing files and the code that needs the engine's helpers import the recorder.
    static func withoutUnusedRecorderImport(_ file: GeneratedFile) -> GeneratedFile {
        guard file.path.hasPrefix("Sources/"), !file.path.contains("/Support/"), !file.path.hasSuffix("Tracing.swift"),
              !file.path.hasPrefix("Sources/SceneFlowRecorder/"), !file.path.hasPrefix("Sources/TraceFormat/") else { return file }
        let importLine = "import SceneFlowRecorder\n"
        guard let range = file.text.range(of: importLine) else { return file }
        var rest = file.text
        rest.removeSubrange(range)
        let words = Set(rest.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        return words.isDisjoint(with: recorderNames) ? GeneratedFile(path: file.path, text: rest) : file
    }

    /// The scenes' own files, as `generate()` writes them (`Sources/SignIn/Scenes/Login/LoginInteractor.swift`),
    /// without the package, its support files and its tests.
    public func sceneFiles() throws(GenerationLimit) -> [GeneratedFile] {
        try checkPattern()
        let scenes = GeneratedScenes(scenario: scenario)
        var files: [GeneratedFile] = []
        var unwritten: GenerationLimit?
        for scene in scenario.scenes {
            do throws(GenerationLimit) { files += try sceneFiles(scenes, scene, in: "Sources/\(moduleName)") } catch { unwritten.collect(error) }
        }
        if let unwritten { throw unwritten }
        return files.map(Self.withoutUnusedRecorderImport)
    }

    /// The type names a scenario cannot give (an entity, an enum, a scene, a shared worker): the carried recorder's
    /// types the generated code names, and the support files' own.
    public static var reservedTypeNames: Set<String> { GeneratedNames.carriedTypes }

    /// Every place of the scenario generate cannot write yet, without writing anything: what `validate` warns about.
    public func limits() -> [GenerationLimit.Place] {
        do throws(GenerationLimit) {
            _ = try generate(placesOnly: true)
            return []
        } catch {
            return error.places
        }
    }

    private func sceneFiles(_ scenes: GeneratedScenes, _ scene: Scene, in source: String) throws(GenerationLimit) -> [GeneratedFile] {
        try scenes.files(for: scene).map { name, text in
            GeneratedFile(path: "\(source)/Scenes/\(scene.name)/\(name)", text: text)
        }
    }

    /// What the whole scenario must be before its parts are written: a pattern generate writes, methods named in
    /// its shapes, a View it writes, names the generated code does not take itself and a module name Swift takes.
    private func checkPattern() throws(GenerationLimit) {
        guard Self.writes(scenario.pattern.definition) else {
            throw GenerationLimit("generate does not write \(scenario.pattern.rawValue) apps yet: translate the scenario first ('sceneflow translate \(scenario.file) --to clean-swift')",
                                  at: nil, id: "generate/pattern")
        }
        var unwritten: GenerationLimit?
        for problem in scenario.pattern.definition.methodShapeProblems(in: scenario) {
            unwritten.collect(GenerationLimit(problem.message, at: problem.location, id: "generate/method-shape"))
        }
        for scene in scenario.scenes {
            // SwiftUI Views render from state; Clean Swift's and VIPER's show in their view steps.
            if !scenario.pattern.definition.shape.viewsAreValues {
                for show in scene.view.shows {
                    unwritten.collect(GenerationLimit("generate does not write a \(scenario.pattern.definition.title) View that renders from state ('shows:') yet: show '\(show.target)' in a use case's view steps",
                                                      at: show.targetLocation, id: "generate/view-renders"))
                }
            }
            for state in scene.view.state {
                unwritten.collect(GenerationLimit("generate does not write a View's own state ('\(state.name)') yet", at: state.location, id: "generate/view-state"))
            }
            if !scenario.pattern.definition.shape.viewHoldsDataStore {
                for useCase in scene.useCases where !useCase.sends.isEmpty {
                    unwritten.collect(GenerationLimit("generate does not write a View that fills its Request ('sends:' of \(scene.name).\(useCase.name)) yet",
                                                      at: useCase.sends[0].targetLocation, id: "generate/view-sends"))
                }
            }
        }
        // A Swift property holds a value from the start: a field with none (not optional, no default) has none.
        let usesAppState = scenario.pattern.definition.shape == .appStateScene
        var held: [(what: String, field: FieldDecl)] = usesAppState ? scenario.appState.map { ("AppState", $0) } : []
        for scene in scenario.scenes {
            if !usesAppState { held += scene.dataStore.map { ("DataStore", $0) } }
            held += scene.workers.flatMap { worker in worker.state.map { ("worker state", $0) } }
        }
        held += scenario.sharedWorkers.flatMap { worker in worker.state.map { ("worker state", $0) } }
        for (what, field) in held where field.initialValue == nil {
            unwritten.collect(GenerationLimit("generate writes \(what) fields as Swift properties, which hold a value from the start; '\(field.name)' has none until it is stored: give it a default ({ type: \(field.type), default: … }) or make it optional",
                                              at: field.location, id: "generate/no-initial-value"))
        }
        for scene in scenario.scenes {
            // A method that takes nothing cannot tell which of the use cases sharing it it answers.
            let naming = scenario.pattern.definition.naming
            var answered: [String: [String]] = [:]
            var firstPlace: [String: SourceLocation] = [:]
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    for method in [naming.presenterMethod(useCase, output: output), naming.viewMethod(useCase, output: output)]
                    where SwiftSpelling.labels(of: method).isEmpty {
                        // A method that is both the Presenter's and the View's (`updateList()`) answers once.
                        let answer = useCase.outputs.count > 1 ? "\(useCase.name).\(output.name)" : useCase.name.rawValue
                        if answered[method]?.contains(answer) != true { answered[method, default: []].append(answer) }
                        if firstPlace[method] == nil { firstPlace[method] = output.methods.presenter?.location ?? output.methods.view?.location ?? output.location }
                    }
                }
            }
            for (method, answers) in answered.sorted(by: { $0.key < $1.key }) where answers.count > 1 {
                unwritten.collect(GenerationLimit("'\(method)' answers \(answers.joined(separator: " and ")) and takes nothing, so the generated method cannot tell which it answers: give each its own method, or let the method take the model",
                                                  at: firstPlace[method], id: "generate/shared-method"))
            }
        }
        for scene in scenario.scenes {
            for useCase in scene.useCases where useCase.handledByView {
                unwritten.collect(GenerationLimit("generate does not write an action the View handles alone ('interactor: none' of \(scene.name).\(useCase.name)) yet",
                                                  at: useCase.location, id: "generate/view-alone"))
            }
        }
        for scene in scenario.scenes where !scene.without.isEmpty {
            unwritten.collect(GenerationLimit("generate writes every part of \(scene.name); a scene without its router ('without:') is not written yet",
                                              at: scene.location, id: "generate/without"))
        }
        // Routes that share one navigation method (the same method to the same destination) present one way.
        for scene in scenario.scenes {
            for route in scene.routes {
                guard let first = SceneWriter.routesSharingNavigation(with: route, in: scene, naming: scenario.pattern.definition.naming).first,
                      first.name != route.name,
                      first.presentation?.value != route.presentation?.value else { continue }
                unwritten.collect(GenerationLimit("generate writes one navigation method for \(scene.name).\(first.name) and \(scene.name).\(route.name), which present differently ('presentation:'); "
                                                  + "it does not write two yet", at: route.presentation?.location ?? route.location, id: "generate/presentation"))
            }
        }
        for scene in scenario.scenes where scene.isTabBar {
            unwritten.collect(GenerationLimit("generate does not write a tab bar ('tabs:' of \(scene.name)) yet",
                                              at: scene.location, id: "generate/tabs"))
        }
        for scene in scenario.scenes where scene.isExternal {
            unwritten.collect(GenerationLimit("generate does not write a screen outside the pattern ('external: true' of \(scene.name)) yet",
                                              at: scene.location, id: "generate/external"))
        }
        for scene in scenario.scenes {
            // The app's names for parts and protocols are the generated types'; what wires a scene is the pattern's.
            if let appear = scene.names.appear {
                unwritten.collect(GenerationLimit("generate writes the View's \(scenario.pattern.definition.naming.appearMethod ?? "appear method") the pattern's way; 'appear: \(appear.value)' of \(scene.name) is not written yet",
                                                  at: appear.location, id: "generate/names"))
            }
            if let configurator = scene.names.components[.configurator] {
                unwritten.collect(GenerationLimit("generate writes what wires \(scene.name) the pattern's way; 'configurator: \(configurator.value)' is not written yet",
                                                  at: configurator.location, id: "generate/names"))
            }
        }
        for place in GeneratedNames.problems(in: scenario, naming: scenario.pattern.definition.naming) {
            unwritten.collect(GenerationLimit(place.message, at: place.location, id: place.id))
        }
        if let problem = GeneratedNames.moduleProblem(moduleName) {
            unwritten.collect(GenerationLimit(problem, at: nil, id: "generate/module"))
        }
        if let unwritten { throw unwritten }
    }

    /// `SignIn` for "Sign in": the title's letters and digits (those Swift takes in a name), in UpperCamelCase; `App` before a leading digit or
    /// after a name the package takes itself (a scenario titled "Foundation" gives `FoundationApp`).
    public var moduleName: String {
        if let name = options.moduleName { return name }
        var name = ""
        var upper = true
        for scalar in scenario.name.unicodeScalars {
            if SwiftIdentifier.isCharacter(scalar), scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                let text = String(scalar)
                name += upper ? text.uppercased() : text
                upper = false
            } else {
                upper = true
            }
        }
        if name.isEmpty || name.first!.isNumber { name = "App" + name }
        if GeneratedNames.modules.contains(name) { name += "App" }
        return name
    }

    private func packageManifest(_ module: String) -> String {
        let name = SwiftSpelling.literal(module)
        var dependencies = "", recorder = #""SceneFlowRecorder""#, carried = ""
        switch options.recorder {
        case .carried:
            carried = """
                        // SceneFlow's recorder and the trace's writing half, carried (Foundation only): they write the run
                        // to SCENEFLOW_TRACE for `sceneflow check --trace`.
                        .target(name: "TraceFormat", swiftSettings: [.swiftLanguageMode(.v6)]),
                        .target(name: "SceneFlowRecorder", dependencies: ["TraceFormat"], swiftSettings: [.swiftLanguageMode(.v6)]),

                """
        case .package(let path):
            dependencies = """
                    dependencies: [
                        // SceneFlow's recorder alone: with its traits off, none of the tool's dependencies is resolved.
                        .package(path: \(SwiftSpelling.literal(path)), traits: []),
                    ],

                """
            recorder = ".product(name: \"SceneFlowRecorder\", package: \(SwiftSpelling.literal(options.recorder.identity)))"
        case .remote(let url, let version):
            dependencies = """
                    dependencies: [
                        // SceneFlow's recorder alone: with its traits off, none of the tool's dependencies is resolved.
                        .package(url: \(SwiftSpelling.literal(url)), from: \(SwiftSpelling.literal(version)), traits: []),
                    ],

                """
            recorder = ".product(name: \"SceneFlowRecorder\", package: \(SwiftSpelling.literal(options.recorder.identity)))"
        }
        return """
            // swift-tools-version: 6.1
            // Generated by `sceneflow generate` from \(SwiftSpelling.comment(scenario.file)) (\(SwiftSpelling.comment(scenario.name))).
            import PackageDescription

            let package = Package(
                name: \(name),
                platforms: [.iOS(.v16), .macOS(.v14)],
                products: [
                    .library(name: \(name), targets: [\(name)]),
                ],
            \(dependencies)    targets: [
                    // Scenes/ holds one folder per scene, as Xcode's Clean Swift templates lay them out: drag it into a project.
                    .target(name: \(name), dependencies: [\(recorder)]),
                    .testTarget(name: \(SwiftSpelling.literal(module + "Tests")), dependencies: [\(name)]),
            \(carried)    ],
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
