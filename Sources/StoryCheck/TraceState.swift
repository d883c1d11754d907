import ScenarioSpec
import TraceFormat

/// The app's state as a trace shows it, message by message: the navigation stack, what each View shows and the last
/// ViewModel it got, every scene instance's DataStore and the AppState. Built from the messages and the scenario's
/// declarations alone, so any trace — from the engine, from generated code, from an instrumented app — can be
/// checked against a story.
struct TraceState {
    let scenario: Scenario
    /// The Views of the scene instances on screen, root first.
    private(set) var stack: [Participant] = []
    /// Label → value, per View instance, in the order first shown.
    private(set) var shown: [Participant: Record] = [:]
    /// The last ViewModel each View instance received.
    private(set) var viewModels: [Participant: Value] = [:]
    /// DataStores per scene instance (`Login#1`).
    private(set) var dataStores: [String: Record] = [:]
    /// The newest instance of each scene.
    private(set) var latest: [SceneName: String] = [:]
    private var newest: [SceneName: Int] = [:]
    private(set) var appState: Record
    /// The View the last navigation brought on screen, until it loads.
    private var arriving: Participant?

    init(scenario: Scenario) {
        self.scenario = scenario
        appState = Record(scenario.appState.map { ($0.name, $0.initialValue ?? .null) })
    }

    /// What a step's expectations read.
    struct Snapshot {
        var stack: [SceneName]
        var shown: Record
        var viewModel: Value?
        /// Each scene's newest instance's DataStore.
        var dataStores: [SceneName: Record]
        var appState: Record
    }

    var snapshot: Snapshot {
        let top = stack.last
        var stores: [SceneName: Record] = [:]
        for (scene, key) in latest { stores[scene] = dataStores[key] }
        // A scene on screen is read in its instance there (the topmost, when it is on the stack twice).
        for view in stack { if let scene = view.scene, let key = view.sceneInstance { stores[scene] = dataStores[key] } }
        return Snapshot(stack: stack.compactMap(\.scene), shown: top.flatMap { shown[$0] } ?? Record(),
                        viewModel: top.flatMap { viewModels[$0] }, dataStores: stores, appState: appState)
    }

    mutating func apply(_ event: TraceEvent) {
        for participant in [event.from, event.to] { meet(participant) }
        switch event.message {
        case .configure(_, _, let value):
            meet(value)
        case .load, .appear:
            // A View that comes on screen without a navigation bringing it is the new root (the launch, `appear:`).
            if event.to.role == .view, arriving != event.to, !stack.contains(event.to) { stack = [event.to] }
            arriving = nil
        case .show(let label, let value):
            shown[event.from, default: Record()][label] = value
        case .display(_, _, let call):
            if call.payloadType != nil, let payload = call.payload { viewModels[event.to] = payload }
        case .dataStoreWrite(let write):
            if let key = event.to.sceneInstance { dataStores[key, default: Record()][write.field] = write.value }
        case .dataPassing(let pass):
            if let key = event.to.sceneInstance { dataStores[key, default: Record()][pass.field] = pass.value }
        case .publish(let write):
            appState[write.field] = write.value
        case .navigation(let navigation):
            switch navigation.style {
            case .push, .present:
                stack.append(event.to)
                arriving = event.to
            case .replace:
                stack = [event.to]
                arriving = event.to
            case .pop, .dismiss, .popToScene:
                stack.removeAll { navigation.removed.contains($0) }
                if let index = stack.firstIndex(of: event.to) { stack.removeSubrange((index + 1)...) }
            case .tab:
                stack.removeAll { navigation.removed.contains($0) }
                stack += navigation.shown
                arriving = event.to
            }
        case .action, .request, .event, .call, .workerCall, .workerResult, .workerError, .stateWrite, .response, .route,
             .render:
            break
        }
    }

    /// A scene instance seen for the first time starts with its DataStore's declared values.
    private mutating func meet(_ participant: Participant) {
        guard let scene = participant.scene, let instance = participant.instance, let key = participant.sceneInstance,
              dataStores[key] == nil else { return }
        let declared = scenario.scene(scene)?.dataStore ?? []
        dataStores[key] = Record(declared.map { ($0.name, $0.initialValue ?? .null) })
        if instance >= (newest[scene] ?? 0) {
            newest[scene] = instance
            latest[scene] = key
        }
    }
}
