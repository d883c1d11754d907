class OrdersInteractor: OrdersDataStore {
  var presenter: OrdersPresentationLogic?
  var count = 0
}
