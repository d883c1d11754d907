import Combine
import Foundation

struct StandingRow {
    var position: Int
    var team: String
}

protocol StandingsWorkerProtocol {
    func fetchStandings(league: String, completion: @escaping ([StandingRow]) -> Void)
    func refreshCache()
    var updates: AnyPublisher<[StandingRow], Never> { get }
}

final class StandingsWorker: StandingsWorkerProtocol {
    let updates = PassthroughSubject<[StandingRow], Never>().eraseToAnyPublisher()

    func fetchStandings(league: String, completion: @escaping ([StandingRow]) -> Void) {
        completion([])
    }

    func refreshCache() {}
}

/// Works as the View's model: it starts its work as it is made, and publishes what it found.
final class StandingsInteractor: ObservableObject {
    @Published var rows: [StandingRow] = []
    private let league: String
    private let worker: StandingsWorkerProtocol
    private var cancellables = Set<AnyCancellable>()

    init(league: String = "ligue1", worker: StandingsWorkerProtocol = StandingsWorker()) {
        self.league = league
        self.worker = worker
        loadStandings()
        self.refreshCache()
        listenToUpdates()
        configureAppearance()
    }

    private func loadStandings() {
        worker.fetchStandings(league: league) { rows in
            DispatchQueue.main.async {
                self.rows = rows
            }
        }
    }

    func refreshCache() {
        worker.refreshCache()
    }

    /// Set-up, not work: subscribing to what the worker sends later.
    private func listenToUpdates() {
        worker.updates.sink { [weak self] rows in
            self?.rows = rows
        }.store(in: &cancellables)
    }

    /// Calls no worker.
    private func configureAppearance() {
        print("ready")
    }
}
