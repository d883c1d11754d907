import UIKit

class PostListView: UIViewController {
    var presenter: PostListPresenterProtocol?
    var postList: [PostModel] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        presenter?.viewDidLoad()
    }
}

extension PostListView: PostListViewProtocol {
    func showPosts(with posts: [PostModel]) {
        postList = posts
    }

    func showError() {}
    func showLoading() {}
    func hideLoading() {}
}
