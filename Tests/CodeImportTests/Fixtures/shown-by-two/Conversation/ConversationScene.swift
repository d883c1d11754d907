import UIKit

enum Conversation {
    enum Close {
        struct Request {}
        struct Response {}
        struct ViewModel {}
    }

    enum Delete {
        struct Request {}
        struct Response {}
        struct ViewModel { var title: String }
    }
}

protocol ConversationBusinessLogic {
    func close(request: Conversation.Close.Request)
    func delete(request: Conversation.Delete.Request)
}

protocol ConversationDataStore {
    var messageID: String { get set }
}

final class ConversationInteractor: ConversationBusinessLogic, ConversationDataStore {
    var presenter: ConversationPresentationLogic?
    var messageID = ""

    func close(request: Conversation.Close.Request) {
        presenter?.presentClose(response: Conversation.Close.Response())
    }

    func delete(request: Conversation.Delete.Request) {
        presenter?.presentDelete(response: Conversation.Delete.Response())
    }
}

protocol ConversationPresentationLogic {
    func presentClose(response: Conversation.Close.Response)
    func presentDelete(response: Conversation.Delete.Response)
}

final class ConversationPresenter: ConversationPresentationLogic {
    weak var viewController: ConversationDisplayLogic?

    func presentClose(response: Conversation.Close.Response) {
        viewController?.displayClose(viewModel: Conversation.Close.ViewModel())
    }

    func presentDelete(response: Conversation.Delete.Response) {
        viewController?.displayDelete(viewModel: Conversation.Delete.ViewModel(title: "Deleted"))
    }
}

protocol ConversationDisplayLogic: AnyObject {
    func displayClose(viewModel: Conversation.Close.ViewModel)
    func displayDelete(viewModel: Conversation.Delete.ViewModel)
}

final class ConversationViewController: UIViewController, ConversationDisplayLogic {
    var interactor: ConversationBusinessLogic?
    var router: (ConversationRoutingLogic & ConversationDataPassing)?

    init() {
        super.init(nibName: nil, bundle: nil)
        let interactor = ConversationInteractor()
        let presenter = ConversationPresenter()
        let router = ConversationRouter()
        self.interactor = interactor
        self.router = router
        interactor.presenter = presenter
        presenter.viewController = self
        router.viewController = self
        router.dataStore = interactor
    }

    required init?(coder: NSCoder) { nil }

    @objc func doneTapped() {
        interactor?.close(request: Conversation.Close.Request())
    }

    func displayClose(viewModel: Conversation.Close.ViewModel) {
        router?.routeBack()
    }

    @objc func deleteTapped() {
        interactor?.delete(request: Conversation.Delete.Request())
    }

    // Goes back only when the user confirms: no view step of the answer.
    func displayDelete(viewModel: Conversation.Delete.ViewModel) {
        let alert = UIAlertController(title: viewModel.title, message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in
            self.router?.routeBack()
        })
        present(alert, animated: true)
    }
}

protocol ConversationRoutingLogic {
    func routeBack()
}

protocol ConversationDataPassing {
    var dataStore: ConversationDataStore? { get }
}

final class ConversationRouter: ConversationRoutingLogic, ConversationDataPassing {
    weak var viewController: ConversationViewController?
    var dataStore: ConversationDataStore?

    // Shown from the inbox (pushed) and from search (presented): back goes the way it came.
    func routeBack() {
        if viewController?.navigationController?.viewControllers.first === viewController {
            viewController?.dismiss(animated: true)
        } else {
            viewController?.navigationController?.popViewController(animated: true)
        }
    }
}
