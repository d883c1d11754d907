class PostListInteractor: PostListInteractorInputProtocol {
    weak var presenter: PostListInteractorOutputProtocol?
    var remoteDatamanager: PostListRemoteDataManagerInputProtocol?

    func retrievePostList() {
        remoteDatamanager?.retrievePostList { posts in
            if posts.isEmpty {
                self.presenter?.onError()
            } else {
                self.presenter?.didRetrievePosts(posts)
            }
        }
    }
}
