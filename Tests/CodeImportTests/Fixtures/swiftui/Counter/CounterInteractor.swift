protocol CounterBusinessLogic {
    func increment(request: Counter.Increment.Request)
    func reset(request: Counter.Reset.Request)
}

final class CounterInteractor: CounterBusinessLogic {
    var presenter: CounterPresentationLogic?

    func increment(request: Counter.Increment.Request) {
        presenter?.presentIncrement(response: .init())
    }

    func reset(request: Counter.Reset.Request) {
        presenter?.presentReset(response: Counter.Reset.Response(value: request.to))
    }
}
