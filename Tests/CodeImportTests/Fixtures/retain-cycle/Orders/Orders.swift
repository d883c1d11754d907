import UIKit

// A scene as many apps write it: the display protocol is not class-bound, so the Presenter's reference to its View
// cannot be weak, and a View Controller dismisses itself.

protocol OrdersBusinessLogic {
  func fetchOrders()
}

protocol OrdersPresentationLogic {
  func presentOrders(_ orders: [String])
}

protocol OrdersDisplayLogic {
  func displayOrders(_ titles: [String])
}

final class OrdersInteractor: OrdersBusinessLogic {
  var presenter: OrdersPresentationLogic?
  var orders: [String] = []

  func fetchOrders() {
    orders = ["A", "B"]
    presenter?.presentOrders(orders)
  }
}

final class OrdersPresenter: OrdersPresentationLogic {
  var viewController: OrdersDisplayLogic?

  func presentOrders(_ orders: [String]) {
    viewController?.displayOrders(orders.map { "Order \($0)" })
  }
}

final class OrdersViewController: UIViewController, OrdersDisplayLogic {
  var interactor: OrdersBusinessLogic?

  override func viewDidLoad() {
    super.viewDidLoad()
    let interactor = OrdersInteractor()
    let presenter = OrdersPresenter()
    interactor.presenter = presenter
    presenter.viewController = self
    self.interactor = interactor
    interactor.fetchOrders()
  }

  func displayOrders(_ titles: [String]) {
    title = titles.joined(separator: ", ")
  }

  @IBAction func close() {
    dismiss(animated: true)
  }
}
