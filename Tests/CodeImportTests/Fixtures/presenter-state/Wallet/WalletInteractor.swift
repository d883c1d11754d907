import Foundation

final class WalletInteractor: WalletInteractorProtocol {
    weak var presenter: WalletInteractorDelegate?
    private let service: CardServiceProtocol

    init(service: CardServiceProtocol) {
        self.service = service
    }

    func fetchCards() {
        service.loadCards { [weak self] result in
            guard let me = self else { return }
            switch result {
            case .success(let cards):
                me.presenter?.didFetchCards(cards: cards)
            case .failure:
                me.presenter?.didFailFetchingCards()
            }
        }
    }
}

protocol CardServiceProtocol {
    func loadCards(completion: @escaping (Result<[Card], Error>) -> Void)
}

final class CardService: CardServiceProtocol {
    func loadCards(completion: @escaping (Result<[Card], Error>) -> Void) {
        completion(.success([Card(number: "4242", holder: "Ann")]))
    }
}
