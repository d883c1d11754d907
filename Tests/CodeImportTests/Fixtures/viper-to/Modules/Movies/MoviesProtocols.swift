import UIKit

// View -> Presenter
protocol MoviesViewToPresenterProtocol: AnyObject {
    var view: MoviesPresenterToViewProtocol? { get set }
    var interactor: MoviesPresenterToInteractorProtocol? { get set }
    var router: MoviesPresenterToRouterProtocol? { get set }
    func viewDidLoad()
    func didSelectMovie(at index: Int)
}

// Presenter -> View
protocol MoviesPresenterToViewProtocol: AnyObject {
    func showMovies(_ titles: [String])
    func showError(_ message: String)
}

// Presenter -> Interactor
protocol MoviesPresenterToInteractorProtocol: AnyObject {
    var presenter: MoviesInteractorToPresenterProtocol? { get set }
    func fetchMovies(page: Int)
}

// Interactor -> Presenter
protocol MoviesInteractorToPresenterProtocol: AnyObject {
    func moviesFetched(_ movies: [Movie])
    func moviesFetchFailed(_ message: String)
}

// Presenter -> Router
protocol MoviesPresenterToRouterProtocol: AnyObject {
    static func createModule() -> UIViewController
    func pushToMovieDetail(on view: MoviesPresenterToViewProtocol, with movie: Movie)
}
