import UIKit

protocol SettingsViewInterface: AnyObject {
    func showVersion(_ version: String)
}

protocol SettingsPresenterInterface: AnyObject {
    func inject(view: SettingsViewInterface)
    func viewDidLoad()
}

final class SettingsViewController: UIViewController, SettingsViewInterface {
    var presenter: SettingsPresenterInterface = SettingsPresenter()

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter.inject(view: self)
        presenter.viewDidLoad()
    }

    func showVersion(_ version: String) {}
}

final class SettingsPresenter: SettingsPresenterInterface {
    weak var view: SettingsViewInterface?

    func inject(view: SettingsViewInterface) {
        self.view = view
    }

    func viewDidLoad() {
        view?.showVersion("1.0")
    }
}
