import UIKit

final class ProfileInteractor: ProfileInteractorProtocol {
    weak var presenter: ProfilePresenterProtocol?

    func loadProfile(request: Profile.Load.Request) {
        presenter?.presentProfile(response: Profile.Load.Response(name: request.userID))
    }
}

final class ProfilePresenter: ProfilePresenterProtocol {
    weak var controller: ProfileControllerProtocol?

    func presentProfile(response: Profile.Load.Response) {
        controller?.displayProfile(viewModel: Profile.Load.ViewModel(title: "Hello, \(response.name)"))
    }
}

final class ProfileController: UIViewController, ProfileControllerProtocol {
    var interactor: ProfileInteractorProtocol = ProfileInteractor()
    let profileView = UIView()

    func displayProfile(viewModel: Profile.Load.ViewModel) {
        title = viewModel.title
    }
}

final class ProfileCoordinator: ProfileCoordinatorProtocol {
    weak var navigationController: UINavigationController?

    func navigateToSettings() {
        navigationController?.pushViewController(SettingsController(), animated: true)
    }
}
