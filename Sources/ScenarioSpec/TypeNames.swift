/// Names of the record types a scenario implies, spelled as Clean Swift code spells them
/// (`Login.Login.Request`), so diagnostics, traces and diagrams use the same words.
public enum TypeNames {
    public static func request(scene: SceneName, useCase: UseCaseName) -> String {
        "\(scene).\(useCase).Request"
    }

    public static func response(scene: SceneName, useCase: UseCase, output: OutputName) -> String {
        message(scene: scene, useCase: useCase, output: output, "Response")
    }

    public static func viewModel(scene: SceneName, useCase: UseCase, output: OutputName) -> String {
        message(scene: scene, useCase: useCase, output: output, "ViewModel")
    }

    private static func message(scene: SceneName, useCase: UseCase, output: OutputName, _ kind: String) -> String {
        useCase.outputs.count == 1 ? "\(scene).\(useCase.name).\(kind)" : "\(scene).\(useCase.name).\(output).\(kind)"
    }

    public static func dataStore(scene: SceneName) -> String { "\(scene)DataStore" }
    public static func viewState(scene: SceneName) -> String { "\(scene)View.State" }
    public static func workerInput(worker: WorkerName, operation: OperationName) -> String {
        "\(worker).\(operation).Input"
    }
    /// What a shared worker keeps between calls: `OrdersWorker.State`.
    public static func workerState(worker: WorkerName) -> String { "\(worker).State" }
    public static func routeInput(scene: SceneName, route: RouteName) -> String { "\(scene).\(route).Input" }
    public static let appState = "AppState"
    /// What a failed worker call binds in `onError`: `{ error: String }`.
    public static let workerError = "WorkerError"
}

extension RecordType {
    /// The Request, Response and ViewModel records of each use case of `scenes`, named as traces name them.
    public static func messages(of scenes: [Scene]) -> [RecordType] {
        var records: [RecordType] = []
        for scene in scenes {
            for useCase in scene.useCases {
                let request = TypeNames.request(scene: scene.name, useCase: useCase.name)
                records.append(RecordType(name: request, fields: useCase.request, location: useCase.location))
                for output in useCase.outputs {
                    let response = TypeNames.response(scene: scene.name, useCase: useCase, output: output.name)
                    records.append(RecordType(name: response, fields: output.response, location: output.location))
                    let viewModel = TypeNames.viewModel(scene: scene.name, useCase: useCase, output: output.name)
                    records.append(RecordType(name: viewModel, fields: output.viewModel, location: output.location))
                }
            }
        }
        return records
    }
}
