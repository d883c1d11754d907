import ScenarioSpec

extension ScenarioChecker {
    // MARK: - Resolution

    /// `scenes` with every reference the check resolved written in: call targets, the fields `store:` and `set:`
    /// write, the AppState fields a route's `pass:` writes. Run after a check without errors.
    func resolve(_ scenes: [Scene]) -> [Scene] {
        scenes.map { scene in
            var scene = scene
            scene.routes = scene.routes.map { route in
                var route = route
                route.pass = route.pass.map { pass in
                    var pass = pass
                    pass.field = fieldTargets[pass.targetLocation]
                    return pass
                }
                return route
            }
            scene.useCases = scene.useCases.map { useCase in
                var useCase = useCase
                useCase.event = useCase.event.map(resolve)
                useCase.interactor = resolve(useCase.interactor)
                useCase.outputs = useCase.outputs.map { output in
                    var output = output
                    output.view = resolve(output.view)
                    if case .steps(let steps) = output.presenter { output.presenter = .steps(resolve(steps)) }
                    return output
                }
                return useCase
            }
            return scene
        }
    }

    /// The story with each `do:` step's scene and use case.
    func resolve(_ story: [StoryStep]) -> [StoryStep] {
        story.map { step in
            var step = step
            step.performs = storyTargets[step.location]
            return step
        }
    }

    fileprivate func resolve(_ steps: [Step]) -> [Step] {
        steps.map { step in
            var step = step
            switch step.kind {
            case .call(var call):
                call.target = callTargets[call.receiver.location]
                call.onError = call.onError.map(resolve)
                step.kind = .call(call)
            case .store(let assignments): step.kind = .store(resolve(assignments))
            case .set(let assignments): step.kind = .set(resolve(assignments))
            case .validate(let condition, let otherwise): step.kind = .validate(condition, otherwise: resolve(otherwise))
            case .conditional(let condition, let then, let otherwise):
                step.kind = .conditional(condition, then: resolve(then), otherwise: resolve(otherwise))
            case .respond, .bind, .show, .route, .display, .leave, .wait, .delegate: break
            }
            return step
        }
    }

    fileprivate func resolve(_ assignments: [Assignment]) -> [Assignment] {
        assignments.map { assignment in
            var assignment = assignment
            assignment.field = fieldTargets[assignment.targetLocation]
            return assignment
        }
    }
}
