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
        }
        public var kind: Kind
        public var message: String
        /// Where the scenario says it (nil when only the code has it).
        public var scenario: String?
        /// Where the code says it (nil when only the scenario has it).
        public var code: String?

        public var description: String {
            message + [scenario.map { "\n  scenario: \($0)" }, code.map { "\n  code: \($0)" }].compactMap { $0 }.joined()
        }
    }

    public struct Result: Sendable {
        public var differences: [Difference]
        public var app: ImportedApp
        /// Diagnostics of a scenario that did not load (then there are no differences).
        public var diagnostics: [Diagnostic]

        /// JSON for tools: the differences, sorted as printed.
        public func json() -> String { ScenarioDrift.json(differences) }
    }

    /// JSON for tools: differences (of one scenario or several), in the order given.
    public static func json(_ differences: [Difference]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(differences)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
    }

    public static func run(scenario path: String, code paths: [String], excluded: Set<String> = [], vet: (@Sendable ([String]) -> [String: String])? = nil) throws -> Result {
        let loaded = ScenarioLoader().load(path: path)
        let app: ImportedApp
        do {
            app = try CodeImporter(excluded: excluded, vet: vet).read(paths)
        } catch let failure as CodeImporter.Failure {
            throw ScenarioImport.Failure(message: failure.message)
        }
        guard let scenario = loaded.scenario else { return Result(differences: [], app: app, diagnostics: loaded.diagnostics) }
        return Result(differences: compare(scenario, app), app: app, diagnostics: loaded.diagnostics)
    }

    /// The differences, scenes in the scenario's order, then what only the code has.
    public static func compare(_ scenario: Scenario, _ app: ImportedApp) -> [Difference] {
        let naming = scenario.pattern.definition.naming
        var out: [Difference] = []
        func add(_ kind: Difference.Kind, _ message: String, _ scenarioPlace: SourceLocation?, _ codePlace: SourceLocation?) {
            out.append(Difference(kind: kind, message: message, scenario: scenarioPlace?.description, code: codePlace?.description))
        }
        for scene in scenario.scenes {
            guard let code = app.scenes.first(where: { $0.name == scene.name.rawValue }) else {
                add(.scene, "scene '\(scene.name)' is in the scenario but not in the code", scene.location, nil)
                continue
            }
            compareFields(scene.dataStore, code.dataStore, what: "\(scene.name).DataStore", kind: .dataStoreField, add: add)
            for useCase in scene.useCases {
                guard let codeCase = code.useCases.first(where: { $0.name == useCase.name.rawValue }) else {
                    add(.useCase, "use case '\(scene.name).\(useCase.name)' is in the scenario but not in the code", useCase.location, nil)
                    continue
                }
                let interactor = naming.interactorMethod(useCase)
                // A VIPER event the Presenter handles alone has no Interactor method in the code.
                let eventOnly = codeCase.interactorMethod.isEmpty && codeCase.eventMethod != nil
                if !eventOnly, interactor != codeCase.interactorMethod {
                    add(.method, "'\(scene.name).\(useCase.name)': the scenario's Interactor method is '\(interactor)', the code's '\(codeCase.interactorMethod)'",
                        useCase.methods.interactor?.location ?? useCase.location, codeCase.location)
                }
                if let event = codeCase.eventMethod, naming.eventMethod(useCase) != event {
                    add(.method, "'\(scene.name).\(useCase.name)': the scenario's event method is '\(naming.eventMethod(useCase))', the code's '\(event)'",
                        useCase.methods.event?.location ?? useCase.location, codeCase.location)
                }
                // Several answers (VIPER's outputs, or Clean Swift's Presenter methods for a loader, a result and an error):
                // each output the code answers through, with its values. One Clean Swift answer is the use case's own.
                if codeCase.outputs.count > 1 || (!codeCase.outputs.isEmpty && scenario.pattern.definition.flow.entry != .interactor) {
                    for codeOutput in codeCase.outputs {
                        guard let output = useCase.output(codeOutput.name) else {
                            add(.useCase, "output '\(scene.name).\(useCase.name).\(codeOutput.name)' is in the code but not in the scenario", useCase.location, codeOutput.location)
                            continue
                        }
                        compareFields(output.response, codeOutput.response, what: "\(scene.name).\(useCase.name).\(codeOutput.name)", kind: .modelField, add: add)
                    }
                } else if let output = useCase.outputs.first {
                    if let codeMethod = codeCase.presenterMethod, naming.presenterMethod(useCase, output: output) != codeMethod {
                        add(.method, "'\(scene.name).\(useCase.name)': the scenario's Presenter method is '\(naming.presenterMethod(useCase, output: output))', the code's '\(codeMethod)'",
                            output.methods.presenter?.location ?? useCase.methods.presenter?.location ?? useCase.location, codeCase.location)
                    }
                    if let codeMethod = codeCase.viewMethod, naming.viewMethod(useCase, output: output) != codeMethod {
                        add(.method, "'\(scene.name).\(useCase.name)': the scenario's display method is '\(naming.viewMethod(useCase, output: output))', the code's '\(codeMethod)'",
                            output.methods.view?.location ?? useCase.methods.view?.location ?? useCase.location, codeCase.location)
                    }
                    compareFields(output.response, codeCase.response, what: "\(scene.name).\(useCase.name).Response", kind: .modelField, add: add)
                    compareFields(output.viewModel, codeCase.viewModel, what: "\(scene.name).\(useCase.name).ViewModel", kind: .modelField, add: add)
                }
                compareFields(useCase.request, codeCase.request, what: "\(scene.name).\(useCase.name).Request", kind: .modelField, add: add)
            }
            for codeCase in code.useCases where !scene.useCases.contains(where: { $0.name.rawValue == codeCase.name }) {
                add(.useCase, "use case '\(scene.name).\(codeCase.name)' is in the code but not in the scenario", nil, codeCase.location)
            }
            for route in scene.routes {
                let method = naming.routeMethod(route)
                guard let codeRoute = code.routes.first(where: { $0.name == route.name.rawValue }) ?? code.routes.first(where: { $0.method == method }) else {
                    add(.route, "route '\(scene.name).\(route.name)' is in the scenario but not in the code", route.location, nil)
                    continue
                }
                if codeRoute.destination != route.destination.value.rawValue {
                    add(.destination, "route '\(scene.name).\(route.name)' leads to '\(route.destination.value)' in the scenario, to '\(codeRoute.destination)' in the code",
                        route.destination.location, codeRoute.location)
                }
                if codeRoute.method != method {
                    add(.method, "route '\(scene.name).\(route.name)': the scenario's method is '\(method)', the code's '\(codeRoute.method)'",
                        route.method?.location ?? route.location, codeRoute.location)
                }
                let passed = Set(route.pass.map(\.target)), codePassed = Set(codeRoute.pass.map(\.field))
                for field in route.pass where !codePassed.contains(field.target) {
                    add(.passedField, "route '\(scene.name).\(route.name)' passes '\(field.target)' in the scenario, not in the code", field.targetLocation, codeRoute.location)
                }
                for field in codeRoute.pass where !passed.contains(field.field) {
                    add(.passedField, "route '\(scene.name).\(route.name)' passes '\(field.field)' in the code, not in the scenario", route.location, field.location)
                }
            }
            for codeRoute in code.routes where !scene.routes.contains(where: { $0.name.rawValue == codeRoute.name || naming.routeMethod($0) == codeRoute.method }) {
                add(.route, "route '\(scene.name).\(codeRoute.name)' is in the code but not in the scenario", nil, codeRoute.location)
            }
        }
        for code in app.scenes where !scenario.scenes.contains(where: { $0.name.rawValue == code.name }) {
            add(.scene, "scene '\(code.name)' is in the code but not in the scenario", nil, code.location)
        }
        return out
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
            if field.type.description != codeField.type {
                add(.fieldType, "'\(what).\(field.name)' is '\(field.type)' in the scenario, '\(codeField.type)' in the code"
                    + (codeField.note.map { " (\($0))" } ?? ""), field.typeLocation, codeField.location)
            }
        }
        for codeField in code where !declared.contains(where: { $0.name == codeField.name }) {
            add(kind, "'\(what)' has '\(codeField.name)' in the code, not in the scenario", nil, codeField.location)
        }
    }
}
