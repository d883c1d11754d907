import UIKit

protocol HomeDisplayLogic: AnyObject {
  func displayGreet(viewModel: Home.Greet.ViewModel)
}

class HomeViewController: UIViewController, HomeDisplayLogic {
  var interactor: HomeBusinessLogic?
  var router: (NSObjectProtocol & HomeRoutingLogic & HomeDataPassing)?
  @IBOutlet var greetingLabel: UILabel!

  override func viewDidLoad() {
    super.viewDidLoad()
    greet()
  }

  func greet() {
    interactor?.greet(request: Home.Greet.Request())
  }

  func displayGreet(viewModel: Home.Greet.ViewModel) {
    greetingLabel.text = viewModel.greeting
  }

  @IBAction func signOutTapped(_ sender: Any) {
    router?.routeToLogin(segue: nil)
  }
}
