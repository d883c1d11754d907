import Foundation

final class LoginPresenter: LoginPresentationLogic {
    var viewController: LoginDisplayLogic?

    func presentLoader(_ isLoading: Bool) {
        viewController?.displayLoading(isLoading)
    }

    func presentErrorMessage(errorMessage: String) {
        viewController?.displayErrorMessage(errorMessage: errorMessage)
    }

    func userSigninSuccess(response: Login.Response) {
        viewController?.displayFeed()
    }
}
