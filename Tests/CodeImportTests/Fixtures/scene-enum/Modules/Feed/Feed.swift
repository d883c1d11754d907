import UIKit

protocol FeedViewInterface: AnyObject {
    func showTitles(_ titles: [String])
}

protocol FeedPresenterInterface: AnyObject {
    func inject(view: FeedViewInterface)
    func viewDidLoad()
    func didSelectItem(id: Int)
    func didTapSettings()
}

protocol FeedInteractorInterface: AnyObject {
    func loadTitles() -> [String]
}

protocol FeedRouterInterface: AnyObject {
    func inject(view: FeedViewInterface)
    func openItem(id: Int)
    func openSettings()
}

final class FeedViewController: UIViewController, FeedViewInterface {
    var presenter: FeedPresenterInterface = FeedPresenter()

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter.inject(view: self)
        presenter.viewDidLoad()
    }

    func showTitles(_ titles: [String]) {}

    @objc private func settingsTapped() {
        presenter.didTapSettings()
    }

    func tableView(didSelectRowAt row: Int) {
        presenter.didSelectItem(id: row)
    }
}

final class FeedPresenter: FeedPresenterInterface {
    weak var view: FeedViewInterface?
    let interactor: FeedInteractorInterface = FeedInteractor()
    let router: FeedRouterInterface = FeedRouter()

    func inject(view: FeedViewInterface) {
        self.view = view
        router.inject(view: view)
    }

    func viewDidLoad() {
        view?.showTitles(interactor.loadTitles())
    }

    func didSelectItem(id: Int) {
        router.openItem(id: id)
    }

    func didTapSettings() {
        router.openSettings()
    }
}

final class FeedInteractor: FeedInteractorInterface {
    func loadTitles() -> [String] { ["One", "Two"] }
}

final class FeedRouter: FeedRouterInterface {
    weak var view: FeedViewInterface?

    func inject(view: FeedViewInterface) {
        self.view = view
    }

    func openItem(id: Int) {
        guard let source = view as? UIViewController else { return }
        source.navigationController?.pushViewController(Screens.item(id: id).viewController, animated: true)
    }

    func openSettings() {
        guard let source = view as? UIViewController else { return }
        source.present(Screens.settings.viewController, animated: true)
    }
}
