import Foundation

// The first Clean Swift templates, before completion handlers: the worker answers its Interactor through a delegate
// protocol the Interactor implements ('worker.output = self').

protocol HeroesWorkerInput {
    func fetchHeroes(request: Heroes.Fetch.Request)
}

protocol HeroesWorkerOutput: AnyObject {
    func heroesFetched(response: Heroes.Fetch.Response)
    func heroesFailed(message: String)
}

class HeroesWorker: HeroesWorkerInput {
    weak var output: HeroesWorkerOutput?

    func fetchHeroes(request: Heroes.Fetch.Request) {
        output?.heroesFetched(response: Heroes.Fetch.Response(names: []))
    }
}
