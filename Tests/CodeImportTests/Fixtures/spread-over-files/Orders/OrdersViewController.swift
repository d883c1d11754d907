import UIKit

class OrdersViewController: UIViewController {
  var interactor: OrdersBusinessLogic?
}

extension OrdersViewController: OrdersDisplayLogic {
  func displayFetchOrders(viewModel: Orders.FetchOrders.ViewModel) {
    title = viewModel.title
  }
}
