import UIKit

protocol ProfileBusinessLogic {
  func load(request: Profile.Load.Request)
}

protocol ProfilePresentationLogic {
  func presentLoad(response: Profile.Load.Response)
}

protocol ProfileDisplayLogic: AnyObject {
  func displayLoad(viewModel: Profile.Load.ViewModel)
}

enum Profile {
  enum Load {
    struct Request {}
    struct Response { var name: String }
    struct ViewModel { var title: String }
  }
}

class ProfileInteractor: ProfileBusinessLogic {
  var presenter: ProfilePresentationLogic?

  func load(request: Profile.Load.Request) {
    presenter?.presentLoad(response: Profile.Load.Response(name: "Ann"))
  }
}

/// A Presenter that asks the Interactor again: the cycle runs backwards.
class ProfilePresenter: ProfilePresentationLogic {
  weak var viewController: ProfileDisplayLogic?
  var interactor: ProfileBusinessLogic?

  func presentLoad(response: Profile.Load.Response) {
    if response.name.isEmpty {
      interactor?.load(request: Profile.Load.Request())
    }
    viewController?.displayLoad(viewModel: Profile.Load.ViewModel(title: response.name))
  }
}

class ProfileViewController: UIViewController, ProfileDisplayLogic {
  var interactor: ProfileBusinessLogic?

  override func viewDidLoad() {
    super.viewDidLoad()
    interactor?.load(request: Profile.Load.Request())
  }

  func displayLoad(viewModel: Profile.Load.ViewModel) {
    title = viewModel.title
  }
}
