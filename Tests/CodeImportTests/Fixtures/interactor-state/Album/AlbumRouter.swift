import UIKit

protocol AlbumRoutingLogic {
    func routeBack()
}

protocol AlbumDataPassing {
    var dataStore: AlbumDataStore? { get }
}

final class AlbumRouter: AlbumRoutingLogic, AlbumDataPassing {
    weak var viewController: AlbumViewController?
    var dataStore: AlbumDataStore?

    func routeBack() {
        viewController?.navigationController?.popViewController(animated: true)
    }
}
