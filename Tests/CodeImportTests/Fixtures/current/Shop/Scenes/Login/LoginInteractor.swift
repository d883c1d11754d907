import UIKit

protocol LoginBusinessLogic {
  func signIn(request: Login.SignIn.Request)
}

protocol LoginDataStore {
  var user: User? { get set }
}

class LoginInteractor: LoginBusinessLogic, LoginDataStore {
  var presenter: LoginPresentationLogic?
  var authWorker = AuthWorker()
  var user: User?

  // MARK: Sign in

  func signIn(request: Login.SignIn.Request) {
    authWorker.signIn(username: request.username, password: request.password) { user in
      self.user = user
      let response = Login.SignIn.Response(user: user, error: user == nil ? "Wrong password" : nil)
      self.presenter?.presentSignIn(response: response)
    }
  }
}
