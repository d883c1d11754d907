import UIKit

class PostListWireFrame: PostListWireFrameProtocol {
    class func createPostListModule() -> UIViewController {
        let view = PostListView()
        let presenter: PostListPresenterProtocol & PostListInteractorOutputProtocol = PostListPresenter()
        let interactor: PostListInteractorInputProtocol = PostListInteractor()
        let remoteDataManager: PostListRemoteDataManagerInputProtocol = PostListRemoteDataManager()
        let wireFrame: PostListWireFrameProtocol = PostListWireFrame()

        view.presenter = presenter
        presenter.view = view
        presenter.wireFrame = wireFrame
        presenter.interactor = interactor
        interactor.presenter = presenter
        interactor.remoteDatamanager = remoteDataManager
        return UINavigationController(rootViewController: view)
    }

    func presentPostDetailScreen(from view: PostListViewProtocol, forPost post: PostModel) {
        let postDetailViewController = PostDetailWireFrame.createPostDetailModule(forPost: post)
        if let sourceView = view as? UIViewController {
            sourceView.navigationController?.pushViewController(postDetailViewController, animated: true)
        }
    }
}
