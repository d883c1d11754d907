import UIKit

final class MainCoordinator: ILoginDelegate, INotesDelegate {
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let login = LoginAssembler().assembly(delegate: self)
        navigationController.setViewControllers([login], animated: false)
    }

    func didLogin() {
        showNotes()
    }

    func showNotes() {
        let notes = NotesAssembler().assembly(delegate: self)
        navigationController.pushViewController(notes, animated: true)
    }

    func openNote(title: String) {
        let alert = UIAlertController(title: title, message: nil, preferredStyle: .alert)
        navigationController.present(alert, animated: true)
    }
}
