import UIKit

protocol PostListViewProtocol: AnyObject {
    var presenter: PostListPresenterProtocol? { get set }

    // PRESENTER -> VIEW
    func showPosts(with posts: [PostModel])
    func showError()
    func showLoading()
    func hideLoading()
}

protocol PostListWireFrameProtocol: AnyObject {
    static func createPostListModule() -> UIViewController

    // PRESENTER -> WIREFRAME
    func presentPostDetailScreen(from view: PostListViewProtocol, forPost post: PostModel)
}

protocol PostListPresenterProtocol: AnyObject {
    var view: PostListViewProtocol? { get set }
    var interactor: PostListInteractorInputProtocol? { get set }
    var wireFrame: PostListWireFrameProtocol? { get set }

    // VIEW -> PRESENTER
    func viewDidLoad()
    func showPostDetail(forPost post: PostModel)
}

protocol PostListInteractorOutputProtocol: AnyObject {
    // INTERACTOR -> PRESENTER
    func didRetrievePosts(_ posts: [PostModel])
    func onError()
}

protocol PostListInteractorInputProtocol: AnyObject {
    var presenter: PostListInteractorOutputProtocol? { get set }
    var remoteDatamanager: PostListRemoteDataManagerInputProtocol? { get set }

    // PRESENTER -> INTERACTOR
    func retrievePostList()
}

protocol PostListRemoteDataManagerInputProtocol: AnyObject {
    // INTERACTOR -> REMOTEDATAMANAGER
    func retrievePostList(completion: @escaping ([PostModel]) -> Void)
}
