import UIKit

enum CartModels {
    enum Summary {
        struct Request {}
        struct Response { var count: Int; var total: Double }
        struct ViewModel { var text: String }
    }
}

protocol CartBusinessLogic {
    func summary(request: CartModels.Summary.Request)
}

final class CartInteractor: CartBusinessLogic {
    var presenter: CartPresentationLogic?
    // Injected where the scene is built, resolved there from the container.
    private let store: CartStoring
    private let calculator: PriceCalculating

    init(store: CartStoring, calculator: PriceCalculating) {
        self.store = store
        self.calculator = calculator
    }

    func summary(request: CartModels.Summary.Request) {
        let count = store.itemCount()
        let total = calculator.total(for: count)
        presenter?.presentSummary(response: CartModels.Summary.Response(count: count, total: total))
    }
}

protocol CartPresentationLogic {
    func presentSummary(response: CartModels.Summary.Response)
}

final class CartPresenter: CartPresentationLogic {
    weak var viewController: CartDisplayLogic?

    func presentSummary(response: CartModels.Summary.Response) {
        viewController?.displaySummary(viewModel: CartModels.Summary.ViewModel(text: "\(response.count) items"))
    }
}

protocol CartDisplayLogic: AnyObject {
    func displaySummary(viewModel: CartModels.Summary.ViewModel)
}

protocol CartRoutingLogic {
    func routeToProfile()
}

final class CartRouter: CartRoutingLogic {
    weak var viewController: CartViewController?

    func routeToProfile() {
        viewController?.navigationController?.pushViewController(ProfileViewController(), animated: true)
    }
}

final class CartViewController: UIViewController, CartDisplayLogic {
    var interactor: CartBusinessLogic?
    var router: CartRoutingLogic?
    private let summaryLabel = UILabel()

    static func make() -> CartViewController {
        let view = CartViewController()
        let interactor = CartInteractor(store: ServiceValues.current.cartStore.make(),
                                        calculator: DIContainer.shared.resolve(PriceCalculating.self)!)
        let presenter = CartPresenter()
        let router = CartRouter()
        view.interactor = interactor
        view.router = router
        interactor.presenter = presenter
        presenter.viewController = view
        router.viewController = view
        return view
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        interactor?.summary(request: CartModels.Summary.Request())
    }

    @objc private func profileTapped() {
        router?.routeToProfile()
    }

    func displaySummary(viewModel: CartModels.Summary.ViewModel) {
        summaryLabel.text = viewModel.text
    }
}
