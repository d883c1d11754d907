import CodeImport
import Foundation
import ScenarioLoader
import ScenarioSpec

/// `drift` as a library call: where a scenario and an app's code disagree — scenes, use cases, methods, routes,
/// passed fields, DataStore and model fields — each with the scenario's place and the code's.
public enum ScenarioDrift {
    public struct Difference: Sendable, Hashable, Encodable {
        public enum Kind: String, Sendable, Hashable, Encodable {
            case scene, useCase, method, route, destination, passedField, dataStoreField, modelField, fieldType
            case worker, operation, reference, pattern
        }
        public var kind: Kind
        public var message: String
        /// Where the scenario says it (nil when only the code has it).
        public var scenario: String?
        /// Where the code says it (nil when only the scenario has it).
        public var code: String?
        /// The places themselves, for diagnostics (`scenario` and `code` are their text in the JSON).
        public var scenarioLocation: SourceLocation?
        public var codeLocation: SourceLocation?

        enum CodingKeys: String, CodingKey { case kind, message, scenario, code }

        /// The difference as an error at the scenario's place (the code's when only the code has it), the code's
        /// place in a note: `drift/<kind>` (`drift/use-case`, `drift/passed-field`).
        public var diagnostic: Diagnostic {
            var notes: [Diagnostic.Note] = []
            if scenarioLocation != nil, let codeLocation { notes.append(Diagnostic.Note("the code says it here", at: codeLocation)) }
            return .error(message, at: scenarioLocation ?? codeLocation, notes: notes, id: "drift/" + Diagnostic.idKind(kind.rawValue))
        }

        public var description: String {
            message + [scenario.map { "\n  scenario: \($0)" }, code.map { "\n  code: \($0)" }].compactMap { $0 }.joined()
        }
    }

    public struct Result: Sendable {
        public var differences: [Difference]
        /// The code as read; nil when the scenario did not load, so no code was read.
        public var app: ImportedApp?
        /// Diagnostics of a scenario that did not load (then there are no differences).
        public var diagnostics: [Diagnostic]

    }

    /// `accepting`: findings the app accepts for now (as `map` takes them): a strong reference one names is not a difference.
    public static func run(scenario path: String, code paths: [String], excluded: Set<String> = [], accepting: [CodeMap.Acceptance] = [],
                           vet: (@Sendable ([String]) -> [String: String])? = nil) throws -> Result {
        let loaded = Pipeline.check(path)
        // A scenario that does not load is said before any code is read: a wrong path is not a slow answer.
        guard loaded.scenario != nil || !loaded.diagnostics.containsErrors else {
            return Result(differences: [], app: nil, diagnostics: loaded.diagnostics)
        }
        let app = try CodeImporter(excluded: excluded, vet: vet).read(paths)
        guard let scenario = loaded.scenario else { return Result(differences: [], app: app, diagnostics: loaded.diagnostics) }
        return Result(differences: compare(scenario, app, accepting: accepting), app: app, diagnostics: loaded.diagnostics)
    }

    /// The differences, scenes in the scenario's order, then what only the code has.
    /// A field no scenario can name (`price$`) is no difference: import leaves it out and says so.
    public static func compare(_ scenario: Scenario, _ code: ImportedApp, accepting: [CodeMap.Acceptance] = []) -> [Difference] {
        let app = code.keepingScenarioNames()
        let naming = scenario.pattern.definition.naming
        var out: [Difference] = []
        func add(_ kind: Difference.Kind, _ message: String, _ scenarioPlace: SourceLocation?, _ codePlace: SourceLocation?) {
            out.append(Difference(kind: kind, message: message, scenario: scenarioPlace?.description, code: codePlace?.description,
                                  scenarioLocation: scenarioPlace, codeLocation: codePlace))
        }
        // Who holds the DataStore is the pattern's: when the scenario's pattern and the code's put it in different
        // parts (SwiftUI VIP's View, Clean Swift's Interactor), their fields are not the same thing to compare.
        let holdsDataStore = { (pattern: Pattern) in pattern.definition.scopes.interactor.names.contains(.dataStore) }
        let sameDataStore = holdsDataStore(scenario.pattern) == holdsDataStore(app.pattern)
        if scenario.pattern != app.pattern {
            add(.pattern, "the scenario is '\(scenario.pattern)', the code reads as '\(app.pattern)' (\(app.convention))"
                + (sameDataStore ? "" : "; their DataStores are held by different parts, so DataStore fields are not compared"),
                SourceLocation(file: scenario.file, line: 1, column: 1), nil)
        }
        for scene in scenario.scenes {
            guard let code = app.scenes.first(where: { $0.name == scene.name.rawValue }) else {
                add(.scene, "scene '\(scene.name)' is in the scenario but not in the code", scene.location, nil)
                continue
            }
            if sameDataStore {
                compareFields(scene.dataStore, code.dataStore, what: "\(scene.name).DataStore", kind: .dataStoreField, add: add)
            }
            for useCase in scene.useCases {
                guard let codeCase = matchingUseCase(useCase, in: code, naming: naming) else {
                    add(.useCase, "use case '\(scene.name).\(useCase.name)' is in the scenario but not in the code", useCase.location, nil)
                    continue
                }
                let interactor = naming.interactorMethod(useCase)
                // A VIPER event the Presenter handles alone has no Interactor method in the code.
                let eventOnly = codeCase.interactorMethod.isEmpty && codeCase.eventMethod != nil
                // A scenario's event that only asks the Interactor for another use case (`DidReloadView` calling
                // `Interactor.obtainGoals`) pairs with the code's use case by its event: only the event is compared.
                let scenarioEventOnly = useCase.interactor.isEmpty && useCase.event != nil && codeCase.name != useCase.name.rawValue
                if scenarioEventOnly {
                    if let event = codeCase.eventMethod, !sameMethod(naming.eventMethod(useCase), event) {
                        add(.method, "'\(scene.name).\(useCase.name)': the scenario's event method is '\(naming.eventMethod(useCase))', the code's '\(event)'",
                            useCase.methods.event?.location ?? useCase.location, codeCase.location)
                    }
                    continue
                }
                if !eventOnly, !sameMethod(interactor, codeCase.interactorMethod) {
                    add(.method, "'\(scene.name).\(useCase.name)': the scenario's Interactor method is '\(interactor)', the code's '\(codeCase.interactorMethod)'",
                        useCase.methods.interactor?.location ?? useCase.location, codeCase.location)
                }
                // A use case the scenario starts from other events (no `event:` of its own) is not compared by event
                // when one of the scene's other use cases has the code's event.
                let eventElsewhere = useCase.event == nil && scene.useCases.contains { other in
                    other.event != nil && codeCase.eventMethod.map { sameMethod(naming.eventMethod(other), $0) } == true
                }
                if !eventElsewhere, let event = codeCase.eventMethod, !sameMethod(naming.eventMethod(useCase), event) {
                    add(.method, "'\(scene.name).\(useCase.name)': the scenario's event method is '\(naming.eventMethod(useCase))', the code's '\(event)'",
                        useCase.methods.event?.location ?? useCase.location, codeCase.location)
                }
                // Several answers (VIPER's outputs, or Clean Swift's Presenter methods for a loader, a result and an error):
                // each output the code answers through, with its values. One Clean Swift answer is the use case's own.
                if codeCase.outputs.count > 1 || (!codeCase.outputs.isEmpty && scenario.pattern.definition.flow.entry != .interactor) {
                    // An output goes by its name, or by the Presenter method it stands for (`loader` is
                    // `presentLoader(response:)`, which the code names it after).
                    func matching(_ codeOutput: ImportedApp.Output) -> Output? {
                        useCase.output(codeOutput.name) ?? useCase.outputs.first { output in
                            PatternNaming.baseName(naming.presenterMethod(useCase, output: output)) == PatternNaming.baseName(codeOutput.presenterMethod)
                        }
                    }
                    for codeOutput in codeCase.outputs {
                        guard let output = matching(codeOutput) else {
                            add(.useCase, "output '\(scene.name).\(useCase.name).\(codeOutput.name)' is in the code but not in the scenario", useCase.location, codeOutput.location)
                            continue
                        }
                        compareFields(output.response, codeOutput.response, what: "\(scene.name).\(useCase.name).\(codeOutput.name)", kind: .modelField, add: add)
                        if case .steps(let steps) = output.presenter {
                            // The Presenter's steps call the View (`display: showLoading(withMessage:)`): those calls,
                            // by name, are what it shows; there is no ViewModel to compare.
                            compareDisplays(steps, codeOutput.presenter, what: "\(scene.name).\(useCase.name).\(codeOutput.name)",
                                            scenarioPlace: output.location, codePlace: codeOutput.location, add: add)
                        } else if let codeMethod = codeOutput.viewMethod {
                            // Clean Swift's several Presenter methods: each one's display method and ViewModel too.
                            if !sameMethod(naming.viewMethod(useCase, output: output), codeMethod) {
                                add(.method, "'\(scene.name).\(useCase.name).\(codeOutput.name)': the scenario's display method is '\(naming.viewMethod(useCase, output: output))', the code's '\(codeMethod)'",
                                    output.methods.view?.location ?? output.location, codeOutput.location)
                            } else {
                                compareFields(output.viewModel, codeOutput.viewModel, what: "\(scene.name).\(useCase.name).\(codeOutput.name).ViewModel", kind: .modelField, add: add)
                            }
                        }
                    }
                    for output in useCase.outputs where !codeCase.outputs.contains(where: { matching($0)?.name == output.name }) {
                        add(.useCase, "output '\(scene.name).\(useCase.name).\(output.name)' is in the scenario but not in the code", output.location, codeCase.location)
                    }
                } else if let output = useCase.outputs.first {
                    // A different method is a different message: its model's fields are not compared field by field.
                    var presenterDiffers = false, displayDiffers = false
                    if let codeMethod = codeCase.presenterMethod, !sameMethod(naming.presenterMethod(useCase, output: output), codeMethod) {
                        presenterDiffers = true
                        add(.method, "'\(scene.name).\(useCase.name)': the scenario's Presenter method is '\(naming.presenterMethod(useCase, output: output))', the code's '\(codeMethod)'",
                            output.methods.presenter?.location ?? useCase.methods.presenter?.location ?? useCase.location, codeCase.location)
                    }
                    if case .steps(let steps) = output.presenter {
                        // The Presenter's steps call the View by name: the code's display method must be one of them.
                        displayDiffers = true  // no ViewModel to compare
                        if let codeMethod = codeCase.viewMethod.map(PatternNaming.baseName),
                           !displayCalls(in: steps).contains(where: { $0.name == codeMethod }) {
                            add(.method, "'\(scene.name).\(useCase.name)': the code's Presenter calls the View's '\(codeMethod)', the scenario's does not",
                                output.location, codeCase.location)
                        }
                    } else if let codeMethod = codeCase.viewMethod, !sameMethod(naming.viewMethod(useCase, output: output), codeMethod) {
                        displayDiffers = true
                        add(.method, "'\(scene.name).\(useCase.name)': the scenario's display method is '\(naming.viewMethod(useCase, output: output))', the code's '\(codeMethod)'",
                            output.methods.view?.location ?? useCase.methods.view?.location ?? useCase.location, codeCase.location)
                    }
                    if !presenterDiffers {
                        compareFields(output.response, codeCase.response, what: "\(scene.name).\(useCase.name).Response", kind: .modelField, add: add)
                    }
                    // One Presenter method in the code that shows several answers (a success and an alert, by the
                    // case of its state): the code's ViewModel holds what every answer shows.
                    var shown = output.viewModel
                    for other in useCase.outputs.dropFirst() {
                        shown += other.viewModel.filter { field in !shown.contains { $0.name == field.name } }
                    }
                    if !presenterDiffers, !displayDiffers {
                        compareFields(shown, codeCase.viewModel, what: "\(scene.name).\(useCase.name).ViewModel", kind: .modelField, add: add)
                    }
                }
                compareFields(useCase.request, codeCase.request, what: "\(scene.name).\(useCase.name).Request", kind: .modelField, add: add)
            }
            for codeCase in code.useCases where !scene.useCases.contains(where: { matchingUseCase($0, in: code, naming: naming)?.name == codeCase.name }) {
                add(.useCase, "use case '\(scene.name).\(codeCase.name)' is in the code but not in the scenario", nil, codeCase.location)
            }
            // Routes paired one to one: by name first, then by method (several routes may share one method).
            var pairs: [RouteName: ImportedApp.Route] = [:]
            var paired = Set<Int>()
            for route in scene.routes {
                if let at = code.routes.indices.first(where: { !paired.contains($0) && code.routes[$0].name == route.name.rawValue }) {
                    pairs[route.name] = code.routes[at]
                    paired.insert(at)
                }
            }
            for route in scene.routes where pairs[route.name] == nil {
                let method = naming.routeMethod(route)
                if let at = code.routes.indices.first(where: { !paired.contains($0) && sameRouteMethod(method, code.routes[$0]) }) {
                    pairs[route.name] = code.routes[at]
                    paired.insert(at)
                }
            }
            // Then the one left to a destination on each side (a route the scenario names after the method the
            // scene calls, the code after the navigation it reaches): the same route, by other names.
            for route in scene.routes where pairs[route.name] == nil {
                let destination = route.destination?.value.rawValue ?? ""
                let scenarioSide = scene.routes.filter { pairs[$0.name] == nil && ($0.destination?.value.rawValue ?? "") == destination }
                let codeSide = code.routes.indices.filter { !paired.contains($0) && code.routes[$0].destination == destination }
                if scenarioSide.count == 1, codeSide.count == 1 {
                    pairs[route.name] = code.routes[codeSide[0]]
                    paired.insert(codeSide[0])
                }
            }
            for route in scene.routes {
                let method = naming.routeMethod(route)
                guard let codeRoute = pairs[route.name] else {
                    add(.route, "route '\(scene.name).\(route.name)' is in the scenario but not in the code", route.location, nil)
                    continue
                }
                // A route back to whichever scene is below, on either side, goes where the other side says.
                if let destination = route.destination, !codeRoute.destination.isEmpty, codeRoute.destination != destination.value.rawValue {
                    add(.destination, "route '\(scene.name).\(route.name)' leads to '\(destination.value)' in the scenario, to '\(codeRoute.destination)' in the code",
                        destination.location, codeRoute.location)
                }
                if !sameRouteMethod(method, codeRoute) {
                    add(.method, "route '\(scene.name).\(route.name)': the scenario's method is '\(method)', the code's '\(codeRoute.method)'",
                        route.method?.location ?? route.location, codeRoute.location)
                }
                // How a presented scene covers the one below, where the scenario says.
                if let presentation = route.presentation, let codeStyle = codeRoute.presentation, codeStyle != presentation.value {
                    add(.route, "route '\(scene.name).\(route.name)' presents as '\(presentation.value.rawValue)' in the scenario, as '\(codeStyle.rawValue)' in the code",
                        presentation.location, codeRoute.location)
                }
                let passed = Set(route.pass.map(\.target)), codePassed = Set(codeRoute.pass.map(\.field))
                for field in route.pass where !codePassed.contains(field.target) {
                    add(.passedField, "route '\(scene.name).\(route.name)' passes '\(field.target)' in the scenario, not in the code", field.targetLocation, codeRoute.location)
                }
                for field in codeRoute.pass where !passed.contains(field.field) {
                    add(.passedField, "route '\(scene.name).\(route.name)' passes '\(field.field)' in the code, not in the scenario", route.location, field.location)
                }
            }
            for (at, codeRoute) in code.routes.enumerated() where !paired.contains(at) {
                add(.route, "route '\(scene.name).\(codeRoute.name)' is in the code but not in the scenario", nil, codeRoute.location)
            }
            compareWorkers(scene, in: scenario, code, add: add)
            // What the code holds strongly where the pattern holds it weakly: the scenario's pattern says weak.
            for finding in code.findings where finding.kind.hasSuffix("-strongly")
                && !accepting.contains(where: { $0.matches(rule: finding.rule, at: finding.location) }) {
                add(.reference, "'\(scene.name)': \(finding.message) [\(finding.rule)]", scene.location, finding.location)
            }
        }
        for code in app.scenes where !scenario.scenes.contains(where: { $0.name.rawValue == code.name }) {
            add(.scene, "scene '\(code.name)' is in the code but not in the scenario", nil, code.location)
        }
        return out
    }

    /// The code's use case for the scenario's: by name, else by its Interactor method, else by its VIPER event
    /// method (a use case the scenario names after the button, `DidLocationFetch`, the code after what it calls).
    static func matchingUseCase(_ useCase: UseCase, in code: ImportedApp.Scene, naming: PatternNaming) -> ImportedApp.UseCase? {
        if let named = code.useCases.first(where: { $0.name == useCase.name.rawValue }) { return named }
        let interactor = naming.interactorMethod(useCase)
        let byMethod = code.useCases.filter { !$0.interactorMethod.isEmpty && sameMethod(interactor, $0.interactorMethod) }
        if byMethod.count == 1 { return byMethod[0] }
        guard useCase.methods.event != nil else { return nil }
        let event = naming.eventMethod(useCase)
        let byEvent = code.useCases.filter { $0.eventMethod.map { sameMethod(event, $0) } ?? false }
        return byEvent.count == 1 ? byEvent[0] : nil
    }

    /// Whether two spellings name one type: the same once namespaces (`HealthInputForm.SceneOption`, a typealias's
    /// `SceneViewModel.State`) and generic arguments (`Display<String>`) are left out.
    static func sameType(_ scenario: String, _ code: String) -> Bool {
        func bare(_ type: String) -> String {
            var text = type.replacing(/\b\w+\./, with: "")
            while let generic = text.firstRange(of: /<[^<>]*>/) { text.removeSubrange(generic) }
            return text.replacingOccurrences(of: " ", with: "")
        }
        return scenario == code || bare(scenario) == bare(code)
    }

    /// Whether the scenario's route method is the code route's, or the method the scene calls to reach it.
    static func sameRouteMethod(_ method: String, _ route: ImportedApp.Route) -> Bool {
        sameMethod(method, route.method) || route.entry == PatternNaming.baseName(method)
    }

    /// Whether two spellings name one method: the same text, or the same name where one is written without its
    /// labels (a reactive input the code declares as a property, `searchRelay`).
    public static func sameMethod(_ scenario: String, _ code: String) -> Bool {
        if scenario == code { return true }
        guard !scenario.contains("(") || !code.contains("(") else { return false }
        return PatternNaming.baseName(scenario) == PatternNaming.baseName(code)
    }

    /// The View methods a scenario's steps call (`display:`), by name without labels, with where each is written.
    static func displayCalls(in steps: [Step]) -> [(name: String, location: SourceLocation)] {
        steps.flatMap(\.flattened).compactMap { step in
            if case .display(let method, _) = step.kind { return (PatternNaming.baseName(method.value), method.location) }
            return nil
        }
    }

    /// The View methods steps call (`display:`), by name without labels, in both; each one only one side calls.
    private static func compareDisplays(_ steps: [Step], _ code: [ImportedApp.Step], what: String, scenarioPlace: SourceLocation,
                                        codePlace: SourceLocation, add: (Difference.Kind, String, SourceLocation?, SourceLocation?) -> Void) {
        let declared = displayCalls(in: steps)
        var called: [(name: String, location: SourceLocation)] = []
        func collect(_ steps: [ImportedApp.Step]) {
            for step in steps {
                switch step {
                case .display(let method, _, let location): called.append((PatternNaming.baseName(method), location))
                case .conditional(_, let then, let otherwise, _): collect(then); collect(otherwise)
                case .validate(_, let otherwise, _): collect(otherwise)
                default: break
                }
            }
        }
        collect(code)
        for method in declared where !called.contains(where: { $0.name == method.name }) {
            add(.method, "'\(what)': the scenario's Presenter calls the View's '\(method.name)', the code's does not", method.location, codePlace)
        }
        for method in called where !declared.contains(where: { $0.name == method.name }) {
            add(.method, "'\(what)': the code's Presenter calls the View's '\(method.name)', the scenario's does not", scenarioPlace, method.location)
        }
    }

    /// The workers a scene's parts call and the operations called on each: the scene's own workers and the shared
    /// ones its logic calls, against the code's.
    private static func compareWorkers(_ scene: Scene, in scenario: Scenario, _ code: ImportedApp.Scene,
                                       add: (Difference.Kind, String, SourceLocation?, SourceLocation?) -> Void) {
        // An operation goes by its key and by the method it stands for (`loadDataSingleLocation` is `loadData(with:for:)`).
        typealias Declared = (name: String, method: String, location: SourceLocation)
        func declaredOperation(_ operation: WorkerOperation) -> Declared {
            (operation.name.rawValue, operation.signature.map(PatternNaming.baseName) ?? operation.name.rawValue, operation.location)
        }
        var declared: [(name: String, operations: [Declared], location: SourceLocation)] =
            scene.workers.map { worker in (worker.name.rawValue, worker.operations.map(declaredOperation), worker.location) }
        for (name, operations) in scene.sharedWorkersCalled {
            guard let shared = scenario.sharedWorker(name.rawValue) else { continue }
            declared.append((name.rawValue, operations.compactMap { operation in shared.operation(operation.rawValue).map(declaredOperation) },
                             shared.location))
        }
        for worker in declared {
            guard let codeWorker = code.workers.first(where: { $0.name == worker.name }) else {
                add(.worker, "'\(scene.name)' calls the worker '\(worker.name)' in the scenario, not in the code", worker.location, nil)
                continue
            }
            for operation in worker.operations where !codeWorker.operations.contains(where: { $0.name == operation.name || $0.name == operation.method }) {
                add(.operation, "'\(scene.name)' calls '\(worker.name).\(operation.name)' in the scenario, not in the code", operation.location, codeWorker.location)
            }
            for operation in codeWorker.operations where !worker.operations.contains(where: { $0.name == operation.name || $0.method == operation.name }) {
                add(.operation, "'\(scene.name)' calls '\(worker.name).\(operation.name)' in the code, not in the scenario", worker.location, operation.location)
            }
            // The protocol the scenario names the worker by is the one the code holds it as.
            let named = scene.worker(worker.name)?.protocolName ?? scenario.sharedWorker(worker.name)?.protocolName
            // Who makes it, where the scenario says: the part that holds it, or what wires the scene.
            if let made = scene.worker(worker.name)?.made, made.value != (codeWorker.made ?? .wiring) {
                add(.worker, "'\(scene.name)': the worker '\(worker.name)' is made " + (made.value == .byHolder ? "by the part that holds it" : "where the scene is wired")
                    + " in the scenario, " + (codeWorker.made == nil ? "set where the scene is wired in the code" : "made by the part that holds it in the code"),
                    made.location, codeWorker.location)
            }
            if let named, codeWorker.protocolName != named.value {
                add(.worker, "'\(scene.name)' holds the worker '\(worker.name)' as '\(named.value)' in the scenario, "
                    + (codeWorker.protocolName.map { "as '\($0)' in the code" } ?? "as its own type in the code"), named.location, codeWorker.location)
            }
        }
        // A worker the code holds but never calls (an empty template class) is not one it calls.
        for codeWorker in code.workers where !codeWorker.operations.isEmpty && !declared.contains(where: { $0.name == codeWorker.name }) {
            add(.worker, "'\(scene.name)' calls the worker '\(codeWorker.name)' in the code, not in the scenario", scene.location, codeWorker.location)
        }
    }

    /// Fields by name, then types (in the scenario's words: the code's types as `import` maps them).
    private static func compareFields(_ declared: [FieldDecl], _ code: [ImportedApp.Field], what: String,
                                      kind: Difference.Kind,
                                      add: (Difference.Kind, String, SourceLocation?, SourceLocation?) -> Void) {
        for field in declared {
            guard let codeField = code.first(where: { $0.name == field.name }) else {
                add(kind, "'\(what)' has '\(field.name)' in the scenario, not in the code", field.location, nil)
                continue
            }
            // The code's own type (an entity the scenario keeps by name) agrees as well as the scenario's reading of it.
            if !sameType(field.type.description, codeField.type), !sameType(field.type.description, codeField.codeType ?? codeField.type) {
                // The code's type as it writes it when the scenario's reading of it says less (an unknown type).
                let codeType = codeField.codeType ?? codeField.type
                add(.fieldType, "'\(what).\(field.name)' is '\(field.type)' in the scenario, '\(codeType)' in the code"
                    + (codeField.codeType == nil ? codeField.note.map { " (\($0))" } ?? "" : ""), field.typeLocation, codeField.location)
            }
        }
        for codeField in code where !declared.contains(where: { $0.name == codeField.name }) {
            add(kind, "'\(what)' has '\(codeField.name)' in the code, not in the scenario", nil, codeField.location)
        }
    }
}
