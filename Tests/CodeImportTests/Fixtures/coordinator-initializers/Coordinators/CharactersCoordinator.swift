import UIKit

final class CharactersCoordinator: CharactersNavigationProtocol {
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let presenter = CharactersPresenter()
        let interactor = CharactersInteractor(presenter: presenter, worker: CharactersWorker(), coordinator: self)
        let viewController = CharactersViewController(interactor: interactor)
        presenter.viewController = viewController
        navigationController.pushViewController(viewController, animated: false)
    }

    func showDetail(for character: Character, isFavorite: Bool) {
        let presenter = DetailPresenter()
        let interactor = DetailInteractor(presenter: presenter, andCharacter: character, isFavorite: isFavorite)
        let viewController = DetailViewController(interactor: interactor)
        presenter.viewController = viewController
        navigationController.pushViewController(viewController, animated: true)
    }
}
