import ScenarioSpec
import TraceFormat

/// What a scenario's story exercises: scenes shown, routes taken, use cases run, each worker case answered,
/// each field passed between scenes.
public struct Coverage: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case scene = "scenes"
        case route = "routes"
        case useCase = "use cases"
        case workerOutcome = "worker outcomes"
        case passedField = "data-passing fields"
    }

    public struct Item: Sendable, Hashable {
        public var kind: Kind
        public var name: String
        public var hits: Int
        public var location: SourceLocation
    }

    public var scenario: Scenario
    public var items: [Item]
    public var trace: Trace

    /// Covered and total, per kind.
    public func counts(_ kind: Kind) -> (covered: Int, total: Int) {
        let of = items.filter { $0.kind == kind }
        return (of.filter { $0.hits > 0 }.count, of.count)
    }

    public var percentage: Double {
        items.isEmpty ? 100 : Double(items.filter { $0.hits > 0 }.count) * 100 / Double(items.count)
    }

    /// What `trace`, a run of `scenario`'s story, exercised. Worker outcomes count when the trace says which case
    /// answered.
    public static func measure(_ scenario: Scenario, trace: Trace) -> Coverage {
        var shown: [SceneName: Set<Int>] = [:]
        var cycles: [String: Int] = [:]
        var routes: [String: Int] = [:]
        var passed: [String: Int] = [:]
        var answered: [String: Int] = [:]
        for cycle in trace.cycles { cycles[cycle.name, default: 0] += 1 }
        for event in trace.events {
            switch event.message {
            case .load, .appear:
                if let scene = event.to.scene, let instance = event.to.instance { shown[scene, default: []].insert(instance) }
            case .route(let route, _):
                if let scene = event.from.scene { routes["\(scene)|\(route)", default: 0] += 1 }
            case .dataPassing(let pass):
                if let scene = event.from.scene { passed["\(scene)|\(pass.route)|\(pass.field)", default: 0] += 1 }
            case .workerResult(let answer), .workerError(let answer, _):
                if case .case(let index) = answer.answer {
                    // A shared worker belongs to no scene.
                    answered["\(event.from.scene?.rawValue ?? "")|\(event.from.name)|\(answer.operation)|\(index)", default: 0] += 1
                }
            default: break
            }
        }
        var items: [Item] = []
        func outcomes(of worker: Worker, scene: String) {
            for operation in worker.operations {
                for (index, workerCase) in operation.cases.enumerated() {
                    let outcome: String
                    switch workerCase.outcome {
                    case .result, .fixture, .returns: outcome = "result"
                    case .todo: outcome = "placeholder result"
                    case .error(let message): outcome = "error \"\(message)\""
                    }
                    let condition = workerCase.condition.map { " when \($0.text)" } ?? ""
                    items.append(Item(kind: .workerOutcome,
                                      name: (scene.isEmpty ? "" : "\(scene).") + "\(worker.name).\(operation.name) \(outcome)\(condition)",
                                      hits: answered["\(scene)|\(worker.name)|\(operation.name)|\(index)"] ?? 0,
                                      location: workerCase.location))
                }
            }
        }
        for scene in scenario.scenes {
            items.append(Item(kind: .scene, name: scene.name.rawValue, hits: shown[scene.name]?.count ?? 0, location: scene.location))
            for useCase in scene.useCases {
                items.append(Item(kind: .useCase, name: "\(scene.name).\(useCase.name)",
                                  hits: cycles["\(scene.name).\(useCase.name)"] ?? 0, location: useCase.location))
            }
            for route in scene.routes {
                items.append(Item(kind: .route, name: "\(scene.name).\(route.name) → \(route.destinationLabel)",
                                  hits: routes["\(scene.name)|\(route.name)"] ?? 0, location: route.location))
                for pass in route.pass {
                    items.append(Item(kind: .passedField, name: "\(scene.name).\(route.name): \(pass.target)",
                                      hits: passed["\(scene.name)|\(route.name)|\(pass.target)"] ?? 0, location: pass.targetLocation))
                }
            }
            for worker in scene.workers { outcomes(of: worker, scene: scene.name.rawValue) }
        }
        for worker in scenario.sharedWorkers { outcomes(of: worker, scene: "") }
        return Coverage(scenario: scenario, items: items, trace: trace)
    }
}
