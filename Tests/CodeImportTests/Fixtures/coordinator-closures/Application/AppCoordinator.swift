import UIKit

final class AppCoordinator {
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([ContactsAssembly.build(coordinator: self)], animated: false)
    }

    func showProfile(_ contact: Contact) {
        let profile = ProfileAssembly.build(contact: contact)
        navigationController.pushViewController(profile, animated: true)
    }

    func popScreen() {
        navigationController.popViewController(animated: true)
    }
}
