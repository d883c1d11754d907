import UIKit

protocol WalletViewProtocol: AnyObject {
    func reloadCards()
    func showError(message: String)
}

protocol WalletPresenterProtocol: AnyObject {
    func viewDidLoad()
    func numberOfCards() -> Int
    func toggleHidden()
}

protocol WalletInteractorProtocol: AnyObject {
    func fetchCards()
}

protocol WalletInteractorDelegate: AnyObject {
    func didFetchCards(cards: [Card])
    func didFailFetchingCards()
}

struct Card {
    let number: String
    let holder: String
}
