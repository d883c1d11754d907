import Foundation

protocol HeroesInteractorInput {
    func fetchHeroes(request: Heroes.Fetch.Request)
    var selectedName: String? { get set }
}

protocol HeroesInteractorOutput {
    func presentHeroes(response: Heroes.Fetch.Response)
    func presentError(message: String)
}

class HeroesInteractor: HeroesInteractorInput {
    var output: HeroesInteractorOutput!
    var worker: HeroesWorker!
    var selectedName: String?

    func fetchHeroes(request: Heroes.Fetch.Request) {
        worker = HeroesWorker()
        worker.output = self
        worker.fetchHeroes(request: request)
    }
}

extension HeroesInteractor: HeroesWorkerOutput {
    func heroesFetched(response: Heroes.Fetch.Response) {
        output.presentHeroes(response: response)
    }

    func heroesFailed(message: String) {
        output.presentError(message: message)
    }
}
