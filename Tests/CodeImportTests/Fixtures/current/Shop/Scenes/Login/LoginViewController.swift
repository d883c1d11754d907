import UIKit

protocol LoginDisplayLogic: AnyObject {
  func displaySignIn(viewModel: Login.SignIn.ViewModel)
}

class LoginViewController: UIViewController, LoginDisplayLogic {
  var interactor: LoginBusinessLogic?
  var router: (NSObjectProtocol & LoginRoutingLogic & LoginDataPassing)?
  @IBOutlet var usernameField: UITextField!
  @IBOutlet var passwordField: UITextField!
  @IBOutlet var messageLabel: UILabel!

  // MARK: Setup

  override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    setup()
  }

  required init?(coder aDecoder: NSCoder) {
    super.init(coder: aDecoder)
    setup()
  }

  private func setup() {
    let viewController = self
    let interactor = LoginInteractor()
    let presenter = LoginPresenter()
    let router = LoginRouter()
    viewController.interactor = interactor
    viewController.router = router
    interactor.presenter = presenter
    presenter.viewController = viewController
    router.viewController = viewController
    router.dataStore = interactor
  }

  // MARK: Sign in

  @IBAction func signInTapped(_ sender: Any) {
    let request = Login.SignIn.Request(username: usernameField.text ?? "", password: passwordField.text ?? "")
    interactor?.signIn(request: request)
  }

  func displaySignIn(viewModel: Login.SignIn.ViewModel) {
    messageLabel.text = viewModel.message
    if viewModel.isSignedIn {
      router?.routeToHome(segue: nil)
    }
  }
}
