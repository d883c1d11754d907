import UIKit

// A scene with a View and a Router only.

protocol WelcomeRoutingLogic {
    func navigateToNews()
}

final class WelcomeRouter: WelcomeRoutingLogic {
    weak var viewController: UIViewController?

    func navigateToNews() {
        let news = NewsViewController()
        viewController?.navigationController?.pushViewController(news, animated: true)
    }
}

final class WelcomeViewController: UIViewController {
    var router: WelcomeRoutingLogic?

    @IBAction func startTapped() {
        router?.navigateToNews()
    }
}
