import UIKit

struct Movie: Decodable {
    var id: Int
    var title: String
}

final class MoviesViewController: UIViewController, MoviesPresenterToViewProtocol {
    var presenter: MoviesViewToPresenterProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter?.viewDidLoad()
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        presenter?.didSelectMovie(at: indexPath.row)
    }

    func showMovies(_ titles: [String]) { title = titles.first }
    func showError(_ message: String) { title = message }
}

final class MoviesPresenter: MoviesViewToPresenterProtocol {
    var view: MoviesPresenterToViewProtocol?
    var interactor: MoviesPresenterToInteractorProtocol?
    var router: MoviesPresenterToRouterProtocol?
    private var movies: [Movie] = []

    func viewDidLoad() {
        interactor?.fetchMovies(page: 1)
    }

    func didSelectMovie(at index: Int) {
        guard let view = view else { return }
        router?.pushToMovieDetail(on: view, with: movies[index])
    }
}

extension MoviesPresenter: MoviesInteractorToPresenterProtocol {
    func moviesFetched(_ movies: [Movie]) {
        self.movies = movies
        view?.showMovies(movies.map { $0.title })
    }

    func moviesFetchFailed(_ message: String) {
        view?.showError(message)
    }
}

final class MoviesInteractor: MoviesPresenterToInteractorProtocol {
    var presenter: MoviesInteractorToPresenterProtocol?

    func fetchMovies(page: Int) {
        MovieAPI.shared.movies(page: page) { result in
            switch result {
            case .success(let movies):
                self.presenter?.moviesFetched(movies)
            case .failure(let error):
                self.presenter?.moviesFetchFailed(error.localizedDescription)
            }
        }
    }
}

final class MoviesRouter: MoviesPresenterToRouterProtocol {
    static func createModule() -> UIViewController {
        let view = MoviesViewController()
        let presenter: MoviesViewToPresenterProtocol & MoviesInteractorToPresenterProtocol = MoviesPresenter()
        view.presenter = presenter
        view.presenter?.router = MoviesRouter()
        view.presenter?.view = view
        view.presenter?.interactor = MoviesInteractor()
        view.presenter?.interactor?.presenter = presenter
        return view
    }

    func pushToMovieDetail(on view: MoviesPresenterToViewProtocol, with movie: Movie) {
        let detail = MovieDetailRouter.createModule(movieID: movie.id)
        let controller = view as! MoviesViewController
        controller.navigationController?.pushViewController(detail, animated: true)
    }
}

final class MovieAPI {
    static let shared = MovieAPI()
    func movies(page: Int, completion: @escaping (Result<[Movie], Error>) -> Void) {}
    func movie(id: Int, completion: @escaping (Result<Movie, Error>) -> Void) {}
}
