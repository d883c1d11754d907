import SwiftUI

// SwiftUI VIPER with one Interactor and one Router for the whole app: each screen sees them through a protocol of
// its own ('extension CoreInteractor: MoviesInteractor {}'); Presenters are @Observable and await the Interactor.

struct Movie: Identifiable {
    let id: Int
    let title: String
}

final class MovieService {
    func popular(page: Int) async throws -> [Movie] { [] }
    func movie(id: Int) async throws -> Movie { Movie(id: id, title: "") }
}

final class FavoritesStore {
    func add(_ movie: Movie) {}
}

struct CoreInteractor {
    let movieService: MovieService
    let favorites: FavoritesStore

    func loadPopular(page: Int) async throws -> [Movie] {
        try await movieService.popular(page: page)
    }

    func loadMovie(id: Int) async throws -> Movie {
        try await movieService.movie(id: id)
    }

    func addToFavorites(movie: Movie) {
        favorites.add(movie)
    }
}

@MainActor
struct CoreRouter {
    let router: AnyRouter

    func showMovieDetail(id: Int) {
        router.showScreen(.push) { router in
            MovieDetailView(presenter: MovieDetailPresenter(interactor: CoreInteractor(movieService: MovieService(), favorites: FavoritesStore()),
                                                            router: CoreRouter(router: router), movieId: id))
        }
    }

    func dismissScreen() {
        router.dismissScreen()
    }
}

struct AnyRouter {
    enum Style { case push, sheet }
    func showScreen<V: View>(_ style: Style, destination: @escaping (AnyRouter) -> V) {}
    func dismissScreen() {}
}
