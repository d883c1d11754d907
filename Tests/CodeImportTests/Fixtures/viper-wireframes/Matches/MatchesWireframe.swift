import UIKit

final class MatchesWireframe: BaseWireframe {
    init() {
        let moduleViewController = MatchesViewController()
        super.init(viewController: moduleViewController)
        let interactor = MatchesInteractor()
        let presenter = MatchesPresenter(wireframe: self, view: moduleViewController, interactor: interactor)
        moduleViewController.presenter = presenter
    }

    private func openMatchDetail(_ result: Result) {
        navigationController?.pushWireframe(MatchDetailWireframe(result))
    }
}

extension MatchesWireframe: MatchesWireframeInterface {
    func navigate(to option: MatchesNavigationOption) {
        switch option {
        case .matchDetail(let result):
            openMatchDetail(result)
        }
    }
}
