import UIKit

enum Inbox {
    enum Open {
        struct Request { var index: Int }
        struct Response {}
        struct ViewModel {}
    }
}

protocol InboxBusinessLogic {
    func open(request: Inbox.Open.Request)
}

protocol InboxDataStore {
    var messageIDs: [String] { get set }
    var selectedID: String { get set }
}

final class InboxInteractor: InboxBusinessLogic, InboxDataStore {
    var presenter: InboxPresentationLogic?
    var messageIDs: [String] = []
    var selectedID = ""

    func open(request: Inbox.Open.Request) {
        selectedID = messageIDs[request.index]
        presenter?.presentOpen(response: Inbox.Open.Response())
    }
}

protocol InboxPresentationLogic {
    func presentOpen(response: Inbox.Open.Response)
}

final class InboxPresenter: InboxPresentationLogic {
    weak var viewController: InboxDisplayLogic?

    func presentOpen(response: Inbox.Open.Response) {
        viewController?.displayOpen(viewModel: Inbox.Open.ViewModel())
    }
}

protocol InboxDisplayLogic: AnyObject {
    func displayOpen(viewModel: Inbox.Open.ViewModel)
}

final class InboxViewController: UITableViewController, InboxDisplayLogic {
    var interactor: InboxBusinessLogic?
    var router: (InboxRoutingLogic & InboxDataPassing)?

    override func viewDidLoad() {
        super.viewDidLoad()
        let interactor = InboxInteractor()
        let presenter = InboxPresenter()
        let router = InboxRouter()
        self.interactor = interactor
        self.router = router
        interactor.presenter = presenter
        presenter.viewController = self
        router.viewController = self
        router.dataStore = interactor
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        interactor?.open(request: Inbox.Open.Request(index: indexPath.row))
    }

    @objc func searchTapped() {
        router?.routeToSearch()
    }

    func displayOpen(viewModel: Inbox.Open.ViewModel) {
        router?.routeToConversation()
    }
}

protocol InboxRoutingLogic {
    func routeToConversation()
    func routeToSearch()
}

protocol InboxDataPassing {
    var dataStore: InboxDataStore? { get }
}

final class InboxRouter: InboxRoutingLogic, InboxDataPassing {
    weak var viewController: InboxViewController?
    var dataStore: InboxDataStore?

    func routeToConversation() {
        let destinationVC = ConversationViewController()
        var destinationDS = destinationVC.router!.dataStore!
        destinationDS.messageID = dataStore!.selectedID
        viewController?.navigationController?.pushViewController(destinationVC, animated: true)
    }

    func routeToSearch() {
        viewController?.navigationController?.pushViewController(SearchViewController(), animated: true)
    }
}
