import UIKit

enum WorkoutDetail {
    enum Show {
        struct Request {}
        struct Response { var workout: String }
        struct ViewModel { var title: String }
    }
}

protocol WorkoutDetailBusinessLogic {
    func show(request: WorkoutDetail.Show.Request)
}

protocol WorkoutDetailDataStore {
    var workout: String { get set }
}

final class WorkoutDetailInteractor: WorkoutDetailBusinessLogic, WorkoutDetailDataStore {
    var presenter: WorkoutDetailPresentationLogic?
    var workout = ""

    func show(request: WorkoutDetail.Show.Request) {
        API.history.markViewed(workout)
        presenter?.presentShow(response: WorkoutDetail.Show.Response(workout: workout))
    }
}

protocol WorkoutDetailPresentationLogic {
    func presentShow(response: WorkoutDetail.Show.Response)
}

final class WorkoutDetailPresenter: WorkoutDetailPresentationLogic {
    weak var viewController: WorkoutDetailDisplayLogic?

    func presentShow(response: WorkoutDetail.Show.Response) {
        viewController?.displayShow(viewModel: WorkoutDetail.Show.ViewModel(title: response.workout))
    }
}

protocol WorkoutDetailDisplayLogic: AnyObject {
    func displayShow(viewModel: WorkoutDetail.Show.ViewModel)
}

final class WorkoutDetailViewController: UIViewController, WorkoutDetailDisplayLogic {
    var interactor: WorkoutDetailBusinessLogic?
    var router: (WorkoutDetailRoutingLogic & WorkoutDetailDataPassing)?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        interactor?.show(request: WorkoutDetail.Show.Request())
    }

    func displayShow(viewModel: WorkoutDetail.Show.ViewModel) {
        title = viewModel.title
    }
}

final class WorkoutDetailConfigurator {
    static func configure(vc: WorkoutDetailViewController) {
        let interactor = WorkoutDetailInteractor()
        let presenter = WorkoutDetailPresenter()
        let router = WorkoutDetailRouter()
        vc.interactor = interactor
        vc.router = router
        interactor.presenter = presenter
        presenter.viewController = vc
        router.viewController = vc
        router.dataStore = interactor
    }
}

protocol WorkoutDetailRoutingLogic {}

protocol WorkoutDetailDataPassing {
    var dataStore: WorkoutDetailDataStore? { get }
}

final class WorkoutDetailRouter: WorkoutDetailRoutingLogic, WorkoutDetailDataPassing {
    weak var viewController: WorkoutDetailViewController?
    var dataStore: WorkoutDetailDataStore?
}
