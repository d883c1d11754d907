import UIKit

protocol ListsViewProtocol: AnyObject {
    func show(lists: [String])
}

protocol ListsPresenterProtocol: AnyObject {
    func viewDidLoad()
}

protocol ListsInteractorProtocol: AnyObject {
    func loadLists()
}

protocol ListsInteractorOutputProtocol: AnyObject {
    func listsLoaded(_ lists: [String])
}

final class ListsViewController: UIViewController, ListsViewProtocol {
    var presenter: ListsPresenterProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter?.viewDidLoad()
    }

    func show(lists: [String]) {}
}

final class ListsPresenter: ListsPresenterProtocol, ListsInteractorOutputProtocol {
    weak var view: ListsViewProtocol?
    var interactor: ListsInteractorProtocol?

    func viewDidLoad() {
        interactor?.loadLists()
    }

    func listsLoaded(_ lists: [String]) {
        view?.show(lists: lists)
    }
}

final class ListsInteractor: ListsInteractorProtocol {
    weak var output: ListsInteractorOutputProtocol?
    var service: ListsService?

    func loadLists() {
        service?.fetchLists { [weak self] lists in
            self?.output?.listsLoaded(lists)
        }
    }
}

final class ListsRouter {
    static func createModule() -> UIViewController {
        let view = ListsViewController()
        let presenter = ListsPresenter()
        let interactor = ListsInteractor()
        interactor.service = ListsService()
        view.presenter = presenter
        presenter.view = view
        presenter.interactor = interactor
        interactor.output = presenter
        return view
    }
}
