import UIKit

protocol CreateOrderRouterInput {
  func navigateToSomewhere()
}

class CreateOrderRouter: CreateOrderRouterInput {
  weak var viewController: CreateOrderViewController!

  func navigateToSomewhere() {
  }
}
