import UIKit

// An Assembly enum builds each screen; the Interactor routes through closures the Assembly points at the app's
// Coordinator; the Response is an enum whose cases carry the values; there is no Router and no DataStore protocol.

enum ContactsModels {
    struct Request {
        let query: String
    }
    enum Response {
        case loaded(contacts: [Contact])
        case failed(message: String)
        case empty
    }
    enum ViewModel {
        case rows(names: [String])
        case error(text: String)
    }
}

struct Contact {
    let id: Int
    let name: String
}

protocol ContactsBusinessLogic {
    func search(request: ContactsModels.Request)
    func openContact(id: Int)
    func routeBack()
}

final class ContactsInteractor: ContactsBusinessLogic {
    private let presenter: ContactsPresentationLogic
    private let worker: ContactsWorkerLogic
    private var contacts: [Contact] = []

    var onRouteToProfile: ((Contact) -> Void)?
    var onRouteBack: (() -> Void)?

    init(presenter: ContactsPresentationLogic, worker: ContactsWorkerLogic) {
        self.presenter = presenter
        self.worker = worker
    }

    func search(request: ContactsModels.Request) {
        worker.fetchContacts(matching: request.query) { [weak self] result in
            guard let self = self else { return }
            switch result {
            case .success(let found):
                self.contacts = found
                if found.isEmpty {
                    self.presenter.present(response: .empty)
                } else {
                    self.presenter.present(response: .loaded(contacts: found))
                }
            case .failure(let error):
                self.presenter.present(response: .failed(message: error.localizedDescription))
            }
        }
    }

    func openContact(id: Int) {
        guard let contact = contacts.first(where: { $0.id == id }) else { return }
        onRouteToProfile?(contact)
    }

    func routeBack() {
        onRouteBack?()
    }
}

protocol ContactsWorkerLogic {
    func fetchContacts(matching query: String, completion: @escaping (Result<[Contact], Error>) -> Void)
}

final class ContactsWorker: ContactsWorkerLogic {
    func fetchContacts(matching query: String, completion: @escaping (Result<[Contact], Error>) -> Void) {
        completion(.success([]))
    }
}

protocol ContactsPresentationLogic {
    func present(response: ContactsModels.Response)
}

final class ContactsPresenter: ContactsPresentationLogic {
    weak var view: ContactsDisplayLogic?

    func present(response: ContactsModels.Response) {
        switch response {
        case .loaded(let contacts):
            view?.display(viewModel: .rows(names: contacts.map(\.name)))
        case .failed(let message):
            view?.display(viewModel: .error(text: message))
        case .empty:
            view?.display(viewModel: .rows(names: []))
        }
    }
}

protocol ContactsDisplayLogic: AnyObject {
    func display(viewModel: ContactsModels.ViewModel)
}

final class ContactsViewController: UIViewController, ContactsDisplayLogic {
    private let interactor: ContactsBusinessLogic

    init(interactor: ContactsBusinessLogic) {
        self.interactor = interactor
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor.search(request: ContactsModels.Request(query: ""))
    }

    func didSelect(id: Int) {
        interactor.openContact(id: id)
    }

    @objc func backTapped() {
        interactor.routeBack()
    }

    func display(viewModel: ContactsModels.ViewModel) {}
}

enum ContactsAssembly {
    static func build(coordinator: AppCoordinator) -> UIViewController {
        let presenter = ContactsPresenter()
        let interactor = ContactsInteractor(presenter: presenter, worker: ContactsWorker())
        interactor.onRouteToProfile = { [weak coordinator] contact in
            coordinator?.showProfile(contact)
        }
        interactor.onRouteBack = { [weak coordinator] in
            coordinator?.popScreen()
        }
        let view = ContactsViewController(interactor: interactor)
        presenter.view = view
        return view
    }
}
