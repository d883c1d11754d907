import UIKit

protocol MatchDetailWireframeInterface: AnyObject {}
protocol MatchDetailViewInterface: AnyObject {}
protocol MatchDetailPresenterInterface: AnyObject {
    func viewDidLoad()
}
protocol MatchDetailInteractorInterface: AnyObject {}

final class MatchDetailWireframe: BaseWireframe {
    /// The match to show goes on to the Presenter, which keeps it.
    init(_ result: Result) {
        let moduleViewController = MatchDetailViewController()
        super.init(viewController: moduleViewController)
        let interactor = MatchDetailInteractor()
        let presenter = MatchDetailPresenter(wireframe: self, view: moduleViewController, interactor: interactor, result)
        moduleViewController.presenter = presenter
    }
}

extension MatchDetailWireframe: MatchDetailWireframeInterface {}

final class MatchDetailPresenter {
    private let wireframe: MatchDetailWireframeInterface
    private unowned let view: MatchDetailViewInterface
    private let interactor: MatchDetailInteractorInterface
    var result: Result?

    init(wireframe: MatchDetailWireframeInterface, view: MatchDetailViewInterface, interactor: MatchDetailInteractorInterface, _ result: Result) {
        self.wireframe = wireframe
        self.view = view
        self.interactor = interactor
        self.result = result
    }
}

extension MatchDetailPresenter: MatchDetailPresenterInterface {
    func viewDidLoad() {}
}

final class MatchDetailInteractor: MatchDetailInteractorInterface {}

final class MatchDetailViewController: UIViewController, MatchDetailViewInterface {
    var presenter: MatchDetailPresenterInterface!

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter.viewDidLoad()
    }
}
