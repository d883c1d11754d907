import UIKit

final class LoginViewController: UIViewController {
    var interactor: LoginBusinessLogic?
    var router: (LoginRoutingLogic & LoginDataPassing)?
    @IBOutlet weak var emailField: UITextField!
    @IBOutlet weak var passwordField: UITextField!

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        LoginConfiguration.shared.configure(self)
    }

    @IBAction func signInTapped(_ sender: Any) {
        interactor?.verifyForm(request: Login.Request(email: emailField.text, password: passwordField.text))
    }

    @IBAction func close(_ sender: Any) {
        dismiss(animated: true)
    }
}

extension LoginViewController: LoginDisplayLogic {
    func displayLoading(_ isLoading: Bool) {}

    func displayErrorMessage(errorMessage: String) {
        title = errorMessage
    }

    func displayFeed() {
        router?.showFeed()
    }
}
