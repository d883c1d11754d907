import UIKit

// Every protocol of the scene in one file, a worker protocol among them; the display protocol is not class-bound.

protocol LoginBusinessLogic {
    func verifyForm(request: Login.Request)
}

protocol LoginDataStore {
    var user: Account? { get set }
}

protocol LoginPresentationLogic {
    func presentLoader(_ isLoading: Bool)
    func presentErrorMessage(errorMessage: String)
    func userSigninSuccess(response: Login.Response)
}

protocol LoginDisplayLogic {
    func displayLoading(_ isLoading: Bool)
    func displayErrorMessage(errorMessage: String)
    func displayFeed()
}

protocol LoginRoutingLogic {
    func showFeed()
}

protocol LoginDataPassing {
    var dataStore: LoginDataStore? { get }
}

protocol LoginWorkerProtocol {
    func signIn(email: String, password: String, completion: @escaping (Account?, String?) -> Void)
}
