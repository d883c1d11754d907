final class MatchesPresenter {
    private let wireframe: MatchesWireframeInterface
    private unowned let view: MatchesViewInterface
    private let interactor: MatchesInteractorInterface

    /// What the View lists: each new list reloads it.
    var matchList: MatchList? {
        didSet {
            view.reloadView()
        }
    }

    init(wireframe: MatchesWireframeInterface, view: MatchesViewInterface, interactor: MatchesInteractorInterface) {
        self.wireframe = wireframe
        self.view = view
        self.interactor = interactor
    }
}

extension MatchesPresenter: MatchesPresenterInterface {
    func viewDidLoad() {
        interactor.fetchMatches { (matchList: MatchList) in
            self.matchList = matchList
        }
    }

    func didSelectMatch(_ result: Result) {
        wireframe.navigate(to: .matchDetail(result))
    }
}
