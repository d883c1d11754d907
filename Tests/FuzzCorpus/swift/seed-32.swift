protocol OrdersBusinessLogic {
  func fetchOrders(request: Orders.FetchOrders.Request)
  func refresh(request: Orders.Refresh.Request)
}

protocol OrdersDataStore {
  var count: Int { get set }
}

protocol OrdersPresentationLogic {
  func presentFetchOrders(response: Orders.FetchOrders.Response)
}

protocol OrdersDisplayLogic: AnyObject {
  func displayFetchOrders(viewModel: Orders.FetchOrders.ViewModel)
}
