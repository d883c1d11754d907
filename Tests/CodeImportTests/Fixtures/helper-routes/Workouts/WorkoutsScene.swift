import SafariServices
import UIKit

enum Workouts {
    enum Select {
        struct Request { var index: Int }
        struct Response {}
        struct ViewModel {}
    }
}

protocol WorkoutsBusinessLogic {
    func select(request: Workouts.Select.Request)
}

protocol WorkoutsDataStore {
    var names: [String] { get set }
    var selectedWorkout: String? { get set }
    var licenseURL: URL? { get set }
}

final class WorkoutsInteractor: WorkoutsBusinessLogic, WorkoutsDataStore {
    var presenter: WorkoutsPresentationLogic?
    var names: [String] = []
    var selectedWorkout: String?
    var licenseURL: URL?

    func select(request: Workouts.Select.Request) {
        selectedWorkout = names[request.index]
        presenter?.presentSelect(response: Workouts.Select.Response())
    }
}

protocol WorkoutsPresentationLogic {
    func presentSelect(response: Workouts.Select.Response)
}

final class WorkoutsPresenter: WorkoutsPresentationLogic {
    weak var viewController: WorkoutsDisplayLogic?

    func presentSelect(response: Workouts.Select.Response) {
        viewController?.displaySelect(viewModel: Workouts.Select.ViewModel())
    }
}

protocol WorkoutsDisplayLogic: AnyObject {
    func displaySelect(viewModel: Workouts.Select.ViewModel)
}

final class WorkoutsViewController: UITableViewController, WorkoutsDisplayLogic {
    var interactor: WorkoutsBusinessLogic?
    var router: (WorkoutsRoutingLogic & WorkoutsDataPassing)?

    override func viewDidLoad() {
        super.viewDidLoad()
        WorkoutsConfigurator.configure(vc: self)
        title = LocalizationManager.shared.text("workouts.title")
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        interactor?.select(request: Workouts.Select.Request(index: indexPath.row))
    }

    @objc func licenseTapped() {
        router?.routeToLicense()
    }

    @objc func helpTapped() {
        router?.routeToAlert(text: "Swipe a workout to save it")
    }

    func displaySelect(viewModel: Workouts.Select.ViewModel) {
        router?.routeToWorkoutDetail()
    }
}

final class WorkoutsConfigurator {
    static func configure(vc: WorkoutsViewController) {
        let interactor = WorkoutsInteractor()
        let presenter = WorkoutsPresenter()
        let router = WorkoutsRouter()
        vc.interactor = interactor
        vc.router = router
        interactor.presenter = presenter
        presenter.viewController = vc
        router.viewController = vc
        router.dataStore = interactor
    }
}

protocol WorkoutsRoutingLogic {
    func routeToWorkoutDetail()
    func routeToLicense()
    func routeToAlert(text: String)
}

protocol WorkoutsDataPassing {
    var dataStore: WorkoutsDataStore? { get }
}

final class WorkoutsRouter: WorkoutsRoutingLogic, WorkoutsDataPassing {
    weak var viewController: WorkoutsViewController?
    var dataStore: WorkoutsDataStore?

    // The View Controller is made in one helper, which hands the data to another.
    func routeToWorkoutDetail() {
        guard let workout = dataStore?.selectedWorkout else { return }
        let detailVC = makeDetailVC(with: workout)
        viewController?.navigationController?.pushViewController(detailVC, animated: true)
    }

    // A link that is missing asks for the alert route; otherwise Safari (a system screen, no scene of the app).
    func routeToLicense() {
        guard let url = dataStore?.licenseURL else {
            routeToAlert(text: "No license for this workout")
            return
        }
        viewController?.present(SFSafariViewController(url: url), animated: true)
    }

    func routeToAlert(text: String) {
        let alertVC = AlertViewController()
        AlertConfigurator.configure(vc: alertVC, text: text)
        viewController?.present(alertVC, animated: true)
    }

    private func makeDetailVC(with workout: String) -> WorkoutDetailViewController {
        let detailVC = WorkoutDetailViewController()
        WorkoutDetailConfigurator.configure(vc: detailVC)
        if var detailDS = detailVC.router?.dataStore {
            passWorkout(workout, destination: &detailDS)
        }
        return detailVC
    }

    private func passWorkout(_ workout: String, destination: inout WorkoutDetailDataStore) {
        destination.workout = workout
    }
}
