@_exported import SceneFlowRecorder

/// The part a protocol plays in the cycle, which decides the message a call through it records.
public enum TracedRole: Sendable {
    /// View → Interactor: each call is a Request (`login(request:)` is use case `Login`).
    case businessLogic
    /// Interactor → Presenter: each call is a Response (`presentLogin(response:)` is use case `Login`).
    case presentationLogic
    /// Presenter → View: each call is a ViewModel (`displayLogin(viewModel:)` is use case `Login`).
    case displayLogic
    /// View → Router: each call is a route (`routeToHome()` is route `toHome`).
    case routingLogic
}

/// Writes `Tracing<Protocol>`, a class that conforms to the protocol, forwards each call to the component it
/// wraps and records it with `Recorder.shared` as the message `role` says, from one participant to another:
///
/// ```swift
/// @Traced(.businessLogic)
/// protocol LoginBusinessLogic {
///     func login(request: Login.Login.Request)
/// }
///
/// // where the scene is wired, when recording is on:
/// viewController.interactor = TracingLoginBusinessLogic(interactor, from: view, to: interactorParticipant)
/// ```
///
/// The first argument of each method is the message's payload when it is `TraceValueConvertible`. Properties
/// are forwarded, not recorded. Methods must be synchronous; they may throw and return a value.
@attached(peer, names: prefixed(Tracing))
public macro Traced(_ role: TracedRole) = #externalMacro(module: "SceneFlowMacros", type: "TracedMacro")
