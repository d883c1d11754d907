import UIKit

// A list of characters. Its parts are built by the coordinator with initializers; the Presenter tells its View the
// outcome through a state enum around the Response.

struct Character {
    var id: Int
    var name: String
}

enum CharactersModels {
    struct Request {
        var page: Int
    }
    struct Response {
        var characters: [Character]
        var page: Int
    }
    struct ViewModel {
        var names: [String]
    }
}

enum CharactersState {
    case loaded(CharactersModels.Response)
    case failed(String)
}

protocol CharactersInteractorProtocol {
    func fetchCharacters(_ request: CharactersModels.Request)
    func didSelectCharacter(at index: Int)
}

protocol CharactersPresenterProtocol {
    func present(_ state: CharactersState)
}

protocol CharactersViewProtocol: AnyObject {
    func displayCharacters(_ viewModel: CharactersModels.ViewModel)
    func displayError(_ message: String)
}

protocol CharactersNavigationProtocol: AnyObject {
    func showDetail(for character: Character, isFavorite: Bool)
}

protocol CharactersWorkerProtocol {
    func characters(page: Int, completion: @escaping ([Character]) -> Void)
}

final class CharactersWorker: CharactersWorkerProtocol {
    func characters(page: Int, completion: @escaping ([Character]) -> Void) {
        completion([])
    }
}

final class CharactersInteractor: CharactersInteractorProtocol {
    private let presenter: CharactersPresenterProtocol
    private let worker: CharactersWorkerProtocol
    private let coordinator: CharactersNavigationProtocol
    private var characters: [Character] = []

    init(presenter: CharactersPresenterProtocol, worker: CharactersWorkerProtocol, coordinator: CharactersNavigationProtocol) {
        self.presenter = presenter
        self.worker = worker
        self.coordinator = coordinator
    }

    func fetchCharacters(_ request: CharactersModels.Request) {
        worker.characters(page: request.page) { characters in
            self.characters = characters
            self.presenter.present(.loaded(CharactersModels.Response(characters: characters, page: request.page)))
        }
    }

    func didSelectCharacter(at index: Int) {
        coordinator.showDetail(for: characters[index], isFavorite: false)
    }
}

final class CharactersPresenter: CharactersPresenterProtocol {
    weak var viewController: CharactersViewProtocol?

    // Reaches the View through the weak reference above: it holds nothing itself.
    private var controller: CharactersViewProtocol? { viewController }

    func present(_ state: CharactersState) {
        switch state {
        case .loaded(let response):
            controller?.displayCharacters(CharactersModels.ViewModel(names: response.characters.map { $0.name }))
        case .failed(let message):
            controller?.displayError(message)
        }
    }
}

final class CharactersViewController: UIViewController, CharactersViewProtocol {
    private let interactor: CharactersInteractorProtocol

    init(interactor: CharactersInteractorProtocol) {
        self.interactor = interactor
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor.fetchCharacters(CharactersModels.Request(page: 1))
    }

    func didTapRow(_ row: Int) {
        interactor.didSelectCharacter(at: row)
    }

    func displayCharacters(_ viewModel: CharactersModels.ViewModel) {
        title = viewModel.names.first
    }

    func displayError(_ message: String) {
        title = message
    }
}
