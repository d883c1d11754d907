import UIKit

protocol FeedBusinessLogic {
    func loadFeed()
}

protocol FeedDataStore {
    var account: Account? { get set }
}

protocol FeedPresentationLogic {
    func presentFeed(_ titles: [String])
}

protocol FeedDisplayLogic: AnyObject {
    func displayFeed(_ titles: [String])
}

protocol FeedRoutingLogic {}

final class FeedInteractor: FeedBusinessLogic, FeedDataStore {
    var presenter: FeedPresentationLogic?
    var account: Account?

    func loadFeed() {
        // A store reached as a singleton.
        let titles = FeedStore.shared.titles(for: account?.id ?? "")
        presenter?.presentFeed(titles)
    }
}

final class FeedStore {
    static let shared = FeedStore()
    func titles(for accountID: String) -> [String] { [] }
}

final class FeedPresenter: FeedPresentationLogic {
    weak var viewController: FeedDisplayLogic?
    func presentFeed(_ titles: [String]) {
        viewController?.displayFeed(titles)
    }
}

final class FeedRouter: NSObject, FeedRoutingLogic {
    weak var viewController: FeedViewController?
    var dataStore: FeedDataStore?
}

final class FeedViewController: UIViewController, FeedDisplayLogic {
    var interactor: FeedBusinessLogic?
    var router: FeedRouter?

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.loadFeed()
    }

    func displayFeed(_ titles: [String]) {
        title = titles.first
    }
}
