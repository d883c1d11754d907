import UIKit

protocol SettingsInteractorProtocol {
    func loadSettings(request: Settings.Load.Request)
}

protocol SettingsPresenterProtocol: AnyObject {
    func presentSettings(response: Settings.Load.Response)
}

protocol SettingsControllerProtocol: AnyObject {
    func displaySettings(viewModel: Settings.Load.ViewModel)
}

enum Settings {
    enum Load {
        struct Request {}
        struct Response {}
        struct ViewModel {}
    }
}

final class SettingsInteractor: SettingsInteractorProtocol {
    var presenter: SettingsPresenterProtocol?
    func loadSettings(request: Settings.Load.Request) {
        presenter?.presentSettings(response: Settings.Load.Response())
    }
}

final class SettingsPresenter: SettingsPresenterProtocol {
    weak var controller: SettingsControllerProtocol?
    func presentSettings(response: Settings.Load.Response) {
        controller?.displaySettings(viewModel: Settings.Load.ViewModel())
    }
}

final class SettingsController: UIViewController, SettingsControllerProtocol {
    var interactor: SettingsInteractorProtocol = SettingsInteractor()

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor.loadSettings(request: Settings.Load.Request())
    }

    func displaySettings(viewModel: Settings.Load.ViewModel) {}
}
