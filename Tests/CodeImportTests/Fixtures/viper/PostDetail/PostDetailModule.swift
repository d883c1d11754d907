import UIKit

class PostDetailView: UIViewController, PostDetailViewProtocol {
    var presenter: PostDetailPresenterProtocol?
    var titleText = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter?.viewDidLoad()
    }

    func showPostDetail(forPost post: PostModel) {
        titleText = post.title
    }
}

class PostDetailPresenter: PostDetailPresenterProtocol {
    weak var view: PostDetailViewProtocol?
    var wireFrame: PostDetailWireFrameProtocol?
    var post: PostModel?

    func viewDidLoad() {
        view?.showPostDetail(forPost: post!)
    }
}

class PostDetailWireFrame: PostDetailWireFrameProtocol {
    class func createPostDetailModule(forPost post: PostModel) -> UIViewController {
        let view = PostDetailView()
        let presenter: PostDetailPresenterProtocol = PostDetailPresenter()
        let wireFrame: PostDetailWireFrameProtocol = PostDetailWireFrame()
        view.presenter = presenter
        presenter.view = view
        presenter.post = post
        presenter.wireFrame = wireFrame
        return view
    }
}
