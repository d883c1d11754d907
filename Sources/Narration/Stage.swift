import ScenarioSpec
import TraceFormat

/// Where in the pattern's cycle a message is: one arrow of the cycle picture.
public enum Stage: String, Sendable, Hashable, CaseIterable {
    /// The user acts on the View, or the View shows the user a value.
    case user
    /// View → Interactor: the Request (BusinessLogic).
    case request
    /// VIPER: View → Presenter, an event.
    case event
    /// VIPER: Presenter → Interactor, the input.
    case input
    /// Interactor → Worker or DataManager, and the answer.
    case worker
    /// A write to the DataStore (or the View's state).
    case store
    /// Interactor → Presenter: the Response (PresentationLogic), VIPER's output.
    case response
    /// Presenter → View: the ViewModel (DisplayLogic).
    case display
    /// View (or VIPER Presenter) → Router/WireFrame.
    case route
    /// Router → the next scene: data passing and navigation.
    case next
    /// appstate: Interactor → AppState.
    case publish
    /// appstate: AppState → View.
    case render

    /// The arrow `event` travels along, or nil for wiring, lifecycle and cycle markers.
    public static func of(_ event: TraceEvent) -> Stage? {
        switch event.kind {
        case .action, .show: return .user
        case .request: return event.from.role == .presenter ? .input : .request
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
