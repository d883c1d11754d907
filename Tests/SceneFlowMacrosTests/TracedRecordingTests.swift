import SceneFlowTracing
import Testing

// A scene written by hand, as an app writes it; `@Traced` on its protocols is all the recording it needs.
enum Greet {
    struct Request: TraceValueConvertible {
        var name: String
        var traceValue: Value { .record(Record(traced: [("name", name)])) }
    }
    struct Response: TraceValueConvertible {
        var name: String
        var traceValue: Value { .record(Record(traced: [("name", name)])) }
    }
    struct ViewModel: TraceValueConvertible {
        var greeting: String
        var traceValue: Value { .record(Record(traced: [("greeting", greeting)])) }
    }
}

@Traced(.businessLogic)
protocol GreetBusinessLogic {
    func greet(request: Greet.Request)
}

@Traced(.presentationLogic)
protocol GreetPresentationLogic {
    func presentGreet(response: Greet.Response)
}

@Traced(.displayLogic)
protocol GreetDisplayLogic: AnyObject {
    func displayGreet(viewModel: Greet.ViewModel)
}

@Traced(.routingLogic)
protocol GreetRoutingLogic {
    func routeToHome() -> Bool
}

final class GreetInteractor: GreetBusinessLogic {
    var presenter: GreetPresentationLogic?
    func greet(request: Greet.Request) { presenter?.presentGreet(response: Greet.Response(name: request.name)) }
}

final class GreetPresenter: GreetPresentationLogic {
    weak var viewController: GreetDisplayLogic?
    func presentGreet(response: Greet.Response) {
        viewController?.displayGreet(viewModel: Greet.ViewModel(greeting: "Hello, \(response.name)!"))
    }
}

final class GreetViewController: GreetDisplayLogic {
    var interactor: GreetBusinessLogic?
    var router: GreetRoutingLogic?
    /// The View's DisplayLogic as the Presenter sees it when recording: the View keeps it, the Presenter holds it weakly.
    var display: GreetDisplayLogic?
    var shown = ""
    func displayGreet(viewModel: Greet.ViewModel) {
        shown = viewModel.greeting
        _ = router?.routeToHome()
    }
}

final class GreetRouter: GreetRoutingLogic {
    func routeToHome() -> Bool { true }
}

@Suite("@Traced in an app")
struct TracedRecordingTests {
    /// A recorder keeping its trace in memory, begun, with the Greet scene's View, Interactor and Presenter.
    static func greetScene() throws -> (TraceRecorder, Recorder, view: Participant, interactor: Participant, presenter: Participant) {
        let memory = TraceRecorder()
        let recorder = Recorder(memory: memory)
        try recorder.begin(scenario: "Greet", file: "Greet.yml", pattern: "clean-swift", start: "Greet")
        return (memory, recorder, recorder.participant(.view, "GreetViewController", scene: "Greet", instance: 1),
                recorder.participant(.interactor, "GreetInteractor", scene: "Greet", instance: 1),
                recorder.participant(.presenter, "GreetPresenter", scene: "Greet", instance: 1))
    }

    @Test("the wrappers record the V→I→P→V cycle and the route, each caused by the one before, and the app works as before; the View's wrapper holds it weakly")
    func recordsTheCycle() throws {
        let (memory, recorder, view, interactor, presenter) = try Self.greetScene()
        let router = recorder.participant(.router, "GreetRouter", scene: "Greet", instance: 1)
        // The wiring, as a Configurator does it, with a tracing wrapper in each connection.
        let viewController = GreetViewController()
        let greetInteractor = GreetInteractor()
        let greetPresenter = GreetPresenter()
        viewController.interactor = TracingGreetBusinessLogic(greetInteractor, from: view, to: interactor, recorder: recorder)
        viewController.router = TracingGreetRoutingLogic(GreetRouter(), from: view, to: router, recorder: recorder)
        greetInteractor.presenter = TracingGreetPresentationLogic(greetPresenter, from: interactor, to: presenter, recorder: recorder)
        viewController.display = TracingGreetDisplayLogic(viewController, from: presenter, to: view, recorder: recorder)
        greetPresenter.viewController = viewController.display

        viewController.interactor?.greet(request: Greet.Request(name: "Ann"))
        try recorder.finish()

        #expect(viewController.shown == "Hello, Ann!")
        // No cycle: the View goes when the app lets it go, its wrapper left empty.
        weak let gone = viewController
        let wrapper = viewController.display as? TracingGreetDisplayLogic
        _ = consume viewController
        #expect(gone == nil)
        #expect(wrapper?.wrapped == nil)
        let lines = String(decoding: TraceEncoder.encode(try #require(memory.trace)), as: UTF8.self).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("{\"seq\"") } == [
            #"{"seq":1,"t":0,"kind":"request","from":3,"to":4,"useCase":"Greet","protocol":"GreetBusinessLogic","method":"greet(request:)","type":"Greet.Request","payload":{"name":"Ann"}}"#,
            #"{"seq":2,"parent":1,"t":0,"kind":"response","from":4,"to":5,"useCase":"Greet","protocol":"GreetPresentationLogic","method":"presentGreet(response:)","type":"Greet.Response","payload":{"name":"Ann"}}"#,
            #"{"seq":3,"parent":2,"t":0,"kind":"display","from":5,"to":3,"useCase":"Greet","protocol":"GreetDisplayLogic","method":"displayGreet(viewModel:)","type":"Greet.ViewModel","payload":{"greeting":"Hello, Ann!"}}"#,
            #"{"seq":4,"parent":3,"t":0,"kind":"route","from":3,"to":6,"route":"toHome","protocol":"GreetRoutingLogic","method":"routeToHome()"}"#,
        ])
    }

    @Test("after continueAfter, what is recorded is caused by the given message until the send it happens in ends, then by what caused that send again")
    func continueAfterLastsUntilTheSendEnds() throws {
        let (memory, recorder, view, interactor, presenter) = try Self.greetScene()
        let worker = recorder.participant(.worker, "AuthWorker", scene: "Greet", instance: 1)
        recorder.send(.request(useCase: "Greet", Invocation(method: "greet(request:)")), from: view, to: interactor) {
            let failed = recorder.note(.workerError(WorkerAnswer(operation: "login", invocation: Invocation(method: "login()"), answer: .unknown, latency: 0),
                                                    error: "Offline"), from: worker, to: interactor)
            recorder.continueAfter(failed)
            recorder.note(.response(useCase: "Greet", output: nil, Invocation(method: "presentGreet(response:)")), from: interactor, to: presenter)
        }
        recorder.note(.response(useCase: "Greet", output: nil, Invocation(method: "presentGreet(response:)")), from: interactor, to: presenter)
        try recorder.finish()
        let parents = try #require(memory.trace).events.map(\.parent)
        #expect(parents == [nil, 1, 2, nil])
    }
}
