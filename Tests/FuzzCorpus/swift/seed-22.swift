import UIKit

// MARK: Connect View, Interactor, and Presenter

extension CreateOrderViewController: CreateOrderPresenterOutput {
}

extension CreateOrderInteractor: CreateOrderViewControllerOutput {
}

extension CreateOrderPresenter: CreateOrderInteractorOutput {
}

class CreateOrderConfigurator {
  // MARK: Object lifecycle

  static let sharedInstance = CreateOrderConfigurator()

  // MARK: Configuration

  func configure(_ viewController: CreateOrderViewController) {
    let router = CreateOrderRouter()
    router.viewController = viewController
    let presenter = CreateOrderPresenter()
    presenter.output = viewController
    let interactor = CreateOrderInteractor()
    interactor.output = presenter
    viewController.output = interactor
    viewController.router = router
  }
}
