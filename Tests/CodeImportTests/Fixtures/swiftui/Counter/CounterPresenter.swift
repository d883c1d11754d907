protocol CounterPresentationLogic {
    func presentIncrement(response: Counter.Increment.Response)
    func presentReset(response: Counter.Reset.Response)
}

final class CounterPresenter: CounterPresentationLogic {
    var view: CounterDisplayLogic?

    func presentIncrement(response: Counter.Increment.Response) {
        view?.displayIncrement(viewModel: .init())
    }

    func presentReset(response: Counter.Reset.Response) {
        view?.displayReset(viewModel: Counter.Reset.ViewModel(value: response.value))
    }
}
