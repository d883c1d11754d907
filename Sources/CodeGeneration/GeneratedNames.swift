import ScenarioSpec

/// The names generated code gives itself, which a scenario's own names cannot take: a DataStore field called
/// `presenter` beside the Interactor's `presenter`, a binding called `trace` hiding the recorder, an entity called
/// `Record` hiding the trace format's, a title that makes the module `Foundation`. Each is a place generate cannot
/// write (`generate/reserved-name`, `generate/module`), found before anything is written.
enum GeneratedNames {
    /// What a scene's Interactor holds besides its DataStore fields (its workers are added per scene).
    static let interactorMembers: Set<String> = ["presenter", "trace"]
    /// What SwiftUI VIP's observable DataStore holds besides its fields.
    static let observableMembers: Set<String> = ["objectWillChange"]
    /// Names an Interactor's generated method uses besides its workers: a value bound to one of them hides it.
    static let interactorBodyNames: Set<String> = ["presenter", "trace", "self"]
    /// Names the other generated bodies (Presenters, Views) use for the parts and the recorder.
    static let bodyNames: Set<String> = ["presenter", "trace", "self", "interactor", "router", "viewController", "view",
                                         "wireFrame", "output", "appState", "dataStore"]
    /// Swift's own types generated code names (a completion handler's `Result<T, Error>`, the recorder's `Result`): an
    /// app's own `struct Result` would hide them.
    static let swiftTypes: Set<String> = ["Result", "Error", "Never", "Optional", "Void"]
    /// Modules a generated package imports or carries, which its own module cannot be named.
    static let modules: Set<String> = ["TraceFormat", "SceneFlowRecorder", "Swift", "Foundation", "FoundationEssentials",
                                       "FoundationInternationalization", "CoreFoundation", "Dispatch", "Darwin", "Glibc",
                                       "Musl", "SwiftUI", "UIKit", "Combine", "Observation", "XCTest", "Testing",
                                       "PackageDescription", "ObjectiveC", "_Concurrency", "_StringProcessing"]

    /// Types of the carried recorder and trace format the generated code names (a scenario type of the same name
    /// would hide them); a test holds the list to what the generated examples use.
    static let recorderTypes: Set<String> = [
        "CallStyle", "ComponentRole", "DataPass", "EnumCaseValue", "FieldWrite", "Invocation", "Navigation",
        "OperationName", "OutputName", "Participant", "Record", "Recorder", "RouteName", "ScenarioLogic", "SceneName",
        "Style", "TraceCycle", "TraceValueConvertible", "Trigger", "UseCaseName", "Value", "WorkerAnswer",
    ]

    /// Types the generated module declares in its support files, the recorder types it names, and every public type
    /// the recorder and the trace format declare at the top level: a scene named `Message` beside the trace
    /// format's `Message` makes the name ambiguous wherever both are seen (the generated tests).
    static let carriedTypes: Set<String> = {
        var names = recorderTypes
        for text in [SupportFiles.trace, SupportFiles.viewController, SupportFiles.navigator, SupportFiles.observation, SupportFiles.screen] {
            for line in text.split(separator: "\n") {
                if let name = declaredType(line) { names.insert(name) }
            }
        }
        for file in CarriedSources.files {
            for line in file.text.split(separator: "\n") where line.hasPrefix("public ") {
                if let name = declaredType(line) { names.insert(name) }
            }
        }
        return names
    }()

    /// The type a line declares (`public final class SceneTrace`), if any.
    static func declaredType(_ line: Substring) -> String? {
        var words = line.split(separator: " ").map(String.init)
        while let first = words.first, ["public", "final", "private", "fileprivate", "internal", "indirect", "@MainActor"].contains(first) {
            words.removeFirst()
        }
        guard words.count >= 2, ["class", "struct", "enum", "protocol", "typealias", "actor"].contains(words[0]) else { return nil }
        let name = words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// Every scenario name generated code cannot declare, at its place.
    static func problems(in scenario: Scenario, naming: PatternNaming) -> [GenerationLimit.Place] {
        var places: [GenerationLimit.Place] = []
        func reserved(_ name: String, _ what: String, _ why: String, at location: SourceLocation?) {
            places.append(GenerationLimit.Place(
                message: "generate cannot write \(what) '\(name)': \(why); rename it (run, check and the diagrams are not affected)",
                location: location, id: "generate/reserved-name"))
        }
        let definition = scenario.pattern.definition
        // Types: the scenes' namespaces, entities, enums and shared workers live beside the recorder's types.
        var types: [(String, String, SourceLocation?)] = scenario.scenes.map { ($0.name.rawValue, "a scene", $0.location) }
        types += scenario.entities.map { ($0.name, "an entity", $0.location) }
        types += scenario.enums.map { ($0.name, "an enum", $0.location) }
        types += scenario.sharedWorkers.map { ($0.name.rawValue, "a shared worker", $0.location) }
        // A worker's protocol as the app names it is a generated type too.
        for worker in scenario.sharedWorkers + scenario.scenes.flatMap(\.workers) {
            if let name = worker.protocolName { types.append((name.value, "the protocol of \(worker.name)", name.location)) }
        }
        // The app's names for a scene's parts and protocols become generated types too.
        for scene in scenario.scenes {
            types += scene.names.components.sorted { $0.key < $1.key }.map { ($0.value.value, "the \($0.key.rawValue) of \(scene.name)", $0.value.location) }
            types += scene.names.protocols.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.value.value, "a protocol of \(scene.name)", $0.value.location) }
        }
        for (name, what, location) in types where carriedTypes.contains(name) {
            reserved(name, what, "generated code uses the recorder's '\(name)', which this name would hide", at: location)
        }
        for (name, what, location) in types where swiftTypes.contains(name) {
            reserved(name, what, "generated code uses Swift's '\(name)', which this name would hide", at: location)
        }
        for scene in scenario.scenes {
            // Fields: the Interactor is the DataStore in Clean Swift and VIPER; SwiftUI VIP's View holds an
            // observable one.
            var members = definition.shape.viewHoldsDataStore ? observableMembers : interactorMembers
            if !definition.shape.viewHoldsDataStore {
                for worker in scene.workers { members.insert(naming.workerProperty(worker.name)) }
                for (worker, _) in scene.sharedWorkersCalled { members.insert(naming.workerProperty(worker)) }
            }
            let holder = definition.shape.viewHoldsDataStore ? "the DataStore" : "the Interactor"
            for field in scene.dataStore where members.contains(field.name) {
                reserved(field.name, "a DataStore field", "\(holder) generate writes has a member of that name", at: field.location)
            }
            // Bindings: values a body names (`as:`, `let:`) beside the parts and the recorder it calls. An
            // Interactor's method reaches its Presenter, its recorder and its workers; the other bodies their parts.
            var workers = Set(scene.workers.map { naming.workerProperty($0.name) })
            for (worker, _) in scene.sharedWorkersCalled { workers.insert(naming.workerProperty(worker)) }
            for useCase in scene.useCases {
                var bodies: [([Step], Set<String>)] = [(useCase.interactor.flatMap(\.flattened), interactorBodyNames.union(workers)),
                                                       ((useCase.event ?? []).flatMap(\.flattened), bodyNames)]
                for output in useCase.outputs {
                    bodies.append((output.view.flatMap(\.flattened), bodyNames))
                    if case .steps(let presenterSteps) = output.presenter { bodies.append((presenterSteps.flatMap(\.flattened), bodyNames)) }
                }
                for (steps, taken) in bodies {
                    for step in steps {
                        var bound: [Located<String>] = []
                        switch step.kind {
                        case .call(let call): bound = call.binding.map { [$0] } ?? []
                        case .bind(let assignments): bound = assignments.map { Located($0.target, at: $0.targetLocation) }
                        default: break
                        }
                        for name in bound where taken.contains(name.value) {
                            reserved(name.value, "a value named", "the generated method reaches its own '\(name.value)' by that name", at: name.location)
                        }
                    }
                }
            }
        }
        return places
    }

    /// Why `module` cannot name the generated module, if it cannot.
    static func moduleProblem(_ module: String) -> String? {
        guard SwiftIdentifier.isValid(module) else {
            return "'\(module)' is no Swift module name: use letters, digits and '_', not starting with a digit"
        }
        if modules.contains(module) {
            return "the module cannot be named '\(module)': the package imports or carries a module of that name"
        }
        return nil
    }
}
