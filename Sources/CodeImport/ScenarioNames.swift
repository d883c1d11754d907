import ScenarioSpec

extension ImportedApp {
    /// The app with every field whose name a scenario cannot hold (Swift allows `a$b`; a scenario's names are
    /// letters, digits and `_`) left out — that field only, never the scene, model or worker around it — each said
    /// with its place in the code. What import writes and what drift compares a scenario with.
    public func keepingScenarioNames() -> ImportedApp {
        var app = self
        var leftOut: [Unmapped] = []
        func keep(_ fields: [Field], of owner: String) -> [Field] {
            fields.filter { field in
                if SwiftIdentifier.isValid(field.name) { return true }
                leftOut.append(Unmapped(
                    message: "field '\(field.name)' of \(owner) is left out: a scenario's names are letters, digits and '_'",
                    location: field.location))
                return false
            }
        }
        for e in app.entities.indices { app.entities[e].fields = keep(app.entities[e].fields, of: "'\(app.entities[e].name)'") }
        app.appState = keep(app.appState, of: "the AppState")
        for s in app.scenes.indices {
            let name = app.scenes[s].name
            app.scenes[s].dataStore = keep(app.scenes[s].dataStore, of: "\(name)'s DataStore")
            for w in app.scenes[s].workers.indices {
                let worker = app.scenes[s].workers[w].name
                for o in app.scenes[s].workers[w].operations.indices {
                    let operation = app.scenes[s].workers[w].operations[o]
                    app.scenes[s].workers[w].operations[o].input = keep(operation.input, of: "\(worker).\(operation.name)")
                }
            }
            for u in app.scenes[s].useCases.indices {
                let useCase = "\(name).\(app.scenes[s].useCases[u].name)"
                app.scenes[s].useCases[u].request = keep(app.scenes[s].useCases[u].request, of: "\(useCase)'s Request")
                app.scenes[s].useCases[u].response = keep(app.scenes[s].useCases[u].response, of: "\(useCase)'s Response")
                app.scenes[s].useCases[u].viewModel = keep(app.scenes[s].useCases[u].viewModel, of: "\(useCase)'s ViewModel")
                for o in app.scenes[s].useCases[u].outputs.indices {
                    let output = app.scenes[s].useCases[u].outputs[o]
                    app.scenes[s].useCases[u].outputs[o].response = keep(output.response, of: "\(useCase)'s answer \(output.name)")
                    app.scenes[s].useCases[u].outputs[o].viewModel = keep(output.viewModel, of: "\(useCase)'s answer \(output.name)")
                }
            }
            for r in app.scenes[s].routes.indices {
                app.scenes[s].routes[r].input = keep(app.scenes[s].routes[r].input, of: "route \(name).\(app.scenes[s].routes[r].name)")
                app.scenes[s].routes[r].pass = app.scenes[s].routes[r].pass.named
            }
            // What is given to a field left out goes with it.
            for u in app.scenes[s].useCases.indices {
                app.scenes[s].useCases[u].presenter = app.scenes[s].useCases[u].presenter.named
                app.scenes[s].useCases[u].interactor = app.scenes[s].useCases[u].interactor.map(\.named)
                app.scenes[s].useCases[u].event = app.scenes[s].useCases[u].event?.map(\.named)
                app.scenes[s].useCases[u].view = app.scenes[s].useCases[u].view.map(\.named)
                for o in app.scenes[s].useCases[u].outputs.indices {
                    app.scenes[s].useCases[u].outputs[o].presenter = app.scenes[s].useCases[u].outputs[o].presenter.map(\.named)
                    app.scenes[s].useCases[u].outputs[o].mapping = app.scenes[s].useCases[u].outputs[o].mapping.named
                }
            }
            app.scenes[s].shows = app.scenes[s].shows.named
        }
        app.unmapped += leftOut
        return app
    }
}

extension [ImportedApp.Assignment] {
    /// The assignments to fields a scenario can name (each part of a path such as `appState.count`; `_` for a display's
    /// unlabelled value).
    var named: [ImportedApp.Assignment] {
        filter { $0.field == "_" || $0.field.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { SwiftIdentifier.isValid(String($0)) } }
    }
}

extension ImportedApp.Step {
    /// The step with its assignments to fields a scenario cannot name left out, inside branches too.
    var named: ImportedApp.Step {
        switch self {
        case .call(let worker, let operation, let binding, let arguments, let location):
            .call(worker: worker, operation: operation, binding: binding, arguments: arguments.named, location: location)
        case .store(let assignments, let location): .store(assignments.named, location: location)
        case .respond(let method, let assignments, let location): .respond(method: method, assignments.named, location: location)
        case .set(let assignments, let location): .set(assignments.named, location: location)
        case .respondOutput(let name, let assignments, let location): .respondOutput(name, assignments.named, location: location)
        case .callInteractor(let name, let arguments, let location): .callInteractor(name, arguments: arguments.named, location: location)
        case .display(let name, let values, let location): .display(name, values: values.named, location: location)
        case .route(let name, let arguments, let location): .route(name, arguments: arguments.named, location: location)
        case .conditional(let condition, let then, let otherwise, let location):
            .conditional(condition, then: then.map(\.named), otherwise: otherwise.map(\.named), location: location)
        case .validate(let condition, let otherwise, let location):
            .validate(condition, otherwise: otherwise.map(\.named), location: location)
        }
    }
}
