import SceneFlowMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Traced`'s expansion, text for text, and what it refuses.
@Suite("@Traced")
struct TracedMacroTests {
    static let macros: [String: MacroSpec] = ["Traced": MacroSpec(type: TracedMacro.self)]

    static func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: macros) { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    }

    @Test("a BusinessLogic protocol: each call recorded as its use case's Request, then forwarded")
    func businessLogic() {
        Self.expand("""
            @Traced(.businessLogic)
            protocol LoginBusinessLogic {
                func login(request: Login.Login.Request)
            }
            """, """
            protocol LoginBusinessLogic {
                func login(request: Login.Login.Request)
            }

            /// Records each call through `LoginBusinessLogic` and forwards it to the component it wraps.
            final class TracingLoginBusinessLogic: LoginBusinessLogic {
                var wrapped: any LoginBusinessLogic
                let sender: Participant
                let receiver: Participant
                let recorder: Recorder

                init(_ wrapped: any LoginBusinessLogic, from sender: Participant, to receiver: Participant, recorder: Recorder = .shared) {
                    self.wrapped = wrapped
                    self.sender = sender
                    self.receiver = receiver
                    self.recorder = recorder
                }

                func login(request: Login.Login.Request) {
                    recorder.send(.request(useCase: UseCaseName("Login"), Invocation(protocolName: "LoginBusinessLogic", method: "login(request:)", payloadType: "Login.Login.Request", payload: (request as Any as? TraceValueConvertible)?.traceValue)), from: sender, to: receiver) {
                        wrapped.login(request: request)
                    }
                }
            }
            """)
    }

    @Test("a public routing protocol: routes named as the template names them, unlabelled and throwing methods, values returned, properties forwarded")
    func routingLogic() {
        Self.expand("""
            @Traced(.routingLogic)
            public protocol ListOrdersRoutingLogic: AnyObject {
                var dataStore: ListOrdersDataStore? { get set }
                func routeToShowOrder(segue: UIStoryboardSegue?)
                func routeToCreateOrder(_ index: Int) throws -> Bool
            }
            """, """
            public protocol ListOrdersRoutingLogic: AnyObject {
                var dataStore: ListOrdersDataStore? { get set }
                func routeToShowOrder(segue: UIStoryboardSegue?)
                func routeToCreateOrder(_ index: Int) throws -> Bool
            }

            /// Records each call through `ListOrdersRoutingLogic` and forwards it to the component it wraps.
            public final class TracingListOrdersRoutingLogic: ListOrdersRoutingLogic {
                public var wrapped: any ListOrdersRoutingLogic
                public let sender: Participant
                public let receiver: Participant
                public let recorder: Recorder

                public init(_ wrapped: any ListOrdersRoutingLogic, from sender: Participant, to receiver: Participant, recorder: Recorder = .shared) {
                    self.wrapped = wrapped
                    self.sender = sender
                    self.receiver = receiver
                    self.recorder = recorder
                }

                public var dataStore: ListOrdersDataStore? {
                    get {
                        wrapped.dataStore
                    }
                    set {
                        wrapped.dataStore = newValue
                    }
                }

                public func routeToShowOrder(segue: UIStoryboardSegue?) {
                    recorder.send(.route(RouteName("toShowOrder"), Invocation(protocolName: "ListOrdersRoutingLogic", method: "routeToShowOrder(segue:)", payloadType: "UIStoryboardSegue?", payload: (segue as Any as? TraceValueConvertible)?.traceValue)), from: sender, to: receiver) {
                        wrapped.routeToShowOrder(segue: segue)
                    }
                }

                public func routeToCreateOrder(_ index: Int) throws -> Bool {
                    try recorder.send(.route(RouteName("toCreateOrder"), Invocation(protocolName: "ListOrdersRoutingLogic", method: "routeToCreateOrder(_:)", payloadType: "Int", payload: (index as Any as? TraceValueConvertible)?.traceValue)), from: sender, to: receiver) {
                        try wrapped.routeToCreateOrder(index)
                    }
                }
            }
            """)
    }

    @Test("a class-bound DisplayLogic: held weakly, as the Presenter holds the View")
    func displayLogic() {
        Self.expand("""
            @Traced(.displayLogic)
            protocol LoginDisplayLogic: AnyObject {
                func displayLogin(viewModel: Login.Login.ViewModel)
                func displayCount() -> Int
            }
            """, """
            protocol LoginDisplayLogic: AnyObject {
                func displayLogin(viewModel: Login.Login.ViewModel)
                func displayCount() -> Int
            }

            /// Records each call through `LoginDisplayLogic` and forwards it to the component it wraps.
            /// It holds the View weakly, as the Presenter does: keep the wrapper where the View keeps its parts.
            final class TracingLoginDisplayLogic: LoginDisplayLogic {
                weak var wrapped: (any LoginDisplayLogic)?
                let sender: Participant
                let receiver: Participant
                let recorder: Recorder

                init(_ wrapped: any LoginDisplayLogic, from sender: Participant, to receiver: Participant, recorder: Recorder = .shared) {
                    self.wrapped = wrapped
                    self.sender = sender
                    self.receiver = receiver
                    self.recorder = recorder
                }

                func displayLogin(viewModel: Login.Login.ViewModel) {
                    recorder.send(.display(useCase: UseCaseName("Login"), output: nil, Invocation(protocolName: "LoginDisplayLogic", method: "displayLogin(viewModel:)", payloadType: "Login.Login.ViewModel", payload: (viewModel as Any as? TraceValueConvertible)?.traceValue)), from: sender, to: receiver) {
                        wrapped?.displayLogin(viewModel: viewModel)
                    }
                }

                func displayCount() -> Int {
                    recorder.send(.display(useCase: UseCaseName("Count"), output: nil, Invocation(protocolName: "LoginDisplayLogic", method: "displayCount()", payloadType: nil, payload: nil)), from: sender, to: receiver) {
                        wrapped!.displayCount()
                    }
                }
            }
            """)
    }

    @Test("what it cannot wrap is said where it is, and nothing is written")
    func refusals() {
        Self.expand("""
            @Traced(.presentationLogic)
            protocol P {
                func present(response: R) async
            }
            """, """
            protocol P {
                func present(response: R) async
            }
            """, diagnostics: [DiagnosticSpec(message: "@Traced records synchronous calls; 'present' is async", line: 3, column: 5)])
        Self.expand("""
            @Traced(.displayLogic)
            struct NotAProtocol {}
            """, """
            struct NotAProtocol {}
            """, diagnostics: [DiagnosticSpec(message: "@Traced applies to a protocol", line: 1, column: 1)])
        Self.expand("""
            @Traced(.view)
            protocol Q {}
            """, """
            protocol Q {}
            """, diagnostics: [DiagnosticSpec(message: "@Traced needs the protocol's role: .businessLogic, .presentationLogic, .displayLogic or .routingLogic", line: 1, column: 1)])
        Self.expand("""
            @Traced(.displayLogic)
            protocol G {
                associatedtype Model
                func display(viewModel: Model)
            }
            """, """
            protocol G {
                associatedtype Model
                func display(viewModel: Model)
            }
            """, diagnostics: [DiagnosticSpec(message: "@Traced wraps methods and properties; record this requirement by hand", line: 3, column: 5)])
    }
}
