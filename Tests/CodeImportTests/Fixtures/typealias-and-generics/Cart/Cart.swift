import UIKit

typealias CartRouting = CartRoutingLogic & CartDataPassing

@objc protocol CartBusinessLogic {
  func loadCart(request: Cart.LoadCart.Request)
}

protocol CartDataStore {
  var items: [Item] { get }
  var total: Money? { get }
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

// A value type written from a literal: its `0` is no scenario value of its type.
struct Money: ExpressibleByIntegerLiteral {
  var cents: Int
  init(integerLiteral value: Int) { cents = value }
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
  func sync(completion: @escaping (Bool) -> Void) { completion(true) }
  func check(completion: @escaping (Result<Int, Error>) -> Void) { completion(.success(1)) }
  func log(_ text: String) -> Bool { !text.isEmpty }
}

class CartInteractor: NSObject, CartBusinessLogic, CartDataStore {
  var presenter: CartPresentationLogic?
  var worker: CartWorker<MemoryStore>?
  var items: [Item] = []
  var total: Money? = 0

  func loadCart(request: Cart.LoadCart.Request) {
    // The answer is not read.
    worker?.sync { _ in }
    worker?.check { [weak self] result in
      guard let self = self else { return }
      switch result {
      case .success(_): print("checked", self.items.count)
      case .failure: _ = self.worker?.log("check failed")
      }
    }
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
