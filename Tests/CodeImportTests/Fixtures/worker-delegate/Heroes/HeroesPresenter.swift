import Foundation

protocol HeroesPresenterInput {
    func presentHeroes(response: Heroes.Fetch.Response)
    func presentError(message: String)
}

protocol HeroesPresenterOutput: AnyObject {
    func displayHeroes(viewModel: Heroes.Fetch.ViewModel)
}

class HeroesPresenter: HeroesPresenterInput {
    weak var output: HeroesPresenterOutput!

    func presentHeroes(response: Heroes.Fetch.Response) {
        output.displayHeroes(viewModel: Heroes.Fetch.ViewModel(rows: response.names, error: nil))
    }

    func presentError(message: String) {
        output.displayHeroes(viewModel: Heroes.Fetch.ViewModel(rows: [], error: message))
    }
}
