import UIKit

enum Search {
    enum Pick {
        struct Request { var id: String }
        struct Response { var id: String }
        struct ViewModel { var id: String }
    }
}

protocol SearchBusinessLogic {
    func pick(request: Search.Pick.Request)
}

protocol SearchDataStore {
    var pickedID: String { get set }
}

final class SearchInteractor: SearchBusinessLogic, SearchDataStore {
    var presenter: SearchPresentationLogic?
    var pickedID = ""

    func pick(request: Search.Pick.Request) {
        pickedID = request.id
        presenter?.presentPick(response: Search.Pick.Response(id: request.id))
    }
}

protocol SearchPresentationLogic {
    func presentPick(response: Search.Pick.Response)
}

final class SearchPresenter: SearchPresentationLogic {
    weak var viewController: SearchDisplayLogic?

    func presentPick(response: Search.Pick.Response) {
        viewController?.displayPick(viewModel: Search.Pick.ViewModel(id: response.id))
    }
}

protocol SearchDisplayLogic: AnyObject {
    func displayPick(viewModel: Search.Pick.ViewModel)
}

final class SearchViewController: UIViewController, SearchDisplayLogic {
    var interactor: SearchBusinessLogic?
    var router: (SearchRoutingLogic & SearchDataPassing)?

    override func viewDidLoad() {
        super.viewDidLoad()
        let interactor = SearchInteractor()
        let presenter = SearchPresenter()
        let router = SearchRouter()
        self.interactor = interactor
        self.router = router
        interactor.presenter = presenter
        presenter.viewController = self
        router.viewController = self
        router.dataStore = interactor
    }

    func resultTapped(id: String) {
        interactor?.pick(request: Search.Pick.Request(id: id))
    }

    func displayPick(viewModel: Search.Pick.ViewModel) {
        router?.routeToConversation(id: viewModel.id)
    }
}

protocol SearchRoutingLogic {
    func routeToConversation(id: String)
}

protocol SearchDataPassing {
    var dataStore: SearchDataStore? { get }
}

final class SearchRouter: SearchRoutingLogic, SearchDataPassing {
    weak var viewController: SearchViewController?
    var dataStore: SearchDataStore?

    // The selection comes with the call, not through the DataStore.
    func routeToConversation(id: String) {
        let destinationVC = ConversationViewController()
        var destinationDS = destinationVC.router!.dataStore!
        destinationDS.messageID = id
        viewController?.present(UINavigationController(rootViewController: destinationVC), animated: true)
    }
}
