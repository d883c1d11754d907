import UIKit

protocol LaunchPresenterProtocol: AnyObject {
    func viewDidLoad()
}

protocol LaunchRouterProtocol: AnyObject {
    func navigateToTabs()
}

final class LaunchViewController: UIViewController {
    var presenter: LaunchPresenterProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter?.viewDidLoad()
    }
}

final class LaunchPresenter: LaunchPresenterProtocol {
    weak var view: LaunchViewController?
    var router: LaunchRouterProtocol?

    func viewDidLoad() {
        router?.navigateToTabs()
    }
}

final class LaunchRouter: LaunchRouterProtocol {
    weak var viewController: UIViewController?

    static func createModule() -> UIViewController {
        let view = LaunchViewController()
        let presenter = LaunchPresenter()
        let router = LaunchRouter()
        view.presenter = presenter
        presenter.view = view
        presenter.router = router
        router.viewController = view
        return view
    }

    func navigateToTabs() {
        let tabs = TabBarController()
        tabs.modalPresentationStyle = .fullScreen
        viewController?.present(tabs, animated: false)
    }
}
