enum MatchesNavigationOption {
    case matchDetail(Result)
}

protocol MatchesWireframeInterface: AnyObject {
    func navigate(to option: MatchesNavigationOption)
}

protocol MatchesViewInterface: AnyObject {
    func reloadView()
}

protocol MatchesPresenterInterface: AnyObject {
    func viewDidLoad()
    func didSelectMatch(_ result: Result)
}

protocol MatchesInteractorInterface: AnyObject {
    func fetchMatches(completionHandler: @escaping (MatchList) -> Void)
}
