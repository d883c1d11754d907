import UIKit

extension HeroesViewController: HeroesPresenterOutput {}
extension HeroesInteractor: HeroesViewControllerOutput {}
extension HeroesPresenter: HeroesInteractorOutput {}

class HeroesConfigurator {
    static let sharedInstance = HeroesConfigurator()

    func configure(viewController: HeroesViewController) {
        let router = HeroesRouter()
        router.viewController = viewController
        let presenter = HeroesPresenter()
        presenter.output = viewController
        let interactor = HeroesInteractor()
        interactor.output = presenter
        viewController.output = interactor
        viewController.router = router
    }
}
