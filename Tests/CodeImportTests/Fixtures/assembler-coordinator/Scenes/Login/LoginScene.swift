import UIKit

// I-prefixed protocols next to their classes; an Assembler builds the scene; workers come in through init; the
// Interactor reports the result to a Coordinator through a delegate.

enum LoginModel {
    struct Request {
        let login: String
        let password: String
    }
    enum Response {
        case success
        case failure(message: String)
    }
    struct ViewModel {
        let message: String
    }
}

protocol ILoginInteractor {
    func login(request: LoginModel.Request)
}

protocol ILoginDelegate: AnyObject {
    func didLogin()
}

final class LoginInteractor: ILoginInteractor {
    private let presenter: ILoginPresenter
    private let worker: ILoginWorker
    weak var delegate: ILoginDelegate?

    init(presenter: ILoginPresenter, worker: ILoginWorker) {
        self.presenter = presenter
        self.worker = worker
    }

    func login(request: LoginModel.Request) {
        let result = worker.login(login: request.login, password: request.password)
        switch result {
        case .success:
            presenter.present(response: .success)
            delegate?.didLogin()
        case .failure(let error):
            presenter.present(response: .failure(message: error.localizedDescription))
        }
    }
}

protocol ILoginWorker {
    func login(login: String, password: String) -> Result<Void, Error>
}

final class LoginWorker: ILoginWorker {
    func login(login: String, password: String) -> Result<Void, Error> { .success(()) }
}

protocol ILoginPresenter {
    func present(response: LoginModel.Response)
}

final class LoginPresenter: ILoginPresenter {
    private weak var viewController: ILoginViewController?

    init(viewController: ILoginViewController) {
        self.viewController = viewController
    }

    func present(response: LoginModel.Response) {
        switch response {
        case .success:
            viewController?.render(viewModel: LoginModel.ViewModel(message: "Welcome"))
        case .failure(let message):
            viewController?.render(viewModel: LoginModel.ViewModel(message: message))
        }
    }
}

protocol ILoginViewController: AnyObject {
    func render(viewModel: LoginModel.ViewModel)
}

final class LoginViewController: UIViewController, ILoginViewController {
    var interactor: ILoginInteractor?

    @objc func loginTapped() {
        interactor?.login(request: LoginModel.Request(login: "ann", password: "secret"))
    }

    func render(viewModel: LoginModel.ViewModel) {
        title = viewModel.message
    }
}

final class LoginAssembler {
    func assembly(delegate: ILoginDelegate) -> LoginViewController {
        let viewController = LoginViewController()
        let presenter = LoginPresenter(viewController: viewController)
        let interactor = LoginInteractor(presenter: presenter, worker: LoginWorker())
        interactor.delegate = delegate
        viewController.interactor = interactor
        return viewController
    }
}
