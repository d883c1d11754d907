/// The app's services, one static property each (`API.history.markViewed(…)`).
final class API {
    static let history = HistoryService()
}

final class HistoryService {
    private var viewed: [String] = []

    func markViewed(_ workout: String) {
        viewed.append(workout)
    }
}

/// The app's strings in the user's language.
final class LocalizationManager {
    static let shared = LocalizationManager()

    func text(_ key: String) -> String { key }
}
