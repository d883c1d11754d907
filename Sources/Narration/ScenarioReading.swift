import ScenarioSpec
import TraceFormat

/// What the scenario says of a message beyond the trace, for its reason: text a part words where the pattern would
/// not, and what a View decides itself with what it is shown.
enum ScenarioReading {
    static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// What the receiving View does itself with a ViewModel: the conditions its display logic chooses on and the
    /// labels whose text it words.
    static func viewLogic(_ event: TraceEvent, in scenario: Scenario) -> (conditions: [String], worded: [String]) {
        guard case .display(let name?, let outputName, _) = event.message,
              let scene = event.to.scene.flatMap({ scenario.scene($0) }),
              let useCase = scene.useCases.first(where: { $0.name == name }),
              let output = outputName.flatMap({ output in useCase.outputs.first { $0.name == output } }) ?? useCase.outputs.first
        else { return ([], []) }
        var conditions: [String] = [], worded: [String] = []
        for step in output.view.flatMap(\.flattened) {
            switch step.kind {
            case .conditional(let condition, _, _), .validate(let condition, _): conditions.append(condition.text)
            case .route(_, let condition?, _): conditions.append(condition.text)
            case .show(let assignments), .set(let assignments):
                worded += assignments.filter { $0.value.root.words }.map(\.target)
            default: break
            }
        }
        return (unique(conditions), unique(worded))
    }

    /// The fields of a Response, a data passing or an AppState write whose value the scenario words as text itself
    /// (`error: "Enter your username and password"`), where the pattern would leave the wording to the Presenter.
    static func worded(_ event: TraceEvent, in scenario: Scenario) -> [String] {
        guard let scene = event.from.scene.flatMap({ scenario.scene($0) }) else { return [] }
        func useCase(_ name: UseCaseName) -> UseCase? { scene.useCases.first { $0.name == name } }
        switch event.message {
        case .response(let name, let output, _):
            guard let useCase = useCase(name) else { return [] }
            // The answers of this output: a respond step names it, or says nothing for the use case's first.
            let first = useCase.outputs.first?.name.rawValue
            let fields = useCase.interactor.flatMap(\.flattened).flatMap { step -> [Assignment] in
                guard case .respond(let answer, let fields) = step.kind, (answer?.value ?? first) == (output?.rawValue ?? first) else { return [] }
                return fields
            }
            return unique(fields.filter { $0.value.root.words }.map(\.target))
        case .dataPassing(let pass):
            let route = scene.routes.first { $0.name == pass.route }
            return route?.pass.contains { $0.target == pass.field && $0.value.root.words } == true ? [pass.field] : []
        case .publish(let write):
            // The scene's Interactor writes the AppState field with text it words.
            let stores = scene.useCases.flatMap { (useCase: UseCase) in useCase.interactor }.flatMap { (step: Step) in step.flattened }.flatMap { step -> [Assignment] in
                if case .store(let assignments) = step.kind { assignments } else { [] }
            }
            return stores.contains { ($0.field?.name ?? $0.target) == write.field && $0.value.root.words } ? [write.field] : []
        default:
            return []
        }
    }
}
