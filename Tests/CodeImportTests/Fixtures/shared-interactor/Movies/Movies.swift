import SwiftUI

@MainActor
protocol MoviesInteractor {
    func loadPopular(page: Int) async throws -> [Movie]
}

extension CoreInteractor: MoviesInteractor {}

@MainActor
protocol MoviesRouter {
    func showMovieDetail(id: Int)
}

extension CoreRouter: MoviesRouter {}

@Observable
@MainActor
final class MoviesPresenter {
    private let interactor: MoviesInteractor
    private let router: MoviesRouter
    private(set) var movies: [Movie] = []
    var page = 1

    init(interactor: MoviesInteractor, router: MoviesRouter) {
        self.interactor = interactor
        self.router = router
    }

    func onAppear() async {
        do {
            movies = try await interactor.loadPopular(page: page)
        } catch {
            movies = []
        }
    }

    func onMoviePressed(id: Int) {
        router.showMovieDetail(id: id)
    }
}

struct MoviesView: View {
    @State var presenter: MoviesPresenter

    var body: some View {
        List(presenter.movies) { movie in
            Button(movie.title) { presenter.onMoviePressed(id: movie.id) }
        }
        .task { await presenter.onAppear() }
    }
}
