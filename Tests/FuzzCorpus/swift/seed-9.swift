import UIKit

@objc protocol HomeRoutingLogic {
  func routeToLogin(segue: UIStoryboardSegue?)
}

protocol HomeDataPassing {
  var dataStore: HomeDataStore? { get }
}

class HomeRouter: NSObject, HomeRoutingLogic, HomeDataPassing {
  weak var viewController: HomeViewController?
  var dataStore: HomeDataStore?

  func routeToLogin(segue: UIStoryboardSegue?) {
    let destinationVC = viewController!.presentingViewController as! LoginViewController
    navigateToLogin(source: viewController!, destination: destinationVC)
  }

  func navigateToLogin(source: HomeViewController, destination: LoginViewController) {
    source.dismiss(animated: true, completion: nil)
  }
}
