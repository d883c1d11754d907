import SwiftUI

protocol CounterDisplayLogic {
    func displayIncrement(viewModel: Counter.Increment.ViewModel)
    func displayReset(viewModel: Counter.Reset.ViewModel)
}

final class CounterDataStore: ObservableObject {
    @Published var count = 0
}

struct CounterView: View {
    var interactor: CounterBusinessLogic?
    @ObservedObject var dataStore = CounterDataStore()

    var body: some View {
        VStack {
            Text("\(dataStore.count)").font(.largeTitle)
            Button("add 1") {
                interactor?.increment(request: .init())
            }
            Button("reset") {
                interactor?.reset(request: .init(to: 0))
            }
        }
    }
}

extension CounterView: CounterDisplayLogic {
    func displayIncrement(viewModel: Counter.Increment.ViewModel) {
        dataStore.count += 1
    }

    func displayReset(viewModel: Counter.Reset.ViewModel) {
        dataStore.count = viewModel.value
    }
}

extension CounterView {
    func configureView() -> some View {
        var view = self
        let interactor = CounterInteractor()
        let presenter = CounterPresenter()
        view.interactor = interactor
        interactor.presenter = presenter
        presenter.view = view
        return view
    }
}
