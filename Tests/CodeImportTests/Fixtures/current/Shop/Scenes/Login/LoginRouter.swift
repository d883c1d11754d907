import UIKit

@objc protocol LoginRoutingLogic {
  func routeToHome(segue: UIStoryboardSegue?)
}

protocol LoginDataPassing {
  var dataStore: LoginDataStore? { get }
}

class LoginRouter: NSObject, LoginRoutingLogic, LoginDataPassing {
  weak var viewController: LoginViewController?
  var dataStore: LoginDataStore?

  // MARK: Routing

  func routeToHome(segue: UIStoryboardSegue?) {
    let destinationVC = HomeViewController()
    var destinationDS = destinationVC.router!.dataStore!
    passDataToHome(source: dataStore!, destination: &destinationDS)
    navigateToHome(source: viewController!, destination: destinationVC)
  }

  // MARK: Navigation

  func navigateToHome(source: LoginViewController, destination: HomeViewController) {
    source.present(destination, animated: true, completion: nil)
  }

  // MARK: Passing data

  func passDataToHome(source: LoginDataStore, destination: inout HomeDataStore) {
    destination.name = source.user?.firstName
  }
}
