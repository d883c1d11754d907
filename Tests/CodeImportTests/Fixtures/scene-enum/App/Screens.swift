import UIKit

/// Every screen the app shows, built where the enum switches on itself.
enum Screens {
    case feed
    case item(id: Int)
    case settings

    var viewController: UIViewController {
        switch self {
        case .feed:
            return FeedViewController()
        case let .item(id):
            let view = ItemViewController()
            view.inject(itemID: id)
            return view
        case .settings:
            // Built from a storyboard the code does not hold: only the case's name says which screen it is.
            return UIStoryboard(name: "Preferences", bundle: nil).instantiateInitialViewController()!
        }
    }
}
