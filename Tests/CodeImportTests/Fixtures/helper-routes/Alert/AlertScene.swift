import UIKit

enum Alert {
    enum Show {
        struct Request {}
        struct Response { var text: String }
        struct ViewModel { var text: String }
    }
}

protocol AlertBusinessLogic {
    func show(request: Alert.Show.Request)
}

protocol AlertDataStore {
    var text: String { get set }
}

final class AlertInteractor: AlertBusinessLogic, AlertDataStore {
    var presenter: AlertPresentationLogic?
    var text: String

    init(text: String) {
        self.text = text
    }

    func show(request: Alert.Show.Request) {
        presenter?.presentShow(response: Alert.Show.Response(text: text))
    }
}

protocol AlertPresentationLogic {
    func presentShow(response: Alert.Show.Response)
}

final class AlertPresenter: AlertPresentationLogic {
    weak var viewController: AlertDisplayLogic?

    func presentShow(response: Alert.Show.Response) {
        viewController?.displayShow(viewModel: Alert.Show.ViewModel(text: response.text))
    }
}

protocol AlertDisplayLogic: AnyObject {
    func displayShow(viewModel: Alert.Show.ViewModel)
}

/// Shakes the alert's card when it comes in.
final class ShakeAnimator {
    func shake(_ view: UIView) {}
}

final class AlertViewController: UIViewController, AlertDisplayLogic {
    var interactor: AlertBusinessLogic?
    var router: (AlertRoutingLogic & AlertDataPassing)?
    var shaker: ShakeAnimator?
    private let label = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.show(request: Alert.Show.Request())
    }

    func displayShow(viewModel: Alert.Show.ViewModel) {
        label.text = viewModel.text
        shaker?.shake(view)
    }
}

// What the route hands over goes to the Interactor's initializer; the animator is the alert's own wiring.
final class AlertConfigurator {
    static func configure(vc: AlertViewController, text: String) {
        let interactor = AlertInteractor(text: text)
        let presenter = AlertPresenter()
        let router = AlertRouter()
        vc.interactor = interactor
        vc.router = router
        interactor.presenter = presenter
        presenter.viewController = vc
        router.viewController = vc
        router.dataStore = interactor
        let shaker = ShakeAnimator()
        vc.shaker = shaker
    }
}

protocol AlertRoutingLogic {}

protocol AlertDataPassing {
    var dataStore: AlertDataStore? { get }
}

final class AlertRouter: AlertRoutingLogic, AlertDataPassing {
    weak var viewController: AlertViewController?
    var dataStore: AlertDataStore?
}
