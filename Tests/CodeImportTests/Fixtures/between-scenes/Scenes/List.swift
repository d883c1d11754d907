import UIKit

// Scenes that talk past the Router's data passing, as older apps do: the Router hands its View to the next scene as
// that scene's delegate, the Interactor keeps a reference to another scene's View, and a notification carries news
// from one scene to another.

extension Notification.Name {
  static let itemsChanged = Notification.Name("itemsChanged")
}

protocol ListBusinessLogic {
  func fetchItems(request: List.FetchItems.Request)
  var detailViewController: DetailViewController? { get set }
}

protocol ListDataStore {
  var items: [String] { get set }
}

enum List {
  enum FetchItems {
    struct Request {}
    struct Response { var items: [String] }
    struct ViewModel { var titles: [String] }
  }
}

final class ListInteractor: ListBusinessLogic, ListDataStore {
  var presenter: ListPresentationLogic?
  var items: [String] = []
  var detailViewController: DetailViewController?

  func fetchItems(request: List.FetchItems.Request) {
    items = ["A", "B"]
    presenter?.presentItems(response: List.FetchItems.Response(items: items))
  }
}

protocol ListPresentationLogic {
  func presentItems(response: List.FetchItems.Response)
}

final class ListPresenter: ListPresentationLogic {
  weak var viewController: ListDisplayLogic?

  func presentItems(response: List.FetchItems.Response) {
    viewController?.displayItems(viewModel: List.FetchItems.ViewModel(titles: response.items))
  }
}

protocol ListDisplayLogic: AnyObject {
  func displayItems(viewModel: List.FetchItems.ViewModel)
}

final class ListViewController: UIViewController, ListDisplayLogic, DetailDelegate {
  var interactor: ListBusinessLogic?
  var router: ListRouter?

  override func viewDidLoad() {
    super.viewDidLoad()
    NotificationCenter.default.addObserver(self, selector: #selector(itemsChanged), name: .itemsChanged, object: nil)
    interactor?.fetchItems(request: List.FetchItems.Request())
  }

  @objc func itemsChanged() {
    interactor?.fetchItems(request: List.FetchItems.Request())
  }

  func displayItems(viewModel: List.FetchItems.ViewModel) {
    title = viewModel.titles.joined(separator: ", ")
    interactor?.detailViewController?.displaySaved(viewModel: Detail.Save.ViewModel())
  }

  func detailDidSave() {
    interactor?.fetchItems(request: List.FetchItems.Request())
  }
}

final class ListRouter {
  weak var viewController: ListViewController?

  func routeToDetail() {
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    guard let destination = storyboard.instantiateViewController(withIdentifier: "Detail") as? DetailViewController else { return }
    destination.delegate = viewController
    viewController?.navigationController?.pushViewController(destination, animated: true)
  }
}
