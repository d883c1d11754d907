import UIKit

enum Message {
    enum ShowMessage {
        struct Request {}
        struct Response { var body: String; var seen: String }
        struct ViewModel { var text: String }
    }
}

protocol MessageBusinessLogic {
    func showMessage(request: Message.ShowMessage.Request)
}

protocol MessageDataStore {
    var subject: String? { get set }
}

protocol MessagePresentationLogic {
    func presentMessage(response: Message.ShowMessage.Response)
}

protocol MessageDisplayLogic: AnyObject {
    func displayMessage(viewModel: Message.ShowMessage.ViewModel)
}

protocol MessageDataPassing {
    var dataStore: MessageDataStore? { get }
}

protocol MessageWorkerLogic {
    func body(of subject: String) -> String
    func lastSeen(of subject: String) -> String?
}

final class MessageWorker: MessageWorkerLogic {
    func body(of subject: String) -> String { subject }
    func lastSeen(of subject: String) -> String? { nil }
}

class MessageInteractor: MessageBusinessLogic, MessageDataStore {
    var presenter: MessagePresentationLogic?
    var worker: MessageWorkerLogic?
    var subject: String?

    func showMessage(request: Message.ShowMessage.Request) {
        let body = worker?.body(of: subject ?? "") ?? ""
        let seen = worker?.lastSeen(of: subject ?? "") ?? "never"
        presenter?.presentMessage(response: Message.ShowMessage.Response(body: body, seen: seen))
    }
}

class MessagePresenter: MessagePresentationLogic {
    weak var viewController: MessageDisplayLogic?

    func presentMessage(response: Message.ShowMessage.Response) {
        viewController?.displayMessage(viewModel: Message.ShowMessage.ViewModel(text: response.body))
    }
}

class MessageRouter: NSObject, MessageDataPassing {
    weak var viewController: MessageViewController?
    var dataStore: MessageDataStore?
}

enum MessageConfigurator {
    static func configure(_ viewController: MessageViewController) {
        let interactor = MessageInteractor()
        let presenter = MessagePresenter()
        let router = MessageRouter()
        interactor.worker = MessageWorker()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
    }
}

class MessageViewController: UIViewController, MessageDisplayLogic {
    var interactor: MessageBusinessLogic?
    var router: (NSObjectProtocol & MessageDataPassing)?

    init() {
        super.init(nibName: nil, bundle: nil)
        MessageConfigurator.configure(self)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.showMessage(request: Message.ShowMessage.Request())
    }

    func displayMessage(viewModel: Message.ShowMessage.ViewModel) {}
}
