import Foundation

final class MatchesInteractor {
    private let session = URLSession.shared
}

extension MatchesInteractor: MatchesInteractorInterface {
    func fetchMatches(completionHandler: @escaping (MatchList) -> Void) {
        completionHandler(MatchList(results: []))
    }
}
