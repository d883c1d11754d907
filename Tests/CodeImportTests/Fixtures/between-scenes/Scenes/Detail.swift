import UIKit

protocol DetailDelegate: AnyObject {
  func detailDidSave()
}

protocol DetailBusinessLogic {
  func save(request: Detail.Save.Request)
}

enum Detail {
  enum Save {
    struct Request { var title: String }
    struct Response {}
    struct ViewModel {}
  }
}

final class DetailInteractor: DetailBusinessLogic {
  var presenter: DetailPresentationLogic?

  func save(request: Detail.Save.Request) {
    NotificationCenter.default.post(name: .itemsChanged, object: nil)
    presenter?.presentSaved(response: Detail.Save.Response())
  }
}

protocol DetailPresentationLogic {
  func presentSaved(response: Detail.Save.Response)
}

final class DetailPresenter: DetailPresentationLogic {
  weak var viewController: DetailDisplayLogic?

  func presentSaved(response: Detail.Save.Response) {
    viewController?.displaySaved(viewModel: Detail.Save.ViewModel())
  }
}

protocol DetailDisplayLogic: AnyObject {
  func displaySaved(viewModel: Detail.Save.ViewModel)
}

final class DetailViewController: UIViewController, DetailDisplayLogic {
  var interactor: DetailBusinessLogic?
  weak var delegate: DetailDelegate?

  @IBAction func saveTapped() {
    interactor?.save(request: Detail.Save.Request(title: "New"))
  }

  func displaySaved(viewModel: Detail.Save.ViewModel) {
    delegate?.detailDidSave()
  }
}
