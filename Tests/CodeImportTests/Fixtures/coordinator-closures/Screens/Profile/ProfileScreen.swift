import UIKit

enum ProfileModels {
    struct Response {
        let name: String
    }
    struct ViewModel {
        let title: String
    }
}

protocol ProfileBusinessLogic {
    func load()
}

final class ProfileInteractor: ProfileBusinessLogic {
    private let presenter: ProfilePresentationLogic
    private let contact: Contact

    init(presenter: ProfilePresentationLogic, contact: Contact) {
        self.presenter = presenter
        self.contact = contact
    }

    func load() {
        presenter.presentProfile(response: ProfileModels.Response(name: contact.name))
    }
}

protocol ProfilePresentationLogic {
    func presentProfile(response: ProfileModels.Response)
}

final class ProfilePresenter: ProfilePresentationLogic {
    weak var view: ProfileDisplayLogic?

    func presentProfile(response: ProfileModels.Response) {
        view?.displayProfile(viewModel: ProfileModels.ViewModel(title: "Hello, \(response.name)"))
    }
}

protocol ProfileDisplayLogic: AnyObject {
    func displayProfile(viewModel: ProfileModels.ViewModel)
}

final class ProfileViewController: UIViewController, ProfileDisplayLogic {
    private let interactor: ProfileBusinessLogic

    init(interactor: ProfileBusinessLogic) {
        self.interactor = interactor
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor.load()
    }

    func displayProfile(viewModel: ProfileModels.ViewModel) {}
}

enum ProfileAssembly {
    static func build(contact: Contact) -> UIViewController {
        let presenter = ProfilePresenter()
        let interactor = ProfileInteractor(presenter: presenter, contact: contact)
        let view = ProfileViewController(interactor: interactor)
        presenter.view = view
        return view
    }
}
