import UIKit

// One character: what it shows arrives through its Interactor's initializer, under other names.

enum DetailModels {
    struct Request {}
    struct Response {
        var character: Character
        var isFavorite: Bool
    }
    struct ViewModel {
        var title: String
    }
}

protocol DetailInteractorProtocol {
    func loadDetail(_ request: DetailModels.Request)
}

protocol DetailPresenterProtocol {
    func presentDetail(_ response: DetailModels.Response)
}

protocol DetailViewProtocol: AnyObject {
    func displayDetail(_ viewModel: DetailModels.ViewModel)
}

final class DetailInteractor: DetailInteractorProtocol {
    private let presenter: DetailPresenterProtocol
    private let selected: Character
    private var isFavorite: Bool

    init(presenter: DetailPresenterProtocol, andCharacter character: Character, isFavorite: Bool) {
        self.presenter = presenter
        self.selected = character
        self.isFavorite = isFavorite
    }

    func loadDetail(_ request: DetailModels.Request) {
        presenter.presentDetail(DetailModels.Response(character: selected, isFavorite: isFavorite))
    }
}

final class DetailPresenter: DetailPresenterProtocol {
    weak var viewController: DetailViewProtocol?

    func presentDetail(_ response: DetailModels.Response) {
        viewController?.displayDetail(DetailModels.ViewModel(title: response.character.name))
    }
}

final class DetailViewController: UIViewController, DetailViewProtocol {
    private let interactor: DetailInteractorProtocol

    init(interactor: DetailInteractorProtocol) {
        self.interactor = interactor
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor.loadDetail(DetailModels.Request())
    }

    func displayDetail(_ viewModel: DetailModels.ViewModel) {
        title = viewModel.title
    }
}
