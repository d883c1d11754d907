import UIKit

protocol MovieDetailViewToPresenterProtocol: AnyObject {
    func viewWillAppear()
    func closeTapped()
}

protocol MovieDetailPresenterToViewProtocol: AnyObject {
    func showTitle(_ title: String)
}

protocol MovieDetailPresenterToInteractorProtocol: AnyObject {
    func loadMovie()
}

protocol MovieDetailInteractorToPresenterProtocol: AnyObject {
    func movieLoaded(title: String)
}

protocol MovieDetailPresenterToRouterProtocol: AnyObject {
    func dismiss(from view: MovieDetailPresenterToViewProtocol)
}

final class MovieDetailViewController: UIViewController, MovieDetailPresenterToViewProtocol {
    var presenter: MovieDetailViewToPresenterProtocol?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        presenter?.viewWillAppear()
    }

    @objc func close() { presenter?.closeTapped() }

    func showTitle(_ title: String) { self.title = title }
}

final class MovieDetailPresenter: MovieDetailViewToPresenterProtocol, MovieDetailInteractorToPresenterProtocol {
    weak var view: MovieDetailPresenterToViewProtocol?
    var interactor: MovieDetailPresenterToInteractorProtocol?
    var router: MovieDetailPresenterToRouterProtocol?

    func viewWillAppear() { interactor?.loadMovie() }

    func closeTapped() {
        guard let view = view else { return }
        router?.dismiss(from: view)
    }

    func movieLoaded(title: String) { view?.showTitle(title) }
}

final class MovieDetailInteractor: MovieDetailPresenterToInteractorProtocol {
    // Held strongly while the Presenter holds the Interactor: a retain cycle.
    var presenter: MovieDetailInteractorToPresenterProtocol?
    var movieID: Int = 0

    func loadMovie() {
        MovieAPI.shared.movie(id: movieID) { [weak self] result in
            if case .success(let movie) = result { self?.presenter?.movieLoaded(title: movie.title) }
        }
    }
}

final class MovieDetailRouter: MovieDetailPresenterToRouterProtocol {
    static func createModule(movieID: Int) -> UIViewController {
        let view = MovieDetailViewController()
        let presenter = MovieDetailPresenter()
        let interactor = MovieDetailInteractor()
        interactor.movieID = movieID
        view.presenter = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = MovieDetailRouter()
        interactor.presenter = presenter
        return view
    }

    func dismiss(from view: MovieDetailPresenterToViewProtocol) {
        (view as? UIViewController)?.navigationController?.popViewController(animated: true)
    }
}
