/// The shapes a scenario's method names must have for the code a pattern's definition describes: a Clean Swift
/// Interactor method takes the Request, a VIPER event one argument per Request field, a display method one value,
/// a route method a label for each input. Validate warns about every method that has another shape, all at once;
/// generate refuses the first. The rule lives here, once, for both.
public struct MethodShapeProblem: Sendable, Hashable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation?) {
        self.message = message
        self.location = location
    }
}

extension PatternNaming {
    /// The argument labels of a method signature: `login(request:)` → `["request"]`, `checkSession()` → `[]`.
    public static func labels(of signature: String) -> [String] {
        let base = baseName(signature)
        guard signature.count > base.count + 1 else { return [] }
        return signature.dropFirst(base.count + 1).dropLast().split(separator: ":").map(String.init)
    }
}

extension PatternDefinition {
    /// Whether the pattern's Views are SwiftUI structs (SwiftUI VIP, SwiftUI with AppState) rather than View
    /// controllers.
    public var viewsAreSwiftUIValues: Bool { codeShape?.viewsAreValues ?? (flow.viewWritesDataStore || flow.store == .appState) }

    /// Every method of `scenario` whose shape the pattern's code cannot have, in the order of the file.
    public func methodShapeProblems(in scenario: Scenario) -> [MethodShapeProblem] {
        var problems: [MethodShapeProblem] = []
        for scene in scenario.scenes {
            for useCase in scene.useCases {
                if let problem = interactorMethodProblem(useCase, scene: scene.name) { problems.append(problem) }
                if let problem = eventMethodProblem(useCase, scene: scene.name) { problems.append(problem) }
                for output in useCase.outputs {
                    guard case .steps(let steps) = output.presenter else { continue }
                    for step in steps.flatMap(\.flattened) {
                        guard case .display(let method, let values) = step.kind,
                              let problem = displayMethodProblem(method, shows: values) else { continue }
                        if !problems.contains(problem) { problems.append(problem) }
                    }
                }
            }
            for route in scene.routes {
                if let problem = routeMethodProblem(route) { problems.append(problem) }
            }
        }
        return problems.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    /// A Clean Swift BusinessLogic method takes the Request, one argument (SwiftUI with AppState's take the
    /// Request's fields; VIPER's Interactor is asked by the Presenter).
    public func interactorMethodProblem(_ useCase: UseCase, scene: SceneName) -> MethodShapeProblem? {
        guard flow.store != .appState, flow.entry != .presenter else { return nil }
        let method = naming.interactorMethod(useCase)
        guard PatternNaming.labels(of: method).count != 1 else { return nil }
        let base = PatternNaming.baseName(method)
        return MethodShapeProblem("'\(scene).\(useCase.name)' names its Interactor method '\(method)'; the BusinessLogic methods generate writes take the Request, one argument: write '\(base)' or '\(base)(request:)'",
                                  at: useCase.methods.interactor?.location ?? useCase.location)
    }

    /// A VIPER event passes each Request field as an argument: one label per field.
    public func eventMethodProblem(_ useCase: UseCase, scene: SceneName) -> MethodShapeProblem? {
        guard flow.entry == .presenter else { return nil }
        let method = naming.eventMethod(useCase)
        let labels = PatternNaming.labels(of: method)
        guard labels.count != useCase.request.count else { return nil }
        return MethodShapeProblem("'\(method)' takes \(labels.count) argument(s) but \(scene).\(useCase.name)'s Request has \(useCase.request.count) field(s); generate passes each field as an argument: name one label per field",
                                  at: useCase.methods.event?.location ?? useCase.location)
    }

    /// What a View is told to display comes as one value: a display method has one label or none, and one that is
    /// shown values takes them (`showError(_:)`, not `showError()`: the trace would name a method the code does not have).
    public func displayMethodProblem(_ method: Located<String>, shows values: [Assignment]) -> MethodShapeProblem? {
        let signature = PatternNaming.signature(method.value, default: method.value, labels: values.isEmpty ? [] : ["_"])
        let labels = PatternNaming.labels(of: signature)
        if labels.isEmpty, !values.isEmpty {
            let base = PatternNaming.baseName(signature)
            return MethodShapeProblem("'\(signature)' takes nothing, but this step gives it \(values.map { "'\($0.target)'" }.joined(separator: ", ")); generate passes what a View shows as one value: write '\(base)(_:)'",
                                      at: method.location)
        }
        guard labels.count > 1 else { return nil }
        return MethodShapeProblem("'\(signature)' takes more than one argument; generate passes what a View shows as one value: name the method with one label or none",
                                  at: method.location)
    }

    /// A route method of a WireFrame (VIPER) or a SwiftUI Router takes each route input through a label: the label
    /// of its name, or else the next label that names no input (`from:` is the View).
    public func routeMethodProblem(_ route: Route) -> MethodShapeProblem? {
        guard flow.entry == .presenter || viewsAreSwiftUIValues else { return nil }
        let method = naming.routeMethod(route)
        let labels = PatternNaming.labels(of: method)
        let unnamed = route.input.map(\.name).filter { !labels.contains($0) }
        let free = labels.filter { label in label != "from" && !route.input.contains { $0.name == label } }.count
        guard unnamed.count > free else { return nil }
        return MethodShapeProblem("route '\(route.name)': '\(method)' takes no argument for the input '\(unnamed[free])': add a label for it",
                                  at: route.location)
    }
}
