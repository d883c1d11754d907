import ScenarioSpec

extension TraceEvent {
    /// The arrow of the pattern's cycle this message travels along, or nil for wiring, lifecycle and cycle markers.
    public var stage: CycleStage? {
        switch kind {
        case .action, .show: return .user
        case .request: return from.role == .presenter ? .input : .request
        case .event: return .event
        case .workerCall, .workerResult, .workerError: return .worker
        case .dataStoreWrite, .stateWrite: return .store
        case .response: return .response
        case .display: return .display
        case .route: return .route
        case .dataPassing, .navigation: return .next
        case .publish: return .publish
        case .render: return .render
        case .configure, .lifecycle, .cycleStart, .cycleEnd: return nil
        }
    }
}
