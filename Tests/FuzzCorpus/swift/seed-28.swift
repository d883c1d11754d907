extension OrdersInteractor: OrdersBusinessLogic {
  func fetchOrders(request: Orders.FetchOrders.Request) {
    count = 3
    presenter?.presentFetchOrders(response: Orders.FetchOrders.Response(count: count))
  }

  func refresh(request: Orders.Refresh.Request) {
    fetchOrders(request: Orders.FetchOrders.Request())
  }
}
