import UIKit
import FirebaseAuth

// A scene as apps built on a backend library often write it: the Interactor loads through its worker, but the View
// signs out through the library itself, keeps a flag in UserDefaults and reads a token that a manager singleton holds.

enum Profile {
  enum Load {
    struct Request {}
    struct Response { var name: String }
    struct ViewModel { var title: String }
  }
}

protocol ProfileBusinessLogic {
  func load(request: Profile.Load.Request)
}

protocol ProfilePresentationLogic {
  func presentProfile(response: Profile.Load.Response)
}

protocol ProfileDisplayLogic: AnyObject {
  func displayProfile(viewModel: Profile.Load.ViewModel)
}

final class ProfileWorker {
  func fetchName(completion: @escaping (String) -> Void) {
    completion("Ann")
  }
}

final class SessionManager {
  static let instance = SessionManager()
  let defaults = UserDefaults.standard
}

final class ProfileInteractor: ProfileBusinessLogic {
  var presenter: ProfilePresentationLogic?
  var worker = ProfileWorker()

  func load(request: Profile.Load.Request) {
    worker.fetchName { name in
      self.presenter?.presentProfile(response: Profile.Load.Response(name: name))
    }
  }
}

final class ProfilePresenter: ProfilePresentationLogic {
  weak var viewController: ProfileDisplayLogic?

  func presentProfile(response: Profile.Load.Response) {
    viewController?.displayProfile(viewModel: Profile.Load.ViewModel(title: "Hello, \(response.name)"))
  }
}

final class ProfileViewController: UIViewController, ProfileDisplayLogic {
  var interactor: ProfileBusinessLogic?

  override func viewDidLoad() {
    super.viewDidLoad()
    let interactor = ProfileInteractor()
    let presenter = ProfilePresenter()
    interactor.presenter = presenter
    presenter.viewController = self
    self.interactor = interactor
    interactor.load(request: Profile.Load.Request())
  }

  func displayProfile(viewModel: Profile.Load.ViewModel) {
    title = viewModel.title
    let seen = UserDefaults.standard.bool(forKey: "profileSeen")
    if !seen { UserDefaults.standard.set(true, forKey: "profileSeen") }
  }

  @IBAction func signOut() {
    try? Auth.auth().signOut()
  }

  func token() -> String? {
    SessionManager.instance.defaults.string(forKey: "token")
  }
}

// Closing the picker the View presented is not the View leaving its screen.
extension ProfileViewController: UIImagePickerControllerDelegate, UINavigationControllerDelegate {
  func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
    picker.dismiss(animated: true)
  }
}
