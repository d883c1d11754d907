import UIKit

protocol WalletRouterProtocol: AnyObject {}

final class WalletRouter: WalletRouterProtocol {
    weak var viewController: UIViewController?

    static func createModule() -> UIViewController {
        let view = WalletViewController()
        let presenter = WalletPresenter()
        let interactor = WalletInteractor(service: CardService())
        let router = WalletRouter()
        view.presenter = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.presenter = presenter
        router.viewController = view
        return view
    }
}
