class OrdersPresenter {
  weak var viewController: OrdersDisplayLogic?
}

extension OrdersPresenter: OrdersPresentationLogic {
  func presentFetchOrders(response: Orders.FetchOrders.Response) {
    viewController?.displayFetchOrders(viewModel: Orders.FetchOrders.ViewModel(title: "\(response.count) orders"))
  }
}
