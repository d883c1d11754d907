import UIKit

protocol ProfileInteractorProtocol {
    var presenter: ProfilePresenterProtocol? { get set }
    func loadProfile(request: Profile.Load.Request)
}

protocol ProfilePresenterProtocol: AnyObject {
    var controller: ProfileControllerProtocol? { get set }
    func presentProfile(response: Profile.Load.Response)
}

protocol ProfileControllerProtocol: AnyObject {
    var interactor: ProfileInteractorProtocol { get set }
    func displayProfile(viewModel: Profile.Load.ViewModel)
}

protocol ProfileCoordinatorProtocol {
    func navigateToSettings()
}

enum Profile {
    enum Load {
        struct Request {
            var userID: String
        }
        struct Response {
            var name: String
        }
        struct ViewModel {
            var title: String
        }
    }
}
