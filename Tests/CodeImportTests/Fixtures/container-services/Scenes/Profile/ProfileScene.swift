import UIKit

enum ProfileModels {
    enum Load {
        struct Request {}
        struct Response { var profile: Profile?; var failed: Bool }
        struct ViewModel { var title: String; var email: String }
    }
    enum SignOut {
        struct Request {}
        struct Response {}
        struct ViewModel {}
    }
}

protocol ProfileBusinessLogic {
    func load(request: ProfileModels.Load.Request)
    func signOut(request: ProfileModels.SignOut.Request)
}

protocol ProfileDataStore {
    var profile: Profile? { get }
}

final class ProfileInteractor: ProfileBusinessLogic, ProfileDataStore {
    var presenter: ProfilePresentationLogic?
    var profile: Profile?
    // Resolved from the app's container, and through a key path.
    private let authService = DIContainer.shared.resolve(AuthServiceProtocol.self)!
    @Injected(\.profileRepository) private var profileRepository

    func load(request: ProfileModels.Load.Request) {
        guard let id = authService.currentUserID() else { return }
        profileRepository.profile(for: id) { result in
            switch result {
            case .success(let profile):
                self.profile = profile
                self.presenter?.presentLoad(response: ProfileModels.Load.Response(profile: profile, failed: false))
            case .failure:
                self.presenter?.presentLoad(response: ProfileModels.Load.Response(profile: nil, failed: true))
            }
        }
    }

    func signOut(request: ProfileModels.SignOut.Request) {
        authService.signOut()
        presenter?.presentSignOut(response: ProfileModels.SignOut.Response())
    }
}

protocol ProfilePresentationLogic {
    func presentLoad(response: ProfileModels.Load.Response)
    func presentSignOut(response: ProfileModels.SignOut.Response)
}

final class ProfilePresenter: ProfilePresentationLogic {
    weak var viewController: ProfileDisplayLogic?

    func presentLoad(response: ProfileModels.Load.Response) {
        let viewModel = ProfileModels.Load.ViewModel(title: response.profile?.name ?? "Guest", email: response.profile?.email ?? "")
        viewController?.displayLoad(viewModel: viewModel)
    }

    func presentSignOut(response: ProfileModels.SignOut.Response) {
        viewController?.displaySignOut(viewModel: ProfileModels.SignOut.ViewModel())
    }
}

protocol ProfileDisplayLogic: AnyObject {
    func displayLoad(viewModel: ProfileModels.Load.ViewModel)
    func displaySignOut(viewModel: ProfileModels.SignOut.ViewModel)
}

final class ProfileViewController: UIViewController, ProfileDisplayLogic {
    var interactor: ProfileBusinessLogic?
    private let titleLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.load(request: ProfileModels.Load.Request())
    }

    @objc private func signOutTapped() {
        interactor?.signOut(request: ProfileModels.SignOut.Request())
    }

    func displayLoad(viewModel: ProfileModels.Load.ViewModel) {
        titleLabel.text = viewModel.title
    }

    func displaySignOut(viewModel: ProfileModels.SignOut.ViewModel) {
        navigationController?.popToRootViewController(animated: true)
    }
}
