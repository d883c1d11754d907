import UIKit

protocol HomePresentationLogic {
  func presentGreet(response: Home.Greet.Response)
}

class HomePresenter: HomePresentationLogic {
  weak var viewController: HomeDisplayLogic?

  func presentGreet(response: Home.Greet.Response) {
    viewController?.displayGreet(viewModel: Home.Greet.ViewModel(greeting: "Hello, \(response.name)!"))
  }
}
