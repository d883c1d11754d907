import UIKit

protocol FilmsViewProtocol: AnyObject {
    func reloadFilms()
}

protocol FilmsPresenterProtocol: AnyObject {
    func viewDidLoad()
    func didSelectFilm(at index: Int)
}

protocol FilmsInteractorProtocol: AnyObject {
    func fetchFilms()
}

protocol FilmsInteractorOutputProtocol: AnyObject {
    func filmsFetched(_ films: [Film])
}

protocol FilmsRouterProtocol: AnyObject {
    func navigateToSheet(title: String)
}

final class FilmsViewController: UIViewController, FilmsViewProtocol {
    var presenter: FilmsPresenterProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter?.viewDidLoad()
    }

    func reloadFilms() {}
}

final class FilmsPresenter: FilmsPresenterProtocol {
    weak var view: FilmsViewProtocol?
    var interactor: FilmsInteractorProtocol?
    var router: FilmsRouterProtocol?
    private var films: [Film] = []

    func viewDidLoad() {
        interactor?.fetchFilms()
    }

    func didSelectFilm(at index: Int) {
        router?.navigateToSheet(title: films[index].title)
    }
}

extension FilmsPresenter: FilmsInteractorOutputProtocol {
    func filmsFetched(_ films: [Film]) {
        self.films = films
        view?.reloadFilms()
    }
}

final class FilmsInteractor: FilmsInteractorProtocol {
    weak var output: FilmsInteractorOutputProtocol?
    private let service = FilmsService()

    func fetchFilms() {
        service.fetchFilms(page: 1) { [weak self] result in
            if case .success(let films) = result {
                self?.output?.filmsFetched(films)
            }
        }
    }
}

final class FilmsRouter: FilmsRouterProtocol {
    weak var viewController: UIViewController?

    static func createModule() -> UIViewController {
        let view = FilmsViewController()
        let presenter = FilmsPresenter()
        let interactor = FilmsInteractor()
        let router = FilmsRouter()
        view.presenter = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.output = presenter
        router.viewController = view
        return view
    }

    func navigateToSheet(title: String) {
        let sheet = SheetViewController()
        sheet.heading = title
        viewController?.present(sheet, animated: true)
    }
}
