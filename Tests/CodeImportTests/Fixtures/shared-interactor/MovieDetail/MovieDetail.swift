import SwiftUI

@MainActor
protocol MovieDetailInteractor {
    func loadMovie(id: Int) async throws -> Movie
    func addToFavorites(movie: Movie)
}

extension CoreInteractor: MovieDetailInteractor {}

@MainActor
protocol MovieDetailRouter {
    func dismissScreen()
}

extension CoreRouter: MovieDetailRouter {}

@Observable
@MainActor
final class MovieDetailPresenter {
    private let interactor: MovieDetailInteractor
    private let router: MovieDetailRouter
    let movieId: Int
    private(set) var movie: Movie?

    init(interactor: MovieDetailInteractor, router: MovieDetailRouter, movieId: Int) {
        self.interactor = interactor
        self.router = router
        self.movieId = movieId
    }

    func onAppear() async {
        movie = try? await interactor.loadMovie(id: movieId)
    }

    func onFavoritePressed() {
        guard let movie else { return }
        interactor.addToFavorites(movie: movie)
        router.dismissScreen()
    }
}

struct MovieDetailView: View {
    @State var presenter: MovieDetailPresenter

    var body: some View {
        VStack {
            Text(presenter.movie?.title ?? "")
            Button("Favorite") { presenter.onFavoritePressed() }
        }
        .task { await presenter.onAppear() }
    }
}
