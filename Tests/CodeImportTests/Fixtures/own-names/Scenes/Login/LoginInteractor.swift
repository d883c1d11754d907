import Foundation

final class LoginInteractor: LoginDataStore {
    var presenter: LoginPresentationLogic?
    var user: Account?
    private let worker: LoginWorkerProtocol?

    init(worker: LoginWorkerProtocol? = LoginWorker()) {
        self.worker = worker
    }
}

extension LoginInteractor: LoginBusinessLogic {
    func verifyForm(request: Login.Request) {
        presenter?.presentLoader(true)
        guard let email = request.email, let password = request.password else {
            presenter?.presentErrorMessage(errorMessage: "Enter your email and password")
            return
        }
        signIn(email: email, password: password)
    }

    private func signIn(email: String, password: String) {
        worker?.signIn(email: email, password: password) { [weak self] user, errorMessage in
            guard let weakSelf = self else { return }
            weakSelf.presenter?.presentLoader(false)
            if let errorMessage = errorMessage {
                weakSelf.presenter?.presentErrorMessage(errorMessage: errorMessage)
            } else {
                weakSelf.user = user
                weakSelf.presenter?.userSigninSuccess(response: Login.Response(user: user))
            }
        }
    }
}
