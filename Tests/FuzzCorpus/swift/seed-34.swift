import UIKit

typealias CartRouting = CartRoutingLogic & CartDataPassing

@objc protocol CartBusinessLogic {
  func loadCart(request: Cart.LoadCart.Request)
}

protocol CartDataStore {
  var items: [Item] { get }
}

protocol CartDataPassing {
  var dataStore: CartDataStore? { get }
}

@objc protocol CartRoutingLogic {
  func routeToCheckout()
}

protocol CartPresentationLogic {
  func presentLoadCart(response: Cart.LoadCart.Response)
}

protocol CartDisplayLogic: AnyObject {
  func displayLoadCart(viewModel: Cart.LoadCart.ViewModel)
}

struct Item {
  var name: String
  var price: Double
}

enum Cart {
  enum LoadCart {
    struct Request {}
    struct Response { var items: [Item] }
    struct ViewModel { var total: String }
  }
}

protocol Store {
  func all() -> [Item]
}

class CartWorker<Backend: Store> {
  let backend: Backend
  init(backend: Backend) { self.backend = backend }
  func load() -> [Item] { backend.all() }
}

class CartInteractor: NSObject, CartBusinessLogic, CartDataStore {
  var presenter: CartPresentationLogic?
  var worker: CartWorker<MemoryStore>?
  var items: [Item] = []

  func loadCart(request: Cart.LoadCart.Request) {
    let loaded = worker?.load()
    presenter?.presentLoadCart(response: Cart.LoadCart.Response(items: items))
  }
}

class CartPresenter: CartPresentationLogic {
  weak var viewController: CartDisplayLogic?
  func presentLoadCart(response: Cart.LoadCart.Response) {
    viewController?.displayLoadCart(viewModel: Cart.LoadCart.ViewModel(total: "\(response.items.count) items"))
  }
}

class CartViewController: UIViewController, CartDisplayLogic {
  var interactor: CartBusinessLogic?
  var router: CartRouting?
  func displayLoadCart(viewModel: Cart.LoadCart.ViewModel) {}
}

class CartRouter: NSObject, CartRoutingLogic, CartDataPassing {
  weak var viewController: CartViewController?
  var dataStore: CartDataStore?
  func routeToCheckout() {}
}
