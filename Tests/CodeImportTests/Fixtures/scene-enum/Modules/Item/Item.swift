import UIKit

protocol ItemViewInterface: AnyObject {
    func showItem(number: Int)
}

protocol ItemPresenterInterface: AnyObject {
    func inject(view: ItemViewInterface, itemID: Int)
    func viewDidLoad()
}

final class ItemViewController: UIViewController, ItemViewInterface {
    var presenter: ItemPresenterInterface = ItemPresenter()
    private var itemID = 0

    func inject(itemID: Int) {
        self.itemID = itemID
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter.inject(view: self, itemID: itemID)
        presenter.viewDidLoad()
    }

    func showItem(number: Int) {}
}

final class ItemPresenter: ItemPresenterInterface {
    weak var view: ItemViewInterface?
    private var itemID = 0

    func inject(view: ItemViewInterface, itemID: Int) {
        self.view = view
        self.itemID = itemID
    }

    func viewDidLoad() {
        view?.showItem(number: itemID)
    }
}
