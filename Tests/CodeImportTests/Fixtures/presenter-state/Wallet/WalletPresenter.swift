import Foundation

final class WalletPresenter: WalletPresenterProtocol {
    weak var view: WalletViewProtocol?
    var interactor: WalletInteractorProtocol?
    var router: WalletRouterProtocol?

    // Every new list reloads the View.
    private var cards: [Card] = [] {
        didSet {
            view?.reloadCards()
        }
    }

    func viewDidLoad() {
        interactor?.fetchCards()
    }

    func numberOfCards() -> Int {
        cards.count
    }

    func toggleHidden() {
        let hidden = UserDefaults.standard.bool(forKey: "cardsHidden")
        UserDefaults.standard.set(!hidden, forKey: "cardsHidden")
    }
}

extension WalletPresenter: WalletInteractorDelegate {
    func didFetchCards(cards: [Card]) {
        self.cards = cards
    }

    func didFailFetchingCards() {
        view?.showError(message: "Could not load your cards")
    }
}
