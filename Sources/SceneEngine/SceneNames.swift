import ScenarioSpec
import TraceFormat

/// The names a scene's messages carry — protocols, methods, payload types — made once per scene and use case
/// rather than once per message. Every instance of a scene shares one; the engine runs on one thread, so the
/// lazily filled tables need no lock.
final class SceneNames {
    let scene: SceneName
    let naming: PatternNaming

    // Protocols.
    let businessLogic: String?
    let presentationLogic: String?
    let displayLogic: String?
    let routingLogic: String?
    let presenterInput: String?
    let dataPassing: String?
    let dataStore: String?
    /// Component type names: `LoginViewController`, `LoginInteractor`, …
    let view, interactor, presenter, router, dataStoreComponent, configurator: String

    private var useCases: [UseCaseName: UseCaseNames] = [:]
    private var routes: [RouteName: RouteNames] = [:]
    private var operations: [WorkerName: [OperationName: OperationNames]] = [:]
    private var fieldTypes: [String: String] = [:]

    init(_ scene: Scene, naming: PatternNaming) {
        self.scene = scene.name
        self.naming = naming
        businessLogic = naming.protocolName(.businessLogic, of: scene)
        presentationLogic = naming.protocolName(.presentationLogic, of: scene)
        displayLogic = naming.protocolName(.displayLogic, of: scene)
        routingLogic = naming.protocolName(.routingLogic, of: scene)
        presenterInput = naming.protocolName(.presenterInput, of: scene)
        dataPassing = naming.protocolName(.dataPassing, of: scene)
        dataStore = naming.protocolName(.dataStore, of: scene)
        view = naming.componentName(.view, of: scene)
        interactor = naming.componentName(.interactor, of: scene)
        presenter = naming.componentName(.presenter, of: scene)
        router = naming.componentName(.router, of: scene)
        dataStoreComponent = naming.componentName(.dataStore, of: scene)
        configurator = naming.componentName(.configurator, of: scene)
    }

    func useCase(_ useCase: UseCase) -> UseCaseNames {
        if let names = useCases[useCase.name] { return names }
        let names = UseCaseNames(useCase, scene: scene, naming: naming)
        useCases[useCase.name] = names
        return names
    }

    func route(_ route: Route) -> RouteNames {
        if let names = routes[route.name] { return names }
        let names = RouteNames(
            method: naming.routeMethod(route),
            inputType: route.input.isEmpty ? nil : TypeNames.routeInput(scene: scene, route: route.name),
            passData: naming.passDataMethod(route),
            navigate: naming.navigateMethod(route))
        routes[route.name] = names
        return names
    }

    func operation(_ operation: WorkerOperation, of worker: Worker) -> OperationNames {
        if let names = operations[worker.name]?[operation.name] { return names }
        let names = OperationNames(
            method: naming.operationMethod(operation),
            inputType: operation.input.isEmpty ? nil : TypeNames.workerInput(worker: worker.name, operation: operation.name),
            outputType: operation.output?.description,
            inputProtocol: naming.workerProtocol(worker, scene: scene),
            outputProtocol: naming.protocolName(.workerOutput, scene: scene, worker: worker.name))
        operations[worker.name, default: [:]][operation.name] = names
        return names
    }

    /// The protocol in `slot`, for the wiring.
    func protocolName(_ slot: ProtocolSlot) -> String? {
        switch slot {
        case .businessLogic: businessLogic
        case .presentationLogic: presentationLogic
        case .displayLogic: displayLogic
        case .routingLogic: routingLogic
        case .presenterInput: presenterInput
        case .dataPassing: dataPassing
        case .dataStore: dataStore
        case .workerInput, .workerOutput: naming.protocolName(slot, scene: scene)
        }
    }

    /// Interactor → worker (VIPER's DataManager input protocol), for the Configurator's wiring.
    func workerProtocol(_ worker: Worker) -> String? { naming.workerProtocol(worker, scene: scene) }

    /// The spelled type of a DataStore field (`Int?`, `[Item]`).
    func dataStoreType(of field: FieldDecl) -> String {
        if let text = fieldTypes[field.name] { return text }
        let text = field.type.description
        fieldTypes[field.name] = text
        return text
    }
}

/// A use case's method and type names.
final class UseCaseNames {
    /// `Scene.UseCase`, the cycle's name.
    let cycle: String
    let interactorMethod: String
    let eventMethod: String
    let requestType: String
    private let outputs: [(name: OutputName, presenterMethod: String, viewMethod: String, responseType: String, viewModelType: String,
                           traced: OutputName?)]

    init(_ useCase: UseCase, scene: SceneName, naming: PatternNaming) {
        cycle = "\(scene).\(useCase.name)"
        interactorMethod = naming.interactorMethod(useCase)
        eventMethod = naming.eventMethod(useCase)
        requestType = TypeNames.request(scene: scene, useCase: useCase.name)
        outputs = useCase.outputs.map { output in
            (output.name, naming.presenterMethod(useCase, output: output), naming.viewMethod(useCase, output: output),
             TypeNames.response(scene: scene, useCase: useCase, output: output.name),
             TypeNames.viewModel(scene: scene, useCase: useCase, output: output.name),
             output.name.rawValue == useCase.name.rawValue ? nil : output.name)
        }
    }

    private func output(_ name: OutputName) -> Int { outputs.firstIndex { $0.name == name } ?? 0 }
    func presenterMethod(_ output: Output) -> String { outputs[self.output(output.name)].presenterMethod }
    func viewMethod(_ output: Output) -> String { outputs[self.output(output.name)].viewMethod }
    func responseType(_ output: Output) -> String { outputs[self.output(output.name)].responseType }
    func viewModelType(_ output: Output) -> String { outputs[self.output(output.name)].viewModelType }
    /// The output's name as the trace records it: nil for the one output named like its use case.
    func tracedOutput(_ output: Output) -> OutputName? { outputs[self.output(output.name)].traced }
}

struct RouteNames {
    let method: String
    let inputType: String?
    let passData: String
    let navigate: String
}

struct OperationNames {
    let method: String
    let inputType: String?
    let outputType: String?
    /// Interactor → worker (VIPER's DataManager input protocol).
    let inputProtocol: String?
    /// How an asynchronous worker calls back (VIPER's output protocol).
    let outputProtocol: String?
}
