import UIKit
import RxSwift
import RxRelay

protocol OrderListBusinessLogic {
  func fetchOders(request: OrderList.FetchOders.Request)
}

protocol OrderListPresentationLogic {
  func presentFetchedOders(response: OrderList.FetchOders.Response)
}

protocol OrderListDisplayLogic: AnyObject {
  func displayFetchedOders(viewModel: OrderList.FetchOders.ViewModel)
}

enum OrderList {
  enum FetchOders {
    struct Request {}
    struct Response { var total: Int }
    struct ViewModel { var totalText: String }
  }
}

class OrderListInteractor: OrderListBusinessLogic {
  var presenter: OrderListPresentationLogic?
  let ordersRelay = BehaviorRelay<[String]>(value: [])

  func fetchOders(request: OrderList.FetchOders.Request) {
    presenter?.presentFetchedOders(response: OrderList.FetchOders.Response(total: ordersRelay.value.count))
  }
}

class OrderListPresenter: OrderListPresentationLogic {
  weak var viewController: OrderListDisplayLogic?
  func presentFetchedOders(response: OrderList.FetchOders.Response) {
    viewController?.displayFetchedOders(viewModel: OrderList.FetchOders.ViewModel(totalText: String(response.total)))
  }
}

class OrderListViewController: UITableViewController, OrderListDisplayLogic {
  var interactor: OrderListBusinessLogic?
  var router: OrderListRouter?

  override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
    if let scene = segue.identifier {
      let selector = NSSelectorFromString("routeTo\(scene)WithSegue:")
      if let router = router, router.responds(to: selector) {
        router.perform(selector, with: segue)
      }
    }
  }

  func displayFetchedOders(viewModel: OrderList.FetchOders.ViewModel) {}
}

class OrderListRouter: NSObject {
  weak var viewController: OrderListViewController?
}
