import UIKit

enum Inbox {
    enum LoadMessages {
        struct Request {}
        struct Response { var subjects: [String] }
        struct ViewModel { var rows: [String] }
    }
}

protocol InboxBusinessLogic {
    func loadMessages(request: Inbox.LoadMessages.Request)
}

protocol InboxDataStore {
    var subjects: [String] { get set }
}

protocol InboxPresentationLogic {
    func presentMessages(response: Inbox.LoadMessages.Response)
}

protocol InboxDisplayLogic: AnyObject {
    func displayMessages(viewModel: Inbox.LoadMessages.ViewModel)
}

@objc protocol InboxRoutingLogic {
    func routeToMessage()
    func routeToNotice()
    func routeToShare()
    func routeToCustom()
    func routeToCompose()
}

protocol InboxDataPassing {
    var dataStore: InboxDataStore? { get }
}

final class InboxWorker {
    func fetchSubjects() -> [String] { ["Hello"] }
}

class InboxInteractor: InboxBusinessLogic, InboxDataStore {
    var presenter: InboxPresentationLogic?
    var worker: InboxWorker?
    var subjects: [String] = []

    func loadMessages(request: Inbox.LoadMessages.Request) {
        worker = InboxWorker()
        subjects = worker?.fetchSubjects() ?? []
        let response = Inbox.LoadMessages.Response(subjects: subjects)
        presenter?.presentMessages(response: response)
    }
}

class InboxPresenter: InboxPresentationLogic {
    weak var viewController: InboxDisplayLogic?

    func presentMessages(response: Inbox.LoadMessages.Response) {
        let viewModel = Inbox.LoadMessages.ViewModel(rows: response.subjects)
        viewController?.displayMessages(viewModel: viewModel)
    }
}

class InboxRouter: NSObject, InboxRoutingLogic, InboxDataPassing {
    weak var viewController: InboxViewController?
    var dataStore: InboxDataStore?

    func routeToMessage() {
        let destination = MessageViewController()
        destination.router?.dataStore?.subject = dataStore?.subjects.first
        let navigation = UINavigationController(rootViewController: destination)
        navigation.modalPresentationStyle = .formSheet
        viewController?.present(navigation, animated: true)
    }

    func routeToNotice() {
        viewController?.present(NoticeViewController(), animated: true)
    }

    func routeToShare() {
        let share = ShareViewController()
        viewController?.present(share, animated: true)
    }

    func routeToCompose() {
        viewController?.present(ComposeViewController(), presentationStyle: .overFullScreen)
    }

    func routeToCustom() {
        let share = ShareViewController()
        share.modalPresentationStyle = .custom
        viewController?.present(share, animated: true)
    }
}

class InboxViewController: UIViewController, InboxDisplayLogic {
    var interactor: InboxBusinessLogic?
    var router: (NSObjectProtocol & InboxRoutingLogic & InboxDataPassing)?

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setup()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setup()
    }

    private func setup() {
        let viewController = self
        let interactor = InboxInteractor()
        let presenter = InboxPresenter()
        let router = InboxRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.loadMessages(request: Inbox.LoadMessages.Request())
    }

    func displayMessages(viewModel: Inbox.LoadMessages.ViewModel) {}

    @objc func openFirst() { router?.routeToMessage() }
    @objc func openNotice() { router?.routeToNotice() }
    @objc func openShare() { router?.routeToShare() }
}
