extension TraceEvent {
    /// The arrow of a pattern's cycle this message travels along, or nil for wiring, lifecycle and calls outside
    /// the cycle.
    public var stage: CycleStage? {
        switch message {
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
        case .configure, .load, .appear, .call: return nil
        }
    }
}
