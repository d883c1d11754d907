import UIKit

final class WalletViewController: UIViewController, WalletViewProtocol {
    var presenter: WalletPresenterProtocol?
    private let tableView = UITableView()

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter?.viewDidLoad()
    }

    @objc private func hideTapped() {
        presenter?.toggleHidden()
    }

    func reloadCards() {
        tableView.reloadData()
    }

    func showError(message: String) {
        title = message
    }
}
