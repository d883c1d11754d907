import UIKit

protocol PostDetailViewProtocol: AnyObject {
    var presenter: PostDetailPresenterProtocol? { get set }

    // PRESENTER -> VIEW
    func showPostDetail(forPost post: PostModel)
}

protocol PostDetailWireFrameProtocol: AnyObject {
    static func createPostDetailModule(forPost post: PostModel) -> UIViewController
}

protocol PostDetailPresenterProtocol: AnyObject {
    var view: PostDetailViewProtocol? { get set }
    var wireFrame: PostDetailWireFrameProtocol? { get set }
    var post: PostModel? { get set }

    // VIEW -> PRESENTER
    func viewDidLoad()
}
