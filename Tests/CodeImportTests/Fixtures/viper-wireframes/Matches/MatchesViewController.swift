import UIKit

final class MatchesViewController: UIViewController {
    var presenter: MatchesPresenterInterface!

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter.viewDidLoad()
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        presenter.didSelectMatch(Result(home: "", away: "", score: ""))
    }
}

extension MatchesViewController: MatchesViewInterface {
    func reloadView() {}
}
