import UIKit

final class LoginRouter: NSObject, LoginRoutingLogic, LoginDataPassing {
    weak var viewController: LoginViewController?
    var dataStore: LoginDataStore?

    func showFeed() {
        let identifier = "FeedViewController"
        guard let feed = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: identifier) as? FeedViewController else { return }
        feed.router?.dataStore?.account = dataStore?.user
        feed.modalPresentationStyle = .fullScreen
        viewController?.navigationController?.pushViewController(feed, animated: true)
    }
}
