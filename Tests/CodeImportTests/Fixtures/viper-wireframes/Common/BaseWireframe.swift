import UIKit

/// Each module's Router is a Wireframe that builds its module as it is made.
class BaseWireframe {
    private unowned var _viewController: UIViewController
    private var temporaryStoredViewController: UIViewController?

    init(viewController: UIViewController) {
        temporaryStoredViewController = viewController
        _viewController = viewController
    }

    var viewController: UIViewController {
        defer { temporaryStoredViewController = nil }
        return _viewController
    }

    var navigationController: UINavigationController? {
        viewController.navigationController
    }
}

extension UINavigationController {
    func pushWireframe(_ wireframe: BaseWireframe, animated: Bool = true) {
        pushViewController(wireframe.viewController, animated: animated)
    }
}

/// A match as the API gives it (the app's own `Result`, not Swift's).
struct Result {
    var home: String
    var away: String
    var score: String
}

struct MatchList {
    var results: [Result]
}
