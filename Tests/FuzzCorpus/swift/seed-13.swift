import UIKit

protocol LoginPresentationLogic {
  func presentSignIn(response: Login.SignIn.Response)
}

class LoginPresenter: LoginPresentationLogic {
  weak var viewController: LoginDisplayLogic?

  func presentSignIn(response: Login.SignIn.Response) {
    let viewModel = Login.SignIn.ViewModel(message: response.error ?? "Welcome, \(response.user?.firstName ?? "")",
                                           isSignedIn: response.user != nil)
    viewController?.displaySignIn(viewModel: viewModel)
  }
}
